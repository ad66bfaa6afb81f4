"""What Moonrollers' ``view`` returns, key by key: mypy checks ``view.py`` builds exactly this, and
the API's schema is generated from it (``games.engine.schema``). Texts are ``MessageJSON``."""

from __future__ import annotations

from typing import Literal, TypedDict

from games.engine.shapes import LegalCommandJSON, MessageJSON, OutcomeJSON


class MoonrollersRequirement(TypedDict):
    """One requirement of a crew card on display."""

    index: int
    face: str  # a die face: damage, reactor, thruster, shield, wild
    count: int
    hazard: bool  # completing it draws Hazard tokens
    prestige: int
    token: int | None  # the seat whose token covers it (completed), or null while open
    committed: int | None  # the seat working on it this roll
    progress: int | None
    label: MessageJSON


class MoonrollersCard(TypedDict):
    """A crew card on display, with its requirements."""

    slot: int
    crew: str
    name: str
    faction: str
    faction_name: MessageJSON
    ability: MessageJSON
    requirements: list[MoonrollersRequirement]
    worked_on: bool


class MoonrollersHazardToken(TypedDict):
    prestige: int
    hazard: int  # Hazard symbols on it
    label: MessageJSON


class MoonrollersCrewStack(TypedDict):
    """A player's crew of one faction, top card first: only the top card's ability counts."""

    faction: str
    faction_name: MessageJSON
    cards: list[str]
    names: list[str]
    active: str
    ability: MessageJSON


class MoonrollersPlayer(TypedDict):
    seat: int
    prestige: int
    tokens_left: int
    tokens_out: int
    tokens_total: int
    hazard_count: int
    # The seat's own Hazard tokens, or everyone's once the game is over; null for others.
    hazard_tokens: list[MoonrollersHazardToken] | None
    hazard_symbols: int | None
    crew: list[MoonrollersCrewStack]


class MoonrollersPending(TypedDict):
    seat: int
    kind: str
    default: str  # the command played if its time runs out, in notation
    private: bool


class MoonrollersTurn(TypedDict):
    seat: int
    phase: str  # start, rolled, hired, over
    roll: int
    crew: str | None
    requirement: int | None
    progress: int
    needed: int | None
    completed_this_turn: list[int]
    safe_from_bust: bool
    abilities_used_this_roll: list[str]
    # The Hazard tokens drawn and waiting for the keep decision: the drawer sees them, others count them.
    hazard_drawn: list[MoonrollersHazardToken] | int | None
    hired: str | None


# "as" is a Python keyword: this shape is spelled the functional way.
MoonrollersLockedExtra = TypedDict("MoonrollersLockedExtra", {"face": str, "as": str})


class MoonrollersDice(TypedDict):
    supply: int
    rolling: list[str]
    rolled: list[str]
    # Faces; an Extra Die locked as something else is {"face", "as"}.
    locked: list[str | MoonrollersLockedExtra]
    treated_as_extra: list[str]
    set_aside: list[str]


class MoonrollersView(TypedDict):
    """What a Moonrollers seat (or a spectator) sees."""

    kind: Literal["moonrollers"]
    viewer: int | None
    finished: bool
    end_reasons: list[str]
    active_seat: int | None
    your_turn: bool
    prompt: MessageJSON
    pending: list[MoonrollersPending]
    legal: list[LegalCommandJSON]
    turn: MoonrollersTurn
    dice: MoonrollersDice
    display: list[MoonrollersCard]
    deck_size: int
    hazard_pile_size: int
    players: list[MoonrollersPlayer]
    outcome: OutcomeJSON | None
