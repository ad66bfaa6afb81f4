"""Hazard tokens: drawing from the pile, keeping 1 of 2 (a private decision), returning one."""

from __future__ import annotations

from games.engine.core import Event, Rng
from games.engine.moonrollers.checks import refuse
from games.engine.moonrollers.commands import KeepHazard, ReturnHazard
from games.engine.moonrollers.events import HazardTokenKept, HazardTokenReturned, HazardTokensDrawn
from games.engine.moonrollers.state import GameState

REQUIREMENT_DRAW = 2


def draw_for_requirement(state: GameState, seat: int) -> list[Event]:
    """Completing a Hazard requirement: draw 2, keep 1. A short pile gives what it has; a single
    token is simply kept, there being nothing to choose."""
    tokens = state.hazard_pile[:REQUIREMENT_DRAW]
    if not tokens:
        return []
    return [HazardTokensDrawn(tokens=list(tokens), choose=len(tokens) == 2, crew=None).event(seat)]


def draw_one(state: GameState, seat: int, crew: str) -> list[Event]:
    """Imdar Shade: draw 1 Hazard token and keep it."""
    return [HazardTokensDrawn(tokens=[state.hazard_pile[0]], choose=False, crew=crew).event(seat)]


def _position(state: GameState, rng: Rng) -> int:
    # A token returned face down is lost in the pile: it goes in at a random place.
    return rng.randbelow(len(state.hazard_pile) + 1)


def keep_hazard(state: GameState, seat: int, command: KeepHazard, rng: Rng) -> list[Event]:
    drawn = state.turn.drawn
    if not drawn:
        raise refuse("no_tokens_to_choose")
    if command.choice not in (1, 2):
        raise refuse("keep_one_or_two")
    kept = drawn[command.choice - 1]
    returned = drawn[2 - command.choice]
    return [
        HazardTokenKept(
            choice=command.choice,
            token=kept,
            returned=returned,
            position=_position(state, rng),
        ).event(seat)
    ]


def return_hazard(state: GameState, seat: int, command: ReturnHazard, rng: Rng) -> list[Event]:
    turn = state.turn
    held = state.players[seat].hazard
    if turn.drawn:
        raise refuse("keep_first")
    if not turn.return_pending or turn.stack_pending or not held:
        raise refuse("return_only_after_duplicate")
    if command.index is None:
        return [HazardTokenReturned(index=None, token=None, position=None).event(seat)]
    if not 1 <= command.index <= len(held):
        raise refuse("return_which", len(held))
    index = command.index - 1
    return [HazardTokenReturned(index=index, token=held[index], position=_position(state, rng)).event(seat)]
