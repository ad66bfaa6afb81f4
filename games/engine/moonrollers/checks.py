"""Small helpers the command handlers share: folding their own events, and the common refusals."""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.core import Event, IllegalCommand, msg
from games.engine.messages import ParamValue
from games.engine.moonrollers.cards import CREW
from games.engine.moonrollers.events import evolve
from games.engine.moonrollers.state import ROLLED, GameState
from games.engine.moonrollers.texts import name


def apply(state: GameState, events: Iterable[Event]) -> GameState:
    """The state after ``events``: handlers look ahead to decide what follows automatically."""
    for e in events:
        state = evolve(state, e)
    return state


def refuse(key: str, count: int | None = None, **params: ParamValue) -> IllegalCommand:
    """A refusal: ``raise refuse("not_your_turn")`` (the key is under ``moonrollers.refused.``)."""
    return IllegalCommand(msg(f"moonrollers.refused.{key}", count, **params))


def require_rolled(state: GameState) -> None:
    """Refuse turn commands outside the dice-rolling part of a turn, or while a token must be kept."""
    turn = state.turn
    if turn.drawn:
        raise refuse("keep_first")
    if turn.phase != ROLLED:
        if turn.phase == "start":
            raise refuse("roll_first")
        raise refuse("dice_done")


def require_ability(state: GameState, ability: str) -> None:
    if ability not in CREW:
        raise refuse("not_a_crew_member", crew=ability)
    player = state.players[state.turn.seat]
    if ability not in player.abilities:
        hired = any(ability in stack for stack in player.stacks)
        if hired:
            raise refuse("not_on_top", crew=name(ability))
        raise refuse("not_hired", crew=name(ability))
