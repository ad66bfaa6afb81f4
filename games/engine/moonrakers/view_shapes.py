"""What Moonrakers' ``view`` returns, key by key: mypy checks ``view.py`` builds exactly this, and
the API's schema is generated from it (``games.engine.schema``). Texts are ``MessageJSON``.

Keys a seat may not see are absent rather than null (``NotRequired``): a hand, held Objectives and
a follow-up's cards are in the view of their owner only, deck orders only once the game is over.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from games.engine.shapes import MessageJSON


class MoonrakersPlayer(TypedDict):
    seat: int
    prestige: int
    credits: int
    parts: list[str]
    crew: list[str]  # Crew hired, wherever the cards lie now
    hand_count: int
    draw_count: int
    discard: list[str]
    play: list[str]
    objective_count: int
    claimed: list[str]
    scored: list[str]
    net_worth: int
    # The seat's own (everyone's once the game is over):
    hand: NotRequired[list[str]]
    objectives: NotRequired[list[str]]
    choosing: NotRequired[list[str]]
    objectives_met: NotRequired[list[str]]
    # Once the game is over, in order:
    draw: NotRequired[list[str]]


class MoonrakersTerms(TypedDict):
    """A share of a Contract."""

    prestige: int
    credits: int
    bonus: int  # the Bonus Card: 0 or 1
    dice: int  # Hazard Dice


class MoonrakersOffer(TypedDict):
    seat: int
    terms: MoonrakersTerms
    status: str  # open, accepted, countered, declined, cancelled
    made: int


class MoonrakersProposal(TypedDict):
    seat: int
    terms: MoonrakersTerms
    made: int


class MoonrakersNegotiation(TypedDict):
    contract: str
    slot: int
    selection: int
    offers: list[MoonrakersOffer]
    proposals: list[MoonrakersProposal]


class MoonrakersParticipant(TypedDict):
    seat: int
    actions: int
    dice: list[int]
    targeting: int
    blocked: int
    done: bool
    followup: str | None
    share: MoonrakersTerms
    # For this participant only (everyone once the game is over):
    looking: NotRequired[list[str]]
    followup_cards: NotRequired[list[str]]
    draw_cards: NotRequired[list[str]]  # Zek Zarag's search: the draw pile's contents, sorted


class MoonrakersReduction(TypedDict):
    seat: int
    kind: str
    n: int
    source: str


class MoonrakersAttempt(TypedDict):
    """The Contract being attempted."""

    contract: str
    leader: int
    order: list[int]
    participants: list[MoonrakersParticipant]
    acting: list[int]
    needed: dict[str, int]  # by requirement: reactor, thruster, damage, shield, crew
    got: dict[str, int]
    kary: bool
    reductions: list[MoonrakersReduction]
    success: bool | None
    bonus_seat: int | None
    bonus_card: str | None
    merc_used: list[int]


class MoonrakersMercenaries(TypedDict):
    row: list[str | None]
    used: list[int]
    deck_count: int
    discard: list[str]


class MoonrakersDecks(TypedDict):
    """Every deck in order, top first, once the game is over."""

    contract: list[str]
    part: list[str]
    crew: list[str]
    objective: list[str]


class MoonrakersPending(TypedDict):
    seat: int
    kind: str


class MoonrakersView(TypedDict):
    """What a Moonrakers seat (or a spectator) sees."""

    kind: Literal["moonrakers"]
    phase: str
    phase_text: MessageJSON
    players_count: int
    leader: int
    turn: int
    round: int
    you: int | None
    players: list[MoonrakersPlayer]
    contract_row: list[str | None]
    contract_deck_count: int
    contract_discard: list[str]
    part_row: list[str | None]
    part_deck_count: int
    crew_row: list[str | None]
    crew_deck_count: int
    objective_deck_count: int
    supply: dict[str, int]  # Action cards left in the Supply, by card
    swap_used: bool
    refresh_used: bool
    options: list[str]
    pending: list[MoonrakersPending]
    winners: list[int]
    your_turn: bool
    mercenary: NotRequired[MoonrakersMercenaries]  # with 1 or 2 players
    prompt: NotRequired[MessageJSON]  # an invitee's open offer, in words
    negotiation: NotRequired[MoonrakersNegotiation]
    attempt: NotRequired[MoonrakersAttempt]
    decks: NotRequired[MoonrakersDecks]
    solo_score: NotRequired[int]
    solo_rank: NotRequired[MessageJSON]
