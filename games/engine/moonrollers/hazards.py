"""Hazard tokens: drawing from the pile, keeping 1 of 2 (a private decision), returning one."""

from __future__ import annotations

from games.engine.core import Event, IllegalCommand, Rng
from games.engine.moonrollers.commands import KeepHazard, ReturnHazard
from games.engine.moonrollers.events import (
    HAZARD_TOKEN_KEPT,
    HAZARD_TOKEN_RETURNED,
    HAZARD_TOKENS_DRAWN,
    event,
)
from games.engine.moonrollers.state import GameState

REQUIREMENT_DRAW = 2


def draw_for_requirement(state: GameState, seat: int) -> list[Event]:
    """Completing a Hazard requirement: draw 2, keep 1. A short pile gives what it has; a single
    token is simply kept, there being nothing to choose."""
    tokens = state.hazard_pile[:REQUIREMENT_DRAW]
    if not tokens:
        return []
    return [event(HAZARD_TOKENS_DRAWN, seat, tokens=list(tokens), choose=len(tokens) == 2, crew=None)]


def draw_one(state: GameState, seat: int, crew: str) -> list[Event]:
    """Imdar Shade: draw 1 Hazard token and keep it."""
    return [event(HAZARD_TOKENS_DRAWN, seat, tokens=[state.hazard_pile[0]], choose=False, crew=crew)]


def _position(state: GameState, rng: Rng) -> int:
    # A token returned face down is lost in the pile: it goes in at a random place.
    return rng.randbelow(len(state.hazard_pile) + 1)


def keep_hazard(state: GameState, seat: int, command: KeepHazard, rng: Rng) -> list[Event]:
    drawn = state.turn.drawn
    if not drawn:
        raise IllegalCommand("You have no Hazard tokens to choose from.")
    if command.choice not in (1, 2):
        raise IllegalCommand("Keep 1 or keep 2: the first or the second token you drew.")
    kept = drawn[command.choice - 1]
    returned = drawn[2 - command.choice]
    return [
        event(
            HAZARD_TOKEN_KEPT,
            seat,
            choice=command.choice,
            token=kept,
            returned=returned,
            position=_position(state, rng),
        )
    ]


def return_hazard(state: GameState, seat: int, command: ReturnHazard, rng: Rng) -> list[Event]:
    turn = state.turn
    held = state.players[seat].hazard
    if turn.drawn:
        raise IllegalCommand("First keep one of the two Hazard tokens you drew: keep 1 or keep 2.")
    if not turn.return_pending or turn.stack_pending or not held:
        raise IllegalCommand("You may return a Hazard token only just after hiring a duplicate faction.")
    if command.index is None:
        return [event(HAZARD_TOKEN_RETURNED, seat, index=None, token=None, position=None)]
    if not 1 <= command.index <= len(held):
        raise IllegalCommand(
            f"You hold {len(held)} Hazard token(s): return 1 to {len(held)}, or return none."
        )
    index = command.index - 1
    return [
        event(
            HAZARD_TOKEN_RETURNED,
            seat,
            index=index,
            token=held[index],
            position=_position(state, rng),
        )
    ]
