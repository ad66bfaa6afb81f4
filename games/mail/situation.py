"""One seat's situation in one game, as emails tell it: what happened, what to decide, by when.

Built only from ``selectors.event_log`` (redacted for the seat) and ``engine.view/legal/pending``
for that seat, so an email carries nothing the player could not see on the game page. Engine texts
are rendered by ``games.texts`` in the active language (``messages.build`` sets the reader's).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from games import models, selectors, store, texts
from games.boards import presentation_for
from games.engine.core import JSON, CommandSpec, Engine, get_engine
from games.mail import links

# The log in an email keeps the newest entries; the game page has the rest.
MAX_HAPPENED = 30
# A command gets one-click links only when its choices are few enough to list.
MAX_CHOICES_PER_LINK = 6
MAX_LINKS = 12


@dataclass(frozen=True)
class Action:
    label: str
    notation: str
    url: str


@dataclass(frozen=True)
class Example:
    label: str
    notation: str
    help: str = ""


@dataclass(frozen=True)
class TableSeat:
    name: str
    is_you: bool
    is_pending: bool
    is_bot: bool
    away_until: dt.date | None
    score: Any = None


@dataclass
class Situation:
    game: models.Game
    seat: models.Seat
    title: str
    game_url: str
    happened: list[str] = field(default_factory=list)
    happened_more: int = 0  # older entries left out
    is_pending: bool = False
    pending_kind: str = ""
    deadline: dt.datetime | None = None
    actions: list[Action] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    legal: list[str] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)
    table: list[TableSeat] = field(default_factory=list)
    waiting_on: list[str] = field(default_factory=list)
    bot_playing: bool = False
    finished: bool = False
    # What happened to the reader's last move, and each other player's moves since, in a line each.
    recap: texts.RecapText = field(default_factory=lambda: texts.RecapText("", []))


def describe(entry: JSON, names: dict[int, str]) -> str:
    """One line of the log, in words. Engines give a ``text``; the table's own events are ours."""
    seat = entry.get("seat")
    who = names.get(seat, "") if isinstance(seat, int) else ""
    kind = entry.get("type", "")
    if entry.get("chat"):
        to = entry.get("to")
        if to is not None:
            return _("%(who)s to %(to)s (private): %(text)s") % {
                "who": who,
                "to": names.get(to, "?"),
                "text": entry.get("text", ""),
            }
        return _("%(who)s: %(text)s") % {"who": who, "text": entry.get("text", "")}
    platform = texts.platform_line(kind, who)
    if platform is not None:
        return platform
    raw = entry.get("text")
    text = texts.render(raw, names) if raw else kind.replace("_", " ")
    if entry.get("cause") == "standing":
        text = _("%(text)s (standing answer)") % {"text": text}
    if who and not texts.names_player(text, who):
        return f"{who}{texts.colon()}{text}"
    return text


def example_for(spec: CommandSpec) -> str:
    """A filled-in command a player can copy: the first choices of every parameter it needs (an
    optional one left out: "counter 0p 0c 0d", not "counter 0p 0c bonus 0d")."""
    values = {p.name: [c.value for c in p.choices[: p.min_count]] for p in spec.params}
    try:
        return spec.build(values)
    except Exception:
        return spec.prefix


def one_click(spec: CommandSpec, names: dict[int, str] | None = None) -> list[tuple[str, str]]:
    """(label, notation) for the commands of this spec a link can carry, or nothing if too many."""
    if not spec.params:
        return [(texts.render(spec.label, names), spec.prefix)]
    if len(spec.params) == 1 and not spec.params[0].multiple:
        param = spec.params[0]
        if len(param.choices) <= MAX_CHOICES_PER_LINK:
            label = texts.render(spec.label, names)
            return [
                (f"{label}{texts.colon()}{texts.render(c.label, names)}", spec.build({param.name: [c.value]}))
                for c in param.choices
            ]
    return []


def summary_lines(kind: str, view: JSON, names: dict[int, str]) -> list[str]:
    """Short lines describing the position, from the seat's view (its messages already rendered).

    An engine may give a ``summary`` (text or lines); the game's presentation adds its own lines
    (``situation_lines``); the ``prompt`` says what the reader must decide when it is their turn.
    Anything else is on the game page.
    """
    lines: list[str] = []
    summary = view.get("summary")
    if isinstance(summary, str):
        lines.append(summary)
    elif isinstance(summary, list):
        lines += [str(line) for line in summary]
    lines += presentation_for(kind).situation_lines(view, names)
    prompt = view.get("prompt")
    if isinstance(prompt, str) and prompt and view.get("your_turn"):
        lines.append(prompt)
    return lines


def scores_now(engine: Engine, state: Any) -> dict[int, Any]:
    """Each seat's score now (the engine's ``scores``; none from an engine without it)."""
    scores_of = getattr(engine, "scores", None)
    return {int(k): v for k, v in scores_of(state).items()} if scores_of is not None else {}


def for_seat(game: models.Game, seat: models.Seat, *, now: dt.datetime, with_links: bool = True) -> Situation:
    """The seat's situation now. ``with_links`` signs one-click links against the current seq."""
    engine: Engine = get_engine(game.kind)
    infos = list(game.seats.select_related("user").order_by("position"))
    names = {s.position: s.name for s in infos}
    situation = Situation(
        game=game,
        seat=seat,
        title=f"{engine.TITLE} #{game.pk}",
        game_url=links.game_url(game),
        bot_playing=seat.bot_playing,
        finished=game.is_finished,
    )
    entries = selectors.event_log(game, seat.position, since=seat.last_acted_seq)
    situation.happened_more = max(0, len(entries) - MAX_HAPPENED)
    situation.happened = [describe(e, names) for e in entries[-MAX_HAPPENED:]]
    situation.recap = texts.recap_text(
        selectors.recap(game, seat.position, last_acted_seq=seat.last_acted_seq), names
    )
    if game.status == models.Game.Status.OPEN:
        return situation
    state = store.load(game).state
    view = texts.render_json(engine.view(state, seat.position), names)
    situation.summary = summary_lines(game.kind, view, names)
    # "Alice: 3 points": the score in the game's own word (score_text), not a bare number.
    score_text = presentation_for(game.kind).score_text
    scores = {position: score_text(score) for position, score in scores_now(engine, state).items()}
    situation.table = [
        TableSeat(
            name=s.name,
            is_you=s.position == seat.position,
            is_pending=s.is_pending,
            is_bot=s.played_by_bot,
            # "Away until" is shown only while it lasts.
            away_until=s.user.away_until if s.user is not None and s.user.is_away(now.date()) else None,
            score=scores.get(s.position),
        )
        for s in infos
    ]
    situation.waiting_on = [s.name for s in infos if s.is_pending and s.position != seat.position]
    if game.status != models.Game.Status.ACTIVE:
        return situation
    pending = next((p for p in engine.pending(state) if p.seat == seat.position), None)
    situation.is_pending = pending is not None
    situation.pending_kind = pending.kind if pending else ""
    situation.deadline = seat.deadline if pending else None
    specs = list(engine.legal(state, seat.position))
    situation.legal = [example_for(s) for s in specs]
    situation.examples = [
        Example(texts.render(s.label, names), example_for(s), texts.render(s.help, names)) for s in specs
    ]
    if with_links and pending is not None and seat.user_id is not None:
        for spec in specs:
            clicks = one_click(spec, names)
            for label, notation in clicks:
                if len(situation.actions) >= MAX_LINKS:
                    break
                token = links.sign_action(game=game, seat=seat, seq=game.last_seq, command=notation)
                situation.actions.append(Action(label, notation, links.act_url(token)))
            # A quick follow-up is meant to be answered from the email: a command with terms to fill
            # in (a counter-offer) gets a link to a small form. Moves are made on the game page.
            if pending.reply and not clicks and spec.params and len(situation.actions) < MAX_LINKS:
                token = links.sign_action(
                    game=game, seat=seat, seq=game.last_seq, command=spec.prefix, form=True
                )
                label = texts.render(spec.label, names) + "…"
                situation.actions.append(Action(label, spec.prefix, links.act_url(token)))
    return situation
