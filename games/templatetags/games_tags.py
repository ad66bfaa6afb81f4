"""Drawing helpers for the game pages: dice faces and the Prestige chart as inline SVG, and lookups.

SVG is built here rather than in templates because it is geometry; every label in it is escaped.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine.core import get_engine

register = template.Library()

# One colour per seat, distinct for the colour-blind as far as five colours can be.
SEAT_COLOURS = ("#1971c2", "#e8590c", "#2f9e44", "#9c36b5", "#c2255c", "#495057")

# face -> (background, drawing on a 40x40 die). Colours follow the factions whose symbol the face is
# (reactor blue, shield green, damage orange, wild purple, thruster yellow); shapes differ too, so
# the faces read without colour.
_FACES: dict[str, tuple[str, str]] = {
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


register.filter("face_label", face_label)


@register.simple_tag
def die(face: str, size: int = 40, hazard: bool = False, extra_class: str = "") -> SafeString:
    """One die face as inline SVG with a readable label (title and aria-label)."""
    face = str(face or "")
    background, drawing = _FACES.get(face, _UNKNOWN)
    label = face_label(face)
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


@register.filter
def game_title(kind: str) -> str:
    try:
        return str(get_engine(kind).TITLE)
    except (LookupError, ImportError):
        return kind


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    """``mapping[key]``, trying the key as given, then as text and as a number (JSON keys are text)."""
    if mapping is None:
        return None
    if isinstance(mapping, Sequence) and not isinstance(mapping, str):
        try:
            return mapping[int(key)]
        except (ValueError, IndexError, TypeError):
            return None
    if not isinstance(mapping, Mapping):
        return None
    for candidate in (key, str(key)):
        if candidate in mapping:
            return mapping[candidate]
    try:
        return mapping.get(int(key))
    except (TypeError, ValueError):
        return None


@register.filter
def seat_colour(position: Any) -> str:
    try:
        return SEAT_COLOURS[int(position) % len(SEAT_COLOURS)]
    except (TypeError, ValueError):
        return SEAT_COLOURS[-1]


@register.filter
def pretty_json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True, default=str)


@register.filter
def times(count: Any) -> range:
    try:
        return range(max(0, int(count)))
    except (TypeError, ValueError):
        return range(0)


@register.simple_tag
def prestige_chart(series: Mapping[int, Sequence[tuple[int, int]]], names: Mapping[int, str]) -> SafeString:
    """Prestige over time: one polyline per player, axes with ticks, and a legend with final scores."""
    width, height = 640, 300
    left, right, top, bottom = 40, 150, 16, 36
    plot_w, plot_h = width - left - right, height - top - bottom
    points = [p for line in series.values() for p in line]
    if not points:
        return format_html('<p class="muted">{}</p>', _("No Prestige was scored in this game."))
    max_x = max(x for x, _y in points) or 1
    max_y = max(max(y for _x, y in points), 1)
    y_step = max(1, -(-max_y // 5))
    max_y = y_step * -(-max_y // y_step)

    def sx(x: float) -> float:
        return left + plot_w * x / max_x

    def sy(y: float) -> float:
        return top + plot_h - plot_h * y / max_y

    title = _("Prestige over time")
    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="#555"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#555"/>',
    ]
    for y in range(0, max_y + 1, y_step):
        parts.append(
            f'<line x1="{left}" y1="{sy(y):.1f}" x2="{left + plot_w}" y2="{sy(y):.1f}" stroke="#ddd"/>'
            f'<text x="{left - 6}" y="{sy(y) + 4:.1f}" font-size="11" text-anchor="end">{y}</text>'
        )
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" font-size="12" text-anchor="middle">'
        f"{escape(_('Events'))} (1-{max_x})</text>"
    )
    for index, (seat, line) in enumerate(sorted(series.items())):
        colour = seat_colour(seat)
        # A step line: Prestige changes at an event and holds until the next change.
        coords: list[str] = [f"{sx(0):.1f},{sy(0):.1f}"]
        previous = 0
        for x, y in line:
            if y != previous:
                coords.append(f"{sx(x):.1f},{sy(previous):.1f}")
                coords.append(f"{sx(x):.1f},{sy(y):.1f}")
                previous = y
        coords.append(f"{sx(max_x):.1f},{sy(previous):.1f}")
        dash = ' stroke-dasharray="6 3"' if index % 2 else ""
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="2.5"{dash} points="{" ".join(coords)}"/>'
        )
        legend_y = top + 14 + index * 20
        name = escape(names.get(seat, f"#{seat + 1}"))
        parts.append(
            f'<line x1="{left + plot_w + 12}" y1="{legend_y - 4}" '
            f'x2="{left + plot_w + 32}" y2="{legend_y - 4}" '
            f'stroke="{colour}" stroke-width="3"{dash}/>'
            f'<text x="{left + plot_w + 36}" y="{legend_y}" font-size="12">{name}: {previous}</text>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # noqa: S308 - numbers and escaped names only


@register.filter
def duration_hours(value: Any) -> str:
    """A time per move as people say it: "4 hours", "2 days"."""
    try:
        hours = int(value.total_seconds() // 3600)
    except AttributeError:
        return str(value)
    if hours % 24 == 0 and hours >= 24:
        days = hours // 24
        return ngettext("%(n)d day", "%(n)d days", days) % {"n": days}
    return ngettext("%(n)d hour", "%(n)d hours", hours) % {"n": hours}


@register.filter
def option_label(name: str, kind: str) -> str:
    try:
        engine = get_engine(kind)
    except (LookupError, ImportError):
        return name
    spec = next((o for o in engine.OPTIONS if o.name == name), None)
    return _(spec.label) if spec is not None else name


@register.filter
def still_away(day: Any) -> bool:
    """Whether an "away until" date has not passed yet (deadlines pause until the end of that day)."""
    from django.utils import timezone

    return day is not None and day >= timezone.localdate()


@register.filter
def length_is_list(value: Any) -> bool:
    """Whether a view field is a list (the owner's detail) rather than a count (everyone else's)."""
    return isinstance(value, list | tuple)


@register.filter
def prestige_scale(players: Any) -> int:
    """The length of the Prestige track drawn: at least 20, or the leader's score."""
    try:
        return max([20] + [int(p.get("prestige", 0)) for p in players])
    except (TypeError, ValueError, AttributeError):
        return 20


@register.filter
def is_face(value: Any) -> bool:
    return str(value) in _FACES


@register.filter
def newest_first_if(lines: Sequence[Any], flag: Any) -> list[Any]:
    return list(reversed(lines)) if flag else list(lines)


@register.filter
def open_requirements(requirements: Any) -> int:
    """How many requirements of a crew card no token covers yet."""
    try:
        return sum(1 for r in requirements if r.get("token") is None)
    except (TypeError, AttributeError):
        return 0


@register.filter
def translated(text: Any) -> str:
    """An engine's English sentence in the reader's language, when the catalog has it."""
    return _(str(text)) if text else ""


@register.filter
def seat_names(text: Any, names: Mapping[int, str]) -> str:
    """Engine texts name seats "{p0}", "{p1}"...: put the players' names there."""
    from games.views.present import with_names

    return with_names(str(text), names or {})


@register.filter
def end_reason(reason: str) -> str:
    reasons = {
        "three_of_a_faction": _("A player hired a third crew card of one faction."),
        "one_of_each_faction": _("A player hired a crew card of each faction."),
        "deck_exhausted": _("The crew deck ran out."),
    }
    return reasons.get(reason, reason.replace("_", " "))


@register.filter
def slug_title(slug: str) -> str:
    """A card slug as a name when the view gives only the slug ("lila-al-bindar" -> "Lila Al Bindar")."""
    return " ".join(part.capitalize() for part in str(slug).split("-"))
