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
from games.engine.moonrakers.state import BASE, KEEP_OBJECTIVES, NEGOTIATION, PLANNING, GameState

MAX_SELECTIONS = 3  # two negotiated Contracts per turn, the third only solo (001, ruling A2)


def check_keep(state: GameState, seat: int, cmd: Keep) -> bool:
    """Every refusal of ``keep``: the Objectives of the setup, or the one of a Stay at Base (the
    first turn's start and the end of the Stay at Base that follow refuse nothing)."""
    if state.phase == KEEP_OBJECTIVES:
        return _check_keep_objectives(state, seat, cmd)
    if state.phase == BASE:
        return _check_keep_base_objective(state, seat, cmd)
    raise refuse("not_choosing_objectives")


def keep(ctx: Ctx, seat: int, cmd: Keep) -> None:
    check_keep(ctx.state, seat, cmd)
    if ctx.state.phase == KEEP_OBJECTIVES:
        _keep_objectives(ctx, seat, cmd)
    else:
        _keep_base_objective(ctx, seat, cmd)


def _check_keep_objectives(s: GameState, seat: int, cmd: Keep) -> bool:
    p = s.players[seat]
    if not p.choosing:
        raise refuse("not_choosing_objectives")
    if cmd.replace is not None:
        raise refuse("no_replace_here")
    _check_keep(p.choosing, cmd.objectives, 2)
    return True


def _keep_objectives(ctx: Ctx, seat: int, cmd: Keep) -> None:
    """Setup: "Players each secretly choose 2 and discard the 3rd to the bottom of the Objective deck."""
    p = ctx.state.players[seat]
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


def _leader_in_planning(s: GameState, seat: int) -> None:
    if seat != s.leader:
        raise refuse("not_mission_leader")
    if s.phase not in (PLANNING, NEGOTIATION):
        raise refuse("not_planning")


def _check_contract_slot(s: GameState, slot: int) -> None:
    if not 0 <= slot < len(s.contract_row) or s.contract_row[slot] is None:
        raise refuse("no_contract_there", slot=slot + 1)


def check_swap(s: GameState, seat: int, cmd: Swap) -> bool:
    """Every refusal of ``swap``: drawing the new Contract refuses nothing."""
    _leader_in_planning(s, seat)
    if s.swap_used:
        raise refuse("swap_used")
    if s.players[seat].credits < 1:
        raise refuse("no_credit")
    _check_contract_slot(s, cmd.slot)
    return True


def swap(ctx: Ctx, seat: int, cmd: Swap) -> None:
    """R-P2: pay 1 Credit to put a face-up Contract at the bottom and draw a new one; once per turn."""
    check_swap(ctx.state, seat, cmd)
    s = ctx.state
    returned = s.contract_row[cmd.slot]
    assert returned is not None
    ctx.emit(ContractSwapped(seat, cmd.slot, returned, next_contract(ctx), 1))


def _chosen_slot(s: GameState, cmd: ChooseContract) -> int:
    """The slot of the chosen Contract: named by its slot, or by the Contract (in the row)."""
    return cmd.slot if cmd.contract is None else s.contract_row.index(cmd.contract)


def check_choose_contract(s: GameState, seat: int, cmd: ChooseContract) -> bool:
    """Every refusal of ``choose_contract``: releasing the last Contract, selecting this one and
    (solo) the lock with its dice and start-of-Contract effects refuse nothing."""
    _leader_in_planning(s, seat)
    if cmd.contract is not None and cmd.contract not in s.contract_row:
        raise refuse("contract_not_in_row", contract=cmd.contract)
    _check_contract_slot(s, _chosen_slot(s, cmd))
    if s.selections >= MAX_SELECTIONS:
        raise refuse("no_more_selections")
    return True


def choose_contract(ctx: Ctx, seat: int, cmd: ChooseContract) -> None:
    check_choose_contract(ctx.state, seat, cmd)
    s = ctx.state
    slot = _chosen_slot(s, cmd)
    contract = s.contract_row[slot]
    assert contract is not None
    neg = s.negotiation
    if neg is not None:
        ctx.emit(ContractReleased(seat, neg.contract, neg.slot))
    ctx.emit(ContractSelected(seat, contract, slot, ctx.state.selections + 1))
    if cmd.solo or ctx.state.n == 1:
        from games.engine.moonrakers.negotiation import lock

        lock(ctx, (), solo=True)


def check_stay_at_base(s: GameState, seat: int, cmd: StayAtBase) -> bool:
    """Every refusal of ``stay_at_base``: releasing a Contract and dealing Objectives refuse nothing."""
    _leader_in_planning(s, seat)
    return True


def stay_at_base(ctx: Ctx, seat: int, cmd: StayAtBase) -> None:
    """R-P6: draw 2 Objectives keep 1, +1 Credit, optional free Contract replacement, a new hand."""
    check_stay_at_base(ctx.state, seat, cmd)
    neg = ctx.state.negotiation
    if neg is not None:
        ctx.emit(ContractReleased(seat, neg.contract, neg.slot))
    ctx.emit(StayedAtBase(seat))
    drawn = ctx.state.objective_deck[:2]
    if drawn:
        ctx.emit(ObjectivesDealt(seat, drawn))
    # With the Objective deck empty there is nothing to keep (A23), but step 4's free Contract
    # replacement is still the Mission Leader's to choose: `keep replace N` or `keep replace none`.


def _check_keep_base_objective(s: GameState, seat: int, cmd: Keep) -> bool:
    if seat != s.leader:
        raise refuse("not_choosing_objectives")
    p = s.players[seat]
    _check_keep(p.choosing, cmd.objectives, min(1, len(p.choosing)))
    if cmd.replace is not None:
        _check_contract_slot(s, cmd.replace)
    return True


def _keep_base_objective(ctx: Ctx, seat: int, cmd: Keep) -> None:
    p = ctx.state.players[seat]
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
