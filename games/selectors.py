"""The reads that pages, the API and emails share. Hidden information leaves only through here.

Everything a person sees of a game is built from ``engine.view`` and ``engine.redact`` for *their*
seat (or None for a spectator). A page load costs a fixed number of queries however long the game:
the state comes from the cache and the log is read from the end.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import caches
from django.db import connection
from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet

from games import models, page_cache, store, texts
from games.engine.core import (
    JSON,
    PLATFORM_EVENT_TYPES,
    CommandError,
    Engine,
    fold,
    get_engine,
    standing_policies,
)
from moonweb import raw

RECENT_LOG = 40


@dataclass
class SeatInfo:
    position: int
    name: str
    user_id: int | None
    is_bot: bool
    bot_playing: bool
    resigned: bool
    is_pending: bool
    pending_kind: str
    deadline: dt.datetime | None
    away_until: dt.date | None
    last_acted_seq: int = 0
    # The seat's standing answers: filled for the viewer's own seat only (they are theirs alone).
    standing: JSON = field(default_factory=dict)

    @property
    def played_by_bot(self) -> bool:
        return self.is_bot or self.bot_playing or self.resigned


@dataclass
class GameView:
    """One person's picture of one game."""

    game: models.Game
    engine: Engine
    seats: list[SeatInfo]
    my_seat: int | None  # the viewer's seat number, None for spectators
    view: Mapping[str, Any] | None  # engine.view for the viewer; None before the game starts
    legal: list[JSON] = field(default_factory=list)
    log: list[JSON] = field(default_factory=list)
    # The engine's state the view was drawn from (None before the game starts): the page's other
    # reads of the position (timeout defaults) use it rather than loading the game again.
    state: Any = None

    @property
    def seq(self) -> int:
        return self.game.last_seq

    @property
    def names(self) -> dict[int, str]:
        return {s.position: s.name for s in self.seats}


def _seat_infos(
    game: models.Game, seats: list[models.Seat] | None = None, viewer_id: int | None = None
) -> list[SeatInfo]:
    if seats is None:
        seats = store.seats_of(game)  # one hand-written statement on PostgreSQL (moonweb/raw.py)
    return [
        SeatInfo(
            position=s.position,
            name=s.name,
            user_id=s.user_id,
            is_bot=s.is_bot,
            bot_playing=s.bot_playing,
            resigned=s.resigned,
            is_pending=s.is_pending,
            pending_kind=s.pending_kind,
            deadline=s.deadline,
            away_until=s.user.away_until if s.user is not None else None,
            last_acted_seq=s.last_acted_seq,
            standing=dict(s.standing or {}) if viewer_id is not None and s.user_id == viewer_id else {},
        )
        for s in seats
    ]


def viewer_seat(game: models.Game, user: Any) -> int | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    position = game.seats.filter(user=user).values_list("position", flat=True).first()
    return position


def game_view(
    game: models.Game,
    user: Any,
    *,
    log_limit: int = RECENT_LOG,
    state: Any = None,
    seats: list[models.Seat] | None = None,
) -> GameView:
    """The viewer's view of the game now, with their legal commands and the end of the log.

    ``state`` and ``seats`` (with their users, in order): the game's current ones when the caller
    has them in hand (the answer to a command), so they are not read again.
    """
    engine = get_engine(game.kind)
    user_id = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    infos = _seat_infos(game, seats, user_id)
    mine = next((s.position for s in infos if user_id is not None and s.user_id == user_id), None)
    if game.status == models.Game.Status.OPEN:
        return GameView(game=game, engine=engine, seats=infos, my_seat=mine, view=None)
    if state is None:
        # The state may be a move ahead of the game row read before it: its own seq names it.
        loaded = store.load(game)
        view, legal = _view_and_legal(game, loaded.seq, engine, loaded.state, mine)
        state = loaded.state
    else:
        # The answer to a command: a position nobody has asked about yet, and the one who moved
        # rarely asks again before it changes. Not kept: writing it cost the command's answer 1-3%
        # (benchmarks/api_latency.py, medians against the commit before).
        view, legal = _view_and_legal(game, game.last_seq, engine, state, mine, keep=False)
    return GameView(
        game=game,
        engine=engine,
        seats=infos,
        my_seat=mine,
        view=view,
        legal=legal,
        log=event_log(game, mine, limit=log_limit) if log_limit else [],
        state=state,
    )


def _view_and_legal(
    game: models.Game, seq: int, engine: Any, state: Any, seat: int | None, *, keep: bool = True
) -> tuple[JSON, list[JSON]]:
    """The seat's view of ``state`` (the game at ``seq``) and its legal commands, as JSON: functions
    of the position and the seat alone, so kept per (game, seq, seat) in the process's page cache
    (``PAGE_FRAGMENT_CACHE``, as the page's fragments are): a page and the API's view ask for the
    same position again and again, and an engine that checks each candidate command by running it
    took 0.5-2 ms to list them (a median of 1 ms for a negotiation with three players).
    ``keep=False``: neither read nor written.
    The cache keeps pickled copies: whoever changes what it was given changes nobody else's.
    """
    seconds = page_cache.seconds()
    store_ = caches[page_cache.cache_alias()] if keep and seconds > 0 else None
    # The seed's digest tells apart two games a test database gave the same id.
    key = f"position:{game.pk}:{game.seed_sha256[:16]}:{seq}:{seat}"
    if store_ is not None:
        found = store_.get(key)
        if found is not None:
            return found  # type: ignore[no-any-return]
    view = engine.view(state, seat)
    legal = [spec_to_json(s) for s in engine.legal(state, seat)] if seat is not None else []
    if store_ is not None:
        store_.set(key, (view, legal), seconds)
    return view, legal


def spec_to_json(spec: Any) -> JSON:
    """A legal command as JSON; its texts stay messages (``games.texts`` renders them for a reader)."""
    return {
        "action": spec.action,
        "prefix": spec.prefix,
        "label": texts.to_json(spec.label),
        "confirm": spec.confirm,
        "help": texts.to_json(spec.help) or "",
        "params": [
            {
                "name": p.name,
                "label": texts.to_json(p.label),
                "multiple": p.multiple,
                "min_count": p.min_count,
                "max_count": getattr(p, "most", 1 if not p.multiple else len(p.choices)),
                "choices": [{"value": c.value, "label": texts.to_json(c.label)} for c in p.choices],
            }
            for p in spec.params
        ],
    }


def redact_row(engine: Engine, row: models.Event, seat: int | None) -> JSON | None:
    """What ``seat`` may know of one stored event, or None if nothing."""
    base: JSON = {"seq": row.seq, "at": row.created_at.isoformat(), "cause": row.cause, "type": row.type}
    if row.type in PLATFORM_EVENT_TYPES:
        if row.type == "chat_sent":
            to = row.payload.get("to")
            if to is not None and seat not in (to, row.seat):
                return None  # a private message is for its two seats only
            return {**base, "seat": row.seat, "text": row.payload["text"], "to": to, "chat": True}
        return {**base, "seat": row.seat, **row.payload}
    # Upcast: a row stored at an older version of its event reads as the engine's current one.
    redacted = engine.redact(store.to_engine_event(row, engine), seat)
    if redacted is None:
        return None
    return {**base, "seat": row.seat, **redacted, "type": row.type}


def event_log(
    game: models.Game, seat: int | None, *, since: int = 0, limit: int | None = None, upto: int | None = None
) -> list[JSON]:
    """The redacted log for a seat (None: spectator), oldest first; ``limit`` keeps the newest."""
    engine = get_engine(game.kind)
    picked = _log_rows(game, since, limit, upto)
    out = []
    for row in picked:
        entry = redact_row(engine, row, seat)
        if entry is not None:
            out.append(entry)
    return out


# Every page that draws its log reads these rows: one hand-written statement on PostgreSQL
# (moonweb/raw.py), as the command path reads its rows. Through the ORM, compiling the query and
# building 40 events took about half of the log's 3.6 ms.
_LOG_WHERE = "a.game_id = %s AND a.seq > %s AND a.seq <= %s"
_NO_SEQ_LIMIT = 2**31 - 1  # above any seq (a PostgreSQL integer)


def _log_rows(game: models.Game, since: int, limit: int | None, upto: int | None) -> list[models.Event]:
    """The game's events after ``since`` (up to ``upto``), oldest first; ``limit``: the newest."""
    if connection.vendor == "postgresql":
        params: list[Any] = [game.pk, since, _NO_SEQ_LIMIT if upto is None else upto]
        if limit is None:
            return raw.select(models.Event, _LOG_WHERE, params, order="a.seq")
        newest = raw.select(models.Event, _LOG_WHERE, [*params, limit], order="a.seq DESC LIMIT %s")
        newest.reverse()
        return newest
    rows = models.Event.objects.filter(game=game, seq__gt=since)
    if upto is not None:
        rows = rows.filter(seq__lte=upto)
    if limit is not None:
        picked = list(rows.order_by("-seq")[:limit])
        picked.reverse()
        return picked
    return list(rows.order_by("seq"))


@dataclass
class ReplayStep:
    game: models.Game
    step: int  # the seq shown: the state after this event
    last: int
    view: JSON
    event: JSON | None  # the event that led here, as the viewer may see it
    seat: int | None


def replay_step(game: models.Game, user: Any, step: int) -> ReplayStep:
    """The game as it was after event ``step``. A finished game shows all; otherwise only the viewer's."""
    engine = get_engine(game.kind)
    last = game.last_seq
    step = max(1, min(step, last))
    seat = viewer_seat(game, user)
    rows = list(models.Event.objects.filter(game=game, seq__lte=step).order_by("seq"))
    state = fold(engine, (store.to_engine_event(r) for r in rows))
    if game.is_finished:
        view = dict(engine.view(state, None))
        view["seats_private"] = {str(p): engine.view(state, p) for p in range(game.seat_count)}
        reveal = getattr(engine, "reveal", None)
        if reveal is not None:
            view["revealed"] = reveal(state)
        event = _full_event(rows[-1]) if rows else None
    else:
        view = dict(engine.view(state, seat))
        event = redact_row(engine, rows[-1], seat) if rows else None
    return ReplayStep(game=game, step=step, last=last, view=view, event=event, seat=seat)


def _full_event(row: models.Event) -> JSON:
    return {"seq": row.seq, "type": row.type, "seat": row.seat, "cause": row.cause, **row.payload}


def score_series(game: models.Game) -> dict[int, list[tuple[int, int]]]:
    """Each seat's score after every event, for the chart of a finished game: (seq, score) points.

    Scores come from the engine's ``scores(state)``, the protocol member every game provides.
    """
    engine = get_engine(game.kind)
    series: dict[int, list[tuple[int, int]]] = {p: [] for p in range(game.seat_count)}
    scores_of = getattr(engine, "scores", None)
    if scores_of is None:
        return series  # an engine from before the protocol had scores: no chart
    state: Any = None
    for row in models.Event.objects.filter(game=game).order_by("seq").iterator():
        state = fold(engine, [store.to_engine_event(row)], state)
        for seat, value in scores_of(state).items():
            series.setdefault(int(seat), []).append((row.seq, int(value)))
    # The chart ends at the final totals, whatever the engine's running score counted.
    final = (game.outcome or {}).get("scores") or {}
    for seat, points in series.items():
        total = final.get(str(seat), final.get(seat)) if isinstance(final, dict) else None
        if points and total is not None and points[-1][1] != int(total):
            points.append((points[-1][0], int(total)))
    return series


def replay_turns(game: models.Game) -> list[int]:
    """The replay step at which each turn begins (the position its player faced): a turn is a run
    of moves by the same seat; chat and the table's own events do not start one. A game whose
    engine names the events that begin a turn (``TURN_STARTS``) has its turns begin right after the
    batch holding such an event."""
    turn_types: frozenset[str] = getattr(get_engine(game.kind), "TURN_STARTS", frozenset())
    if turn_types:
        ends: dict[int, int] = {}
        starting: set[int] = set()
        for seq, batch, kind in (
            models.Event.objects.filter(game=game).order_by("seq").values_list("seq", "batch", "type")
        ):
            ends[batch] = seq
            if kind in turn_types:
                starting.add(batch)
        return [ends[b] for b in ends if b in starting]
    batches: dict[int, dict[str, Any]] = {}
    rows = (
        models.Event.objects.filter(game=game)
        .order_by("seq")
        .values_list("seq", "batch", "actor", "cause", "type")
    )
    for seq, batch, actor, cause, kind in rows:
        entry = batches.setdefault(batch, {"end": seq, "actor": actor, "move": False})
        entry["end"] = seq
        if cause != models.Event.Cause.SETUP and kind not in PLATFORM_EVENT_TYPES:
            entry["move"] = True
    starts: list[int] = []
    previous_end, previous_actor = 0, None
    for entry in batches.values():
        if entry["move"]:
            if not starts or entry["actor"] != previous_actor:
                starts.append(max(previous_end, 1))
            previous_actor = entry["actor"]
        previous_end = entry["end"]
    return starts


def games_of(user: Any) -> QuerySet[models.Game]:
    return models.Game.objects.filter(seats__user=user).distinct()


@dataclass
class Home:
    waiting_on_you: list[tuple[models.Game, models.Seat]]
    waiting_on_others: list[tuple[models.Game, list[str]]]
    open_tables: list[models.Game]
    finished: list[models.Game]


def home_for(user: Any, *, finished_limit: int = 20) -> Home:
    """Games waiting on the player first (by deadline), then on others (naming whom), then the rest."""
    mine = list(
        models.Seat.objects.filter(user=user, game__status=models.Game.Status.ACTIVE)
        .select_related("game")
        .order_by("deadline")
    )
    active_ids = [s.game_id for s in mine]
    pending_others: dict[int, list[str]] = {}
    for seat in (
        models.Seat.objects.filter(game_id__in=active_ids, is_pending=True)
        .exclude(user=user)
        .select_related("user")
        .order_by("position")
    ):
        pending_others.setdefault(seat.game_id, []).append(seat.name)
    waiting_on_you = [(s.game, s) for s in mine if s.is_pending]
    waiting_on_others = [(s.game, pending_others.get(s.game_id, [])) for s in mine if not s.is_pending]
    open_tables = list(
        models.Game.objects.filter(status=models.Game.Status.OPEN, seats__user=user).order_by("-created_at")
    )
    finished = list(
        models.Game.objects.filter(status=models.Game.Status.FINISHED, seats__user=user).order_by(
            "-finished_at"
        )[:finished_limit]
    )
    return Home(waiting_on_you, waiting_on_others, open_tables, finished)


def lobby(user: Any = None) -> QuerySet[models.Game]:
    """Open public tables that still have a free seat, newest first (the page shows them by pages)."""
    return (
        models.Game.objects.filter(status=models.Game.Status.OPEN, visibility=models.Game.Visibility.PUBLIC)
        .annotate(taken=Count("seats"))
        .filter(taken__lt=F("seat_count"))
        .select_related("creator")
        .prefetch_related("seats__user")
        .order_by("-created_at", "-pk")
    )


def visible_games(user: Any) -> QuerySet[models.Game]:
    """Games a person may look at: public ones, and private ones they sit at."""
    query = Q(visibility=models.Game.Visibility.PUBLIC)
    if getattr(user, "is_authenticated", False):
        # EXISTS rather than a join: no duplicate rows, so no DISTINCT over every column of the
        # game (its JSON included) on each API request.
        query |= Q(Exists(models.Seat.objects.filter(game=OuterRef("pk"), user=user)))
    return models.Game.objects.filter(query)


# Game ids are PostgreSQL bigints: a larger number (from a URL) names no game and must not reach
# the database.
MAX_GAME_ID = 2**63 - 1


def visible_game(user: Any, pk: int) -> models.Game | None:
    """The game ``pk`` if ``user`` may look at it (``visible_games``), else None.

    Every API request on one game starts here: on PostgreSQL it is one hand-written statement, as
    the store's reads are (moonweb/raw.py), since building the ORM's query cost more than running it.
    """
    if pk > MAX_GAME_ID:
        return None
    if connection.vendor != "postgresql":
        return visible_games(user).filter(pk=pk).first()
    game_table, seat_table = models.Game._meta.db_table, models.Seat._meta.db_table
    sql = (
        f"SELECT {raw.select_list(models.Game, 'g')} FROM {game_table} AS g"  # noqa: S608
        " WHERE g.id = %s AND (g.visibility = %s"
    )
    params: list[Any] = [pk, models.Game.Visibility.PUBLIC]
    if getattr(user, "is_authenticated", False):
        # Table names from the models' metadata; values only as parameters.
        sql += f" OR EXISTS (SELECT 1 FROM {seat_table} AS s WHERE s.game_id = g.id AND s.user_id = %s)"  # noqa: S608
        params.append(user.pk)
    with connection.cursor() as cursor:
        cursor.execute(sql + ")", params)
        row = cursor.fetchone()
    return raw.build(models.Game, row) if row is not None else None


def game_with_creator(pk: int) -> models.Game | None:
    """Game ``pk`` with its creator, as ``select_related("creator")`` reads it: every page on one
    game starts here, so on PostgreSQL it is one hand-written statement (moonweb/raw.py)."""
    if pk > MAX_GAME_ID:
        return None
    if connection.vendor != "postgresql":
        return models.Game.objects.select_related("creator").filter(pk=pk).first()
    found = raw.with_related(models.Game, "creator", "a.id = %s", [pk])
    return found[0] if found else None


def invited_game(token: str) -> models.Game | None:
    """The table an invitation link names (None: no such link, or a withdrawn one)."""
    return models.Game.objects.filter(invite_token=token).first()


def invitation_withdrawn(token: str) -> bool:
    """Whether ``token`` was a table's link until its creator withdrew it."""
    return models.RevokedInvitation.objects.filter(token=token).exists()


# --- Reads added for the HTML pages (games/views) ---


def legal_specs(game: models.Game, seat: int) -> list[Any]:
    """The CommandSpecs ``seat`` may send now, from the current state (empty unless in progress)."""
    if game.status != models.Game.Status.ACTIVE:
        return []
    engine = get_engine(game.kind)
    return list(engine.legal(store.load(game).state, seat))


def invitations_for(user: Any) -> list[models.Notification]:
    """Email invitations to this player's address for tables still open that they have not joined."""
    if not getattr(user, "is_authenticated", False) or not user.email:
        return []
    notes = (
        models.Notification.objects.filter(
            kind=models.Notification.Kind.INVITE,
            to_email__iexact=user.email,
            game__status=models.Game.Status.OPEN,
        )
        .exclude(game__seats__user=user)
        .select_related("game")
        .order_by("-created_at")
    )
    seen: set[int] = set()
    out = []
    for note in notes:
        if note.game_id is not None and note.game_id not in seen:
            seen.add(note.game_id)
            out.append(note)
    return out


def watchable_games(limit: int = 20) -> list[models.Game]:
    """Public games in progress, the most recently started first: what a visitor may watch."""
    return list(
        models.Game.objects.filter(
            status=models.Game.Status.ACTIVE, visibility=models.Game.Visibility.PUBLIC
        ).order_by("-started_at")[:limit]
    )


def replay_moves(game: models.Game) -> list[int]:
    """The seq that ends each batch (one command, the setup, a chat line): the replay's steps."""
    ends: dict[int, int] = {}
    for seq, batch in models.Event.objects.filter(game=game).values_list("seq", "batch"):
        ends[batch] = max(seq, ends.get(batch, 0))
    return sorted(ends.values())


def replay_batch(game: models.Game, user: Any, step: int) -> list[JSON]:
    """The events of the batch that leads to ``step``, as the viewer may see them.

    A finished game shows every event in full (with its public text), except private chat lines,
    which stay between their two seats even after the end.
    """
    engine = get_engine(game.kind)
    seat = viewer_seat(game, user)
    row = models.Event.objects.filter(game=game, seq=step).only("batch").first()
    if row is None:
        return []
    rows = models.Event.objects.filter(game=game, batch=row.batch, seq__lte=step).order_by("seq")
    out: list[JSON] = []
    for r in rows:
        entry = redact_row(engine, r, seat)
        if game.is_finished and not (r.type == "chat_sent" and r.payload.get("to") is not None):
            public = redact_row(engine, r, None) or {}
            entry = {**_full_event(r), "at": r.created_at.isoformat(), "text": public.get("text", "")}
            entry["full"] = True
        if entry is not None:
            out.append(entry)
    return out


def game_export(game: models.Game) -> JSON:
    """A finished game as one JSON document: players, options, seed, outcome and every event."""
    seats = list(game.seats.select_related("user").order_by("position"))
    return {
        "id": game.pk,
        "kind": game.kind,
        "options": game.options,
        "seat_count": game.seat_count,
        "time_per_move_seconds": int(game.time_per_move.total_seconds()),
        "created_at": game.created_at.isoformat(),
        "started_at": game.started_at.isoformat() if game.started_at else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "players": [
            {"seat": s.position, "name": s.name, "is_bot": s.is_bot, "resigned": s.resigned} for s in seats
        ],
        "seed": bytes(game.seed).hex() if game.is_finished else None,
        "seed_sha256": game.seed_sha256,
        "outcome": game.outcome,
        "events": [
            {
                "seq": e.seq,
                "type": e.type,
                "version": e.version,
                "seat": e.seat,
                "payload": _exported_payload(e),
                "batch": e.batch,
                "cause": e.cause,
                "command": e.command,
                "actor": e.actor,
                "created_at": e.created_at.isoformat(),
            }
            for e in models.Event.objects.filter(game=game).order_by("seq")
        ],
    }


def _exported_payload(row: models.Event) -> JSON:
    # Private messages stay between their two seats, even in a finished game's export.
    if row.type == "chat_sent" and row.payload.get("to") is not None:
        return {**row.payload, "text": None, "private": True}
    return row.payload


# --- What a player missed (issue 9): their own last move in one sentence, the others' in one line each ---


@dataclass
class Recap:
    """What happened to a seat's last move, and what each other seat did since.

    ``mine`` are the engine's summaries (second person) of the seat's last batch, ``timed_out`` says
    that batch was the default move played when their time ran out; ``others`` is one entry per
    other seat, in the order they moved, with the engine's one-line summaries of their events.
    """

    mine: list[Any] = field(default_factory=list)
    timed_out: bool = False
    others: list[tuple[int, list[Any]]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.mine or self.others)


def recap(game: models.Game, seat: int | None, *, last_acted_seq: int = 0) -> Recap:
    """The seat's last batch and everything after it, summarised by ``engine.summary``.

    The last batch is the newest one the seat caused, by a command or by a timeout (a timeout does
    not move ``Seat.last_acted_seq``). Spectators get nothing: the log is theirs.
    """
    out = Recap()
    if seat is None or game.status == models.Game.Status.OPEN:
        return out
    engine = get_engine(game.kind)
    summary = getattr(engine, "summary", None)
    if summary is None:
        return out
    last = _last_batch(game, seat)
    start = last[0] if last is not None else last_acted_seq + 1
    rows = _log_rows(game, min(start, last_acted_seq + 1) - 1, None, None)
    others: dict[int, list[Any]] = {}
    for row in rows:
        if row.type in PLATFORM_EVENT_TYPES:
            continue
        mine = last is not None and row.batch == last[0]
        if not mine and (row.seq < start or row.actor == seat):
            continue  # before the seat's last move, or the seat's own later (unfinished) moves
        line = summary(store.to_engine_event(row, engine), seat)
        if line is None:
            continue
        if mine:
            out.mine.append(line)
        elif row.seat is not None and row.seat != seat:
            others.setdefault(int(row.seat), []).append(line)
    # A timeout is told even when its move needs no sentence of its own (a roll to start a turn).
    out.timed_out = last is not None and last[1] == models.Event.Cause.TIMEOUT
    out.others = list(others.items())
    return out


# The newest event a seat caused in play (not chat, not a seat changing hands): its batch and cause.
# One hand-written statement on PostgreSQL, as the log's rows (``_log_rows``): the ORM compiled
# this query for half the recap's time on the page after a move (0.73 of 1.39 ms).
_LAST_BATCH = (
    "SELECT batch, cause FROM games_event WHERE game_id = %s AND actor = %s"
    " AND NOT (type = ANY(%s)) ORDER BY seq DESC LIMIT 1"
)
_PLATFORM_TYPES = sorted(PLATFORM_EVENT_TYPES)


def _last_batch(game: models.Game, seat: int) -> tuple[int, str] | None:
    if connection.vendor != "postgresql":
        return (
            models.Event.objects.filter(game=game, actor=seat)
            .exclude(type__in=PLATFORM_EVENT_TYPES)
            .order_by("-seq")
            .values_list("batch", "cause")
            .first()
        )
    with connection.cursor() as cursor:
        cursor.execute(_LAST_BATCH, [game.pk, seat, _PLATFORM_TYPES])
        row = cursor.fetchone()
    return (int(row[0]), str(row[1])) if row is not None else None


def label_of(specs: list[Any], text: str) -> Any:
    """The words for a command in notation, from the spec that makes it: its label, and the labels of
    the choices it names ("Pick a number: 2"); None if no spec does."""
    words = text.split()
    for spec in specs:
        prefix = spec.prefix.split()
        if words[: len(prefix)] != prefix:
            continue
        rest = words[len(prefix) :]
        if not rest:
            return spec.label if not spec.params else None
        choices = {c.value: c.label for p in spec.params for c in p.choices}
        if all(w in choices for w in rest):
            return [spec.label, *[choices[w] for w in rest]]
    return None


def command_label(game: models.Game, seat: int, text: str) -> Any:
    """The words for a command a seat is about to send, from its legal specs now (None if the
    text is not one of them, or cannot be read)."""
    if game.status != models.Game.Status.ACTIVE:
        return None
    engine = get_engine(game.kind)
    try:
        command = engine.parse(text)
    except CommandError:
        return None
    label = label_of(list(engine.legal(store.load(game).state, seat)), engine.format(command))
    # A command no spec makes as such (several cards on one line, an order of play): the engine's
    # own words for it, if it has some (an optional member, ``command_words``).
    words = getattr(engine, "command_words", None) if label is None else None
    return words(command) if words is not None else label


def command_words_at(game: models.Game, seat: int, text: str, seq: int) -> Any:
    """The words for a command a seat sent (or had played for it) at ``seq``, from the position
    before it: ``label_of`` the specs it had then. For a timeout's email, after the fact."""
    engine = get_engine(game.kind)
    rows = models.Event.objects.filter(game=game, seq__lt=seq).order_by("seq")
    state = fold(engine, (store.to_engine_event(r, engine) for r in rows))
    return label_of(list(engine.legal(state, seat)), text)


def default_moves(game: models.Game, viewer: int | None, *, state: Any = None) -> dict[int, Any]:
    """Each pending seat's timeout default in words (see ``label_of``), from the current state
    (``state`` when the caller has loaded it already); a private decision's default only for its
    own seat."""
    if game.status != models.Game.Status.ACTIVE:
        return {}
    engine = get_engine(game.kind)
    if state is None:
        state = store.load(game).state
    out: dict[int, Any] = {}
    for pending in engine.pending(state):
        if pending.default is None or (pending.private and pending.seat != viewer):
            continue
        described = engine.default_label(state, pending.seat)
        if described is not None:
            out[pending.seat] = described
            continue
        text = engine.format(pending.default)
        out[pending.seat] = label_of(list(engine.legal(state, pending.seat)), text)
    return out


def standing_answers(game: models.Game, seat: int, *, standing: JSON | None = None) -> JSON:
    """The standing answers the game offers (labels as messages) and those the seat has set
    (``standing`` when the caller has read the seat already)."""
    engine = get_engine(game.kind)
    mine = standing
    if mine is None:
        mine = models.Seat.objects.filter(game=game, position=seat).values_list("standing", flat=True).first()
    return {
        "policies": [
            {
                "name": spec.name,
                "decision": spec.decision,
                "label": spec.label.to_json(),
                "asks": spec.asks.to_json() if spec.asks is not None else None,
                "params": [
                    {
                        "name": p.name,
                        "label": p.label.to_json(),
                        "low": p.low,
                        "high": p.high,
                        "default": p.default,
                    }
                    for p in spec.params
                ],
            }
            for spec in standing_policies(engine, game.seat_count)
        ],
        "standing": dict(mine or {}),
    }
