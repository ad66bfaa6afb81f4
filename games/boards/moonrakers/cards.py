"""The printed faces of Moonrakers' cards, for drawing: the view names cards by slug only.

Names and card texts are the engine's messages (its catalogs), rendered here in the active language.
"""

from __future__ import annotations

import functools
from typing import Any

from games import texts
from games.engine.core import msg
from games.engine.moonrakers.cards import (
    BASIC_TYPE,
    BASIC_VALUE,
    CONTRACTS,
    CREW,
    OBJECTIVES,
    PARTS,
    REQUIREMENTS,
)

JSON = dict[str, Any]


@functools.lru_cache(maxsize=4096)
def _printed(key: str, language: str) -> str:
    """A printed text (a name, a card's text) in ``language``: it names no player, so it is the same
    for every reader of that language, and a board or a form asks for the same few dozen again and
    again (a Contract's name and needs, in every choice that names it)."""
    return texts.render(msg(key), lang=language)


def name(slug: str) -> str:
    return _printed(f"moonrakers.card.{slug}", texts.language())


def card_text(slug: str) -> str:
    """What a Crew, a Ship Part or an Objective does, as printed."""
    return _printed(f"moonrakers.text.{slug}", texts.language())


def kind_name(kind: str) -> str:
    return _printed(f"moonrakers.kind.{kind}", texts.language())


def requirements(slug: str) -> list[JSON]:
    contract = CONTRACTS[slug]
    return [{"kind": k, "n": n, "label": kind_name(k)} for k, n in contract.requirements]


def contract(slug: str | None) -> JSON | None:
    if slug is None or slug not in CONTRACTS:
        return None
    c = CONTRACTS[slug]
    return {
        "slug": slug,
        "name": name(slug),
        "type": c.type,
        "requirements": requirements(slug),
        "prestige": c.prestige,
        "credits": c.credits,
        "bonus": c.bonus,
        "dice": c.dice,
    }


def action_card(slug: str) -> JSON:
    """A card of an Action Deck: a basic card (its type and value) or a Crew card."""
    if slug in CREW:
        return {"slug": slug, "name": name(slug), "type": "crew", "value": 0, "crew": crew(slug)}
    kind = BASIC_TYPE.get(slug, "miss")
    return {"slug": slug, "name": name(slug), "type": kind, "value": BASIC_VALUE.get(slug, 0)}


def crew(slug: str) -> JSON:
    c = CREW[slug]
    return {"slug": slug, "name": name(slug), "cost": c.cost, "text": card_text(slug), "role": c.role}


def part(slug: str) -> JSON:
    p = PARTS[slug]
    return {
        "slug": slug,
        "name": name(slug),
        "brand": p.brand,
        "cost": p.cost,
        "adds": [action_card(a) for a in p.adds],
        "text": card_text(slug),
    }


def armory_card(slug: str | None) -> JSON | None:
    """A Crew card or a Ship Part; None for anything else (a basic card played "with" a part)."""
    if slug is None or (slug not in CREW and slug not in PARTS):
        return None
    return crew(slug) | {"row": "crew"} if slug in CREW else part(slug) | {"row": "part"}


def objective(slug: str) -> JSON:
    return {"slug": slug, "name": name(slug), "text": card_text(slug)} if slug in OBJECTIVES else {}


__all__ = ["REQUIREMENTS", "action_card", "armory_card", "contract", "crew", "objective", "part"]
