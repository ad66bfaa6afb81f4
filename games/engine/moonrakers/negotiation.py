"""Negotiation as explicit commands (spec §4.3): offers, answers, counters, volunteers, the lock.

Only the deal binds: who takes part, and each participant's share of the Contract's Prestige,
Credits, Bonus Card and Hazard Dice; what it leaves unassigned is the Mission Leader's (A48).
Caps keep every table moving: at most 3 offers per seat and 2 proposals per seat per selection,
two negotiated selections per turn, and an answer is only ever awaited from a seat with an open offer.
"""

from __future__ import annotations

from games.engine.moonrakers.cards import CONTRACTS
from games.engine.moonrakers.commands import (
    AcceptOffer,
    AcceptSeat,
    CancelOffer,
    Counter,
    DeclineOffer,
    GoSolo,
    Launch,
    Leave,
    MakeOffer,
    Propose,
)
from games.engine.moonrakers.context import Ctx, refuse
from games.engine.moonrakers.events import (
    AllyAccepted,
    AllyLeft,
    ContractStarted,
    DealLocked,
    HazardDiceRolled,
    OfferAnswered,
    OfferCancelled,
    OfferMade,
    ProposalMade,
)
from games.engine.moonrakers.setup import roll_die
from games.engine.moonrakers.state import (
    ACCEPTED,
    COUNTERED,
    NEGOTIATION,
    OPEN,
    GameState,
    Negotiation,
    Share,
    Terms,
)

MAX_OFFERS = 3
MAX_PROPOSALS = 2
NEGOTIATED_SELECTIONS = 2


def contract_terms(contract: str) -> Terms:
    c = CONTRACTS[contract]
    return Terms(c.prestige, c.credits, c.bonus, c.dice)


def check_terms(contract: str, terms: Terms) -> None:
    full = contract_terms(contract)
    for name, have, most in zip(
        "pcbd", (terms.p, terms.c, terms.b, terms.d), (full.p, full.c, full.b, full.d), strict=True
    ):
        if not 0 <= have <= most:
            raise refuse("terms_too_much", what=name, most=most)


def can_negotiate(state: GameState) -> bool:
    neg = state.negotiation
    return neg is not None and neg.selection <= NEGOTIATED_SELECTIONS and state.n > 1


def _neg(ctx: Ctx) -> Negotiation:
    s = ctx.state
    if s.phase != NEGOTIATION or s.negotiation is None:
        raise refuse("no_negotiation")
    return s.negotiation


def _leader(ctx: Ctx, seat: int) -> Negotiation:
    neg = _neg(ctx)
    if seat != ctx.state.leader:
        raise refuse("not_mission_leader")
    return neg


def _seat(ctx: Ctx, seat: int) -> None:
    if not 0 <= seat < ctx.state.n or seat == ctx.state.leader:
        raise refuse("no_such_ally", seat=seat + 1)


def make_offer(ctx: Ctx, seat: int, cmd: MakeOffer) -> None:
    neg = _leader(ctx, seat)
    if not can_negotiate(ctx.state):
        raise refuse("solo_only")
    _seat(ctx, cmd.to)
    check_terms(neg.contract, cmd.terms)
    old = neg.offer(cmd.to)
    made = old.made if old else 0
    if made >= MAX_OFFERS:
        raise refuse("too_many_offers", count=MAX_OFFERS)
    ctx.emit(OfferMade(cmd.to, cmd.terms, made + 1), seat)


def cancel_offer(ctx: Ctx, seat: int, cmd: CancelOffer) -> None:
    neg = _leader(ctx, seat)
    old = neg.offer(cmd.to)
    if old is None or old.status not in (OPEN, ACCEPTED, COUNTERED):
        raise refuse("no_offer_to", seat=cmd.to + 1)
    ctx.emit(OfferCancelled(cmd.to), seat)


def accept_seat(ctx: Ctx, seat: int, cmd: AcceptSeat) -> None:
    neg = _leader(ctx, seat)
    offer = neg.offer(cmd.seat)
    prop = neg.proposal(cmd.seat)
    if offer is not None and offer.status == COUNTERED:
        terms = offer.terms
    elif prop is not None:
        terms = prop.terms
    else:
        raise refuse("nothing_to_accept", seat=cmd.seat + 1)
    ctx.emit(AllyAccepted(cmd.seat, terms), seat)


def accept_offer(ctx: Ctx, seat: int, cmd: AcceptOffer) -> None:
    offer = _open_offer(ctx, seat)
    ctx.emit(OfferAnswered(seat, "accept", offer.terms))


def decline_offer(ctx: Ctx, seat: int, cmd: DeclineOffer) -> None:
    offer = _open_offer(ctx, seat)
    ctx.emit(OfferAnswered(seat, "decline", offer.terms))


def counter(ctx: Ctx, seat: int, cmd: Counter) -> None:
    neg = _neg(ctx)
    _open_offer(ctx, seat)
    check_terms(neg.contract, cmd.terms)
    ctx.emit(OfferAnswered(seat, "counter", cmd.terms))


def _open_offer(ctx: Ctx, seat: int):  # type: ignore[no-untyped-def]
    neg = _neg(ctx)
    offer = neg.offer(seat)
    if offer is None or offer.status != OPEN:
        raise refuse("no_open_offer")
    return offer


def propose(ctx: Ctx, seat: int, cmd: Propose) -> None:
    neg = _neg(ctx)
    if seat == ctx.state.leader:
        raise refuse("leader_cannot_propose")
    if not can_negotiate(ctx.state):
        raise refuse("solo_only")
    check_terms(neg.contract, cmd.terms)
    offer = neg.offer(seat)
    if offer is not None and offer.status == ACCEPTED:
        raise refuse("already_ally")
    if offer is not None and offer.status == OPEN:
        # Proposals are how captains without an offer volunteer; an invitee answers its offer
        # (accept, decline, or counter with its own terms), one way to say the same thing.
        raise refuse("counter_instead")
    prop = neg.proposal(seat)
    if prop is not None and prop.made >= MAX_PROPOSALS:
        raise refuse("too_many_proposals", count=MAX_PROPOSALS)
    ctx.emit(ProposalMade(seat, cmd.terms))


def leave(ctx: Ctx, seat: int, cmd: Leave) -> None:
    neg = _neg(ctx)
    offer = neg.offer(seat)
    if offer is None or offer.status != ACCEPTED:
        raise refuse("not_an_ally")
    ctx.emit(AllyLeft(seat))


def accepted_shares(neg: Negotiation) -> tuple[Share, ...]:
    return tuple(Share(o.seat, o.terms) for o in neg.offers if o.status == ACCEPTED)


def deal_fits(neg: Negotiation) -> bool:
    total = Terms()
    for share in accepted_shares(neg):
        total = total.plus(share.terms)
    full = contract_terms(neg.contract)
    return total.p <= full.p and total.c <= full.c and total.b <= full.b and total.d <= full.d


def launch(ctx: Ctx, seat: int, cmd: Launch) -> None:
    neg = _leader(ctx, seat)
    if not deal_fits(neg):
        raise refuse("deal_does_not_fit")
    allies = accepted_shares(neg)
    seats = {ctx.state.leader, *(a.seat for a in allies)}
    if cmd.order and (sorted(cmd.order) != sorted(seats)):
        raise refuse("bad_order")
    lock(ctx, allies, solo=False, order=cmd.order if len(seats) > 1 else ())


def go_solo(ctx: Ctx, seat: int, cmd: GoSolo) -> None:
    _leader(ctx, seat)
    lock(ctx, (), solo=True)


def lock(ctx: Ctx, allies: tuple[Share, ...], *, solo: bool, order: tuple[int, ...] = ()) -> None:
    """R-N4: the deal is locked, the dice are rolled by their holders, the Contract starts."""
    s = ctx.state
    neg = s.negotiation
    assert neg is not None
    full = contract_terms(neg.contract)
    rest = full
    for a in allies:
        rest = Terms(rest.p - a.terms.p, rest.c - a.terms.c, rest.b - a.terms.b, rest.d - a.terms.d)
    shares = (Share(s.leader, rest), *allies)
    ctx.emit(DealLocked(s.leader, neg.contract, neg.slot, shares, order), s.leader)
    for share in shares:
        n = share.terms.d
        cloaked = 0
        if n and "cloaking-device" in ctx.state.players[share.seat].parts:
            n, cloaked = n - 1, 1  # ruling A43
        faces = tuple(roll_die(ctx.rng) for _ in range(n))
        ctx.emit(HazardDiceRolled(share.seat, faces, cloaked))
    att = ctx.state.attempt
    assert att is not None
    ctx.emit(ContractStarted(att.seats))
    from games.engine.moonrakers.effects import start_of_contract

    start_of_contract(ctx)
