"""Completing a crew card: Prestige to every token owner, the completer hires the card, the display
is refilled, and the hire's decisions (stack top or under, return a Hazard token)."""

from __future__ import annotations

from games.engine.core import Event, Rng
from games.engine.moonrollers.cards import CREW, FACTIONS
from games.engine.moonrollers.checks import refuse
from games.engine.moonrollers.commands import StackCrew
from games.engine.moonrollers.events import CrewHired, CrewStacked, PrestigeScored
from games.engine.moonrollers.state import GameState, Player

# Why a game ends (game_ended's "reasons").
ONE_OF_EACH_FACTION = "one_of_each_faction"
THREE_OF_A_FACTION = "three_of_a_faction"
DECK_EXHAUSTED = "deck_exhausted"
SAME_FACTION_TO_END = 3


def ends_game(player: Player, crew: str) -> list[str]:
    """The end conditions a hire meets (starting crew count among the hired)."""
    faction = CREW[crew].faction
    stack = player.stack_of(faction)
    factions = len(player.stacks) + (1 if stack is None else 0)
    in_faction = 1 if stack is None else len(player.stacks[stack]) + 1
    reasons = []
    if factions == len(FACTIONS):
        reasons.append(ONE_OF_EACH_FACTION)
    if in_faction >= SAME_FACTION_TO_END:
        reasons.append(THREE_OF_A_FACTION)
    return reasons


def complete_card(state: GameState, seat: int, crew: str) -> list[Event]:
    """Every requirement of ``crew`` has a token: score it and hire it. ``state`` has every token."""
    slot = state.slot_of(crew)
    card = state.display[slot]
    awards: dict[int, int] = {}
    for req, owner in zip(CREW[crew].requirements, card.tokens, strict=True):
        assert owner is not None
        awards[owner] = awards.get(owner, 0) + req.prestige
    player = state.players[seat]
    reasons = ends_game(player, crew)
    # The display is refilled at once (before the next turn, as the rules ask), so it keeps its size.
    refill = state.deck[0] if state.deck else None
    if refill is not None and len(state.deck) == 1:
        reasons.append(DECK_EXHAUSTED)
    if player.stack_of(CREW[crew].faction) is None:
        stack = "new"
    elif reasons:
        stack = "top"  # the game is over: where the card goes changes nothing
    else:
        stack = "ask"
    return [
        PrestigeScored(crew=crew, awards=[[s, p] for s, p in sorted(awards.items())]).event(seat),
        CrewHired(crew=crew, slot=slot, refill=refill, stack=stack, ending=reasons).event(seat),
    ]


def stack_crew(state: GameState, seat: int, command: StackCrew, rng: Rng) -> list[Event]:
    turn = state.turn
    if turn.drawn:
        raise refuse("keep_first")
    if not turn.stack_pending or turn.hired is None:
        raise refuse("nothing_to_stack")
    if command.position not in ("top", "under"):
        raise refuse("stack_top_or_under")
    return [CrewStacked(crew=turn.hired, position=command.position).event(seat)]
