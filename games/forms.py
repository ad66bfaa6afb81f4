"""Forms of the game pages: a new table, an invitation, chat, and a move built from a CommandSpec.

A move is never taken from posted text as is: the posted ``action`` and ``prefix`` only pick one
of the specs the engine says are legal now, and the notation is rebuilt by ``CommandSpec.build``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import models, texts
from games.engine.core import CannotParse, CommandSpec, Engine, engine_names, get_engine

# Seqs live in PostgreSQL integer columns: a bigger number names no position.
MAX_SEQ = 2**31 - 1
# RFC 5321 caps a forward path at 256 octets, brackets included: 254 for the address itself, the
# size of the EmailField columns that store it.
MAX_EMAIL_LENGTH = 254

# Time per move offered at creation, in hours (the service accepts 1 hour to 14 days).
TIME_PER_MOVE_HOURS = (1, 4, 12, 24, 48, 72, 168)
# Reply time for quick follow-ups (an answer to an offer), in minutes; 0 = the default, a quarter of
# the time per move capped at 24 hours (models.Game.reply_window).
REPLY_TIME_MINUTES = (0, 15, 30, 60, 120, 240, 480, 720, 1440)


def offered_kinds() -> list[tuple[str, Engine]]:
    """The games a player may create: every importable engine except those only tests register.

    ``settings.GAMES_OFFERED`` (a list of names), when set, replaces that choice: tests use it to
    offer the tiny "race" game.
    """
    names = getattr(settings, "GAMES_OFFERED", None)
    out = []
    for name in names if names is not None else engine_names():
        try:
            engine = get_engine(name)
        except (LookupError, ImportError):
            continue  # an engine still being written: offer it once it imports
        if names is None and (type(engine).__module__.startswith("tests.") or not engine.OFFERED):
            continue
        out.append((name, engine))
    return out


def _time_label(hours: int) -> str:
    if hours < 24:
        return ngettext("%(n)d hour", "%(n)d hours", hours) % {"n": hours}
    return ngettext("%(n)d day", "%(n)d days", hours // 24) % {"n": hours // 24}


def _reply_label(minutes: int) -> str:
    if not minutes:
        return str(_("A quarter of the time per move (at most 24 hours)"))
    if minutes < 60:
        return ngettext("%(n)d minute", "%(n)d minutes", minutes) % {"n": minutes}
    return _time_label(minutes // 60)


def _option_label(title: str, label: Any, help_text: Any) -> str:
    text = f"{title}: {texts.render(label)}"
    return f"{text} ({texts.render(help_text)})" if help_text else text


class NewGameForm(forms.Form):
    kind = forms.ChoiceField(label=_("Game"))
    seat_count = forms.IntegerField(label=_("Number of seats"), min_value=1, max_value=8, initial=2)
    options = forms.MultipleChoiceField(
        label=_("Variants"), required=False, widget=forms.CheckboxSelectMultiple
    )
    time_per_move = forms.TypedChoiceField(
        label=_("Time per move"),
        coerce=int,
        initial=24,
        help_text=_("How long each player has to move before the default move is played for them."),
    )
    reply_time = forms.TypedChoiceField(
        label=_("Reply time"),
        coerce=int,
        initial=0,
        required=False,
        help_text=_(
            "How long a player has for a quick follow-up, such as answering an offer, before the default "
            "answer is given for them."
        ),
    )
    visibility = forms.ChoiceField(
        label=_("Who may join"),
        choices=models.Game.Visibility.choices,
        initial=models.Game.Visibility.PUBLIC,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.engines = dict(offered_kinds())
        self._choice_field("kind").choices = [(name, engine.TITLE) for name, engine in self.engines.items()]
        # Options are per game, so each value names its game: "<game>:<option>".
        self._choice_field("options").choices = [
            (f"{name}:{option.name}", _option_label(engine.TITLE, option.label, option.help))
            for name, engine in self.engines.items()
            for option in engine.OPTIONS
        ]
        # Options on by default start ticked: an unticked box turns the option off (clean()).
        self.fields["options"].initial = [
            f"{name}:{option.name}"
            for name, engine in self.engines.items()
            for option in engine.OPTIONS
            if option.default
        ]
        self._choice_field("time_per_move").choices = [(h, _time_label(h)) for h in TIME_PER_MOVE_HOURS]
        self._choice_field("reply_time").choices = [(m, _reply_label(m)) for m in REPLY_TIME_MINUTES]
        if self.engines:
            self.fields["seat_count"].help_text = " ".join(
                _("%(game)s: %(min)d to %(max)d players.")
                % {"game": engine.TITLE, "min": engine.MIN_PLAYERS, "max": engine.MAX_PLAYERS}
                for engine in self.engines.values()
            )

    def _choice_field(self, name: str) -> forms.ChoiceField:
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        return field

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        kind = data.get("kind")
        engine = self.engines.get(kind) if kind else None
        if engine is None:
            return data
        seats = data.get("seat_count")
        if seats is not None and not engine.MIN_PLAYERS <= seats <= engine.MAX_PLAYERS:
            self.add_error(
                "seat_count",
                _("%(game)s takes %(min)d to %(max)d players.")
                % {"game": engine.TITLE, "min": engine.MIN_PLAYERS, "max": engine.MAX_PLAYERS},
            )
        # Every option of the chosen game is set, ticked or not, so that an option on by default
        # can be turned off.
        chosen: dict[str, bool] = {option.name: False for option in engine.OPTIONS}
        for value in data.get("options", []):
            option_kind, _sep, name = value.partition(":")
            # Another game's variants are left aside: some start ticked (their default), and the
            # page lists every game's, so choosing this game must not be refused for them.
            if option_kind == kind:
                chosen[name] = True
        data["option_flags"] = chosen
        hours, minutes = data.get("time_per_move"), data.get("reply_time") or 0
        if hours is not None and minutes > int(hours) * 60:
            self.add_error("reply_time", _("The reply time cannot be longer than the time per move."))
        return data

    def time_delta(self) -> dt.timedelta:
        return dt.timedelta(hours=int(self.cleaned_data["time_per_move"]))

    def reply_delta(self) -> dt.timedelta | None:
        """The chosen reply time, or None for the default (a quarter of the time per move)."""
        minutes = self.cleaned_data.get("reply_time") or 0
        return dt.timedelta(minutes=int(minutes)) if minutes else None


class InviteForm(forms.Form):
    email = forms.EmailField(label=_("Email address"), max_length=MAX_EMAIL_LENGTH)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class ChatForm(forms.Form):
    text = forms.CharField(label=_("Message"), max_length=1000, widget=forms.Textarea(attrs={"rows": 2}))
    to = forms.ChoiceField(label=_("To"), required=False)

    def __init__(self, *args: Any, seats: Sequence[Any] = (), me: int | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        to = self.fields["to"]
        assert isinstance(to, forms.ChoiceField)
        to.choices = [("", _("Everyone"))] + [(str(s.position), s.name) for s in seats if s.position != me]

    def to_position(self) -> int | None:
        value = self.cleaned_data.get("to")
        return int(value) if value not in (None, "") else None


def find_spec(specs: Sequence[CommandSpec], action: str, prefix: str) -> CommandSpec | None:
    """The legal spec a move form was drawn from, or None if it is not legal (any more)."""
    return next((s for s in specs if s.action == action and s.prefix == prefix), None)


def spec_values(spec: CommandSpec, data: Mapping[str, Any]) -> dict[str, list[str]]:
    """The posted values of each of the spec's params, in the names the form used."""
    getlist = getattr(data, "getlist", None)
    values: dict[str, list[str]] = {}
    for param in spec.params:
        key = f"p_{param.name}"
        raw = getlist(key) if getlist is not None else data.get(key, [])
        values[param.name] = [raw] if isinstance(raw, str) else list(raw)
    return values


def build_command(spec: CommandSpec, data: Mapping[str, Any]) -> str:
    """The notation of a filled-in move form; CannotParse (a message) when a choice is missing."""
    return spec.build(spec_values(spec, data))


def needs_confirmation(specs: Sequence[CommandSpec], notation: str) -> bool:
    """Whether a typed command is one of the irreversible ones (a spec with ``confirm``)."""
    text = " ".join(notation.split()).lower()
    return any(
        s.confirm and (text == s.prefix.lower() or text.startswith(s.prefix.lower() + " ")) for s in specs
    )


class BadForm(CannotParse):
    """A move form the page did not draw (a field missing): the site's words, already translated,
    rather than an engine's message."""

    def __init__(self, reason: str) -> None:
        Exception.__init__(self, reason)
        self.reason = reason  # type: ignore[assignment]

    def __str__(self) -> str:
        return str(self.reason)


def seq_from(data: Mapping[str, Any]) -> int:
    """The game's seq the form was drawn at; BadForm when it is missing or not a number."""
    raw = str(data.get("seq", "")).strip()
    # ASCII digits only, and few of them: str.isdigit() also accepts "²" and "٣", which int()
    # refuses or reads, and a seq past the database's integers names no position of any game.
    if not (raw.isascii() and raw.isdigit() and len(raw) <= len(str(MAX_SEQ)) and int(raw) <= MAX_SEQ):
        raise BadForm(str(_("This form is missing the game position it was made for: reload the page.")))
    return int(raw)
