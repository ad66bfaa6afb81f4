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


# The sha256 of the final state (dumped with Turn.extras_locked_as) of the first game recorded
# before issue 9 (commit e54de67, seed game_seed("issue-8-golden", 0)):
# data/stored_game_2_players.json holds its events, at version 1.
STORED_GAME_STATE_SHA = "16d47158877ec0bd2907c67568a3feb6c097b0830430537df039c3fe1777b066"

# Games played under the rules of issue 9 (every roll locks, no pass, settle), seeds
# game_seed("issue-9-golden", index): (index, players, longer game, bot, events, sha256 of the stored
# events, sha256 of the final state's dump). A change of these bytes is a change of stored events.
GOLDEN = [
    (0, 2, False, "heuristic", 210, "f374bb6c491ea40c3209c7552a412c9784905773d275c661f54fb84e3b20ddc6",
     "714596e1ce075f1d5e56d8772644a50e52abe2123f13f0f30dd2a1a8b7207c3f"),
    (1, 3, False, "heuristic", 428, "e47c75fae20b2cd0a634c76b66281bab540484c314edd977826656f163fe05a3",
     "de01b1865784123f4525060e69ab3dce77625316418694174c8d1076b77231d7"),
    (2, 4, False, "heuristic", 643, "258227aaff1791e5b746115ddccfbc00cdfa18d9fd3ac7e2ba7b7e099c03c626",
     "2bd713eb9a669df7f77c9788998365d1cb93203ce4e85e1adb9da5d970a718a7"),
    (3, 5, False, "heuristic", 585, "fab40d4db1890d5d0e73cb21e4dc0d7a24436e6795d7c217f56402e6a6be9e93",
     "5013ff00e29915e0d5686b02aaa835d61b2b641ed65199cdc81ed3c53a3771eb"),
    (4, 2, True, "heuristic", 398, "4bba5f0aeda2d2f05b0a7f1f0a3ed620d4ed3ab39aa1df7229d0d2279659899f",
     "143ae67d4a5a38705205145bf2f623c10fa263d3a361c3cc3773e5a4594eff22"),
    (5, 3, True, "heuristic", 304, "ee9bedb4da3c515fd31f5dd0077622288c41b3d44d80f6620403b41c2384e275",
     "6974d5e0dfbe958bcdd1c225b81b2f4aefe168d59adfc42c1cd21b3d65db9e17"),
    (6, 4, False, "random", 457, "1de251926711d89d6478bda5908d5abe1fbb0e6cbd2051f2f5e2cd9dc5e58a6b",
     "0f37e75a6b8509fc7d4900ab5f8ac32ddfee83ffc835ed82d9a214a65e0a0fa0"),
    (7, 2, True, "random", 1136, "53151a3871ace606581c74792f3f305ba5b92f495f2c2828362cf5ef8c8f147c",
     "2d0fa0f3097d6641289ca2da64bc944cfabe58c77cfa2178439c52c8712a5c0c"),
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
