"""Every event type: a frozen payload dataclass, and one small fold function each (``evolve``).

Outcomes (shuffled orders, dice, drawn cards) are in the payloads, so ``evolve`` never draws.
All events are at version 1. Payload fields name cards by slug.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from games.engine.core import Event
from games.engine.moonrakers import serial
from games.engine.moonrakers.cards import BASIC, CREW, STARTING_CREDITS, SUPPLY
from games.engine.moonrakers.serial import replace
from games.engine.moonrakers.state import (
    ACCEPTED,
    BASE,
    BONUS,
    BUYING,
    CANCELLED,
    COUNTERED,
    DECLINED,
    EXECUTION,
    KEEP_OBJECTIVES,
    NEGOTIATION,
    OPEN,
    OVER,
    PLANNING,
    Attempt,
    ContractResult,
    Contribution,
    Followup,
    GameState,
    Install,
    Negotiation,
    Offer,
    Participant,
    Player,
    Proposal,
    Reduction,
    Share,
    Terms,
    TurnRecord,
)

# ``Event(...)`` without its frozen ``__init__``: one is made for every event emitted.
_event: Callable[[str, Any, int, int | None], Event] = serial.builder(Event)


class Payload:
    TYPE: ClassVar[str]
    VERSION: ClassVar[int] = 1

    def to_event(self, seat: int | None = None) -> Event:
        return _event(self.TYPE, serial.writer(type(self))(self), self.VERSION, seat)


P = TypeVar("P", bound=Payload)
PAYLOADS: dict[str, type[Payload]] = {}
FOLDS: dict[str, Callable[[GameState, Any], GameState]] = {}


def folds(
    cls: type[P],
) -> Callable[[Callable[[GameState, P], GameState]], Callable[[GameState, P], GameState]]:
    def register(fn: Callable[[GameState, P], GameState]) -> Callable[[GameState, P], GameState]:
        PAYLOADS[cls.TYPE] = cls
        FOLDS[cls.TYPE] = fn
        return fn

    return register


def payload_of(event: Event) -> Payload:
    cls = PAYLOADS[event.type]
    return serial.load(cls, event.payload)


# ``evolve(before, event)`` is ``after``: the states ``decide`` reached as it emitted its events.
Fold = tuple[GameState, Event, GameState]

# Those folds, by the identity of the event (an event is emitted once, from one state; the entry keeps
# the event, so its id is not reused while the entry lives): whoever folds those events next (the
# platform, a simulation) gets the very state, without reading the payloads back from JSON and folding
# them again. The events of the last commands decided: once more than a few are kept, they are
# dropped all at once before the next command's are added (cheaper than dropping the oldest one by
# one, and the events just decided are always there).
_FOLDED: dict[int, Fold] = {}
_FOLDS_KEPT = 64


def evolve(state: GameState | None, event: Event) -> GameState:
    folded = _FOLDED.get(id(event))
    if folded is not None and folded[0] is state and folded[1] is event:
        return folded[2]
    payload = payload_of(event)
    if state is None:
        if not isinstance(payload, GameSetUp):
            raise ValueError(f"{event.type} before game_set_up")
        return _set_up(payload)
    return FOLDS[event.type](state, payload)


def remember(folds: Iterable[Fold]) -> None:
    """The events of these folds are about to be played (``decide`` emitted them): remember the
    states they lead to."""
    if len(_FOLDED) > _FOLDS_KEPT:
        _FOLDED.clear()
    for folded in folds:
        _FOLDED[id(folded[1])] = folded


def _remove(cards: tuple[str, ...], gone: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    out = list(cards)
    for card in gone:
        out.remove(card)
    return tuple(out)


def _set(row: tuple[str | None, ...], i: int, value: str | None) -> tuple[str | None, ...]:
    return (*row[:i], value, *row[i + 1 :])


def _att(state: GameState) -> Attempt:
    assert state.attempt is not None
    return state.attempt


# --- Setup ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameSetUp(Payload):
    TYPE: ClassVar[str] = "game_set_up"
    players: int
    options: tuple[str, ...]
    contract_row: tuple[str, ...]
    contract_deck: tuple[str, ...]  # top first (secret order)
    part_row: tuple[str, ...]
    part_deck: tuple[str, ...]
    crew_row: tuple[str, ...]
    crew_deck: tuple[str, ...]
    objective_deck: tuple[str, ...]
    decks: tuple[tuple[str, ...], ...]  # each seat's shuffled starting deck, top first (secret)
    merc_deck: tuple[str, ...] = ()
    merc_row: tuple[str, ...] = ()


def _set_up(e: GameSetUp) -> GameState:
    supply = [SUPPLY[card] for card in BASIC]
    for deck in e.decks:
        for card in deck:
            supply[BASIC.index(card)] -= 1
    for card in e.merc_deck + e.merc_row:
        if card in BASIC:
            supply[BASIC.index(card)] -= 1
    return GameState(
        players=tuple(Player(draw=deck, credits=STARTING_CREDITS) for deck in e.decks),
        options=e.options,
        phase=KEEP_OBJECTIVES,
        contract_row=e.contract_row,
        contract_deck=e.contract_deck,
        part_row=e.part_row,
        part_deck=e.part_deck,
        crew_row=e.crew_row,
        crew_deck=e.crew_deck,
        objective_deck=e.objective_deck,
        supply=tuple(supply),
        merc_deck=e.merc_deck,
        merc_row=e.merc_row,
    )


PAYLOADS[GameSetUp.TYPE] = GameSetUp


@dataclass(frozen=True, slots=True)
class FirstPlayerRolled(Payload):
    TYPE: ClassVar[str] = "first_player_rolled"
    rolls: tuple[tuple[tuple[int, ...], ...], ...]  # per round, per seat: the 4 dice (empty: not rolling)
    first: int


@folds(FirstPlayerRolled)
def _first(s: GameState, e: FirstPlayerRolled) -> GameState:
    return replace(s, leader=e.first, first_rolls=tuple(tuple(sum(f) for f in r) for r in e.rolls))


@dataclass(frozen=True, slots=True)
class ObjectivesDealt(Payload):
    TYPE: ClassVar[str] = "objectives_dealt"
    seat: int
    cards: tuple[str, ...]


@folds(ObjectivesDealt)
def _dealt(s: GameState, e: ObjectivesDealt) -> GameState:
    assert s.objective_deck[: len(e.cards)] == e.cards
    s = replace(s, objective_deck=s.objective_deck[len(e.cards) :])
    return s.with_player(e.seat, choosing=e.cards)


@dataclass(frozen=True, slots=True)
class ObjectivesKept(Payload):
    TYPE: ClassVar[str] = "objectives_kept"
    seat: int
    kept: tuple[str, ...]
    bottom: tuple[str, ...]


@folds(ObjectivesKept)
def _kept(s: GameState, e: ObjectivesKept) -> GameState:
    p = s.players[e.seat]
    s = replace(s, objective_deck=s.objective_deck + e.bottom)
    return s.with_player(e.seat, choosing=(), objectives=p.objectives + e.kept)


@dataclass(frozen=True, slots=True)
class TurnStarted(Payload):
    TYPE: ClassVar[str] = "turn_started"
    seat: int
    turn: int
    round: int = 0


@folds(TurnStarted)
def _turn_started(s: GameState, e: TurnStarted) -> GameState:
    return replace(
        s,
        phase=PLANNING,
        leader=e.seat,
        turn=e.turn,
        round=e.round,
        swap_used=False,
        refresh_used=False,
        stayed=False,
        selections=0,
        negotiation=None,
        attempt=None,
        record=TurnRecord(),
        merc_used=(),
    )


# --- Action decks ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardsDrawn(Payload):
    TYPE: ClassVar[str] = "cards_drawn"
    seat: int
    cards: tuple[str, ...]  # secret: only its owner sees them
    reason: str = ""


# Bound once (serial.replacer): the copies of a player the most folded events make.
_with_draw_hand: Callable[[Player, tuple[str, ...], tuple[str, ...]], Player] = serial.replacer(
    Player, "draw", "hand"
)
_with_hand_play: Callable[[Player, tuple[str, ...], tuple[str, ...]], Player] = serial.replacer(
    Player, "hand", "play"
)


@folds(CardsDrawn)
def _drawn(s: GameState, e: CardsDrawn) -> GameState:
    p = s.players[e.seat]
    assert p.draw[: len(e.cards)] == e.cards, "drawn cards must be the top of the draw pile"
    return s.with_seat(e.seat, _with_draw_hand(p, p.draw[len(e.cards) :], p.hand + e.cards))


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Payload):
    TYPE: ClassVar[str] = "deck_reshuffled"
    seat: int
    order: tuple[str, ...]  # the new draw pile under what is left, top first (nobody until the end)


@folds(DeckReshuffled)
def _reshuffled(s: GameState, e: DeckReshuffled) -> GameState:
    p = s.players[e.seat]
    assert sorted(p.discard) == sorted(e.order)
    return s.with_player(e.seat, draw=p.draw + e.order, discard=())


@dataclass(frozen=True, slots=True)
class DrawPileShuffled(Payload):
    """Zek Zarag: the draw pile itself is shuffled after the search."""

    TYPE: ClassVar[str] = "draw_pile_shuffled"
    seat: int
    order: tuple[str, ...]


@folds(DrawPileShuffled)
def _draw_shuffled(s: GameState, e: DrawPileShuffled) -> GameState:
    assert sorted(s.players[e.seat].draw) == sorted(e.order)
    return s.with_player(e.seat, draw=e.order)


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Payload):
    TYPE: ClassVar[str] = "cards_discarded"
    seat: int
    cards: tuple[str, ...]  # face up: public (ruling A11)
    zone: str  # hand, play, looking
    reason: str


@folds(CardsDiscarded)
def _discarded(s: GameState, e: CardsDiscarded) -> GameState:
    p = s.players[e.seat]
    if e.zone == "looking":
        att = _att(s)
        part = att.part(e.seat)
        s = s.with_attempt(att.replace_part(e.seat, looking=_remove(part.looking, e.cards)))
        return s.with_player(e.seat, discard=p.discard + e.cards)
    zone: tuple[str, ...] = getattr(p, e.zone)
    return s.with_player(e.seat, **{e.zone: _remove(zone, e.cards)}, discard=p.discard + e.cards)


@dataclass(frozen=True, slots=True)
class CardTrashed(Payload):
    TYPE: ClassVar[str] = "card_trashed"
    seat: int
    card: str
    zone: str  # hand, draw (the top card), play
    reason: str


@folds(CardTrashed)
def _trashed(s: GameState, e: CardTrashed) -> GameState:
    p = s.players[e.seat]
    zone: tuple[str, ...] = getattr(p, e.zone)
    if e.zone == "draw":
        assert zone[0] == e.card
        zone = zone[1:]
    else:
        zone = _remove(zone, (e.card,))
    s = s.with_player(e.seat, **{e.zone: zone})
    if e.card in BASIC:
        return s.with_supply(e.card, +1)
    return replace(s, removed=(*s.removed, e.card))


@dataclass(frozen=True, slots=True)
class CardAdded(Payload):
    TYPE: ClassVar[str] = "card_added"
    seat: int
    card: str
    reason: str


@folds(CardAdded)
def _added(s: GameState, e: CardAdded) -> GameState:
    p = s.players[e.seat]
    return s.with_player(e.seat, discard=(*p.discard, e.card)).with_supply(e.card, -1)


@dataclass(frozen=True, slots=True)
class CardRetrieved(Payload):
    TYPE: ClassVar[str] = "card_retrieved"
    seat: int
    card: str
    zone: str  # play, discard


@folds(CardRetrieved)
def _retrieved(s: GameState, e: CardRetrieved) -> GameState:
    p = s.players[e.seat]
    zone: tuple[str, ...] = getattr(p, e.zone)
    return s.with_player(e.seat, **{e.zone: _remove(zone, (e.card,))}, hand=(*p.hand, e.card))


# --- Planning --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ContractDeckReshuffled(Payload):
    TYPE: ClassVar[str] = "contract_deck_reshuffled"
    order: tuple[str, ...]


@folds(ContractDeckReshuffled)
def _contract_reshuffle(s: GameState, e: ContractDeckReshuffled) -> GameState:
    return replace(s, contract_deck=s.contract_deck + e.order, contract_discard=())


@dataclass(frozen=True, slots=True)
class ContractSwapped(Payload):
    TYPE: ClassVar[str] = "contract_swapped"
    seat: int
    slot: int
    returned: str
    drawn: str | None
    paid: int  # 1: the paid swap of the Planning Phase; 0: Stay at Base's free replacement


@folds(ContractSwapped)
def _swapped(s: GameState, e: ContractSwapped) -> GameState:
    deck = s.contract_deck
    if e.drawn is not None:
        assert deck[0] == e.drawn
        deck = deck[1:]
    s = replace(s, contract_row=_set(s.contract_row, e.slot, e.drawn), contract_deck=(*deck, e.returned))
    if e.paid:
        s = replace(s, swap_used=True).with_player(e.seat, credits=s.players[e.seat].credits - e.paid)
    return s


@dataclass(frozen=True, slots=True)
class ContractDealt(Payload):
    """An empty slot of the row gets the top Contract (a slot left empty when both piles were)."""

    TYPE: ClassVar[str] = "contract_dealt"
    slot: int
    contract: str


@folds(ContractDealt)
def _contract_dealt(s: GameState, e: ContractDealt) -> GameState:
    assert s.contract_row[e.slot] is None and s.contract_deck[0] == e.contract
    return replace(
        s, contract_row=_set(s.contract_row, e.slot, e.contract), contract_deck=s.contract_deck[1:]
    )


@dataclass(frozen=True, slots=True)
class ContractSelected(Payload):
    TYPE: ClassVar[str] = "contract_selected"
    seat: int
    contract: str
    slot: int
    selection: int


@folds(ContractSelected)
def _selected(s: GameState, e: ContractSelected) -> GameState:
    assert s.contract_row[e.slot] == e.contract
    return replace(
        s,
        contract_row=_set(s.contract_row, e.slot, None),
        negotiation=Negotiation(e.contract, e.slot, e.selection),
        selections=e.selection,
        phase=NEGOTIATION,
    )


@dataclass(frozen=True, slots=True)
class ContractReleased(Payload):
    TYPE: ClassVar[str] = "contract_released"
    seat: int
    contract: str
    slot: int


@folds(ContractReleased)
def _released(s: GameState, e: ContractReleased) -> GameState:
    return replace(s, contract_row=_set(s.contract_row, e.slot, e.contract), negotiation=None, phase=PLANNING)


@dataclass(frozen=True, slots=True)
class StayedAtBase(Payload):
    TYPE: ClassVar[str] = "stayed_at_base"
    seat: int
    credits: int = 1


@folds(StayedAtBase)
def _base(s: GameState, e: StayedAtBase) -> GameState:
    s = replace(s, stayed=True, phase=BASE)
    return s.with_player(e.seat, credits=s.players[e.seat].credits + e.credits)


@dataclass(frozen=True, slots=True)
class BuyingStarted(Payload):
    TYPE: ClassVar[str] = "buying_started"
    seat: int


@folds(BuyingStarted)
def _buying(s: GameState, e: BuyingStarted) -> GameState:
    return replace(s, phase=BUYING)


# --- Negotiation -----------------------------------------------------------------------------------


def _neg(s: GameState) -> Negotiation:
    assert s.negotiation is not None
    return s.negotiation


def _with_offer(n: Negotiation, offer: Offer) -> Negotiation:
    others = tuple(o for o in n.offers if o.seat != offer.seat)
    return replace(n, offers=tuple(sorted((*others, offer), key=lambda o: o.seat)))


@dataclass(frozen=True, slots=True)
class OfferMade(Payload):
    TYPE: ClassVar[str] = "offer_made"
    to: int
    terms: Terms
    number: int  # offers made to this seat on this selection, this one included


@folds(OfferMade)
def _offer(s: GameState, e: OfferMade) -> GameState:
    return replace(s, negotiation=_with_offer(_neg(s), Offer(e.to, e.terms, OPEN, e.number)))


@dataclass(frozen=True, slots=True)
class OfferCancelled(Payload):
    TYPE: ClassVar[str] = "offer_cancelled"
    to: int


@folds(OfferCancelled)
def _cancel(s: GameState, e: OfferCancelled) -> GameState:
    n = _neg(s)
    old = n.offer(e.to)
    assert old is not None
    return replace(s, negotiation=_with_offer(n, replace(old, status=CANCELLED)))


@dataclass(frozen=True, slots=True)
class OfferAnswered(Payload):
    TYPE: ClassVar[str] = "offer_answered"
    by: int
    answer: str  # accept, decline, counter
    terms: Terms


@folds(OfferAnswered)
def _answer(s: GameState, e: OfferAnswered) -> GameState:
    n = _neg(s)
    old = n.offer(e.by)
    assert old is not None
    status = {"accept": ACCEPTED, "decline": DECLINED, "counter": COUNTERED}[e.answer]
    return replace(s, negotiation=_with_offer(n, replace(old, status=status, terms=e.terms)))


@dataclass(frozen=True, slots=True)
class ProposalMade(Payload):
    TYPE: ClassVar[str] = "proposal_made"
    by: int
    terms: Terms


@folds(ProposalMade)
def _propose(s: GameState, e: ProposalMade) -> GameState:
    n = _neg(s)
    old = n.proposal(e.by)
    made = old.made + 1 if old else 1
    others = tuple(p for p in n.proposals if p.seat != e.by)
    props = tuple(sorted((*others, Proposal(e.by, e.terms, made)), key=lambda p: p.seat))
    return replace(s, negotiation=replace(n, proposals=props))


@dataclass(frozen=True, slots=True)
class AllyAccepted(Payload):
    """The Mission Leader takes a seat's counter-offer or volunteered terms."""

    TYPE: ClassVar[str] = "ally_accepted"
    seat: int
    terms: Terms


@folds(AllyAccepted)
def _ally_accepted(s: GameState, e: AllyAccepted) -> GameState:
    n = _neg(s)
    old = n.offer(e.seat)
    made = old.made if old else 0
    n = replace(n, proposals=tuple(p for p in n.proposals if p.seat != e.seat))
    return replace(s, negotiation=_with_offer(n, Offer(e.seat, e.terms, ACCEPTED, made)))


@dataclass(frozen=True, slots=True)
class AllyLeft(Payload):
    TYPE: ClassVar[str] = "ally_left"
    seat: int


@folds(AllyLeft)
def _left(s: GameState, e: AllyLeft) -> GameState:
    n = _neg(s)
    old = n.offer(e.seat)
    assert old is not None
    return replace(s, negotiation=_with_offer(n, replace(old, status=DECLINED)))


@dataclass(frozen=True, slots=True)
class DealLocked(Payload):
    TYPE: ClassVar[str] = "deal_locked"
    leader: int
    contract: str
    slot: int
    shares: tuple[Share, ...]  # every participant, the leader first
    order: tuple[int, ...]  # empty: simultaneous play


@folds(DealLocked)
def _locked(s: GameState, e: DealLocked) -> GameState:
    parts = tuple(Participant(seat=sh.seat) for sh in e.shares)
    att = Attempt(e.contract, e.leader, e.shares, slot=e.slot, order=e.order, participants=parts)
    return replace(s, attempt=att, negotiation=None, phase=EXECUTION)


# --- Execution -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HazardDiceRolled(Payload):
    TYPE: ClassVar[str] = "hazard_dice_rolled"
    seat: int
    faces: tuple[int, ...]  # icons on each die
    cloaked: int = 0  # dice not rolled thanks to the Cloaking Device


@folds(HazardDiceRolled)
def _rolled(s: GameState, e: HazardDiceRolled) -> GameState:
    att = _att(s)
    return s.with_attempt(att.replace_part(e.seat, dice=e.faces, targeting=len(e.faces)))


@dataclass(frozen=True, slots=True)
class ContractStarted(Payload):
    """The start of the Contract (Glossary II): every participant has 1 Action."""

    TYPE: ClassVar[str] = "contract_started"
    participants: tuple[int, ...]


@folds(ContractStarted)
def _started(s: GameState, e: ContractStarted) -> GameState:
    att = _att(s)
    parts = tuple(replace(p, actions=1) for p in att.participants)
    return s.with_attempt(replace(att, participants=parts))


@dataclass(frozen=True, slots=True)
class ActionsGained(Payload):
    TYPE: ClassVar[str] = "actions_gained"
    seat: int
    n: int
    source: str


# Bound once (serial.replacer, serial.builder): the copies of a participant and of the attempt
# that the most folded events of a Contract make (a card played, Actions gained, a Shield's block).
_with_actions: Callable[[Participant, int], Participant] = serial.replacer(Participant, "actions")
_with_blocked: Callable[[Participant, int], Participant] = serial.replacer(Participant, "blocked")
_with_play: Callable[[Participant, int, tuple[str, ...], tuple[str, ...], tuple[str, ...]], Participant] = (
    serial.replacer(Participant, "actions", "firsts", "used", "looking")
)
_with_contributions: Callable[[Attempt, tuple[Contribution, ...], bool], Attempt] = serial.replacer(
    Attempt, "contributions", "kary"
)
_with_players_attempt: Callable[[GameState, tuple[Player, ...], Attempt], GameState] = serial.replacer(
    GameState, "players", "attempt"
)
_contribution: Callable[[int, str, int, bool, bool, str, bool], Contribution] = serial.builder(Contribution)


@folds(ActionsGained)
def _actions(s: GameState, e: ActionsGained) -> GameState:
    att = _att(s)
    part = att.part(e.seat)
    return s.with_attempt(att.with_part(_with_actions(part, part.actions + e.n)))


def _with_contribution(att: Attempt, c: Contribution) -> Attempt:
    kary = att.kary or c.source == "kary-powalk"
    return _with_contributions(att, (*att.contributions, c), kary)


@dataclass(frozen=True, slots=True)
class CardPlayed(Payload):
    TYPE: ClassVar[str] = "card_played"
    seat: int
    card: str
    kind: str  # what it counts as: reactor, thruster, shield, damage, miss, none
    value: int
    crew: bool
    spent: int  # Actions spent: 0 for a free play
    zone: str = "hand"  # hand, looking (Lee van Cribb), draw (Zek Zarag), play (The Clone Bay)
    via: str = ""  # the part or crew that made it free or changed it


@folds(CardPlayed)
def _played(s: GameState, e: CardPlayed) -> GameState:
    att = _att(s)
    part = att.part(e.seat)
    firsts = part.firsts if e.kind in part.firsts else (*part.firsts, e.kind)
    used = part.used
    if e.via == "predator-mk1":
        used = (*used, "predator")
    looking = _remove(part.looking, (e.card,)) if e.zone == "looking" else part.looking
    att = att.with_part(_with_play(part, part.actions - e.spent, firsts, used, looking))
    att = _with_contribution(att, _contribution(e.seat, e.kind, e.value, e.crew, True, e.card, False))
    # One copy of the state for the card's move and the attempt (the most folded event of a game).
    p = s.players[e.seat]
    if e.zone == "hand":  # nearly every play: a bound copy, no keywords
        players = list(s.players)
        players[e.seat] = _with_hand_play(p, _remove(p.hand, (e.card,)), (*p.play, e.card))
        return _with_players_attempt(s, tuple(players), att)
    if e.zone == "looking":
        players_after = s.players_with(e.seat, play=(*p.play, e.card))
    elif e.zone == "play":
        return s.with_attempt(att)  # The Clone Bay: the card is already in the play area
    else:
        zone: tuple[str, ...] = getattr(p, e.zone)
        players_after = s.players_with(e.seat, **{e.zone: _remove(zone, (e.card,))}, play=(*p.play, e.card))
    return _with_players_attempt(s, players_after, att)


@dataclass(frozen=True, slots=True)
class Contributed(Payload):
    """Something counted that is not a card played from a hand: dealt Damage, a Mercenary card..."""

    TYPE: ClassVar[str] = "contributed"
    seat: int
    kind: str
    value: int
    crew: bool
    card: bool
    source: str
    merc: bool = False


@folds(Contributed)
def _contributed(s: GameState, e: Contributed) -> GameState:
    att = _att(s)
    if e.card and not e.merc:
        part = att.part(e.seat)
        if e.kind not in part.firsts:
            att = att.replace_part(e.seat, firsts=(*part.firsts, e.kind))
    contribution = Contribution(e.seat, e.kind, e.value, e.crew, e.card, e.source, e.merc)
    return s.with_attempt(_with_contribution(att, contribution))


@dataclass(frozen=True, slots=True)
class RequirementReduced(Payload):
    TYPE: ClassVar[str] = "requirement_reduced"
    seat: int
    kind: str
    n: int
    source: str


@folds(RequirementReduced)
def _reduced(s: GameState, e: RequirementReduced) -> GameState:
    att = _att(s)
    return replace(
        s, attempt=replace(att, reductions=(*att.reductions, Reduction(e.seat, e.kind, e.n, e.source)))
    )


@dataclass(frozen=True, slots=True)
class HazardBlocked(Payload):
    TYPE: ClassVar[str] = "hazard_blocked"
    seat: int
    n: int
    source: str


@folds(HazardBlocked)
def _blocked(s: GameState, e: HazardBlocked) -> GameState:
    att = _att(s)
    part = att.part(e.seat)
    return s.with_attempt(att.with_part(_with_blocked(part, part.blocked + e.n)))


@dataclass(frozen=True, slots=True)
class DieDiscarded(Payload):
    TYPE: ClassVar[str] = "die_discarded"
    seat: int
    index: int
    icons: int


@folds(DieDiscarded)
def _die_discarded(s: GameState, e: DieDiscarded) -> GameState:
    att = _att(s)
    dice = att.part(e.seat).dice
    return s.with_attempt(att.replace_part(e.seat, dice=dice[: e.index] + dice[e.index + 1 :]))


@dataclass(frozen=True, slots=True)
class DiceRerolled(Payload):
    TYPE: ClassVar[str] = "dice_rerolled"
    seat: int
    indices: tuple[int, ...]
    faces: tuple[int, ...]


@folds(DiceRerolled)
def _rerolled(s: GameState, e: DiceRerolled) -> GameState:
    att = _att(s)
    dice = list(att.part(e.seat).dice)
    for i, f in zip(e.indices, e.faces, strict=True):
        dice[i] = f
    return s.with_attempt(att.replace_part(e.seat, dice=tuple(dice)))


@dataclass(frozen=True, slots=True)
class PartUsed(Payload):
    TYPE: ClassVar[str] = "part_used"
    seat: int
    part: str
    spent: int


@folds(PartUsed)
def _part_used(s: GameState, e: PartUsed) -> GameState:
    att = _att(s)
    p = att.part(e.seat)
    return s.with_attempt(att.replace_part(e.seat, used=(*p.used, e.part), actions=p.actions - e.spent))


@dataclass(frozen=True, slots=True)
class FollowupOpened(Payload):
    TYPE: ClassVar[str] = "followup_opened"
    seat: int
    kind: str
    cards: tuple[str, ...] = ()  # Lee van Cribb: the top cards looked at (secret); Ryan Rogal: drawn


@folds(FollowupOpened)
def _followup(s: GameState, e: FollowupOpened) -> GameState:
    att = _att(s)
    if e.kind == "lee_pick":
        p = s.players[e.seat]
        assert p.draw[: len(e.cards)] == e.cards
        s = s.with_player(e.seat, draw=p.draw[len(e.cards) :])
        return s.with_attempt(att.replace_part(e.seat, followup=Followup(e.kind), looking=e.cards))
    return s.with_attempt(att.replace_part(e.seat, followup=Followup(e.kind, e.cards)))


@dataclass(frozen=True, slots=True)
class FollowupClosed(Payload):
    TYPE: ClassVar[str] = "followup_closed"
    seat: int
    kind: str
    choice: str  # the card chosen, or "none"


@folds(FollowupClosed)
def _followup_closed(s: GameState, e: FollowupClosed) -> GameState:
    return s.with_attempt(_att(s).replace_part(e.seat, followup=None))


@dataclass(frozen=True, slots=True)
class ParticipantDone(Payload):
    TYPE: ClassVar[str] = "participant_done"
    seat: int
    by: str  # done, guard


@folds(ParticipantDone)
def _done(s: GameState, e: ParticipantDone) -> GameState:
    return s.with_attempt(_att(s).replace_part(e.seat, done=True))


@dataclass(frozen=True, slots=True)
class MercenaryUsed(Payload):
    TYPE: ClassVar[str] = "mercenary_used"
    seat: int
    slot: int
    card: str
    credits: int
    prestige: int


@folds(MercenaryUsed)
def _merc(s: GameState, e: MercenaryUsed) -> GameState:
    att = _att(s)
    att = replace(
        att,
        merc_used=(*att.merc_used, e.slot),
        merc_credits=att.merc_credits + e.credits,
        merc_prestige=att.merc_prestige + e.prestige,
    )
    return replace(s, attempt=att, merc_used=(*s.merc_used, e.slot))


# --- Resolution ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ContractResolved(Payload):
    TYPE: ClassVar[str] = "contract_resolved"
    contract: str
    success: bool
    needed: tuple[tuple[str, int], ...]
    got: tuple[tuple[str, int], ...]


@folds(ContractResolved)
def _resolved(s: GameState, e: ContractResolved) -> GameState:
    att = _att(s)
    result = contract_result(att, e.contract, e.success)
    record = replace(s.record, results=(*s.record.results, result))
    return replace(s, attempt=replace(att, success=e.success), record=record)


# Where each kind of card played is counted in ContractResult.played.
_PLAYED_INDEX = {"reactor": 0, "thruster": 1, "shield": 2, "damage": 3}


def contract_result(att: Attempt, contract: str, success: bool) -> ContractResult:
    """The record of the Contract ``att`` plays, as its resolution writes it (objectives.py reads
    the Contract still in play as this too)."""
    # Per participant, in one pass over the contributions (the bots ask for the Contract in play
    # after every card): Reactors, Thrusters, Shields, Damage cards and Crew played, then Damage.
    counts = {p.seat: [0, 0, 0, 0, 0, 0] for p in att.participants}
    for c in att.contributions:
        n = counts.get(c.seat)
        if n is None:
            continue
        # A Mercenary Crew counts for the Mission Leader's Crew played (A60); other Mercenary cards do not.
        if c.crew:
            n[4] += 1
        if c.merc:
            continue
        if c.kind == "damage":
            n[5] += c.value
        if c.card:
            kind = _PLAYED_INDEX.get(c.kind)
            if kind is not None:
                n[kind] += 1
    played = []
    damage = []
    for p in att.participants:
        reactors, thrusters, shields, damage_cards, crew, dmg = counts[p.seat]
        played.append((reactors, thrusters, shields, damage_cards, crew))
        damage.append(dmg + damage_cards if att.kary else dmg)
    return ContractResult(
        contract=contract,
        success=success,
        leader=att.leader,
        participants=att.seats,
        targeting=tuple(p.targeting for p in att.participants),
        played=tuple(played),
        damage=tuple(damage),
        merc=bool(att.merc_used),
    )


@dataclass(frozen=True, slots=True)
class RewardsPaid(Payload):
    TYPE: ClassVar[str] = "rewards_paid"
    shares: tuple[Share, ...]  # Prestige and Credits actually paid (Mercenary costs taken off)


@folds(RewardsPaid)
def _paid(s: GameState, e: RewardsPaid) -> GameState:
    for sh in e.shares:
        p = s.players[sh.seat]
        s = s.with_player(sh.seat, prestige=p.prestige + sh.terms.p, credits=p.credits + sh.terms.c)
    return s


@dataclass(frozen=True, slots=True)
class BonusOffered(Payload):
    TYPE: ClassVar[str] = "bonus_offered"
    seat: int


@folds(BonusOffered)
def _bonus_offered(s: GameState, e: BonusOffered) -> GameState:
    return replace(s, phase=BONUS, attempt=replace(_att(s), bonus_seat=e.seat))


@dataclass(frozen=True, slots=True)
class BonusCardDrawn(Payload):
    TYPE: ClassVar[str] = "bonus_card_drawn"
    seat: int
    deck: str  # crew, part
    card: str | None  # None: that deck was empty


@folds(BonusCardDrawn)
def _bonus_drawn(s: GameState, e: BonusCardDrawn) -> GameState:
    att = _att(s)
    if e.card is not None:
        if e.deck == "crew":
            assert s.crew_deck[0] == e.card
            s = replace(s, crew_deck=s.crew_deck[1:])
        else:
            assert s.part_deck[0] == e.card
            s = replace(s, part_deck=s.part_deck[1:])
    return s.with_attempt(replace(att, bonus_card=e.card, bonus_deck=e.deck))


def _install(s: GameState, seat: int, part: str, replaced: str | None, purchase: bool) -> GameState:
    p = s.players[seat]
    parts = (*tuple(x for x in p.parts if x != replaced), part)
    if replaced is not None:
        s = replace(s, removed=(*s.removed, replaced))
    s = s.with_player(seat, parts=parts)
    install = Install(seat, part, purchase, replaced, parts)
    return replace(s, record=replace(s.record, installs=(*s.record.installs, install)))


@dataclass(frozen=True, slots=True)
class BonusCardKept(Payload):
    TYPE: ClassVar[str] = "bonus_card_kept"
    seat: int
    card: str
    replaced: str | None = None


@folds(BonusCardKept)
def _bonus_kept(s: GameState, e: BonusCardKept) -> GameState:
    s = s.with_attempt(replace(_att(s), bonus_card=None, bonus_seat=None))
    if e.card in CREW:
        p = s.players[e.seat]
        return s.with_player(e.seat, discard=(*p.discard, e.card))
    return _install(s, e.seat, e.card, e.replaced, purchase=False)


@dataclass(frozen=True, slots=True)
class BonusCardRefused(Payload):
    TYPE: ClassVar[str] = "bonus_card_refused"
    seat: int
    card: str


@folds(BonusCardRefused)
def _bonus_refused(s: GameState, e: BonusCardRefused) -> GameState:
    s = s.with_attempt(replace(_att(s), bonus_card=None, bonus_seat=None))
    if e.card in CREW:
        return replace(s, crew_deck=(*s.crew_deck, e.card))
    return replace(s, part_deck=(*s.part_deck, e.card))


@dataclass(frozen=True, slots=True)
class HazardApplied(Payload):
    TYPE: ClassVar[str] = "hazard_applied"
    VERSION: ClassVar[int] = 2
    losses: tuple[tuple[int, int], ...]  # (seat, Prestige lost): no more than the player had
    # (seat, Hazard not blocked): what got through, which a player at 0 Prestige takes all the same.
    # Version 1 had only ``losses``, which were this (UPCASTERS); the fold floors at 0 either way.
    hazard: tuple[tuple[int, int], ...]


@folds(HazardApplied)
def _hazard(s: GameState, e: HazardApplied) -> GameState:
    for seat, lost in e.losses:
        s = s.with_player(seat, prestige=max(0, s.players[seat].prestige - lost))
    return s


@dataclass(frozen=True, slots=True)
class ContractCleared(Payload):
    TYPE: ClassVar[str] = "contract_cleared"
    contract: str
    slot: int
    drawn: str | None


@folds(ContractCleared)
def _cleared(s: GameState, e: ContractCleared) -> GameState:
    deck = s.contract_deck
    if e.drawn is not None:
        assert deck[0] == e.drawn
        deck = deck[1:]
    return replace(
        s,
        contract_row=_set(s.contract_row, e.slot, e.drawn),
        contract_deck=deck,
        contract_discard=(*s.contract_discard, e.contract),
        attempt=None,
    )


# --- Buying ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CrewHired(Payload):
    TYPE: ClassVar[str] = "crew_hired"
    seat: int
    card: str
    slot: int
    drawn: str | None
    cost: int


@folds(CrewHired)
def _hired(s: GameState, e: CrewHired) -> GameState:
    deck = s.crew_deck[1:] if e.drawn is not None else s.crew_deck
    s = replace(s, crew_row=_set(s.crew_row, e.slot, e.drawn), crew_deck=deck)
    p = s.players[e.seat]
    return s.with_player(e.seat, credits=p.credits - e.cost, discard=(*p.discard, e.card))


@dataclass(frozen=True, slots=True)
class PartBought(Payload):
    TYPE: ClassVar[str] = "part_bought"
    seat: int
    card: str
    slot: int
    drawn: str | None
    cost: int
    replaced: str | None = None


@folds(PartBought)
def _bought(s: GameState, e: PartBought) -> GameState:
    deck = s.part_deck[1:] if e.drawn is not None else s.part_deck
    s = replace(s, part_row=_set(s.part_row, e.slot, e.drawn), part_deck=deck)
    s = s.with_player(e.seat, credits=s.players[e.seat].credits - e.cost)
    return _install(s, e.seat, e.card, e.replaced, purchase=True)


@dataclass(frozen=True, slots=True)
class ArmoryRefreshed(Payload):
    TYPE: ClassVar[str] = "armory_refreshed"
    seat: int
    row: str  # crew, part
    slot: int
    returned: str
    drawn: str | None
    paid: int  # 1; 0 for the solo game's free discard of an Ally card


@folds(ArmoryRefreshed)
def _refreshed(s: GameState, e: ArmoryRefreshed) -> GameState:
    if e.row == "crew":
        deck = s.crew_deck[1:] if e.drawn is not None else s.crew_deck
        s = replace(s, crew_row=_set(s.crew_row, e.slot, e.drawn), crew_deck=(*deck, e.returned))
    else:
        deck = s.part_deck[1:] if e.drawn is not None else s.part_deck
        s = replace(s, part_row=_set(s.part_row, e.slot, e.drawn), part_deck=(*deck, e.returned))
    if e.paid:
        s = replace(s, refresh_used=True).with_player(e.seat, credits=s.players[e.seat].credits - e.paid)
    return s


# --- End of turn -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ObjectiveClaimed(Payload):
    TYPE: ClassVar[str] = "objective_claimed"
    seat: int
    objective: str
    auto: bool = False


@folds(ObjectiveClaimed)
def _claimed(s: GameState, e: ObjectiveClaimed) -> GameState:
    p = s.players[e.seat]
    return s.with_player(
        e.seat, objectives=_remove(p.objectives, (e.objective,)), claimed=(*p.claimed, e.objective)
    )


@dataclass(frozen=True, slots=True)
class TurnEnded(Payload):
    TYPE: ClassVar[str] = "turn_ended"
    seat: int
    scored: tuple[tuple[int, tuple[str, ...]], ...]  # (seat, Objectives scored now)
    unmet: tuple[tuple[int, str], ...] = ()  # claimed, no longer met at the end: back to the holder


@folds(TurnEnded)
def _turn_ended(s: GameState, e: TurnEnded) -> GameState:
    for seat, objs in e.scored:
        p = s.players[seat]
        s = s.with_player(seat, scored=p.scored + objs, prestige=p.prestige + len(objs))
    for seat, obj in e.unmet:
        p = s.players[seat]
        s = s.with_player(seat, objectives=(*p.objectives, obj))
    return replace(s, players=tuple(replace(p, claimed=()) if p.claimed else p for p in s.players))


@dataclass(frozen=True, slots=True)
class MercenaryRowCleared(Payload):
    TYPE: ClassVar[str] = "mercenary_row_cleared"
    discarded: tuple[str, ...]  # basic cards to the Mercenary discard pile
    crew_returned: tuple[str, ...]  # Crew to the bottom of the Armory's Crew deck
    crew_taken: tuple[str, ...]  # as many from the top of the Crew deck into the Mercenary discard


@folds(MercenaryRowCleared)
def _merc_cleared(s: GameState, e: MercenaryRowCleared) -> GameState:
    deck = s.crew_deck + e.crew_returned  # returned to the bottom, then the top one taken
    assert deck[: len(e.crew_taken)] == e.crew_taken
    deck = deck[len(e.crew_taken) :]
    return replace(
        s,
        merc_row=(),
        merc_discard=s.merc_discard + e.discarded + e.crew_taken,
        crew_deck=deck,
    )


@dataclass(frozen=True, slots=True)
class MercenaryDeckReshuffled(Payload):
    TYPE: ClassVar[str] = "mercenary_deck_reshuffled"
    order: tuple[str, ...]


@folds(MercenaryDeckReshuffled)
def _merc_reshuffled(s: GameState, e: MercenaryDeckReshuffled) -> GameState:
    return replace(s, merc_deck=s.merc_deck + e.order, merc_discard=())


@dataclass(frozen=True, slots=True)
class MercenaryRowDealt(Payload):
    TYPE: ClassVar[str] = "mercenary_row_dealt"
    cards: tuple[str, ...]


@folds(MercenaryRowDealt)
def _merc_dealt(s: GameState, e: MercenaryRowDealt) -> GameState:
    assert s.merc_deck[: len(e.cards)] == e.cards
    return replace(s, merc_row=e.cards, merc_deck=s.merc_deck[len(e.cards) :])


@dataclass(frozen=True, slots=True)
class GameEnded(Payload):
    TYPE: ClassVar[str] = "game_ended"
    reason: str  # ten_prestige, solo_rounds
    winners: tuple[int, ...]
    net_worth: tuple[int, ...]
    solo_score: int = 0
    rank: str = ""


@folds(GameEnded)
def _ended(s: GameState, e: GameEnded) -> GameState:
    return replace(s, phase=OVER, winners=e.winners, end_reason=e.reason)


# Stored payloads of an older version, rewritten to the next version (engine.UPCASTERS).
UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {
    # Version 1 recorded the Hazard that got through as "losses": the Prestige lost is the same
    # once the fold floors it at 0, and the log says what got through.
    (HazardApplied.TYPE, 1): lambda p: {**p, "hazard": p["losses"]},
}
