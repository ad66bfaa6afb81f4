"""The game state folded by ``evolve``: frozen dataclasses of tuples, JSON through serial.py.

Zones: every Action card is in exactly one of a seat's hand, draw pile (top first), discard pile,
play area or ``looking`` (cards Lee van Cribb shows), the Mercenary deck/row/discard, or the
Supply (counts). Every Crew card is in the Crew deck or row, a seat's zones, the Mercenary zones,
or ``removed`` (trashed Crew leave the game). Every Ship Part is in the deck, the row, installed
on a ship, or ``removed``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.engine.moonrakers import serial
from games.engine.moonrakers.cards import BASIC, CONTRACTS, CREW, PARTS, REQUIREMENTS
from games.engine.moonrakers.serial import replace

# Phases of a game.
KEEP_OBJECTIVES = "keep_objectives"  # every seat keeps 2 of 3 Objectives, at once
PLANNING = "planning"  # the Mission Leader chooses a Contract or Stays at Base
BASE = "base"  # Stay at Base: keep 1 of 2 Objectives, optional free Contract replacement
NEGOTIATION = "negotiation"  # a Contract is chosen: offers, answers, lock
EXECUTION = "execution"  # participants play
BONUS = "bonus"  # the Bonus Card's recipient chooses a deck, then keeps or refuses
BUYING = "buying"
OVER = "over"

OPEN, ACCEPTED, COUNTERED, DECLINED, CANCELLED = "open", "accepted", "countered", "declined", "cancelled"


@dataclass(frozen=True, slots=True)
class Terms:
    """A share of a Contract: Prestige, Credits, the Bonus Card (0/1) and Hazard Dice."""

    p: int = 0
    c: int = 0
    b: int = 0
    d: int = 0

    def plus(self, other: Terms) -> Terms:
        return Terms(self.p + other.p, self.c + other.c, self.b + other.b, self.d + other.d)


@dataclass(frozen=True, slots=True)
class Offer:
    seat: int
    terms: Terms
    status: str  # open, accepted, countered, declined, cancelled
    made: int  # offers the Mission Leader made to this seat on this selection


@dataclass(frozen=True, slots=True)
class Proposal:
    seat: int
    terms: Terms
    made: int


@dataclass(frozen=True, slots=True)
class Negotiation:
    contract: str
    slot: int
    selection: int  # 1 and 2 may be negotiated; 3 only soloed
    offers: tuple[Offer, ...] = ()
    proposals: tuple[Proposal, ...] = ()

    def offer(self, seat: int) -> Offer | None:
        return next((o for o in self.offers if o.seat == seat), None)

    def proposal(self, seat: int) -> Proposal | None:
        return next((p for p in self.proposals if p.seat == seat), None)


@dataclass(frozen=True, slots=True)
class Contribution:
    """One thing counted toward the Contract: a card played, a part's dealt Damage, a Mercenary card."""

    seat: int
    kind: str  # reactor, thruster, shield, damage, miss, none
    value: int  # amount toward ``kind`` (Damage value; 2 for Duo 1000's first Shield)
    crew: bool  # also counts 1 toward a Crew requirement
    card: bool  # a card played (objectives count these; Kary adds +1 to Damage cards)
    source: str  # card, part or "merc" slug
    merc: bool = False


@dataclass(frozen=True, slots=True)
class Reduction:
    seat: int
    kind: str
    n: int
    source: str


@dataclass(frozen=True, slots=True)
class Followup:
    """A decision an ability opens after showing hidden cards to one seat."""

    kind: str  # kal_trash, lee_pick, zek_pick, ryan_pick
    cards: tuple[str, ...] = ()  # the cards concerned (Ryan's drawn cards; Lee's are in ``looking``)


@dataclass(frozen=True, slots=True)
class Participant:
    seat: int
    actions: int = 0
    dice: tuple[int, ...] = ()  # icons on this seat's dice (a discarded die is gone)
    targeting: int = 0  # Hazard Dice this seat rolled (Glossary II "targeting you")
    blocked: int = 0
    done: bool = False
    firsts: tuple[str, ...] = ()  # card kinds this seat has played in this Contract
    used: tuple[str, ...] = ()  # once-per-Contract abilities used (part slugs, "predator")
    followup: Followup | None = None
    looking: tuple[str, ...] = ()  # Lee van Cribb's cards, seen by this seat only


@dataclass(frozen=True, slots=True)
class Share:
    seat: int
    terms: Terms


@dataclass(frozen=True, slots=True)
class Attempt:
    contract: str
    leader: int
    shares: tuple[Share, ...]
    slot: int = 0  # every participant, the leader included, with the dice each rolls
    order: tuple[int, ...] = ()  # empty: everyone plays at once; otherwise one after the other
    participants: tuple[Participant, ...] = ()
    contributions: tuple[Contribution, ...] = ()
    reductions: tuple[Reduction, ...] = ()
    kary: bool = False
    merc_used: tuple[int, ...] = ()  # Mercenary row slots used on this Contract
    merc_credits: int = 0
    merc_prestige: int = 0
    success: bool | None = None
    bonus_seat: int | None = None
    bonus_card: str | None = None
    bonus_deck: str | None = None

    def part(self, seat: int) -> Participant:
        for p in self.participants:  # a loop, not next() of a generator: asked after every event
            if p.seat == seat:
                return p
        raise ValueError(f"seat {seat} takes no part in this Contract")

    def share(self, seat: int) -> Terms:
        return next((s.terms for s in self.shares if s.seat == seat), Terms())

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(p.seat for p in self.participants)

    def with_part(self, part: Participant) -> Attempt:
        """The attempt with ``part`` in place of the participant of its seat (for a fold that made
        the participant's copy with a bound ``serial.replacer``: no keywords to pass on)."""
        parts = list(self.participants)
        for i, p in enumerate(parts):
            if p.seat == part.seat:
                parts[i] = part
        return _with_participants(self, tuple(parts))

    def replace_part(self, seat: int, **changes: Any) -> Attempt:
        # A loop over a list, not a generator: nearly every event of a Contract changes a participant.
        parts = list(self.participants)
        for i, p in enumerate(parts):
            if p.seat == seat:
                parts[i] = replace(p, **changes)
        return _with_participants(self, tuple(parts))


# Bound once (serial.replacer): the attempt's participants change with nearly every event of a Contract.
_with_participants: Callable[[Attempt, tuple[Participant, ...]], Attempt] = serial.replacer(
    Attempt, "participants"
)


@dataclass(frozen=True, slots=True)
class ContractResult:
    """What one Contract of this turn did, for Objectives (public facts)."""

    contract: str
    success: bool
    leader: int
    participants: tuple[int, ...]
    targeting: tuple[int, ...]  # per participant, same order
    played: tuple[tuple[int, ...], ...]  # per participant: reactor, thruster, shield, damage, crew cards
    damage: tuple[int, ...]  # per participant: total Damage contributed
    merc: bool


@dataclass(frozen=True, slots=True)
class Install:
    seat: int
    part: str
    purchase: bool
    replaced: str | None
    parts_after: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TurnRecord:
    results: tuple[ContractResult, ...] = ()
    installs: tuple[Install, ...] = ()


@dataclass(frozen=True, slots=True)
class Player:
    hand: tuple[str, ...] = ()
    draw: tuple[str, ...] = ()  # top first; its order is secret even from its owner
    discard: tuple[str, ...] = ()  # face up
    play: tuple[str, ...] = ()  # this Contract's play area
    parts: tuple[str, ...] = ()
    credits: int = 0
    prestige: int = 0
    objectives: tuple[str, ...] = ()  # held, secret
    choosing: tuple[str, ...] = ()  # dealt or drawn Objectives to choose from (secret)
    claimed: tuple[str, ...] = ()  # revealed this turn, scored at the end of the turn
    scored: tuple[str, ...] = ()

    @property
    def hand_limit(self) -> int:
        return 6 if "flash" in self.parts else 5

    def deck_cards(self) -> tuple[str, ...]:
        return self.hand + self.draw + self.discard + self.play


@dataclass(frozen=True, slots=True)
class GameState:
    players: tuple[Player, ...]
    options: tuple[str, ...]  # table options turned on
    phase: str
    leader: int = 0
    turn: int = 0  # turns started
    round: int = 0  # solo: the round counter
    contract_row: tuple[str | None, ...] = ()
    contract_deck: tuple[str, ...] = ()
    contract_discard: tuple[str, ...] = ()
    part_row: tuple[str | None, ...] = ()
    part_deck: tuple[str, ...] = ()
    crew_row: tuple[str | None, ...] = ()
    crew_deck: tuple[str, ...] = ()
    objective_deck: tuple[str, ...] = ()
    supply: tuple[int, ...] = ()  # counts in BASIC order
    removed: tuple[str, ...] = ()  # Ship Parts and Crew out of the game
    merc_deck: tuple[str, ...] = ()
    merc_row: tuple[str | None, ...] = ()
    merc_discard: tuple[str, ...] = ()
    merc_used: tuple[int, ...] = ()  # slots used this turn (2 players: this turn only)
    first_rolls: tuple[tuple[int, ...], ...] = ()
    swap_used: bool = False
    refresh_used: bool = False
    stayed: bool = False
    selections: int = 0
    negotiation: Negotiation | None = None
    attempt: Attempt | None = None
    record: TurnRecord = field(default_factory=TurnRecord)
    winners: tuple[int, ...] = ()
    end_reason: str = ""

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def uses_mercenaries(self) -> bool:
        return len(self.players) <= 2

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    def option(self, name: str) -> bool:
        return name in self.options

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def with_player(self, seat: int, **changes: Any) -> GameState:
        # ``players_with`` written out: the changes are passed on once, not twice.
        players = list(self.players)
        players[seat] = replace(players[seat], **changes)
        return _with_players(self, tuple(players))

    def with_seat(self, seat: int, player: Player) -> GameState:
        """The state with ``player`` as ``seat``'s (made by a fold with a bound ``serial.replacer``)."""
        players = list(self.players)
        players[seat] = player
        return _with_players(self, tuple(players))

    def with_attempt(self, attempt: Attempt | None) -> GameState:
        return _with_attempt(self, attempt)

    def players_with(self, seat: int, **changes: Any) -> tuple[Player, ...]:
        """The players, ``seat``'s changed: for a fold that changes more than the players at once."""
        players = list(self.players)
        players[seat] = replace(players[seat], **changes)
        return tuple(players)

    def supply_of(self, card: str) -> int:
        return self.supply[BASIC.index(card)]

    def with_supply(self, card: str, delta: int) -> GameState:
        i = BASIC.index(card)
        return replace(self, supply=(*self.supply[:i], self.supply[i] + delta, *self.supply[i + 1 :]))


# Bound once (serial.replacer): the two copies of the state most folds make.
_with_players: Callable[[GameState, tuple[Player, ...]], GameState] = serial.replacer(GameState, "players")
_with_attempt: Callable[[GameState, Attempt | None], GameState] = serial.replacer(GameState, "attempt")


def dump_state(state: GameState) -> dict[str, Any]:
    out: dict[str, Any] = serial.to_json(state)
    return out


def load_state(data: dict[str, Any]) -> GameState:
    return serial.load(GameState, data)


def net_worth(state: GameState, seat: int) -> int:
    """Rulebook tie-break: installed parts, Crew owned (any zone) and Credits, at printed cost."""
    p = state.players[seat]
    crew = sum(CREW[c].cost for c in p.deck_cards() if c in CREW)
    return sum(PARTS[x].cost for x in p.parts) + crew + p.credits


def requirement_totals(state: GameState) -> tuple[dict[str, int], dict[str, int]]:
    """(needed, got) per requirement type for the current attempt, reductions applied (floor 0)."""
    att = state.attempt
    assert att is not None
    got = dict.fromkeys(REQUIREMENTS, 0)
    damage_cards = 0
    for c in att.contributions:
        if c.kind in got:
            got[c.kind] += c.value
        if c.crew:
            got["crew"] += 1
        if c.kind == "damage" and c.card:
            damage_cards += 1
    if att.kary:
        got["damage"] += damage_cards
    reduce = dict.fromkeys(REQUIREMENTS, 0)
    for r in att.reductions:
        reduce[r.kind] += r.n
    for kind, n in conditional_reductions(state):
        reduce[kind] += n
    # The printed requirements, in REQUIREMENTS order and none of them 0 (cards.py): asked by the
    # bots after every card played, so read off the Contract once rather than kind by kind.
    return {k: max(0, n - reduce[k]) for k, n in CONTRACTS[att.contract].requirements}, got


def _own_played(att: Attempt, seat: int, kind: str) -> int:
    """The cards of ``kind`` the seat played itself toward the Contract (no Mercenary)."""
    return sum(1 for c in att.contributions if c.seat == seat and c.card and not c.merc and c.kind == kind)


def conditional_reductions(state: GameState) -> list[tuple[str, int]]:
    """Passive and conditional part reductions of the participants, read off the final record."""
    att = state.attempt
    assert att is not None
    out: list[tuple[str, int]] = []
    for p in att.participants:
        parts = state.players[p.seat].parts
        for part in parts:
            if part == "sapphire-mk2":
                out.append(("reactor", 1))
            elif part == "titan-3000":
                out.append(("shield", 1))
            elif part == "twin-jets-e4":
                out.append(("thruster", 1))
            elif part == "the-gatling-laser":
                out.append(("damage", 1))
            elif part == "the-dauntless":
                # Counted only for the few parts that read them (most ships have none).
                shields = _own_played(att, p.seat, "shield")
                if shields:
                    out.append(("damage", shields))
            elif part == "mg-phase-core" and _own_played(att, p.seat, "reactor") >= 2:
                out.append(("damage", 1))
            elif part == "mg1-rail-gun" and not _own_played(att, p.seat, "shield"):
                out.append(("damage", 2))
    return out


def contract_met(state: GameState) -> bool:
    needed, got = requirement_totals(state)
    return all(got[k] >= v for k, v in needed.items())


def unblocked(p: Participant) -> int:
    return max(0, sum(p.dice) - p.blocked)
