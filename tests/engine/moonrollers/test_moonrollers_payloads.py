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

from games.engine.core import Event, Rng, fold
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


# Games played by the engine before its payloads were typed (commit e54de67), seeds
# game_seed("issue-8-golden", index): (index, players, longer game, bot, events, sha256 of the stored
# events, sha256 of the final state's dump). The same games now must give the same bytes.
GOLDEN = [
    (0, 2, False, "heuristic", 366, "2817a47da6be28a7e6d587cb93b7f1541e5b04ee7f4182d9872e44baa0d00e83",
     "ff6368b6ccf688068c55ca4034581104911b66503aa364c704d792cc8e301ca3"),
    (1, 3, False, "heuristic", 639, "73e62a8ae873dd1baceb25f6da728f6f7a7f5ee824837ad3266b32902b9473b1",
     "083671c366fe75a6444312a56526c0ffb4236bfd6109946937d0ef0d3b2f03da"),
    (2, 4, False, "heuristic", 747, "4b56ebd475d898a7fb8c68450d2f077c42e301667f1d4590f89796c9ae5c21f8",
     "0efed1d3fe7057bfca9bcca06e9547a207297faad73aff2e78c99246c65cd804"),
    (3, 5, False, "heuristic", 691, "c3153149e0843fa492388bf73fafca67d973b6d13d0dedcf49f92fb249435e61",
     "f4d145dbc570b2091ca54aa048de0010fe8f82278ea3a9fbc92aa3324c222b34"),
    (4, 2, True, "heuristic", 561, "0a937334d8b7c4b019d84247ce6013e8e5e40ae1e2a36b291998882e41c255e6",
     "83ae1e7fe9243e075c213ba0155fbc74b2f40cae5361fba7b7e5b1bc4af9f39e"),
    (5, 3, True, "heuristic", 329, "38bc523c0e603e955b51fc9b51c9ad3dcb5a5f4a54a258217de9f59a48670da6",
     "48a6b6ffe95f9eea781a44f11b866ad9c18512b16618101dbf16bcbf481508df"),
    (6, 4, False, "random", 7660, "7c8a5c7c8f5daaf32d8c92073ae8a2d7c06724900047dc9d0c911d146d979e70",
     "e2ffbca4f6f37187474ba732228864c0a519985ac234b8f12f6ed1d22a047b2c"),
    (7, 2, True, "random", 9179, "4934d7373fed44e797bc5007155a9fd6615b1ac572297a269a005d4bddb52e2f",
     "7e8909097dadf705f1fc47bee2a07b1cfaec2c4cc5b43092c69ec9b3c61994eb"),
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
        ENGINE, players, seed=game_seed("issue-8-golden", index), options={"longer_game": longer}, bot=bot
    )
    assert len(game.events) == count
    assert digest(stored(game.events)) == events_sha  # same events, same payloads, same bot choices
    assert state_digest(game.events) == state_sha


def test_a_game_stored_before_replays_to_the_same_end() -> None:
    text = (HERE / "data" / "stored_game_2_players.json").read_text(encoding="utf-8")
    events = [Event.from_json(e) for e in json.loads(text)]
    assert state_digest(events) == GOLDEN[0][6]
    for event in events:
        assert json.dumps(payload_of(event).to_payload()) == json.dumps(event.payload)


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
    assert seen == EVENT_TYPES  # every event type, all 21 of them
    assert len(EVENT_TYPES) == 21


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


def test_no_event_has_a_version_2_yet() -> None:
    assert ENGINE.UPCASTERS == {}
    events = ENGINE.setup(2, {}, Rng(b"upcast", 1, 1))
    assert all(e.version == 1 for e in events)
