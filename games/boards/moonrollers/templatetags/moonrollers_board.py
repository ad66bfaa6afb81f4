"""Moonrollers' drawing helpers: dice faces as inline SVG, the Prestige track's scale, card lookups.

SVG is built here rather than in templates because it is geometry; every label in it is escaped.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games import page_cache

register = template.Library()

# face -> (background, drawing on a 40x40 die). Colours follow the factions whose symbol the face is
# (reactor blue, shield green, damage orange, wild purple, thruster yellow); shapes differ too, so
# the faces read without colour.
FACES: dict[str, tuple[str, str]] = {
    "damage": (
        "#d9480f",
        '<polygon fill="#fff" points="20,5 23.5,14 33,10 27,18.5 35,23 25.5,24.5 27,34 20,27.5 13,34 '
        '14.5,24.5 5,23 13,18.5 7,10 16.5,14"/>',
    ),
    "reactor": (
        "#1864ab",
        '<circle cx="20" cy="20" r="11" fill="none" stroke="#fff" stroke-width="3"/>'
        '<circle cx="20" cy="20" r="4.5" fill="#fff"/>'
        '<path d="M20 4v6M20 30v6M4 20h6M30 20h6" stroke="#fff" stroke-width="3"/>',
    ),
    "thruster": (
        "#f59f00",
        '<path fill="#212529" d="M20 5 L29 22 L23 22 L23 27 L17 27 L17 22 L11 22 Z"/>'
        '<path fill="#c92a2a" d="M16 29 h8 l-4 7 z"/>',
    ),
    "shield": (
        "#2b8a3e",
        '<path fill="#fff" d="M20 5 L32 10 C32 22 28 30 20 35 C12 30 8 22 8 10 Z"/>'
        '<path fill="#2b8a3e" d="M20 11 L27 14 C27 21 24.5 26 20 29 Z"/>',
    ),
    "wild": (
        "#7048e8",
        '<polygon fill="#fff" '
        'points="20,5 24,15.5 35,15.5 26,22 29.5,33 20,26.5 10.5,33 14,22 5,15.5 16,15.5"/>',
    ),
    "extra": (
        "#343a40",
        '<path d="M20 9v22M9 20h22" stroke="#fff" stroke-width="5" stroke-linecap="round"/>',
    ),
}
_UNKNOWN = ("#868e96", '<text x="20" y="27" font-size="20" text-anchor="middle" fill="#fff">?</text>')


@register.filter
def face_label(face: str) -> str:
    labels = {
        "damage": _("Damage"),
        "reactor": _("Reactor"),
        "thruster": _("Thruster"),
        "shield": _("Shield"),
        "wild": _("Wild"),
        "extra": _("Extra die"),
        "hazard": _("Hazard"),
    }
    return labels.get(face, face.replace("_", " ").capitalize())


@register.simple_tag
def die(
    face: str, size: int = 40, hazard: bool = False, extra_class: str = "", label: str = ""
) -> SafeString:
    """One die face as inline SVG with a readable label (title and aria-label)."""
    face = str(face or "")
    background, drawing = FACES.get(face, _UNKNOWN)
    label = label or face_label(face)
    if hazard:
        label = _("%(face)s with a Hazard") % {"face": label}
        # A hazard face carries a black warning triangle in its corner.
        drawing += '<path d="M31 2 L39 16 L23 16 Z" fill="#111" stroke="#ffd43b" stroke-width="1.5"/>'
    svg = (
        f'<svg class="die die-{escape(face)} {escape(extra_class)}" viewBox="0 0 40 40" width="{int(size)}" '
        f'height="{int(size)}" role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>"
        f'<rect x="1" y="1" width="38" height="38" rx="7" fill="{background}" '
        'stroke="#111" stroke-width="1.5"/>'
        f"{drawing}</svg>"
    )
    return mark_safe(svg)  # noqa: S308 - built above from constants and escaped labels


@register.simple_tag
def locked_die(entry: Any, size: int = 32) -> SafeString:
    """A locked die as it counts: an entry may be a face, or ``{"face", "as"}`` for a die an ability
    locked as another face (an Extra Die locked as a Wild is drawn as a Wild, its label says so)."""
    if isinstance(entry, dict):
        face, counts_as = str(entry.get("face", "")), str(entry.get("as") or "")
        if counts_as and counts_as != face:
            label = _("%(face)s locked as %(as)s") % {"face": face_label(face), "as": face_label(counts_as)}
            return die(counts_as, size, False, "locked as-other", label=label)
        return die(face, size, False, "locked")
    return die(str(entry), size, False, "locked")


@register.filter
def is_face(value: Any) -> bool:
    return str(value) in FACES


@register.filter
def prestige_scale(players: Any) -> int:
    """The length of the Prestige track drawn: at least 20, or the leader's score."""
    try:
        return max([20] + [int(p.get("prestige", 0)) for p in players])
    except (TypeError, ValueError, AttributeError):
        return 20


@register.filter
def open_requirements(requirements: Any) -> int:
    """How many requirements of a crew card no token covers yet."""
    try:
        return sum(1 for r in requirements if r.get("token") is None)
    except (TypeError, AttributeError):
        return 0


@register.filter
def end_reason(reason: Any) -> str:
    """Why the game ended. The engine's message is rendered before it gets here; a bare slug (a
    view from before the engine spoke in messages) is worded here."""
    reasons = {
        "three_of_a_faction": _("A player hired a third crew card of one faction."),
        "one_of_each_faction": _("A player hired a crew card of each faction."),
        "deck_exhausted": _("The crew deck ran out."),
    }
    text = str(reason)
    return reasons.get(text, text if " " in text else text.replace("_", " "))


@register.filter
def slug_title(slug: str) -> str:
    """A card slug as a name when the view gives only the slug ("lila-al-bindar" -> "Lila Al Bindar")."""
    return " ".join(part.capitalize() for part in str(slug).split("-"))


@register.simple_tag
def draw_crew_card(card: Mapping[str, Any], turn: Mapping[str, Any], names: Mapping[int, str]) -> SafeString:
    """A card of the crew display (boards/moonrollers/_crew_card.html), kept in the page cache under
    a digest of all it reads (``page_cache.drawn``): the card as the view shows it, which of its
    requirements were completed this turn, the names and the language. Most moves change one card
    or none: the others come from the cache."""
    completed = tuple(turn.get("completed_this_turn") or ()) if card.get("crew") == turn.get("crew") else ()
    return page_cache.drawn(
        "boards/moonrollers/_crew_card.html", {"card": card, "completed": completed, "names": names}
    )


@register.simple_tag
def draw_player_board(
    player: Mapping[str, Any], my_seat: Any, seen: Any, names: Mapping[int, str]
) -> SafeString:
    """A player's board (boards/moonrollers/_player_board.html), kept in the page cache under a
    digest of all it reads (``page_cache.drawn``): the player as the reader's view shows them
    (Hazard tokens face up only in their own), whether they are the reader, how they saw themselves
    (a finished game's replay), the names and the language."""
    return page_cache.drawn(
        "boards/moonrollers/_player_board.html",
        {"player": player, "mine": player.get("seat") == my_seat, "seen": seen or None, "names": names},
    )
