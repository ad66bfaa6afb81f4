"""Event payloads are typed: one frozen dataclass per event type, which ``decide`` builds events from
and the fold functions read. Stored payloads keep their exact JSON, so old games replay."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from pathlib import Path

import pytest
from moonrollers_scenario import Game

from games.engine.core import Event, Rng, fold, upcast
from games.engine.moonrollers import ENGINE
from games.engine.moonrollers.events import EVENT_TYPES, PAYLOADS, DiceRolled, LockedDieRecord, payload_of
from games.engine.simulation import game_seed, play

HERE = Path(__file__).parent
SOURCE = HERE.parents[2] / "games" / "engine" / "moonrollers"


def stored(events: list[Event]) -> str:
    """The events as the store keeps them (compact JSON, in order)."""
    return json.dumps([e.to_json() for e in events], ensure_ascii=False, separators=(",", ":"))


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def state_digest(events: list[Event]) -> str:
    state = fold(ENGINE, events)
    return digest(json.dumps(ENGINE.dump_state(state), sort_keys=True))


# The sha256 of the final state of the first game recorded before issue 9 (commit e54de67, seed
# game_seed("issue-8-golden", 0)): data/stored_game_2_players.json holds its events, at version 1.
STORED_GAME_STATE_SHA = "ff6368b6ccf688068c55ca4034581104911b66503aa364c704d792cc8e301ca3"

# Games played under the rules of issue 9 (every roll locks, no pass, settle), seeds
# game_seed("issue-9-golden", index): (index, players, longer game, bot, events, sha256 of the stored
# events, sha256 of the final state's dump). A change of these bytes is a change of stored events.
GOLDEN = [
    (0, 2, False, "heuristic", 210, "f374bb6c491ea40c3209c7552a412c9784905773d275c661f54fb84e3b20ddc6",
     "ca8901a1e988bffea2286cbcb4f46d409067cb24a4ce6e88cf2d43d3fa735393"),
    (1, 3, False, "heuristic", 428, "e47c75fae20b2cd0a634c76b66281bab540484c314edd977826656f163fe05a3",
     "5a244232346f0ee856b76085cc143928584d202b5f754a18c6fd9e08cb2da6ec"),
    (2, 4, False, "heuristic", 643, "258227aaff1791e5b746115ddccfbc00cdfa18d9fd3ac7e2ba7b7e099c03c626",
     "54745cc0418b9e650f724d8a784e376f3801e455cb16b4f6e61d0c68e3556400"),
    (3, 5, False, "heuristic", 585, "fab40d4db1890d5d0e73cb21e4dc0d7a24436e6795d7c217f56402e6a6be9e93",
     "f5f1fd593dfef3d6e00c5acf8083e5bd5711cf1b9be3f06375e178b20ee784f2"),
    (4, 2, True, "heuristic", 398, "4bba5f0aeda2d2f05b0a7f1f0a3ed620d4ed3ab39aa1df7229d0d2279659899f",
     "1d7dc05a944170c51759161cd48e60bc1a285fe6ef6e587cfcbe0b8a09ea1989"),
    (5, 3, True, "heuristic", 304, "ee9bedb4da3c515fd31f5dd0077622288c41b3d44d80f6620403b41c2384e275",
     "cc79838ab65d923d6776cffe90cf6f16a33b99982f9759347ce93faa680c7a9f"),
    (6, 4, False, "random", 457, "1de251926711d89d6478bda5908d5abe1fbb0e6cbd2051f2f5e2cd9dc5e58a6b",
     "fedbd1d455ce8dfa3fb357020593d03c967a3d4b9187833e1dfeacb32df0ca8f"),
    (7, 2, True, "random", 1136, "53151a3871ace606581c74792f3f305ba5b92f495f2c2828362cf5ef8c8f147c",
     "43dfde96b0ac59dd34d57cca709ea0977f2121274f180e6d52c648f6289c2b41"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("index", "players", "longer", "bot", "count", "events_sha", "state_sha"),
    GOLDEN,
    ids=lambda v: str(v)[:9],
)
def test_the_same_games_give_the_same_stored_events_as_before(
    index: int, players: int, longer: bool, bot: str, count: int, events_sha: str, state_sha: str
) -> None:
    game = play(
        ENGINE, players, seed=game_seed("issue-9-golden", index), options={"longer_game": longer}, bot=bot
    )
    assert len(game.events) == count
    assert digest(stored(game.events)) == events_sha  # same events, same payloads, same bot choices
    assert state_digest(game.events) == state_sha


def test_a_game_stored_before_replays_to_the_same_end() -> None:
    """DESIGN.md: "stored games must always replay". Version 1 ``stopped`` and ``busted`` events
    are upcast (``crew`` and ``rolled`` unknown: None); ``turn_passed`` still folds."""
    text = (HERE / "data" / "stored_game_2_players.json").read_text(encoding="utf-8")
    events = [Event.from_json(e) for e in json.loads(text)]
    assert state_digest(events) == STORED_GAME_STATE_SHA
    types = {e.type for e in events if e.version == 1}
    assert {"stopped", "busted"} <= types
    for event in events:
        new = upcast(ENGINE, event)
        assert json.dumps(payload_of(new).to_payload()) == json.dumps(new.payload)
        if event.type in ("stopped", "busted"):
            assert new.version == 2
            assert new.payload.get("crew" if event.type == "stopped" else "rolled") is None
            assert ENGINE.summary(new, new.seat) is not None  # an old event still has its line


RANDOM_GAMES = [(2, False, "random"), (3, True, "random"), (4, False, "random"), (5, False, "random")]
RANDOM_GAMES += [
    (2, False, "heuristic"),
    (3, False, "heuristic"),
    (4, True, "heuristic"),
    (5, False, "heuristic"),
]


def random_games() -> list[list[Event]]:
    games = [
        play(ENGINE, players, seed=game_seed("payloads", i), options={"longer_game": longer}, bot=bot).events
        for i, (players, longer, bot) in enumerate(RANDOM_GAMES)
    ]
    # The one event random play hardly reaches: Meg Gallak setting a Wild aside.
    meg = Game.build(["Ann", "Bob"], crew={"Ann": ["meg-gallak"]}, display=["namari"])
    meg.roll("wild shield shield damage thruster")
    meg.play("save wild")
    meg.play("settle")  # and a timeout's turn_settled
    return [*games, meg.events]


def test_every_payload_of_random_games_round_trips_through_its_dataclass() -> None:
    seen: set[str] = set()
    for events in random_games():
        for event in events:
            cls = PAYLOADS[event.type]
            typed = cls.from_payload(event.payload)
            assert type(typed) is cls and dataclasses.is_dataclass(typed)
            assert typed.to_payload() == event.payload
            # Byte for byte, key order included: what the store holds does not change.
            assert json.dumps(typed.to_payload()) == json.dumps(event.payload)
            assert typed.event(event.seat) == event
            loaded = Event.from_json(json.loads(json.dumps(event.to_json())))
            assert cls.from_payload(loaded.payload) == typed
            seen.add(event.type)
    # Every event type but turn_passed, which only games stored before issue 9 hold (no pass now).
    assert seen == EVENT_TYPES - {"turn_passed"}
    assert len(EVENT_TYPES) == 22


def test_payload_fields_are_the_documented_keys_and_payloads_are_frozen() -> None:
    rolled = DiceRolled(faces=["wild", "shield"], first=True, from_supply=5, kept=0, safe=False)
    assert list(rolled.to_payload()) == ["faces", "first", "from_supply", "kept", "safe"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rolled.faces = []  # type: ignore[misc]
    record = LockedDieRecord(face="thruster", as_="wild", counts=1, with_="zek-zarag")
    assert record.to_json() == {"face": "thruster", "as": "wild", "counts": 1, "with": "zek-zarag"}
    for cls in PAYLOADS.values():
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
        assert tuple(f.name for f in dataclasses.fields(cls)) == cls.KEYS


def test_a_payload_of_the_wrong_shape_is_refused() -> None:
    with pytest.raises(TypeError):
        DiceRolled.from_payload({"faces": ["wild"], "first": True})
    with pytest.raises(TypeError):
        DiceRolled.from_payload(
            {"faces": [], "first": True, "from_supply": 5, "kept": 0, "safe": False, "x": 1}
        )


def test_only_the_payload_dataclasses_build_events() -> None:
    # decide never writes a payload dict by hand: every event comes from its dataclass.
    for path in SOURCE.rglob("*.py"):
        if path.name == "events.py":
            continue
        assert not re.search(r"\bEvent\(", path.read_text(encoding="utf-8")), path.name


def test_stopped_and_busted_are_at_version_2_and_the_rest_at_version_1() -> None:
    assert set(ENGINE.UPCASTERS) == {("stopped", 1), ("busted", 1)}
    events = ENGINE.setup(2, {}, Rng(b"upcast", 1, 1))
    assert all(e.version == 1 for e in events)
    for cls in PAYLOADS.values():
        assert (2 if cls.TYPE in ("stopped", "busted") else 1) == cls.VERSION
