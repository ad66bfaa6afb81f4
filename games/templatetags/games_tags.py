"""Helpers every game page shares: engine texts for the reader, the score chart as inline SVG, lookups.

Nothing here knows a game: a game's own drawing helpers live in its presentation package
(games/boards/<game>/templatetags). SVG is built here because it is geometry; labels are escaped.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from games import texts
from games.boards import presentation_for
from games.engine.core import get_engine
from moonweb import typography

register = template.Library()

# One colour per seat, distinct for the colour-blind as far as five colours can be.
SEAT_COLOURS = ("#1971c2", "#e8590c", "#2f9e44", "#9c36b5", "#c2255c", "#495057")


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


# The badge after a line played for a player (games/views/present.py LogLine.cause).
_CAUSE_BADGES = {
    "timeout": gettext_noop("timeout"),
    "bot": gettext_noop("bot"),
    "standing": gettext_noop("standing answer"),
}


@register.simple_tag
def log_line(line: Any) -> SafeString:
    """One line of the log (a ``games.views.present.LogLine``) as a list item: who acted, in their
    seat's colour, then the text, and a badge when the platform played it for them. Drawn here,
    not by an included template: a first view draws every line its reader has not seen, up to 40,
    and the template took about 23 us a line where this takes about 9."""
    who = format_html('<span class="who" style="color: {}">{}</span>', seat_colour(line.seat), line.who)
    if line.chat:
        private = _("privately to %(name)s") % {"name": line.private_to} if line.private_to else ""
        return format_html(
            '<li class="chat{} cause-{}" value="{}">{}{}{} {}</li>',
            " private" if private else "",
            line.cause,
            line.seq,
            who,
            format_html(' <span class="badge">{}</span>', private) if private else "",
            typography.colon(),
            line.text,
        )
    badge = _CAUSE_BADGES.get(line.cause)
    return format_html(
        '<li class="cause-{}" value="{}">{}{}{}</li>',
        line.cause,
        line.seq,
        format_html("{} · ", who) if line.who else "",
        line.text,
        format_html(' <span class="badge">{}</span>', _(badge)) if badge else "",
    )


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
def score_chart(
    series: Mapping[int, Sequence[tuple[int, int]]], names: Mapping[int, str], kind: str = ""
) -> SafeString:
    """Scores over time: one polyline per player, axes with ticks, and a legend with final scores.

    The game's presentation names its score (games.boards); the generic word is "Score".
    """
    score_name = str(presentation_for(kind).score_name)
    width, height = 640, 300
    left, right, top, bottom = 40, 150, 16, 36
    plot_w, plot_h = width - left - right, height - top - bottom
    points = [p for line in series.values() for p in line]
    if not points:
        return format_html('<p class="muted">{}</p>', _("Nobody scored in this game."))
    max_x = max(x for x, _y in points) or 1
    max_y = max(max(y for _x, y in points), 1)
    y_step = max(1, -(-max_y // 5))
    max_y = y_step * -(-max_y // y_step)

    def sx(x: float) -> float:
        return left + plot_w * x / max_x

    def sy(y: float) -> float:
        return top + plot_h - plot_h * y / max_y

    title = _("%(score)s over time") % {"score": score_name}
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
        # A step line: a score changes at an event and holds until the next change.
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
    return texts.render(spec.label) if spec is not None else name


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
def newest_first_if(lines: Sequence[Any], flag: Any) -> list[Any]:
    return list(reversed(lines)) if flag else list(lines)


@register.filter
def message(text: Any, names: Any = None) -> str:
    """An engine's text for the reader (games.texts.render): ``{{ spec.label|message }}``,
    ``{{ entry.text|message:names }}`` when it may name players."""
    return texts.render(text, names if isinstance(names, Mapping) else None)


@register.filter
def seat_list(seats: Any, names: Mapping[int, str]) -> str:
    """Seat numbers as the players' names, comma-separated."""
    try:
        return ", ".join(str(get_item(names, s) or s) for s in seats)
    except TypeError:
        return ""


@register.simple_tag
def choice_icon(kind: str, value: Any) -> SafeString:
    """The game's icon for a choice in a move form (a die face), or nothing."""
    return mark_safe(presentation_for(kind).choice_icon(str(value)))  # noqa: S308 - the game's own markup


@register.filter
def score_text(score: Any, kind: str) -> str:
    """A score as the game says it ("12 points" unless its presentation words it otherwise)."""
    return presentation_for(kind).score_text(score)


@register.filter(expects_localtime=False)
def when(value: Any) -> str:
    """A moment as every page and email says it: in the reader's zone (the active one), with the
    zone's name: "Tue 24 Nov, 14:00 (Europe/Paris)". Emails activate the recipient's zone."""
    return texts.moment(value)


@register.filter
def pair(cells: Sequence[Any], columns: Sequence[Any]) -> list[tuple[Any, Any]]:
    """(column, cell) pairs of a score table row, for the plain-text email."""
    return list(zip(columns, cells, strict=False))


@register.simple_tag
def playable_games() -> dict[str, Any]:
    """The games that can be played here (every engine that exists), for the home page and footer:
    ``titles`` ("one game and another") and ``count``. Nothing is promised by name."""
    from django.utils.text import get_text_list

    from games.forms import offered_kinds

    titles = [str(engine.TITLE) for _name, engine in offered_kinds()]
    return {"titles": get_text_list(titles, _("and")), "count": len(titles)}


@register.filter(expects_localtime=False)
def day(value: Any) -> str:
    """A day as every page and email writes it: "Tue 24 November 2026"."""
    return texts.day(value)
