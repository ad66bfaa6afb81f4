"""Build Moonrakers positions for tests, and play commands on them with rigged dice.

``position(...)`` starts from a real 3-5 (or 1-2) player setup at the first Planning Phase and then
overwrites what a test names: hands, draw piles, parts, Credits, Prestige, the Contract row.
``Table`` keeps the state and the events, and runs commands in the notation.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from games.engine.core import Event, IllegalCommand, Rng
from games.engine.moonrakers import ENGINE, effects, negotiation
from games.engine.moonrakers.events import TurnStarted, evolve
from games.engine.moonrakers.state import GameState

SEED = b"moonrakers-tests"


def fresh(
    players: int = 3, options: dict[str, bool] | None = None, seed: bytes = SEED
) -> tuple[GameState, list[Event]]:
    events = ENGINE.setup(players, options or {}, Rng(seed, 1, 1))
    state: Any = None
    for e in events:
        state = ENGINE.evolve(state, e)
    # Everyone keeps the first two Objectives dealt.
    for seat in range(players):
        new = ENGINE.decide(
            state, seat, ENGINE.parse(ENGINE.format(ENGINE.pending(state)[0].default)), Rng(seed, 1, 2)
        )
        for e in new:
            state = ENGINE.evolve(state, e)
        events += new
    return state, events


def position(
    players: int = 3,
    *,
    leader: int = 0,
    hands: dict[int, Sequence[str]] | None = None,
    draws: dict[int, Sequence[str]] | None = None,
    discards: dict[int, Sequence[str]] | None = None,
    parts: dict[int, Sequence[str]] | None = None,
    credits: dict[int, int] | None = None,
    prestige: dict[int, int] | None = None,
    objectives: dict[int, Sequence[str]] | None = None,
    row: Sequence[str] | None = None,
    options: dict[str, bool] | None = None,
) -> GameState:
    state, _ = fresh(players, options)
    state = evolve(state, TurnStarted(leader, 1, 1 if players == 1 else 0).to_event())
    for seat in range(players):
        changes: dict[str, Any] = {}
        if hands and seat in hands:
            changes["hand"] = tuple(hands[seat])
        if draws and seat in draws:
            changes["draw"] = tuple(draws[seat])
        if discards and seat in discards:
            changes["discard"] = tuple(discards[seat])
        if parts and seat in parts:
            changes["parts"] = tuple(parts[seat])
        if credits and seat in credits:
            changes["credits"] = credits[seat]
        if prestige and seat in prestige:
            changes["prestige"] = prestige[seat]
        if objectives and seat in objectives:
            changes["objectives"] = tuple(objectives[seat])
        if changes:
            state = state.with_player(seat, **changes)
    if row is not None:
        contracts = list(row) + [c for c in state.contract_row if c not in row]
        deck = tuple(c for c in (*state.contract_row, *state.contract_deck) if c not in contracts[:8])
        state = replace(state, contract_row=tuple(contracts[:8]), contract_deck=deck)
    return state


@contextlib.contextmanager
def rigged_dice(faces: Sequence[int]) -> Iterator[None]:
    """Hazard Dice show ``faces`` in order (then 0s) while the block runs."""
    queue = list(faces)

    def roll(rng: Rng) -> int:
        return queue.pop(0) if queue else 0

    saved = (negotiation.roll_die, effects.roll_die)
    negotiation.roll_die = roll  # type: ignore[assignment]
    effects.roll_die = roll  # type: ignore[assignment]
    try:
        yield
    finally:
        negotiation.roll_die, effects.roll_die = saved  # type: ignore[assignment]


class Table:
    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Event] = []
        self.seq = 100

    def __call__(self, seat: int, text: str, dice: Sequence[int] = ()) -> list[Event]:
        self.seq += 1
        with rigged_dice(dice):
            new = ENGINE.decide(self.state, seat, ENGINE.parse(text), Rng(SEED, 1, self.seq))
        for e in new:
            self.state = ENGINE.evolve(self.state, e)
        self.events += new
        return new

    def refused(self, seat: int, text: str) -> IllegalCommand:
        before = self.state
        try:
            self(seat, text)
        except IllegalCommand as refused:
            assert self.state is before
            return refused
        raise AssertionError(f"{text!r} was accepted")

    def p(self, seat: int) -> Any:
        return self.state.players[seat]

    def part(self, seat: int) -> Any:
        assert self.state.attempt is not None
        return self.state.attempt.part(seat)

    def types(self) -> list[str]:
        return [e.type for e in self.events]
