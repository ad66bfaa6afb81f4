"""The Buying Phase (001 BUYING PHASE): hire Crew, buy Ship Parts (a 5th replaces one), the 1-Credit
Armory refresh (table option, 004), and in the solo game the free discard of Ally cards (A33)."""

from __future__ import annotations

from games.engine.moonrakers.cards import CREW, MAX_PARTS, PARTS
from games.engine.moonrakers.commands import Buy, Done, Refresh, Scrap
from games.engine.moonrakers.context import Ctx, add_from_supply, refuse
from games.engine.moonrakers.events import ArmoryRefreshed, CrewHired, PartBought
from games.engine.moonrakers.state import BUYING

# Cards that only help Allies: the solo player may discard them from the Armory for free (001).
ALLY_CARDS = ("jump-jets-e2", "multi-stage-m1", "pulsor-mk1", "the-leech")


def _buyer(ctx: Ctx, seat: int) -> None:
    if ctx.state.phase != BUYING:
        raise refuse("not_buying")
    if seat != ctx.state.leader:
        raise refuse("allies_do_not_buy")


def buy(ctx: Ctx, seat: int, cmd: Buy) -> None:
    _buyer(ctx, seat)
    s = ctx.state
    p = s.players[seat]
    if cmd.card in s.crew_row:
        if cmd.replace is not None:
            raise refuse("no_replace_here")
        cost = CREW[cmd.card].cost
        if p.credits < cost:
            raise refuse("cannot_afford", cost=cost)
        slot = s.crew_row.index(cmd.card)
        ctx.emit(CrewHired(seat, cmd.card, slot, s.crew_deck[0] if s.crew_deck else None, cost))
        return
    if cmd.card not in s.part_row:
        raise refuse("not_in_armory", card=cmd.card)
    cost = PARTS[cmd.card].cost
    if p.credits < cost:
        raise refuse("cannot_afford", cost=cost)
    if len(p.parts) >= MAX_PARTS and cmd.replace not in p.parts:
        raise refuse("must_replace_part")
    if len(p.parts) < MAX_PARTS and cmd.replace is not None:
        raise refuse("no_replace_here")
    slot = s.part_row.index(cmd.card)
    ctx.emit(PartBought(seat, cmd.card, slot, s.part_deck[0] if s.part_deck else None, cost, cmd.replace))
    for card in PARTS[cmd.card].adds:
        add_from_supply(ctx, seat, card, cmd.card)


def _row_of(ctx: Ctx, card: str) -> tuple[str, int]:
    s = ctx.state
    if card in s.crew_row:
        return "crew", s.crew_row.index(card)
    if card in s.part_row:
        return "part", s.part_row.index(card)
    raise refuse("not_in_armory", card=card)


def _next(ctx: Ctx, row: str) -> str | None:
    deck = ctx.state.crew_deck if row == "crew" else ctx.state.part_deck
    return deck[0] if deck else None


def refresh(ctx: Ctx, seat: int, cmd: Refresh) -> None:
    """004: "spend 1 Credit to discard any of the cards in the Armory and replace it ... once per turn"."""
    _buyer(ctx, seat)
    s = ctx.state
    if not s.option("armory_refresh"):
        raise refuse("refresh_off")
    if s.refresh_used:
        raise refuse("refresh_used")
    if s.players[seat].credits < 1:
        raise refuse("no_credit")
    row, slot = _row_of(ctx, cmd.card)
    ctx.emit(ArmoryRefreshed(seat, row, slot, cmd.card, _next(ctx, row), 1))


def scrap(ctx: Ctx, seat: int, cmd: Scrap) -> None:
    _buyer(ctx, seat)
    if not ctx.state.solo:
        raise refuse("scrap_solo_only")
    if cmd.card not in ALLY_CARDS:
        raise refuse("not_an_ally_card", card=cmd.card)
    row, slot = _row_of(ctx, cmd.card)
    ctx.emit(ArmoryRefreshed(seat, row, slot, cmd.card, _next(ctx, row), 0))


def done_buying(ctx: Ctx, seat: int, cmd: Done) -> None:
    _buyer(ctx, seat)
    from games.engine.moonrakers.turnflow import end_turn

    end_turn(ctx)
