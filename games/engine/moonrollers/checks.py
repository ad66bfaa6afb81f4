"""Small helpers the command handlers share: folding their own events, and the common refusals."""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.core import Event, IllegalCommand
from games.engine.moonrollers.cards import CREW
from games.engine.moonrollers.events import evolve
from games.engine.moonrollers.state import ROLLED, GameState


def apply(state: GameState, events: Iterable[Event]) -> GameState:
    """The state after ``events``: handlers look ahead to decide what follows automatically."""
    for e in events:
        state = evolve(state, e)
    return state


def crew_name(slug: str) -> str:
    return CREW[slug].name if slug in CREW else slug


def require_rolled(state: GameState) -> None:
    """Refuse turn commands outside the dice-rolling part of a turn, or while a token must be kept."""
    turn = state.turn
    if turn.drawn:
        raise IllegalCommand("First keep one of the two Hazard tokens you drew: keep 1 or keep 2.")
    if turn.phase != ROLLED:
        if turn.phase == "start":
            raise IllegalCommand("Roll first: send roll (or pass).")
        raise IllegalCommand("Your dice are done for this turn.")


def require_ability(state: GameState, ability: str) -> None:
    if ability not in CREW:
        raise IllegalCommand(f"{ability!r} is not a crew member.")
    player = state.players[state.turn.seat]
    if ability not in player.abilities:
        hired = any(ability in stack for stack in player.stacks)
        if hired:
            raise IllegalCommand(
                f"{crew_name(ability)} is not on top of its stack: only the top card of a faction stack "
                "gives its ability."
            )
        raise IllegalCommand(f"You have not hired {crew_name(ability)}.")
