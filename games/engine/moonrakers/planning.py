"""Setup Objectives, the Planning Phase (choose a Contract, Stay at Base, the paid swap)."""

from __future__ import annotations

from games.engine.moonrakers.cards import CONTRACTS, OBJECTIVES
from games.engine.moonrakers.commands import ChooseContract, Keep, StayAtBase, Swap
from games.engine.moonrakers.context import Ctx, draw, next_contract, refuse
from games.engine.moonrakers.events import (
    BuyingStarted,
    CardsDiscarded,
    ContractReleased,
    ContractSelected,
    ContractSwapped,
    ObjectivesDealt,
    ObjectivesKept,
    StayedAtBase,
)
from games.engine.moonrakers.state import BASE, KEEP_OBJECTIVES, NEGOTIATION, PLANNING

MAX_SELECTIONS = 3  # two negotiated Contracts per turn, the third only solo (001, ruling A2)


def keep_objectives(ctx: Ctx, seat: int, cmd: Keep) -> None:
    """Setup: "Players each secretly choose 2 and discard the 3rd to the bottom of the Objective deck."""
    s = ctx.state
    p = s.players[seat]
    if s.phase != KEEP_OBJECTIVES or not p.choosing:
        raise refuse("not_choosing_objectives")
    if cmd.replace is not None:
        raise refuse("no_replace_here")
    _check_keep(p.choosing, cmd.objectives, 2)
    bottom = _rest(p.choosing, cmd.objectives)
    ctx.emit(ObjectivesKept(seat, cmd.objectives, bottom))
    if all(not q.choosing for q in ctx.state.players):
        from games.engine.moonrakers.turnflow import start_turn

        start_turn(ctx, ctx.state.leader, 1)


def _check_keep(choosing: tuple[str, ...], kept: tuple[str, ...], n: int) -> None:
    if len(kept) != n:
        raise refuse("keep_how_many", count=n)
    pool = list(choosing)
    for obj in kept:
        if obj not in pool:
            raise refuse("objective_not_offered", objective=obj)
        pool.remove(obj)


def _rest(choosing: tuple[str, ...], kept: tuple[str, ...]) -> tuple[str, ...]:
    pool = list(choosing)
    for obj in kept:
        pool.remove(obj)
    return tuple(pool)


def _leader_in_planning(ctx: Ctx, seat: int) -> None:
    s = ctx.state
    if seat != s.leader:
        raise refuse("not_mission_leader")
    if s.phase not in (PLANNING, NEGOTIATION):
        raise refuse("not_planning")


def swap(ctx: Ctx, seat: int, cmd: Swap) -> None:
    """R-P2: pay 1 Credit to put a face-up Contract at the bottom and draw a new one; once per turn."""
    _leader_in_planning(ctx, seat)
    s = ctx.state
    if s.swap_used:
        raise refuse("swap_used")
    if s.players[seat].credits < 1:
        raise refuse("no_credit")
    if not 0 <= cmd.slot < len(s.contract_row) or s.contract_row[cmd.slot] is None:
        raise refuse("no_contract_there", slot=cmd.slot + 1)
    returned = s.contract_row[cmd.slot]
    assert returned is not None
    ctx.emit(ContractSwapped(seat, cmd.slot, returned, next_contract(ctx), 1))


def choose_contract(ctx: Ctx, seat: int, cmd: ChooseContract) -> None:
    _leader_in_planning(ctx, seat)
    s = ctx.state
    if cmd.contract is not None:
        if cmd.contract not in s.contract_row:
            raise refuse("contract_not_in_row", contract=cmd.contract)
        cmd = ChooseContract(s.contract_row.index(cmd.contract), cmd.solo)
    if not 0 <= cmd.slot < len(s.contract_row) or s.contract_row[cmd.slot] is None:
        raise refuse("no_contract_there", slot=cmd.slot + 1)
    if s.selections >= MAX_SELECTIONS:
        raise refuse("no_more_selections")
    contract = s.contract_row[cmd.slot]
    assert contract is not None
    neg = s.negotiation
    if neg is not None:
        ctx.emit(ContractReleased(seat, neg.contract, neg.slot))
    ctx.emit(ContractSelected(seat, contract, cmd.slot, ctx.state.selections + 1))
    if cmd.solo or ctx.state.n == 1:
        from games.engine.moonrakers.negotiation import lock

        lock(ctx, (), solo=True)


def stay_at_base(ctx: Ctx, seat: int, cmd: StayAtBase) -> None:
    """R-P6: draw 2 Objectives keep 1, +1 Credit, optional free Contract replacement, a new hand."""
    _leader_in_planning(ctx, seat)
    neg = ctx.state.negotiation
    if neg is not None:
        ctx.emit(ContractReleased(seat, neg.contract, neg.slot))
    ctx.emit(StayedAtBase(seat))
    drawn = ctx.state.objective_deck[:2]
    if drawn:
        ctx.emit(ObjectivesDealt(seat, drawn))
    # With the Objective deck empty there is nothing to keep (A23), but step 4's free Contract
    # replacement is still the Mission Leader's to choose: `keep replace N` or `keep replace none`.


def keep_base_objective(ctx: Ctx, seat: int, cmd: Keep) -> None:
    s = ctx.state
    if s.phase != BASE or seat != s.leader:
        raise refuse("not_choosing_objectives")
    p = s.players[seat]
    _check_keep(p.choosing, cmd.objectives, min(1, len(p.choosing)))
    if cmd.replace is not None and (
        not 0 <= cmd.replace < len(s.contract_row) or s.contract_row[cmd.replace] is None
    ):
        raise refuse("no_contract_there", slot=cmd.replace + 1)
    if p.choosing:
        ctx.emit(ObjectivesKept(seat, cmd.objectives, _rest(p.choosing, cmd.objectives)))
    finish_base(ctx, seat, cmd.replace)


def finish_base(ctx: Ctx, seat: int, replace_slot: int | None) -> None:
    if replace_slot is not None:
        returned = ctx.state.contract_row[replace_slot]
        assert returned is not None
        ctx.emit(ContractSwapped(seat, replace_slot, returned, next_contract(ctx), 0))
    hand = ctx.state.players[seat].hand
    if hand:
        ctx.emit(CardsDiscarded(seat, hand, "hand", "base"))
    draw(ctx, seat, ctx.state.players[seat].hand_limit, "base")
    ctx.emit(BuyingStarted(seat))


def check_objective(obj: str) -> None:
    if obj not in OBJECTIVES:
        raise refuse("unknown_objective", objective=obj)


def check_contract(slug: str) -> None:
    if slug not in CONTRACTS:
        raise refuse("unknown_contract", contract=slug)
