"""Engine texts for a reader: the one place the platform renders an engine's messages.

Engines say everything as messages (``games.engine.messages``: a key and parameters). Pages,
templates (the ``message`` filter), emails, the API and replays all render them here, in the
reader's language (the active Django translation unless one is given) with the players named as
their seats are ("Ann", "Bot 2"). A plain string still reaches here from the services' refusals;
it goes through the site's catalog, as the pages always did.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils import formats, timezone, translation
from django.utils.translation import gettext_noop

from games.engine import messages
from games.engine.core import CommandError
from games.engine.messages import Message, Names, is_message_json

Text = Message | Mapping[str, Any] | str | None


def language(explicit: str | None = None) -> str:
    """The reader's language as engines know them ("en", "fr"): given, else the active one."""
    code = (explicit or translation.get_language() or messages.DEFAULT_LANGUAGE).lower()
    code = code.replace("_", "-").split("-")[0]
    return code if code in messages.LANGUAGES else messages.DEFAULT_LANGUAGE


def colon(lang: str | None = None) -> str:
    """ ": " as the reader's language writes it (French puts a no-break space before the colon)."""
    return "\u00a0: " if language(lang) == "fr" else ": "


# The one way pages and emails write a moment (with the zone's name after it).
MOMENT_FORMAT = "D j F Y, H:i"


def moment(value: Any) -> str:
    """A datetime in the active time zone (the reader's), with that zone's name; "" for None."""
    if not value:
        return ""
    zone = timezone.get_current_timezone()
    local = timezone.localtime(value, zone) if timezone.is_aware(value) else value
    return f"{formats.date_format(local, MOMENT_FORMAT)} ({zone})"


DAY_FORMAT = "D j F Y"


def day(value: Any) -> str:
    """A day as pages and emails write it (the date part of ``moment``)."""
    if not value:
        return ""
    if hasattr(value, "hour") and timezone.is_aware(value):
        value = timezone.localtime(value)
    return formats.date_format(value, DAY_FORMAT)


def seat_names(game: Any) -> dict[int, str]:
    """Each seat's name as players read it (a player's public name, or "Bot 2")."""
    return {s.position: s.name for s in game.seats.select_related("user")}


def render(text: Text, names: Names | None = None, *, lang: str | None = None) -> str:
    """One text for the reader: a message (object or JSON) rendered, a plain string translated."""
    if text is None or text == "":
        return ""
    if isinstance(text, Message) or is_message_json(text):
        return messages.render(text, language(lang), names)  # type: ignore[arg-type]
    if isinstance(text, str):
        if lang is None:
            return translation.gettext(text)
        with translation.override(lang):
            return translation.gettext(text)
    return str(text)


def render_json(value: Any, names: Names | None = None, *, lang: str | None = None) -> Any:
    """A JSON value (a view, a log entry, an outcome) with every message in it rendered as text."""
    return messages.render_json(value, language(lang), names)


def key_of(text: Text) -> str | None:
    """A message's key (stable: scripts and bots branch on it); None for a plain string."""
    if isinstance(text, Message):
        return text.key
    if is_message_json(text):
        return str(text["key"])  # type: ignore[index]
    return None


def to_json(text: Text) -> Any:
    """A text as JSON: a message as its JSON (key, params, count), a string as is."""
    if isinstance(text, Message):
        return text.to_json()
    return text


def api_json(value: Any, names: Names | None = None, *, lang: str | None = None) -> Any:
    """A JSON value for an API answer: each message-valued field ``f`` becomes its text, with the
    message beside it as ``f_key`` (and ``f_params`` when it has any); a message in a list becomes
    ``{"text", "key", "params"}``. Fields that were strings stay strings, in the reader's language.
    """
    return _api_json(value, names, language(lang))


def _api_json(value: Any, names: Names | None, code: str) -> Any:
    # Every API answer with a view walks a few hundred values: the language is resolved once, above,
    # and scalars (most of the values) are passed over without a call.
    if type(value) is list:
        return [_api_json(v, names, code) if type(v) in _CONTAINERS else v for v in value]
    if type(value) is not dict:
        return value
    if type(value.get("key")) is str:  # is_message_json, inlined: this runs for every dict
        return _api_message(value, names, code)
    out: dict[str, Any] = {}
    for field, item in value.items():
        kind = type(item)
        if kind not in _CONTAINERS:
            out[field] = item
        elif kind is dict and type(item.get("key")) is str:
            out[field] = messages.render(item, code, names)
            out[f"{field}_key"] = item["key"]
            if item.get("params"):
                out[f"{field}_params"] = item["params"]
        else:
            out[field] = _api_json(item, names, code)
    return out


# JSON containers: the only values the walk looks into (views are plain JSON: lists, not tuples).
_CONTAINERS = (list, dict)


def _api_message(value: Mapping[str, Any], names: Names | None, code: str) -> dict[str, Any]:
    out: dict[str, Any] = {"text": messages.render(value, code, names), "key": value["key"]}
    if value.get("params"):
        out["params"] = value["params"]
    return out


def reason(error: BaseException | Text, names: Names | None = None, *, lang: str | None = None) -> str:
    """Why a command or request was refused, for the reader: an engine's ``CommandError`` (its
    reason is a message), a service's refusal (a string), or a stored reason (message JSON)."""
    text = getattr(error, "reason", error)
    if isinstance(text, BaseException):
        text = str(text)
    return render(text, names, lang=lang)


def reason_key(error: BaseException | Text) -> str | None:
    """The message key of a refusal, when an engine made it."""
    if isinstance(error, CommandError):
        return key_of(error.reason)
    if isinstance(error, BaseException):
        return None
    return key_of(error)


@dataclass(frozen=True)
class RecapLine:
    """One other player's moves since the reader's last one, in one line."""

    name: str
    line: str
    named: bool  # the line names the player already ("Bob rolls..."): no "Bob:" before it


@dataclass(frozen=True)
class RecapText:
    """A recap (``selectors.recap``) in the reader's words: one sentence about their last move, and
    one line per other player."""

    mine: str
    others: list[RecapLine]
    # The seat's last move was its timeout default; ``mine`` then starts by saying so, unless that
    # move needed no sentence of its own (a roll to start a turn): pages say it on their own.
    timed_out: bool = False

    def __bool__(self) -> bool:
        return bool(self.mine or self.others or self.timed_out)


# What the platform's own events say (no engine writes them): one sentence each, naming the player.
# Marked for makemessages (gettext_noop) and translated when a line is drawn, for the page's log
# and an email's lines alike.
_PLATFORM_TEXTS = {
    "seat_timed_out": gettext_noop("%(name)s ran out of time; the default move was played."),
    "bot_took_over": gettext_noop("A bot now plays for %(name)s."),
    "seat_reclaimed": gettext_noop("%(name)s is back and plays again."),
    "seat_resigned": gettext_noop("%(name)s resigned; a bot plays out the seat."),
}


def platform_line(kind: str, name: str) -> str | None:
    """The sentence of a platform event (a timeout, a bot taking or giving back a seat, a
    resignation) about the player ``name``, in the active language; None for any other event."""
    template = _PLATFORM_TEXTS.get(kind)
    return translation.gettext(template) % {"name": name} if template is not None else None


def names_player(text: str, name: str) -> bool:
    """Whether ``text`` names the player ``name`` (as a word: "Al" is not in "Alien"), so that it
    needs no "Al:" before it."""
    return bool(name) and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def recap_text(recap: Any, names: Mapping[int, str], *, lang: str | None = None) -> RecapText:
    mine = " ".join(render(m, names, lang=lang) for m in recap.mine)
    if recap.timed_out and mine:
        with translation.override(language(lang)):
            timed_out = translation.gettext("Your time ran out and the default move was played.")
        mine = f"{timed_out} {mine}"
    others = []
    for seat, lines in recap.others:
        name = names.get(seat, str(seat))
        line = " ".join(render(m, names, lang=lang) for m in lines)
        # A line that names its player anywhere ("Turn 3: Zoe is the Mission Leader.") needs no
        # "Zoe:" before it.
        others.append(RecapLine(name, line, named=names_player(line, name)))
    return RecapText(mine, others, timed_out=bool(recap.timed_out))


def move_words(label: Any, names: Mapping[int, str] | None = None, *, lang: str | None = None) -> str:
    """A command in words (``selectors.label_of``): "Pick a number: 2"; "" if unknown."""
    if label is None:
        return ""
    if isinstance(label, list):
        head, *rest = [render(part, names, lang=lang) for part in label]
        return f"{head}{colon(lang)}{', '.join(rest)}" if rest else head
    return render(label, names, lang=lang)
