"""The Buying Phase (001 BUYING PHASE): hire Crew, buy Ship Parts (a 5th replaces one), the 1-Credit
Armory refresh (table option, 004), and in the solo game the free discard of Ally cards (A33)."""

from __future__ import annotations

from games.engine.moonrakers.cards import CREW, MAX_PARTS, PARTS
from games.engine.moonrakers.commands import Buy, Done, Refresh, Scrap
from games.engine.moonrakers.context import Ctx, add_from_supply, refuse
from games.engine.moonrakers.events import ArmoryRefreshed, CrewHired, PartBought
from games.engine.moonrakers.state import BUYING, GameState

# Cards that only help Allies: the solo player may discard them from the Armory for free (001).
ALLY_CARDS = ("jump-jets-e2", "multi-stage-m1", "pulsor-mk1", "the-leech")


def _buyer(state: GameState, seat: int) -> None:
    if state.phase != BUYING:
        raise refuse("not_buying")
    if seat != state.leader:
        raise refuse("allies_do_not_buy")


def check_buy(state: GameState, seat: int, cmd: Buy) -> bool:
    """Every refusal of ``buy``: the new card and what a Ship Part adds from the Supply refuse nothing."""
    _buyer(state, seat)
    p = state.players[seat]
    if cmd.card in state.crew_row:
        if cmd.replace is not None:
            raise refuse("no_replace_here")
        cost = CREW[cmd.card].cost
        if p.credits < cost:
            raise refuse("cannot_afford", cost=cost)
        return True
    if cmd.card not in state.part_row:
        raise refuse("not_in_armory", card=cmd.card)
    cost = PARTS[cmd.card].cost
    if p.credits < cost:
        raise refuse("cannot_afford", cost=cost)
    if len(p.parts) >= MAX_PARTS and cmd.replace not in p.parts:
        raise refuse("must_replace_part")
    if len(p.parts) < MAX_PARTS and cmd.replace is not None:
        raise refuse("no_replace_here")
    return True


def buy(ctx: Ctx, seat: int, cmd: Buy) -> None:
    check_buy(ctx.state, seat, cmd)
    s = ctx.state
    if cmd.card in s.crew_row:
        cost = CREW[cmd.card].cost
        slot = s.crew_row.index(cmd.card)
        ctx.emit(CrewHired(seat, cmd.card, slot, s.crew_deck[0] if s.crew_deck else None, cost))
        return
    cost = PARTS[cmd.card].cost
    slot = s.part_row.index(cmd.card)
    ctx.emit(PartBought(seat, cmd.card, slot, s.part_deck[0] if s.part_deck else None, cost, cmd.replace))
    for card in PARTS[cmd.card].adds:
        add_from_supply(ctx, seat, card, cmd.card)


def _armory_place(state: GameState, card: str) -> tuple[str, int]:
    """The row (crew or part) and slot of a card of the Armory."""
    if card in state.crew_row:
        return "crew", state.crew_row.index(card)
    if card in state.part_row:
        return "part", state.part_row.index(card)
    raise refuse("not_in_armory", card=card)


def _next(state: GameState, row: str) -> str | None:
    deck = state.crew_deck if row == "crew" else state.part_deck
    return deck[0] if deck else None


def check_refresh(state: GameState, seat: int, cmd: Refresh) -> bool:
    """Every refusal of ``refresh``."""
    _buyer(state, seat)
    if not state.option("armory_refresh"):
        raise refuse("refresh_off")
    if state.refresh_used:
        raise refuse("refresh_used")
    if state.players[seat].credits < 1:
        raise refuse("no_credit")
    _replaceable(state, cmd.card)
    return True


def _replaceable(state: GameState, card: str) -> None:
    """A card of the Armory that the top of its deck can replace. With that deck empty the card,
    put at its bottom, would come straight back: refused, rather than a Credit paid for nothing or
    a slot left empty."""
    row, _ = _armory_place(state, card)
    if _next(state, row) is None:
        raise refuse("armory_deck_empty", card=card)


def refresh(ctx: Ctx, seat: int, cmd: Refresh) -> None:
    """004: "spend 1 Credit to discard any of the cards in the Armory and replace it ... once per turn"."""
    check_refresh(ctx.state, seat, cmd)
    row, slot = _armory_place(ctx.state, cmd.card)
    ctx.emit(ArmoryRefreshed(seat, row, slot, cmd.card, _next(ctx.state, row), 1))


def scrap(ctx: Ctx, seat: int, cmd: Scrap) -> None:
    _buyer(ctx.state, seat)
    if not ctx.state.solo:
        raise refuse("scrap_solo_only")
    if cmd.card not in ALLY_CARDS:
        raise refuse("not_an_ally_card", card=cmd.card)
    _replaceable(ctx.state, cmd.card)
    row, slot = _armory_place(ctx.state, cmd.card)
    ctx.emit(ArmoryRefreshed(seat, row, slot, cmd.card, _next(ctx.state, row), 0))


def check_done_buying(state: GameState, seat: int, cmd: Done) -> bool:
    """Every refusal of ``done_buying``: the end of the turn refuses nothing."""
    _buyer(state, seat)
    return True


def done_buying(ctx: Ctx, seat: int, cmd: Done) -> None:
    check_done_buying(ctx.state, seat, cmd)
    from games.engine.moonrakers.turnflow import end_turn

    end_turn(ctx)
