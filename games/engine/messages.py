"""Engine texts as messages: a key and parameters, rendered in the reader's language at the edge.

An engine never builds a finished sentence. It returns ``Message("moonrollers.log.rolled",
{"player": SeatRef(2), "faces": ...})``; the platform renders it once, for the person reading,
with ``render``. Each domain (the first dotted part of a key: ``core``, ``moonrollers``...) ships
gettext catalogs, English and French, in ``<package>/locale/<lang>/LC_MESSAGES/<domain>.mo``.
English has a catalog too, because keys are stable identifiers (bots and the API rely on them),
not English sentences.

Parameters are plain strings and numbers (shown as they are: names, slugs), nested messages
(translated too: a die face, a faction), and ``SeatRef`` (a player, rendered as their name by
whoever knows the names: the engine does not). ``count`` picks the plural form (gettext's
``ngettext``) and is also available to the text as ``{count}``.

French typography is applied here, once, for every French text: a no-break space before ``: ; ! ?``
and elision through format specs (``{crew:de}`` gives "de Zek" or "d'Aponi"; also ``que``, ``le``,
``la`` and ``ce``).
"""

from __future__ import annotations

import gettext
import importlib.util
import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

from games.engine.shapes import MessageJSON

JSON = dict[str, Any]
LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True, slots=True)
class SeatRef:
    """A player, by seat number; rendered as that player's name."""

    seat: int


ParamValue = Union[str, int, "Message", SeatRef, None]


@dataclass(frozen=True, slots=True)
class Message:
    """What an engine says to a person: a catalog key and its parameters."""

    key: str
    params: Mapping[str, ParamValue] = field(default_factory=dict)
    count: int | None = None

    @property
    def domain(self) -> str:
        return self.key.split(".", 1)[0]

    def to_json(self) -> MessageJSON:
        out: MessageJSON = {"key": self.key}
        if self.params:
            out["params"] = {k: param_to_json(v) for k, v in self.params.items()}
        if self.count is not None:
            out["count"] = self.count
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        params = {k: param_from_json(v) for k, v in (data.get("params") or {}).items()}
        count = data.get("count")
        return cls(str(data["key"]), params, int(count) if count is not None else None)

    def __str__(self) -> str:
        return render(self, DEFAULT_LANGUAGE)


def msg(key: str, count: int | None = None, **params: ParamValue) -> Message:
    """Shorthand: ``msg("moonrollers.log.stopped", player=SeatRef(1))``."""
    return Message(key, params, count)


def param_to_json(value: ParamValue) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, SeatRef):
        return {"seat": value.seat}
    return value


def param_from_json(value: Any) -> ParamValue:
    if isinstance(value, dict):
        if "key" in value:
            return Message.from_json(value)
        if "seat" in value:
            return SeatRef(int(value["seat"]))
    if value is None or isinstance(value, str | int):
        return value
    return str(value)


def is_message_json(value: Any) -> bool:
    """Whether a JSON value is a message (a dict with a string ``key``)."""
    return isinstance(value, dict) and isinstance(value.get("key"), str)


# --- Catalogs ----------------------------------------------------------------------------------

_LOCALE_DIRS: dict[str, Path] = {"core": Path(__file__).parent / "locale"}
_TRANSLATIONS: dict[tuple[str, str], gettext.NullTranslations] = {}


def register_catalog(domain: str, locale_dir: Path | str) -> None:
    """Make a domain's catalogs known (engines under games/engine are found without this)."""
    _LOCALE_DIRS[domain] = Path(locale_dir)
    for key in [k for k in _TRANSLATIONS if k[0] == domain]:
        del _TRANSLATIONS[key]


def locale_dir(domain: str) -> Path | None:
    if domain in _LOCALE_DIRS:
        return _LOCALE_DIRS[domain]
    spec = importlib.util.find_spec(f"games.engine.{domain}") if domain.isidentifier() else None
    if spec is None or not spec.submodule_search_locations:
        return None
    found = Path(next(iter(spec.submodule_search_locations))) / "locale"
    _LOCALE_DIRS[domain] = found
    return found


def translations(domain: str, language: str) -> gettext.NullTranslations:
    """The compiled catalog of a domain in a language; English stands in for a missing language."""
    language = language if language in LANGUAGES else DEFAULT_LANGUAGE
    cached = _TRANSLATIONS.get((domain, language))
    if cached is not None:
        return cached
    folder = locale_dir(domain)
    found: gettext.NullTranslations
    if folder is None:
        found = gettext.NullTranslations()
    else:
        found = gettext.translation(domain, folder, languages=[language, DEFAULT_LANGUAGE], fallback=True)
    _TRANSLATIONS[(domain, language)] = found
    return found


def has_text(key: str, language: str) -> bool:
    """Whether the catalog of ``language`` itself has this key (no fallback to the key)."""
    cat = translations(key.split(".", 1)[0], language)
    catalog = getattr(cat, "_catalog", {})
    return key in catalog or (key, 0) in catalog


def template_of(message: Message, language: str) -> str:
    cat = translations(message.domain, language)
    if message.count is None:
        return cat.gettext(message.key)
    return cat.ngettext(message.key, message.key, message.count)


# --- Rendering ---------------------------------------------------------------------------------

Names = Mapping[int, str] | Callable[[int], str]

_VOWEL = re.compile(r"^[aeiouyhàâäéèêëîïôöûüAEIOUYHÀÂÄÉÈÊËÎÏÔÖÛÜ]")
# Words that lose their vowel before one (elision): the format spec names the word.
_APOSTROPHE = "\u2019"  # the typographic apostrophe of French print
_ELIDED = {word: word[:-1] + _APOSTROPHE for word in ("de", "que", "le", "la", "ce", "ne", "se")}
# Any one space before the mark, a no-break one included: a message rendered inside another is
# typeset twice, and must not gain a second space ("Ann\u00a0\u00a0:").
_SPACE_BEFORE = re.compile(r"[ \u00a0\u202f]?([:;!?])(?=\s|$|[»)])")
_NBSP = "\u00a0"
_NNBSP = "\u202f"


class _Formatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        word = format_spec.lower()
        if word in _ELIDED:
            text = str(value)
            capital = format_spec[0].isupper()
            prefix = _ELIDED[word] if _VOWEL.match(text) else word + " "
            if capital:
                prefix = prefix[0].upper() + prefix[1:]
            return prefix + text
        return str(super().format_field(value, format_spec))


_FORMATTER = _Formatter()


def _seat_name(names: Names | None, seat: int, language: str) -> str:
    if callable(names):
        return names(seat)
    if names is not None and seat in names:
        return names[seat]
    return render(Message("core.seat", {"number": seat + 1}), language)


# Texts already rendered, by language and message (its JSON or the Message itself), for messages
# that name no player (their text depends on nothing else): a view repeats the same labels in every
# answer, a board the same card names, and formatting one costs more than finding it. Bounded:
# emptied when full.
_RENDERED: dict[tuple[str, str], str] = {}
_RENDERED_MAX = 20_000


def render(message: Message | Mapping[str, Any], language: str, names: Names | None = None) -> str:
    """The text of a message for a reader of ``language``, players named by ``names``."""
    memo = repr(message)
    if "'seat'" in memo or "SeatRef(" in memo:  # a player named: the text depends on ``names``
        return _render(_message(message), language, names)
    text = _RENDERED.get((language, memo))
    if text is None:
        text = _render(_message(message), language, names)
        if len(_RENDERED) >= _RENDERED_MAX:
            _RENDERED.clear()
        _RENDERED[(language, memo)] = text
    return text


def _message(message: Message | Mapping[str, Any]) -> Message:
    return message if isinstance(message, Message) else Message.from_json(message)


def _render(message: Message, language: str, names: Names | None) -> str:
    values: dict[str, Any] = {}
    for name, value in message.params.items():
        if isinstance(value, Message):
            values[name] = render(value, language, names)
        elif isinstance(value, SeatRef):
            values[name] = _seat_name(names, value.seat, language)
        elif value is None:
            values[name] = ""
        else:
            values[name] = value
    if message.count is not None:
        values.setdefault("count", message.count)
    template = template_of(message, language)
    try:
        text = _FORMATTER.vformat(template, (), values)
    except (KeyError, IndexError, ValueError):
        # A catalog entry naming a parameter the engine did not send: show the key, never crash.
        text = message.key
    if language == "fr":
        text = french_typography(text)
    return text


def french_typography(text: str) -> str:
    """A no-break space before : ; ! ? (narrow before ; ! ?), as French typesetting wants."""

    def space(match: re.Match[str]) -> str:
        mark = match.group(1)
        return (_NBSP if mark == ":" else _NNBSP) + mark

    text = _SPACE_BEFORE.sub(space, text)
    return text.replace("« ", "«" + _NBSP).replace(" »", _NBSP + "»")


def render_json(value: Any, language: str, names: Names | None = None) -> Any:
    """Render every message inside a JSON value (a view, a log entry), leaving the rest as is."""
    if is_message_json(value):
        return render(value, language, names)
    if isinstance(value, dict):
        return {k: render_json(v, language, names) for k, v in value.items()}
    if isinstance(value, list):
        return [render_json(v, language, names) for v in value]
    return value
