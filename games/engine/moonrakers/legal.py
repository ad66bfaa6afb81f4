"""Who must act now (``pending``, with defaults that are always legal and never cost an absent
player Prestige nor commit them to a Contract or to Hazard Dice), and what a seat may do
(``legal``: command specs for forms and bots; ``candidates``: concrete commands for bots and tests).
"""

from __future__ import annotations

from functools import cache

from games.engine.core import Choice, Command, CommandSpec, Message, Param, Pending, SeatRef, msg
from games.engine.moonrakers.cards import BASIC, CONTRACTS, CREW, PARTS, card_type
from games.engine.moonrakers.commands import (
    NO_OPTS,
    AcceptOffer,
    AcceptSeat,
    BonusDeck,
    Buy,
    CancelOffer,
    ChooseContract,
    Claim,
    Counter,
    DeclineOffer,
    Done,
    GoSolo,
    Guard,
    Keep,
    KeepBonus,
    Launch,
    Leave,
    MakeOffer,
    Opts,
    Pick,
    PlayCard,
    Propose,
    Refresh,
    RefuseBonus,
    Scrap,
    StayAtBase,
    Swap,
    TrashChoice,
    UseMercenary,
    UsePart,
)
from games.engine.moonrakers.effects import (
    ACTIVATED,
    CREW_TABLE,
    PART_TABLE,
    REPLICATOR_AS,
    best_pick,
    printed,
)
from games.engine.moonrakers.execution import current_seats, merc_cost
from games.engine.moonrakers.negotiation import MAX_OFFERS, MAX_PROPOSALS, can_negotiate, contract_terms
from games.engine.moonrakers.objectives import met
from games.engine.moonrakers.serial import replace
from games.engine.moonrakers.state import (
    ACCEPTED,
    BASE,
    BONUS,
    BUYING,
    COUNTERED,
    EXECUTION,
    KEEP_OBJECTIVES,
    NEGOTIATION,
    OPEN,
    PLANNING,
    GameState,
    Negotiation,
    Terms,
)

M = msg


def followup_default(state: GameState, seat: int) -> Command:
    """DP-24..27: Kal trashes nothing; Lee and Zek pick by the fixed priority; Ryan the highest Damage."""
    att = state.attempt
    assert att is not None
    p = att.part(seat)
    assert p.followup is not None
    kind = p.followup.kind
    if kind == "kal_trash":
        return TrashChoice(None)
    if kind == "ryan_pick":
        hand = state.players[seat].hand
        drawn = [c for c in p.followup.cards if c in hand]
        return Pick(max(drawn, key=lambda c: c[-1]) if drawn else None)
    cards = p.looking if kind == "lee_pick" else state.players[seat].draw
    card = best_pick(state, seat, cards)
    opts = CREW_TABLE[card].default(state, seat) if card in CREW else Opts()
    return Pick(card, opts)


_GUARD = Guard()  # every participant's default while playing (a command is a value: one will do)


def pending(state: GameState | None) -> list[Pending]:
    if state is None or state.finished:
        return []
    phase = state.phase
    if phase == KEEP_OBJECTIVES:
        return [
            Pending(seat, "keep_objectives", Keep(p.choosing[:2]), private=True, key="objectives")
            for seat, p in enumerate(state.players)
            if p.choosing
        ]
    leader = state.leader
    if phase == PLANNING:
        return [Pending(leader, "plan", StayAtBase(), key=f"plan:{state.selections}")]
    if phase == BASE:
        return [Pending(leader, "base_objective", Keep(state.players[leader].choosing[:1]), private=True)]
    if phase == NEGOTIATION:
        neg = state.negotiation
        assert neg is not None
        invitees = [
            Pending(o.seat, "answer_offer", DeclineOffer(), key=f"offer:{neg.selection}:{o.made}", reply=True)
            for o in neg.offers
            if o.status == OPEN
        ]
        if invitees:
            return invitees
        return [Pending(leader, "negotiate", StayAtBase(), key=f"negotiate:{neg.selection}")]
    if phase == EXECUTION:
        att = state.attempt
        assert att is not None
        out = []
        key = f"play:{att.contract}"  # asked after every card played: written once, not once per seat
        for seat in current_seats(state):
            part = att.part(seat)
            if part.followup is not None:
                out.append(
                    Pending(seat, part.followup.kind, followup_default(state, seat), private=True, reply=True)
                )
            else:
                out.append(Pending(seat, "play", _GUARD, key=key))
        return out
    if phase == BONUS:
        att = state.attempt
        assert att is not None and att.bonus_seat is not None
        if att.bonus_deck is None:
            return [Pending(att.bonus_seat, "bonus_deck", BonusDeck("crew"), reply=True)]
        card = att.bonus_card
        full = card in PARTS and len(state.players[att.bonus_seat].parts) >= 4
        return [Pending(att.bonus_seat, "bonus_keep", RefuseBonus() if full else KeepBonus(), reply=True)]
    if phase == BUYING:
        return [Pending(leader, "buy", Done())]
    return []


# --- concrete candidates ---------------------------------------------------------------------------


def _terms_choices(state: GameState) -> tuple[Terms, ...]:
    neg = state.negotiation
    assert neg is not None
    return _terms_of(neg.contract)


# By Contract: every candidate list of a negotiation asks for them (a few hundred terms each).
@cache
def _terms_of(contract: str) -> tuple[Terms, ...]:
    full = contract_terms(contract)
    out = [Terms()]
    for p in range(full.p + 1):
        for c in sorted({0, full.c // 3, full.c // 2, full.c}):
            for d in range(full.d + 1):
                for b in range(full.b + 1):
                    out.append(Terms(p, c, b, d))
    return tuple(out)


def _crew_opts(state: GameState, seat: int, card: str) -> list[Opts]:
    ability = CREW_TABLE[card]
    default = ability.default(state, seat)
    out = [default]
    if "mode" in ability.needs:
        out += [Opts(mode=m) for m in ability.modes]
    if "reduce" in ability.needs and state.attempt is not None:
        for kind in printed(state):
            out.append(Opts(trash=default.trash, reduce=kind))
    return out


def candidates(state: GameState, seat: int) -> list[Command]:
    """Commands worth trying for ``seat`` now (most legal; bots filter with ``decide``)."""
    return claim_candidates(state, seat) + other_candidates(state, seat)


def claim_candidates(state: GameState, seat: int) -> list[Command]:
    """The Claims that open ``candidates``: a bot that claims first need not build the rest."""
    if state.finished or state.phase == KEEP_OBJECTIVES:
        return []
    return [Claim(obj) for obj in state.players[seat].objectives if met(state, seat, obj)]


def other_candidates(state: GameState, seat: int) -> list[Command]:
    """The candidates after the Claims."""
    out: list[Command] = []
    s = state
    if s.finished:
        return out
    p = s.players[seat]
    if s.phase == KEEP_OBJECTIVES:
        ch = p.choosing
        if ch:
            out += [Keep((ch[i], ch[j])) for i in range(len(ch)) for j in range(i + 1, len(ch))]
        return out
    leader = seat == s.leader
    if s.phase in (PLANNING, NEGOTIATION) and leader:
        out.append(StayAtBase())
        slots = [i for i, c in enumerate(s.contract_row) if c is not None]
        if s.selections < 3:
            # Alone at the table, "contract N" is an attempt alone too (there is nobody to ask): only
            # that one is offered, so a solo page does not show each Contract twice.
            together = [ChooseContract(i) for i in slots] if s.n > 1 else []
            out += together + [ChooseContract(i, True) for i in slots]
        if not s.swap_used and p.credits >= 1:
            out += [Swap(i) for i in slots]
    if s.phase == NEGOTIATION:
        neg = s.negotiation
        assert neg is not None
        if leader:
            out += [GoSolo(), Launch()]
            if can_negotiate(s):
                terms = _terms_choices(s)
                for other in range(s.n):
                    if other == seat:
                        continue
                    o = neg.offer(other)
                    if o is None or o.made < MAX_OFFERS:
                        out += [MakeOffer(other, t) for t in terms[:: max(1, len(terms) // 6)]]
                    if o is not None and o.status in (OPEN, ACCEPTED, COUNTERED):
                        out.append(CancelOffer(other))
                    if (o is not None and o.status == COUNTERED) or neg.proposal(other) is not None:
                        out.append(AcceptSeat(other))
        else:
            o = neg.offer(seat)
            if o is not None and o.status == OPEN:
                out += [AcceptOffer(), DeclineOffer()]
                terms = _terms_choices(s)
                out += [Counter(t) for t in terms[:: max(1, len(terms) // 4)]]
            if o is not None and o.status == ACCEPTED:
                out.append(Leave())
            prop = neg.proposal(seat)
            if (
                can_negotiate(s)
                and (prop is None or prop.made < MAX_PROPOSALS)
                and not (o and o.status in (ACCEPTED, OPEN))
            ):
                out += [Propose(t) for t in _terms_choices(s)[1:3]]
    if s.phase == BASE and leader:
        # Step 4's free replacement may take any Contract of the row (or none).
        slots = [i for i, c in enumerate(s.contract_row) if c]
        keeps: list[tuple[str, ...]] = [(obj,) for obj in p.choosing] or [()]  # (): deck was empty
        for kept in keeps:
            out += [Keep(kept), *(Keep(kept, i) for i in slots)]
    if s.phase == EXECUTION and seat in current_seats(s):
        att = s.attempt
        assert att is not None
        part = att.part(seat)
        if part.followup is not None:
            out.append(followup_default(s, seat))
            kind = part.followup.kind
            if kind == "kal_trash":
                out += [TrashChoice(c) for c in sorted(set(p.hand))]
            elif kind == "ryan_pick":
                out += [Pick(c) for c in part.followup.cards] + [Pick(None)]
            else:
                pool = part.looking if kind == "lee_pick" else p.draw
                for c in sorted(set(pool)):
                    out += [Pick(c, o) for o in (_crew_opts(s, seat, c) if c in CREW else [Opts()])]
            return out
        out += [Done(), Guard()]
        for card in sorted(set(p.hand)):
            if card in CREW:
                out += [PlayCard(card, o) for o in _crew_opts(s, seat, card)]
            else:
                out.append(PlayCard(card))
                if card == "damage-1":
                    out += [
                        PlayCard(card, Opts(with_part=x))
                        for x in ("mg-charge-core", "the-quantum-driver")
                        if x in p.parts
                    ]
        for part_slug in p.parts:
            if part_slug not in ACTIVATED:
                continue
            out += _part_uses(s, seat, part_slug)
        if s.uses_mercenaries and seat == att.leader:
            for i, merc in enumerate(s.merc_row):
                if merc is not None and i not in s.merc_used:
                    opts = CREW_TABLE[merc].default(s, seat) if merc in CREW else Opts()
                    out.append(UseMercenary(i, opts))
    if s.phase == BONUS:
        att = s.attempt
        assert att is not None
        if att.bonus_seat == seat:
            if att.bonus_deck is None:
                out += [BonusDeck("crew"), BonusDeck("part")]
            else:
                out.append(RefuseBonus())
                if att.bonus_card in PARTS and len(p.parts) >= 4:
                    out += [KeepBonus(x) for x in p.parts]
                else:
                    out.append(KeepBonus())
    if s.phase == BUYING and leader:
        out.append(Done())
        for crew in s.crew_row:
            if crew is not None and CREW[crew].cost <= p.credits:
                out.append(Buy(crew))
        for part_card in s.part_row:
            if part_card is not None and PARTS[part_card].cost <= p.credits:
                out += [Buy(part_card, x) for x in p.parts] if len(p.parts) >= 4 else [Buy(part_card)]
        if s.option("armory_refresh") and not s.refresh_used and p.credits >= 1:
            out += [Refresh(c) for c in (*s.crew_row, *s.part_row) if c is not None]
        if s.solo:
            out += [
                Scrap(c)
                for c in (*s.crew_row, *s.part_row)
                if c in ("jump-jets-e2", "multi-stage-m1", "pulsor-mk1", "the-leech")
            ]
    return out


def _part_uses(s: GameState, seat: int, part: str) -> list[Command]:
    hand = s.players[seat].hand
    a = PART_TABLE[part]
    if a.needs == ():
        return [UsePart(part)]
    if part == "the-clone-bay":
        crews = sorted({c for c in s.players[seat].play if c in CREW})
        return [UsePart(part, replace(CREW_TABLE[c].default(s, seat), crew=c)) for c in crews]
    if part == "symbiote-9000":
        return [UsePart(part, Opts(trash=c)) for c in sorted(set(hand))]
    if part == "replicator-mk1":
        pairs = sorted({c for c in hand if hand.count(c) >= 2 and c in BASIC})
        return [UsePart(part, Opts(cards=(c, c), mode=m)) for c in pairs for m in REPLICATOR_AS]
    if part == "defender-5000":
        others = [c for c in hand if card_type(c) != "shield"]
        return [UsePart(part, Opts(cards=(others[0], others[1])))] if len(others) >= 2 else []
    misses = tuple(c for c in hand if c == "miss")[:3]
    # Up to 3 cards (The Pursuer, Multi Stage M1): none at all would only spend the once-per-Contract
    # use, and reads back as no option given (``parse(format(c)) == c`` would not hold).
    return [UsePart(part, Opts(cards=cards)) for cards in (misses, tuple(hand[:3])) if cards]


# --- specs for forms -------------------------------------------------------------------------------


def _choices(values: list[str], label_key: str) -> tuple[Choice, ...]:
    return tuple(Choice(v, M(label_key, name=v)) for v in values)


def _seat_choices(seats: list[int]) -> tuple[Choice, ...]:
    return tuple(Choice(f"p{s + 1}", M("moonrakers.label.seat", player=SeatRef(s))) for s in seats)


def _terms_params(state: GameState) -> tuple[Param, ...]:
    neg = state.negotiation
    assert neg is not None
    full = contract_terms(neg.contract)
    params = [
        Param(
            "prestige",
            M("moonrakers.label.prestige"),
            tuple(Choice(f"{n}p", M("moonrakers.label.n_prestige", n, n=n)) for n in range(full.p + 1)),
        ),
        Param(
            "credits",
            M("moonrakers.label.credits"),
            tuple(Choice(f"{n}c", M("moonrakers.label.n_credits", n, n=n)) for n in range(full.c + 1)),
        ),
    ]
    if full.b:
        params.append(
            Param(
                "bonus",
                M("moonrakers.label.bonus"),
                (Choice("bonus", M("moonrakers.label.bonus_card")),),
                multiple=True,
                min_count=0,
            )
        )
    params.append(
        Param(
            "dice",
            M("moonrakers.label.dice"),
            tuple(Choice(f"{n}d", M("moonrakers.terms.d", n, n=n)) for n in range(full.d + 1)),
        )
    )
    return tuple(params)


# Choices that commit a seat past taking back (a launched deal, Hazard Dice, giving up a Contract or
# a Bonus Card): forms ask for a confirmation step before sending them.
IRREVERSIBLE = frozenset({"launch", "gosolo", "stayatbase", "leave", "refusebonus"})


def legal(state: GameState | None, seat: int) -> list[CommandSpec]:
    """What ``seat`` may do now. Built from the concrete candidates ``decide`` accepts: a command
    without options is a spec of its own; a Crew card, an activated part, a Mercenary Crew or a
    picked card with options becomes one spec with its options as parameters (specs.py)."""
    if state is None or state.finished:
        return []
    from games.engine.moonrakers.engine import accepts
    from games.engine.moonrakers.notation import format_command
    from games.engine.moonrakers.specs import crew_params, part_params

    specs: list[CommandSpec] = []
    seen: set[str] = set()
    neg_done = False
    for cmd in candidates(state, seat):
        if isinstance(cmd, MakeOffer | Counter | Propose):
            if not neg_done:
                neg_done = True
                specs += _negotiation_specs(state, seat)
            continue
        if not accepts(state, seat, cmd):
            continue
        action = type(cmd).__name__.lower()
        text = format_command(cmd)
        params: tuple[Param, ...] = ()
        prefix = text
        crew: str | None = None
        if isinstance(cmd, PlayCard) and cmd.card in CREW and cmd.opts.with_part is None:
            crew, prefix = cmd.card, f"play {cmd.card}"
        elif isinstance(cmd, Pick) and cmd.card in CREW:
            crew, prefix = cmd.card, f"pick {cmd.card}"
        elif isinstance(cmd, UseMercenary) and state.merc_row[cmd.slot] in CREW:
            crew, prefix = state.merc_row[cmd.slot], f"merc {cmd.slot + 1}"
        elif isinstance(cmd, UsePart) and cmd.part == "the-clone-bay" and cmd.opts.crew is not None:
            crew, prefix = cmd.opts.crew, f"use the-clone-bay {cmd.opts.crew}"
        elif isinstance(cmd, UsePart):
            found = part_params(state, seat, cmd.part)
            if found is not None:
                prefix, params = f"use {cmd.part}", found[1]
        if crew is not None:
            hand = list(state.players[seat].hand)
            if isinstance(cmd, PlayCard) and crew in hand:
                hand.remove(crew)
            suffix, params = crew_params(state, seat, crew, hand_after=tuple(hand))
            prefix = f"{prefix} {suffix}".strip()
        if prefix in seen:
            continue
        seen.add(prefix)
        # A Mercenary Crew's options are its card's: the label still names the card and its price.
        label = _named_label(state, cmd) if not params or isinstance(cmd, UseMercenary) else None
        label = label or M(f"moonrakers.label.{action}", text=prefix)
        # Attempting a Contract alone from the Planning row locks it and rolls its dice at once, as
        # "solo" does in negotiation: confirmed the same way.
        irreversible = action in IRREVERSIBLE or (isinstance(cmd, ChooseContract) and cmd.solo)
        specs.append(CommandSpec(action, prefix, label, params, confirm=irreversible))
    # The decisive commands first: an email's one-click links and a bot author's list start with
    # what moves the game on (answer the offer, launch), and switching Contracts comes last.
    return sorted(specs, key=lambda spec: SPEC_ORDER.get(spec.action, 50))


SPEC_ORDER = {
    "acceptoffer": 0,
    "declineoffer": 1,
    "counter": 2,
    "propose": 3,
    "leave": 4,
    "acceptseat": 5,
    "launch": 6,
    "gosolo": 7,
    "offer": 8,
    "canceloffer": 9,
    "stayatbase": 34,
    "choosecontract": 35,
    "swap": 36,
}


def _card(slug: str) -> Message:
    return M(f"moonrakers.card.{slug}")


def _named_label(state: GameState, cmd: Command) -> Message | None:
    """A label that names the cards and captains ("Choose Icarus Run", "Accept Bob's terms") for
    the commands a player picks from a list (forms, one-click email links); None: the generic one."""
    if isinstance(cmd, Keep) and state.phase == BASE:
        slot = cmd.replace
        if slot is None or not 0 <= slot < len(state.contract_row) or not state.contract_row[slot]:
            return (
                M("moonrakers.label.keep_one", objective=_card(cmd.objectives[0])) if cmd.objectives else None
            )
        contract = _card(str(state.contract_row[slot]))
        if not cmd.objectives:
            return M("moonrakers.label.replace_only", contract=contract)
        return M("moonrakers.label.keep_one_replace", objective=_card(cmd.objectives[0]), contract=contract)
    if isinstance(cmd, Keep) and len(cmd.objectives) == 2:
        return M("moonrakers.label.keep_two", first=_card(cmd.objectives[0]), second=_card(cmd.objectives[1]))
    if isinstance(cmd, ChooseContract):
        slug = cmd.contract or (
            state.contract_row[cmd.slot] if 0 <= cmd.slot < len(state.contract_row) else None
        )
        if slug is None:
            return None
        return M(
            "moonrakers.label.contract_solo" if cmd.solo else "moonrakers.label.contract",
            contract=_card(slug),
        )
    if isinstance(cmd, Swap) and 0 <= cmd.slot < len(state.contract_row) and state.contract_row[cmd.slot]:
        return M("moonrakers.label.swap_named", contract=_card(str(state.contract_row[cmd.slot])))
    if isinstance(cmd, CancelOffer):
        return M("moonrakers.label.cancel_named", player=SeatRef(cmd.to))
    if isinstance(cmd, AcceptSeat):
        return M("moonrakers.label.accept_named", player=SeatRef(cmd.seat))
    if isinstance(cmd, PlayCard) and cmd.opts == NO_OPTS:
        return M("moonrakers.label.play_named", card=_card(cmd.card))
    if isinstance(cmd, Buy):
        if cmd.replace:
            return M("moonrakers.label.buy_replacing", card=_card(cmd.card), part=_card(cmd.replace))
        return M("moonrakers.label.buy_named", card=_card(cmd.card))
    if isinstance(cmd, Refresh):
        return M("moonrakers.label.refresh_named", card=_card(cmd.card))
    if isinstance(cmd, Claim):
        return M("moonrakers.label.claim_named", objective=_card(cmd.objective))
    if isinstance(cmd, UseMercenary) and 0 <= cmd.slot < len(state.merc_row) and state.merc_row[cmd.slot]:
        # The card and its price, paid out of the Contract's rewards: "merc 3" said neither.
        credits, prestige = merc_cost(state, cmd.slot)
        cost = (
            M("moonrakers.terms.p", prestige, n=prestige)
            if prestige
            else M("moonrakers.terms.c", credits, n=credits)
        )
        return M(
            "moonrakers.label.merc_named",
            card=_card(str(state.merc_row[cmd.slot])),
            slot=cmd.slot + 1,
            cost=cost,
        )
    if isinstance(cmd, BonusDeck):
        left = len(state.crew_deck if cmd.deck == "crew" else state.part_deck)
        return M(f"moonrakers.label.bonus_{cmd.deck}", left, n=left)
    if isinstance(cmd, KeepBonus):
        if cmd.replace:
            return M("moonrakers.label.keep_bonus_replacing", part=_card(cmd.replace))
        return M("moonrakers.label.keep_bonus_named")
    if isinstance(cmd, Scrap):
        return M("moonrakers.label.scrap_named", card=_card(cmd.card))
    # The follow-ups of Lee van Cribb, Zek Zarag, Ryan Rogal and Kal Damar: the card, in words
    # ("pick thruster" was the label of its own command).
    if isinstance(cmd, Pick) and cmd.opts == NO_OPTS:
        return (
            M("moonrakers.label.pick_named", card=_card(cmd.card))
            if cmd.card
            else M("moonrakers.label.pick_none")
        )
    if isinstance(cmd, TrashChoice):
        return (
            M("moonrakers.label.trash_named", card=_card(cmd.card))
            if cmd.card
            else M("moonrakers.label.trash_none")
        )
    if isinstance(cmd, Launch) and state.negotiation is not None:
        return _launch_label(state)
    return None


def _launch_label(state: GameState) -> Message:
    """The deal being locked, said on its button and on the page that asks to confirm it (nothing
    can be taken back): each captain's share, the Mission Leader's, and the Contract."""
    from games.engine.moonrakers.negotiation import accepted_shares
    from games.engine.moonrakers.view import terms_message

    neg = state.negotiation
    assert neg is not None
    allies = accepted_shares(neg)
    shares = [
        M("moonrakers.label.share_of", player=SeatRef(a.seat), terms=terms_message(a.terms)) for a in allies
    ]
    given = Terms()
    for a in allies:
        given = given.plus(a.terms)
    full = contract_terms(neg.contract)  # the deal fits (launch is offered only then): nothing below 0
    kept = Terms(full.p - given.p, full.c - given.c, full.b - given.b, full.d - given.d)
    shares.insert(0, M("moonrakers.label.share_of", player=SeatRef(state.leader), terms=terms_message(kept)))
    said = shares[0]
    for share in shares[1:]:  # "Ann: 1 Prestige, 2 Credits; Bob: 1 Credit": a share is a list itself
        said = M("moonrakers.label.shares_join", a=said, b=share)
    return M("moonrakers.label.launch_named", contract=_card(neg.contract), shares=said)


def _offers_made(neg: Negotiation, seat: int) -> int:
    offer = neg.offer(seat)
    return offer.made if offer is not None else 0


def _negotiation_specs(state: GameState, seat: int) -> list[CommandSpec]:
    neg = state.negotiation
    assert neg is not None
    out = []
    terms = _terms_params(state)
    if seat == state.leader and can_negotiate(state):
        seats = [s for s in range(state.n) if s != seat and _offers_made(neg, s) < MAX_OFFERS]
        if seats:
            out.append(
                CommandSpec(
                    "offer",
                    "offer",
                    M("moonrakers.label.offer"),
                    (Param("seat", M("moonrakers.label.ally"), _seat_choices(seats)), *terms),
                )
            )
    o = neg.offer(seat)
    if seat != state.leader and o is not None and o.status == OPEN:
        out.append(CommandSpec("counter", "counter", M("moonrakers.label.counter"), terms))
    prop = neg.proposal(seat)
    if (
        seat != state.leader
        and can_negotiate(state)
        and (prop is None or prop.made < MAX_PROPOSALS)
        and not (o and o.status in (ACCEPTED, OPEN))
    ):
        out.append(CommandSpec("propose", "propose", M("moonrakers.label.propose"), terms))
    return out


__all__ = ["BASIC", "CONTRACTS", "candidates", "followup_default", "legal", "pending"]
