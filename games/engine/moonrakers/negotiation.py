"""Negotiation as explicit commands (spec §4.3): offers, answers, counters, volunteers, the lock.

Only the deal binds: who takes part, and each participant's share of the Contract's Prestige,
Credits, Bonus Card and Hazard Dice; what it leaves unassigned is the Mission Leader's (A48).
Caps keep every table moving: at most 3 offers per seat and 2 proposals per seat per selection,
two negotiated selections per turn, and an answer is only ever awaited from a seat with an open offer.
"""

from __future__ import annotations

from games.engine.core import SeatRef
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
    Offer,
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


def _neg(s: GameState) -> Negotiation:
    if s.phase != NEGOTIATION or s.negotiation is None:
        raise refuse("no_negotiation")
    return s.negotiation


def _checked(s: GameState) -> Negotiation:
    """The negotiation, once a check has found one going on."""
    assert s.negotiation is not None
    return s.negotiation


def _leader(s: GameState, seat: int) -> Negotiation:
    neg = _neg(s)
    if seat != s.leader:
        raise refuse("not_mission_leader")
    return neg


def _seat(s: GameState, seat: int) -> None:
    if not 0 <= seat < s.n or seat == s.leader:
        raise refuse("no_such_ally", seat=seat + 1)


def check_make_offer(s: GameState, seat: int, cmd: MakeOffer) -> bool:
    """Every refusal of ``make_offer``."""
    neg = _leader(s, seat)
    if not can_negotiate(s):
        raise refuse("solo_only")
    _seat(s, cmd.to)
    check_terms(neg.contract, cmd.terms)
    if _offers_made(neg, cmd.to) >= MAX_OFFERS:
        raise refuse("too_many_offers", count=MAX_OFFERS)
    return True


def _offers_made(neg: Negotiation, seat: int) -> int:
    old = neg.offer(seat)
    return old.made if old else 0


def make_offer(ctx: Ctx, seat: int, cmd: MakeOffer) -> None:
    check_make_offer(ctx.state, seat, cmd)
    ctx.emit(OfferMade(cmd.to, cmd.terms, _offers_made(_checked(ctx.state), cmd.to) + 1), seat)


def check_cancel_offer(s: GameState, seat: int, cmd: CancelOffer) -> bool:
    """Every refusal of ``cancel_offer``."""
    old = _leader(s, seat).offer(cmd.to)
    if old is None or old.status not in (OPEN, ACCEPTED, COUNTERED):
        raise refuse("no_offer_to", seat=cmd.to + 1)
    return True


def cancel_offer(ctx: Ctx, seat: int, cmd: CancelOffer) -> None:
    check_cancel_offer(ctx.state, seat, cmd)
    ctx.emit(OfferCancelled(cmd.to), seat)


def _seat_terms(neg: Negotiation, seat: int) -> Terms | None:
    """The terms the Mission Leader may accept from ``seat``: its counter, else its proposal."""
    offer = neg.offer(seat)
    prop = neg.proposal(seat)
    if offer is not None and offer.status == COUNTERED:
        return offer.terms
    if prop is not None:
        return prop.terms
    return None


def check_accept_seat(s: GameState, seat: int, cmd: AcceptSeat) -> bool:
    """Every refusal of ``accept_seat``: the Mission Leader takes terms that, with the shares
    accepted already, fit the Contract ("Players cannot negotiate over any prestige, cards, or
    credits already owned", 001). An invitee's ``accept`` of an offer is checked at the lock
    instead (spec §4.3): the Mission Leader may have offered the same Credits to two captains."""
    neg = _leader(s, seat)
    terms = _seat_terms(neg, cmd.seat)
    if terms is None:
        raise refuse("nothing_to_accept", seat=cmd.seat + 1)
    total = terms
    for share in accepted_shares(neg):
        if share.seat != cmd.seat:
            total = total.plus(share.terms)
    if not fits(neg.contract, total):
        raise refuse("terms_do_not_fit", player=SeatRef(cmd.seat))  # by name, not "player 2"
    return True


def accept_seat(ctx: Ctx, seat: int, cmd: AcceptSeat) -> None:
    check_accept_seat(ctx.state, seat, cmd)
    terms = _seat_terms(_checked(ctx.state), cmd.seat)
    assert terms is not None
    ctx.emit(AllyAccepted(cmd.seat, terms), seat)


def check_answer(s: GameState, seat: int, cmd: AcceptOffer | DeclineOffer) -> bool:
    """Every refusal of ``accept_offer`` and ``decline_offer``."""
    _open_offer(s, seat)
    return True


def _offered_terms(s: GameState, seat: int) -> Terms:
    """The terms of the open offer ``check_answer`` found."""
    offer = _checked(s).offer(seat)
    assert offer is not None
    return offer.terms


def accept_offer(ctx: Ctx, seat: int, cmd: AcceptOffer) -> None:
    check_answer(ctx.state, seat, cmd)
    ctx.emit(OfferAnswered(seat, "accept", _offered_terms(ctx.state, seat)))


def decline_offer(ctx: Ctx, seat: int, cmd: DeclineOffer) -> None:
    check_answer(ctx.state, seat, cmd)
    ctx.emit(OfferAnswered(seat, "decline", _offered_terms(ctx.state, seat)))


def check_counter(s: GameState, seat: int, cmd: Counter) -> bool:
    """Every refusal of ``counter``."""
    neg = _neg(s)
    _open_offer(s, seat)
    check_terms(neg.contract, cmd.terms)
    return True


def counter(ctx: Ctx, seat: int, cmd: Counter) -> None:
    check_counter(ctx.state, seat, cmd)
    ctx.emit(OfferAnswered(seat, "counter", cmd.terms))


def _open_offer(s: GameState, seat: int) -> Offer:
    neg = _neg(s)
    offer = neg.offer(seat)
    if offer is None or offer.status != OPEN:
        raise refuse("no_open_offer")
    return offer


def check_propose(s: GameState, seat: int, cmd: Propose) -> bool:
    """Every refusal of ``propose``."""
    neg = _neg(s)
    if seat == s.leader:
        raise refuse("leader_cannot_propose")
    if not can_negotiate(s):
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
    return True


def propose(ctx: Ctx, seat: int, cmd: Propose) -> None:
    check_propose(ctx.state, seat, cmd)
    ctx.emit(ProposalMade(seat, cmd.terms))


def check_leave(s: GameState, seat: int, cmd: Leave) -> bool:
    """Every refusal of ``leave``."""
    offer = _neg(s).offer(seat)
    if offer is None or offer.status != ACCEPTED:
        raise refuse("not_an_ally")
    return True


def leave(ctx: Ctx, seat: int, cmd: Leave) -> None:
    check_leave(ctx.state, seat, cmd)
    ctx.emit(AllyLeft(seat))


def accepted_shares(neg: Negotiation) -> tuple[Share, ...]:
    return tuple(Share(o.seat, o.terms) for o in neg.offers if o.status == ACCEPTED)


def deal_fits(neg: Negotiation) -> bool:
    total = Terms()
    for share in accepted_shares(neg):
        total = total.plus(share.terms)
    return fits(neg.contract, total)


def fits(contract: str, total: Terms) -> bool:
    """Shares summing to ``total`` give away no more than the Contract offers, in every term."""
    full = contract_terms(contract)
    return total.p <= full.p and total.c <= full.c and total.b <= full.b and total.d <= full.d


def _crew_seats(s: GameState, allies: tuple[Share, ...]) -> set[int]:
    return {s.leader, *(a.seat for a in allies)}


def check_launch(s: GameState, seat: int, cmd: Launch) -> bool:
    """Every refusal of ``launch``: the lock, its dice and the start of the Contract refuse nothing."""
    neg = _leader(s, seat)
    if not deal_fits(neg):
        raise refuse("deal_does_not_fit")
    crew = sorted(_crew_seats(s, accepted_shares(neg)))
    if cmd.order and sorted(cmd.order) != crew:
        # "launch order p3 p2" left the Mission Leader out: the refusal gives an order that reads.
        raise refuse("bad_order", order=" ".join(f"p{seat + 1}" for seat in crew))
    return True


def launch(ctx: Ctx, seat: int, cmd: Launch) -> None:
    check_launch(ctx.state, seat, cmd)
    allies = accepted_shares(_checked(ctx.state))
    seats = _crew_seats(ctx.state, allies)
    lock(ctx, allies, solo=False, order=cmd.order if len(seats) > 1 else ())


def check_go_solo(s: GameState, seat: int, cmd: GoSolo) -> bool:
    """Every refusal of ``go_solo``: the lock refuses nothing."""
    _leader(s, seat)
    return True


def go_solo(ctx: Ctx, seat: int, cmd: GoSolo) -> None:
    check_go_solo(ctx.state, seat, cmd)
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
