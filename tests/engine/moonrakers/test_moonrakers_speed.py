"""What made the Moonrakers engine and bot faster (issue 13) changes nothing they answer: ``decide``
folds the payloads it emits as they are, without writing them as JSON and reading them back, which is
the same only if every payload read back is exactly the payload (the same types: a tuple, not a list;
an int, not a bool); a legality check, which writes no event, accepts and refuses what ``decide``
does; the command a bot checked is played with the events of a fresh ``decide``; ``replace``
copies."""

from __future__ import annotations

import contextlib
import dataclasses
import json
from typing import Any

import pytest

from games.engine import simulation
from games.engine.core import Event, IllegalCommand, Rng, fold
from games.engine.moonrakers import ENGINE, context, serial
from games.engine.moonrakers import engine as engine_module
from games.engine.moonrakers import events as events_module
from games.engine.moonrakers.engine import accepts
from games.engine.moonrakers.events import Payload
from games.engine.moonrakers.legal import candidates


def _same(a: Any, b: Any, where: str) -> None:
    """Equal and of the same type, all the way down (``==`` alone takes 1 for True, and (1,) for [1])."""
    assert type(a) is type(b), f"{where}: {type(a).__name__} against {type(b).__name__}"
    if dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            _same(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
    elif isinstance(a, tuple):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _same(x, y, f"{where}[{i}]")
    else:
        assert a == b, where


@pytest.mark.parametrize(
    ("players", "bot"), [(1, "random"), (2, "heuristic"), (3, "random"), (4, "heuristic")]
)
def test_every_payload_read_back_from_its_json_is_the_payload(
    players: int, bot: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: set[str] = set()
    emit = context.Ctx.emit

    def checked(ctx: context.Ctx, payload: Payload, seat: int | None = None) -> None:
        _same(payload, serial.load(type(payload), serial.to_json(payload)), payload.TYPE)
        seen.add(payload.TYPE)
        emit(ctx, payload, seat)

    monkeypatch.setattr(context.Ctx, "emit", checked)
    for index in range(2):
        # Random play may not end: every payload it emitted was checked all the same.
        with contextlib.suppress(simulation.GameDidNotEnd):
            simulation.play(ENGINE, players, seed=simulation.game_seed("fold", index), bot=bot)
    assert len(seen) > 20  # most kinds of event were emitted, not a handful


def test_a_legality_check_writes_no_event_and_agrees_with_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    written = 0
    to_event = Payload.to_event

    def counted(payload: Payload, seat: int | None = None) -> Any:
        nonlocal written
        written += 1
        return to_event(payload, seat)

    monkeypatch.setattr(Payload, "to_event", counted)

    seed = simulation.game_seed("fold-legal", 0)
    events = ENGINE.setup(3, {}, Rng(seed, 1, 1))
    state = fold(ENGINE, events)
    checked = refused = 0
    for _ in range(250):  # decision points of a game the heuristic bot plays
        if state.finished:
            break
        acting = {p.seat for p in ENGINE.pending(state)}
        # The candidates of the seats to act, asked of every seat (others are refused).
        commands = [c for seat in sorted(acting) for c in candidates(state, seat)[:8]]
        for seat in range(state.n):
            for command in commands:
                try:
                    ENGINE.decide(state, seat, command, Rng(b"moonrakers-legality-probe", 0, 0))
                    expected = True
                except IllegalCommand:
                    expected = False
                before = written
                assert accepts(state, seat, command) == expected, (command, seat)
                assert written == before  # nothing written out
                checked += 1
                refused += not expected
        mover = min(acting)
        seq = len(events) + 1
        text = ENGINE.bot_command(state, mover, Rng(seed, 1, seq, "bot"))
        new = ENGINE.decide(state, mover, ENGINE.parse(text), Rng(seed, 1, seq))
        for event in new:
            state = ENGINE.evolve(state, event)
        events += new
    assert checked > 1000 and 0 < refused < checked


def test_replace_copies_with_the_changes_and_refuses_an_unknown_field() -> None:
    folded = fold(ENGINE, ENGINE.setup(2, {}, Rng(b"replace", 1, 1)))
    changed = serial.replace(folded, phase="planning-x", leader=1)
    assert (changed.phase, changed.leader) == ("planning-x", 1)
    assert (folded.phase, folded.leader) != ("planning-x", 1)  # the original is untouched
    for f in dataclasses.fields(folded):
        if f.name not in ("phase", "leader"):
            assert getattr(changed, f.name) is getattr(folded, f.name), f.name
    assert changed == dataclasses.replace(folded, phase="planning-x", leader=1)
    with pytest.raises(TypeError, match="no field 'leeder'"):
        serial.replace(folded, leeder=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        changed.phase = "x"  # type: ignore[misc]


def _json(events: list[Any]) -> str:
    return json.dumps([e.to_json() for e in events], sort_keys=True)


def test_a_command_played_after_the_bots_check_has_the_events_of_a_fresh_decide() -> None:
    """The bot's last check keeps the events of a command that drew nothing from the rng; the
    ``decide`` that plays it takes them, once, for that very state only. (The bot tries only the
    commands without a check of their own that settles them, ``engine.settled``: here every
    command it plays is tried so.)"""
    seed = simulation.game_seed("checked", 0)
    events = ENGINE.setup(3, {}, Rng(seed, 1, 1))
    state = fold(ENGINE, events)
    taken = fresh_only = 0
    while not state.finished and len(events) < 3000:
        seat = ENGINE.pending(state)[0].seat
        seq = len(events) + 1
        text = ENGINE.bot_command(state, seat, Rng(seed, 1, seq, "bot"))
        command = ENGINE.parse(text)
        engine_module.keep_to_play(state, seat, command, engine_module.trial(state, seat, command))
        kept = engine_module.CHECKED.entry
        engine_module.CHECKED.forget()
        fresh = ENGINE.decide(state, seat, command, Rng(seed, 1, seq))
        if kept is not None and kept.state is state and kept.command == command:
            engine_module.CHECKED.entry = kept
            played = ENGINE.decide(state, seat, command, Rng(seed, 1, seq))
            assert _json(played) == _json(fresh)
            assert engine_module.CHECKED.entry is None  # taken once
            taken += 1
        else:
            fresh_only += 1
            played = fresh
        for event in played:
            state = ENGINE.evolve(state, event)
        events += played
    assert taken > 50 and fresh_only > 50


def test_the_check_of_another_state_or_command_is_not_taken() -> None:
    state = fold(ENGINE, ENGINE.setup(2, {}, Rng(b"other", 1, 1)))
    seat = ENGINE.pending(state)[0].seat
    command = ENGINE.pending(state)[0].default
    # Tried as the bot tries a command without a check of its own (a Keep has one: ``settled``).
    checked = engine_module.trial(state, seat, command)
    assert checked.accepted
    engine_module.keep_to_play(state, seat, command, checked)
    assert engine_module.CHECKED.entry is not None  # it drew nothing: kept
    copy = serial.replace(state)  # equal, but another object
    assert len(ENGINE.decide(copy, seat, command, Rng(b"other", 1, 9))) > 0
    assert engine_module.CHECKED.entry is not None  # not taken by another state
    other = next(c for c in candidates(state, seat) if c != command)
    with contextlib.suppress(IllegalCommand):
        ENGINE.decide(state, seat, other, Rng(b"other", 1, 9))
    assert engine_module.CHECKED.entry is not None  # nor by another command


def test_the_events_of_a_decide_fold_to_the_states_their_stored_copies_fold_to() -> None:
    """``evolve`` of the very events ``decide`` returned takes the states ``decide`` reached; their
    copies read back from JSON (as a rebuild reads them) fold to the same states, type for type."""
    seed = simulation.game_seed("remembered", 0)
    events = ENGINE.setup(4, {}, Rng(seed, 1, 1))
    state = fold(ENGINE, events)
    remembered = 0
    while not state.finished and len(events) < 2500:
        seat = ENGINE.pending(state)[0].seat
        seq = len(events) + 1
        command = ENGINE.parse(ENGINE.bot_command(state, seat, Rng(seed, 1, seq, "bot")))
        new = ENGINE.decide(state, seat, command, Rng(seed, 1, seq))
        for event in new:
            stored = Event.from_json(json.loads(json.dumps(event.to_json())))
            after = ENGINE.evolve(state, event)
            remembered += any(entry[2] is after for entry in events_module._FOLDED.values())
            _same(after, ENGINE.evolve(state, stored), event.type)
            state = after
        events += new
    assert remembered > 1000
