"""The components, loaded once from cards.json (a copy of the project's card data), named by slugs.

The rulebook's values win over the card lists' (README of the data): Claim Bounty needs 2 Reactor
and 2 Damage, Meg Gallak costs 3; cards.json already holds those values (the lists' values are kept
as ``alt_*`` and never read here).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_DATA: dict[str, Any] = json.loads((Path(__file__).parent / "cards.json").read_text(encoding="utf-8"))

# Requirement types, in the order the view and the notation list them.
REQUIREMENTS = ("reactor", "thruster", "damage", "shield", "crew")
# The basic Action cards of the Supply, and what each counts as.
BASIC = ("reactor", "thruster", "shield", "damage-1", "damage-2", "damage-3", "miss")
BASIC_TYPE = {
    "reactor": "reactor",
    "thruster": "thruster",
    "shield": "shield",
    "damage-1": "damage",
    "damage-2": "damage",
    "damage-3": "damage",
    "miss": "miss",
}
BASIC_VALUE = {"damage-1": 1, "damage-2": 2, "damage-3": 3}
CONTRACT_TYPES = ("explore", "delivery", "kill", "rescue")
BRANDS = ("komek", "henko", "magnomi", "ventus", "sorelia")
ROW_SIZE = 8
PART_ROW = 6
CREW_ROW = 3
MAX_PARTS = 4
WIN_PRESTIGE = 10
SOLO_ROUNDS = 10
MERC_ROW = 5
# A Hazard Die's six faces, in icons. The physical layout is unknown (data: "equally likely",
# inferred); kept here as data so that a correction changes no event.
HAZARD_FACES = (0, 0, 1, 1, 2, 2)
HAZARD_DICE = int(_DATA["hazard_dice"]["count"])


def slug(name: str) -> str:
    """``"Admiral's Flagship"`` -> ``"admirals-flagship"``; ``"[REDACTED]"`` -> ``"redacted"``."""
    text = name.lower().replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def _basic_slug(name: str) -> str:
    return slug(name)  # "Damage 1" -> "damage-1"


@dataclass(frozen=True, slots=True)
class Contract:
    slug: str
    name: str
    type: str  # explore, delivery, kill, rescue
    requirements: tuple[tuple[str, int], ...]  # (type, amount), in REQUIREMENTS order
    prestige: int
    credits: int
    bonus: int
    dice: int


@dataclass(frozen=True, slots=True)
class Crew:
    slug: str
    name: str
    cost: int
    role: str
    klass: str


@dataclass(frozen=True, slots=True)
class Part:
    slug: str
    name: str
    brand: str
    cost: int
    adds: tuple[str, ...]  # basic card slugs added to the buyer's discard pile


@dataclass(frozen=True, slots=True)
class Objective:
    slug: str
    name: str


def _contract(raw: dict[str, Any]) -> Contract:
    reqs = tuple((k, int(raw["requirements"][k])) for k in REQUIREMENTS if raw["requirements"].get(k))
    rewards = raw["rewards"]
    return Contract(
        slug=slug(raw["name"]),
        name=raw["name"],
        type=raw["type"].lower(),
        requirements=reqs,
        prestige=int(rewards["prestige"]),
        credits=int(rewards["credits"]),
        bonus=int(rewards.get("bonus_cards", 0)),
        dice=int(raw["hazard_dice"]),
    )


CONTRACTS: dict[str, Contract] = {c.slug: c for c in map(_contract, _DATA["contracts"])}
CREW: dict[str, Crew] = {
    slug(c["name"]): Crew(slug(c["name"]), c["name"], int(c["cost"]), c["role"], c["class"].lower())
    for c in _DATA["crew"]
}
PARTS: dict[str, Part] = {
    slug(p["name"]): Part(
        slug(p["name"]),
        p["name"],
        p["brand"].lower(),
        int(p["cost"]),
        tuple(_basic_slug(a) for a in p["action_cards_added"]),
    )
    for p in _DATA["ship_parts"]
}
OBJECTIVES: dict[str, Objective] = {
    slug(o["name"]): Objective(slug(o["name"]), o["name"]) for o in _DATA["objectives"]
}

SUPPLY: dict[str, int] = {_basic_slug(k): int(v) for k, v in _DATA["supply"]["counts"].items()}
STARTING_DECK: tuple[str, ...] = tuple(
    card
    for name, n in _DATA["action_cards"]["starting_deck"].items()
    if name != "total"
    for card in [_basic_slug(name)] * int(n)
)
STARTING_CREDITS = int(_DATA["supply"]["starting_credits_per_player"])
HAND_SIZE = int(_DATA["supply"]["hand_size"])
MERCENARY_BASICS: tuple[str, ...] = tuple(
    card
    for name, n in _DATA["mercenary_deck"]["cards"].items()
    if not name.startswith("Crew")
    for card in [_basic_slug(name)] * int(n)
)
MERCENARY_CREW = 3
SOLO_RANKS = (
    (250, "chosen-one", True),
    (200, "mastery", False),
    (150, "advanced", False),
    (100, "novice", False),
)

assert len(CONTRACTS) == 40 and len(CREW) == 20 and len(PARTS) == 37 and len(OBJECTIVES) == 23


def card_type(card: str) -> str:
    """What a card in an Action Deck is: reactor, thruster, shield, damage, miss or crew."""
    if card in BASIC_TYPE:
        return BASIC_TYPE[card]
    if card in CREW:
        return "crew"
    raise KeyError(card)


def is_card(name: str) -> bool:
    return name in BASIC_TYPE or name in CREW


def cost_of(card: str) -> int:
    if card in CREW:
        return CREW[card].cost
    return PARTS[card].cost


def name_of(card: str) -> str:
    for table in (CREW, PARTS, CONTRACTS, OBJECTIVES):
        if card in table:
            return str(table[card].name)
    return card
