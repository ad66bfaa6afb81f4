"""The event store: the only code that writes events, and the loader of game state.

``append`` writes a batch of events in one transaction with the game row locked, refuses a command
made on a decision that has since changed, and updates what is derived from the events in that
same transaction: the state cache and the read models on Game and Seat. It decides nothing about
who hears of it: services hand the result (which seats' decisions changed) to the outbox.

A seat's *decision* is what ``engine.pending`` asks of it: its kind and key. Its identity is
``Seat.decision_seq``, the seq at which it began; a command, form, one-click link or email reply
carries the seq its author saw, and is stale only if that seat's decision began (or ended) after
it. ``is_fresh`` is that rule, in one place.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, transaction
from django.db.models import Subquery

from games import models
from games.engine.core import PLATFORM_EVENT_TYPES, Engine, Event, Pending, fold, get_engine, upcast
from games.engine.shapes import OutcomeJSON
from moonweb import raw


class StaleSeq(Exception):
    """The seat's decision changed after the seq the command was prepared against (HTTP 409)."""

    def __init__(self, *, expected: int, current: int) -> None:
        super().__init__(f"your decision has changed: you saw move {expected}, the game is at move {current}")
        self.expected = expected
        self.current = current


@dataclass(frozen=True)
class Loaded:
    """A game's rules state folded up to ``seq``."""

    state: Any
    seq: int


@dataclass(frozen=True)
class AppendResult:
    first_seq: int
    last_seq: int
    events: list[models.Event]
    state: Any
    replayed: bool  # True when an idempotency key matched an earlier batch: nothing was written
    # Who must act after this batch, and those whose decision is new (for the outbox to tell).
    pending: list[Pending] = field(default_factory=list)
    changed: list[Pending] = field(default_factory=list)
    seats: list[models.Seat] = field(default_factory=list)  # as the batch left them
    # The outbox rows ``notify`` made for this batch, saved with it (with their ids).
    notifications: list[models.Notification] = field(default_factory=list)


# The events of a batch, or a function making them from the current state once the game is locked
# and the command known to be fresh (so a stale command is a conflict, not an illegal move).
Batch = Sequence[Event] | Callable[["Loaded"], Sequence[Event]]

# Who must hear of a batch: called by ``append`` with the game, the batch's rows, the decisions it
# made new and the seats as it left them, before anything is written; the outbox rows it returns
# are written in the batch's own statement. The outbox decides who; the store only writes.
Notify = Callable[
    [models.Game, list[models.Event], list[Pending], list[models.Seat]], list[models.Notification]
]


def is_fresh(decision_seq: int, expected_seq: int, last_seq: int) -> bool:
    """Whether a command prepared at ``expected_seq`` still answers the seat's current decision."""
    return decision_seq <= expected_seq <= last_seq


def to_engine_event(row: models.Event, engine: Engine | None = None) -> Event:
    """A stored row as the engine's event; with ``engine``, upcast to the newest version."""
    event = Event(type=row.type, payload=row.payload, version=row.version, seat=row.seat)
    return upcast(engine, event) if engine is not None else event


def engine_for(game: models.Game) -> Engine:
    return get_engine(game.kind)


def load(game: models.Game) -> Loaded:
    """The state from the cache plus any events written after it."""
    if connection.vendor != "postgresql":
        return _from_cache(game, models.StateCache.objects.filter(game=game).first())
    # Every page and API read comes here: one hand-written statement (moonweb/raw.py).
    table = models.StateCache._meta.db_table
    sql = f"SELECT {raw.select_list(models.StateCache, 'c')} FROM {table} AS c WHERE c.game_id = %s"  # noqa: S608
    with connection.cursor() as cursor:
        cursor.execute(sql, [game.pk])
        row = cursor.fetchone()
    return _from_cache(game, raw.build(models.StateCache, row) if row is not None else None)


def _from_cache(game: models.Game, cache: models.StateCache | None) -> Loaded:
    if cache is None:
        return refold(game)
    engine = engine_for(game)
    state = engine.load_state(cache.state)
    if cache.seq >= game.last_seq:
        # The cache is written in the same transaction as the events and Game.last_seq: when it
        # is at the game's seq, there is nothing after it to read.
        return Loaded(state=state, seq=cache.seq)
    later = list(models.Event.objects.filter(game=game, seq__gt=cache.seq).order_by("seq"))
    state = fold(engine, (to_engine_event(e) for e in later), state)
    return Loaded(state=state, seq=later[-1].seq if later else cache.seq)


# A cold load reads only what folding needs, in one query, without building model instances: the
# platform's events (chat, seats changing hands) are left in the table, as fold skips them, except
# the last one read, whose seq is the seq the state is at.
_EVENTS_TO_FOLD = """
    SELECT type, payload, version, seat, seq FROM games_event
    WHERE game_id = %(game)s AND seq <= %(upto)s
      AND (NOT (type = ANY(%(platform)s))
           OR seq = (SELECT max(seq) FROM games_event WHERE game_id = %(game)s AND seq <= %(upto)s))
    ORDER BY seq
"""


def refold(game: models.Game, upto: int | None = None) -> Loaded:
    """The state folded from nothing, ignoring the cache (optionally only up to seq ``upto``)."""
    engine = engine_for(game)
    if connection.vendor != "postgresql":
        return _refold_with_the_orm(game, engine, upto)
    params: dict[str, int | list[str]] = {
        "game": game.pk,
        "upto": upto if upto is not None else _NO_LIMIT,
        "platform": _PLATFORM_TYPES,
    }
    with connection.cursor() as cursor:
        cursor.execute(_EVENTS_TO_FOLD, params)
        rows = cursor.fetchall()
    events = (
        Event(
            type=kind,
            payload=json.loads(payload) if isinstance(payload, str) else payload,
            version=version,
            seat=seat,
        )
        for kind, payload, version, seat, _seq in rows
    )
    return Loaded(state=fold(engine, events, None), seq=rows[-1][4] if rows else 0)


_NO_LIMIT = 2**31 - 1  # above any seq (a PostgreSQL integer)
_PLATFORM_TYPES = sorted(PLATFORM_EVENT_TYPES)


def _refold_with_the_orm(game: models.Game, engine: Engine, upto: int | None) -> Loaded:
    # SQLite (development): the same fold, rows read through the ORM.
    rows = models.Event.objects.filter(game=game).order_by("seq")
    if upto is not None:
        rows = rows.filter(seq__lte=upto)
    events = list(rows)
    return Loaded(state=fold(engine, map(to_engine_event, events), None), seq=events[-1].seq if events else 0)


def find_batch(game: models.Game, idempotency_key: str, *, seat: int | None) -> list[models.Event]:
    """The events a seat's command wrote under this idempotency key, or an empty list.

    Keys are scoped to the seat: another player's batch under the same key is not this one's.
    """
    first = models.Event.objects.filter(game=game, actor=seat, idempotency_key=idempotency_key)
    batch = first.values("batch")[:1]
    return list(models.Event.objects.filter(game=game, batch=Subquery(batch)).order_by("seq"))


def lock(game: models.Game) -> models.Game:
    """Re-read the game row with a lock held until the surrounding transaction ends."""
    return models.Game.objects.select_for_update().get(pk=game.pk)


def lock_and_load(game: models.Game) -> tuple[models.Game, Loaded]:
    """The game row locked and its current state, read together (one statement when the cache is
    current): what a command starts from. Only the game row is locked, not its cache."""
    if connection.vendor != "postgresql":
        return _lock_and_load_orm(game.pk)
    with connection.cursor() as cursor:
        cursor.execute(_lock_sql(), [game.pk])
        return _locked_and_loaded(game.pk, cursor.fetchone())


def lock_load_and_seat(game_id: int) -> tuple[models.Game, Loaded, list[models.Seat]]:
    """``lock_and_load`` and ``seats_of`` for a command that has only the game's id: the game row
    locked with its state, then its seats. Raises ``Game.DoesNotExist`` for a missing game.

    Two statements, one after the other: the seats' statement takes its snapshot once the lock is
    granted, so it reads them as the previous command left them (joined to the locking statement it
    would not: ``seats_of``). Sending both in one psycopg pipeline saves a round trip, but pipeline
    mode cost more CPU than that round trip: in blocks interleaved in one process, BEGIN, both
    reads and COMMIT took 1.58 against 1.77 ms on a quiet machine, and 5.06 against 3.07 ms (CPU
    2.37 against 1.52 ms) on a busy one.
    """
    if connection.vendor != "postgresql":
        locked, loaded = _lock_and_load_orm(game_id)
    else:
        with connection.cursor() as cursor:
            cursor.execute(_lock_sql(), [game_id])
            locked, loaded = _locked_and_loaded(game_id, cursor.fetchone())
    return locked, loaded, seats_of(locked)


def _lock_and_load_orm(game_id: int) -> tuple[models.Game, Loaded]:
    # SQLite (development): the ORM, which knows the backend's converters.
    locked = models.Game.objects.select_related("state_cache").select_for_update(of=("self",)).get(pk=game_id)
    try:
        cache: models.StateCache | None = locked.state_cache
    except models.StateCache.DoesNotExist:
        cache = None
    return locked, _from_cache(locked, cache)


@functools.cache
def _lock_sql() -> str:
    game_table, cache_table = models.Game._meta.db_table, models.StateCache._meta.db_table
    return (
        f"SELECT {raw.select_list(models.Game, 'g')}, {raw.select_list(models.StateCache, 'c')}"  # noqa: S608
        f" FROM {game_table} AS g LEFT JOIN {cache_table} AS c ON c.game_id = g.id"
        " WHERE g.id = %s FOR UPDATE OF g"
    )


def _locked_and_loaded(game_id: int, row: Sequence[Any] | None) -> tuple[models.Game, Loaded]:
    if row is None:
        raise models.Game.DoesNotExist(f"no game {game_id}")
    width = len(raw.fields_of(models.Game))
    locked = raw.build(models.Game, row[:width])
    cache = raw.build(models.StateCache, row[width:]) if row[width] is not None else None
    # As select_related would: ``locked.state_cache`` answers without a query.
    models.Game.state_cache.related.set_cached_value(locked, cache)
    return locked, _from_cache(locked, cache)


def seats_of(game: models.Game) -> list[models.Seat]:
    """The game's seats with their players, in order: read once per command and kept current.

    A statement of its own, after ``lock_and_load``: joined to the locking statement, the seats would
    come from the snapshot taken before the lock was granted (PostgreSQL re-reads only the locked
    row), so a command that waited for another would decide on, and write back, seats as they were
    before that command (``tests/store/test_store.py``'s two commands for one seq caught it)."""
    if connection.vendor != "postgresql":
        return list(models.Seat.objects.filter(game=game).select_related("user").order_by("position"))
    return raw.with_related(models.Seat, "user", _SEATS_WHERE, [game.pk], order=_SEATS_ORDER)


_SEATS_WHERE, _SEATS_ORDER = "a.game_id = %s", "a.position"


# No savepoint when the caller holds a transaction already (services do): an error here fails the
# whole command anyway, and savepoints cost two statements on the hot path.
@transaction.atomic(savepoint=False)
def append(
    game: models.Game,
    events: Batch,
    *,
    expected_seq: int | None = None,
    seat: int | None = None,
    idempotency_key: str | None = None,
    now: dt.datetime,
    cause: str = models.Event.Cause.PLAYER,
    command: str = "",
    actor: int | None = None,
    before: Loaded | None = None,
    seats: list[models.Seat] | None = None,
    held: bool = False,
    notify: Notify | None = None,
) -> AppendResult:
    """Append a batch of events for a command of ``seat`` prepared at ``expected_seq``.

    Raises ``StaleSeq`` when that seat's decision changed after ``expected_seq`` (``is_fresh``).
    Chat and other platform events pass no ``expected_seq``: they never conflict. ``before`` is the
    current state when the caller already loaded it with the game row locked.

    ``held``: the caller holds the game row lock, ``game`` is the instance it locked (kept current
    by every append), ``seats`` are its seats read under that lock (``seats_of``) and the caller
    looked for an earlier batch under ``idempotency_key`` already. The command path passes all
    that, so a move reads the game, its state and its seats once however many batches it writes.

    ``notify``: the outbox rows this batch calls for (``Notify``), saved in the same statement as
    the batch (``AppendResult.notifications``, with their ids). Not called for a replayed batch.
    """
    if held:
        locked = game
    else:
        locked = lock(game)
        if idempotency_key:
            earlier = find_batch(locked, idempotency_key, seat=seat)
            if earlier:
                return AppendResult(earlier[0].seq, earlier[-1].seq, earlier, None, replayed=True)
    if seats is None:
        seats = seats_of(locked)
    if expected_seq is not None:
        mine = next((s for s in seats if s.position == seat), None)
        decision_seq = mine.decision_seq if mine is not None else 0
        if not is_fresh(decision_seq, expected_seq, locked.last_seq):
            raise StaleSeq(expected=expected_seq, current=locked.last_seq)

    engine = engine_for(locked)
    if before is None or before.seq != locked.last_seq:
        before = load(locked)
    batch = list(events(before) if callable(events) else events)
    if not batch:
        raise ValueError("append needs at least one event")
    pending_before = engine.pending(before.state) if before.state is not None else []
    first_seq = locked.last_seq + 1
    rows = [
        models.Event(
            game=locked,
            seq=first_seq + i,
            type=event.type,
            version=event.version,
            payload=event.payload,
            seat=event.seat,
            batch=first_seq,
            command=command,
            actor=actor,
            cause=cause,
            idempotency_key=idempotency_key if i == 0 else None,
            created_at=now,
        )
        for i, event in enumerate(batch)
    ]
    state = fold(engine, batch, before.state)
    last_seq = rows[-1].seq
    moved = any(not e.is_platform for e in batch)

    locked.last_seq = last_seq
    pending_after = engine.pending(state) if moved else pending_before
    changed: list[Pending] = []
    written: list[models.Seat] = []
    fields: list[str] = []
    if moved:
        changed, written, fields = _update_read_models(
            locked, engine, state, seats, pending_before, pending_after, actor=actor, cause=cause, now=now
        )
    notes = notify(locked, rows, changed, seats) if notify is not None else []
    _write_batch(locked, rows, engine.dump_state(state), now=now, seats=written, fields=fields, notes=notes)
    # Keep the caller's instance current: services go on using it after the append.
    game.last_seq, game.status = locked.last_seq, locked.status
    game.outcome, game.finished_at = locked.outcome, locked.finished_at
    return AppendResult(first_seq, last_seq, rows, state, False, pending_after, changed, seats, notes)


def _write_batch(
    game: models.Game,
    events: list[models.Event],
    dumped: Any,
    *,
    now: dt.datetime,
    seats: list[models.Seat],
    fields: list[str],
    notes: list[models.Notification],
) -> None:
    """Write the batch's events and what they derived: the state cache, the seats that changed, the
    outbox rows (``notes``: their ids are set) and the game row.

    On PostgreSQL in one statement (data-modifying CTEs: each runs once, to completion), one round
    trip instead of four. The event rows are not read back, so they have no ``pk``: nothing after
    an append needs one (an event is named by its game and seq). A field one seat did not change is
    written back as read: the seats were read under the game's lock, and these fields are only ever
    written with that lock held.
    Elsewhere (SQLite in development), through the ORM.
    """
    if connection.vendor != "postgresql":
        models.Event.objects.bulk_create(events)
        models.StateCache.objects.update_or_create(
            game=game, defaults={"seq": game.last_seq, "state": dumped, "updated_at": now}
        )
        if seats:
            models.Seat.objects.bulk_update(seats, fields)
        game.save(update_fields=["last_seq", "status", "outcome", "finished_at"])
        if notes:
            models.Notification.objects.bulk_create(notes)
        return
    # Table and column names come from the models and _SEAT_COLUMNS, values are parameters.
    cache_table, seat_table = models.StateCache._meta.db_table, models.Seat._meta.db_table
    parts = [
        f"cache AS (INSERT INTO {cache_table} (game_id, seq, state, updated_at)"  # noqa: S608
        " VALUES (%s, %s, %s::jsonb, %s) ON CONFLICT (game_id) DO UPDATE"
        " SET seq = EXCLUDED.seq, state = EXCLUDED.state, updated_at = EXCLUDED.updated_at)"
    ]
    params: list[Any] = [game.pk, game.last_seq, json.dumps(dumped), now]
    columns, values, event_params = raw.insert_values(models.Event, events)
    parts.append(f"events AS (INSERT INTO {models.Event._meta.db_table} ({columns}) VALUES {values})")  # noqa: S608
    params += event_params
    if seats:
        row = "(%s::bigint, " + ", ".join(f"%s::{_SEAT_COLUMNS[name]}" for name in fields) + ")"
        parts.append(
            f"seats AS (UPDATE {seat_table} AS s"  # noqa: S608
            f" SET {', '.join(f'{name} = v.{name}' for name in fields)}"
            f" FROM (VALUES {', '.join([row] * len(seats))}) AS v(id, {', '.join(fields)})"
            " WHERE s.id = v.id)"
        )
        params += [value for seat in seats for value in (seat.pk, *(getattr(seat, name) for name in fields))]
    returning = ""
    if notes:
        columns, values, note_params = raw.insert_values(models.Notification, notes)
        parts.append(
            f"notes AS (INSERT INTO {models.Notification._meta.db_table} ({columns})"  # noqa: S608
            f" VALUES {values} RETURNING id)"
        )
        params += note_params
        # Ids come from a sequence in the order of the VALUES rows: sorted, they match ``notes``.
        returning = " RETURNING (SELECT array_agg(id ORDER BY id) FROM notes)"
    sql = (
        f"WITH {', '.join(parts)} UPDATE {models.Game._meta.db_table}"  # noqa: S608
        " SET last_seq = %s, status = %s, outcome = %s::jsonb, finished_at = %s WHERE id = %s" + returning
    )
    outcome = json.dumps(game.outcome) if game.outcome is not None else None
    params += [game.last_seq, game.status, outcome, game.finished_at, game.pk]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        if notes:
            row = cursor.fetchone()
            assert row is not None and len(row[0]) == len(notes)  # one id per row inserted
            for note, pk in zip(notes, row[0], strict=True):
                note.pk = pk
                note._state.adding, note._state.db = False, connection.alias


def rank_resigned_last(outcome: OutcomeJSON, resigned: set[int]) -> OutcomeJSON:
    """A player who resigned ranks below everyone who played on, whatever the bot scored for them."""
    if not resigned:
        return outcome
    stayed = [[s for s in place if s not in resigned] for place in outcome["ranking"]]
    left = [[s for s in place if s in resigned] for place in outcome["ranking"]]
    ranking = [place for place in stayed + left if place]
    return {**outcome, "ranking": ranking, "winners": ranking[0], "resigned": sorted(resigned)}


def _update_read_models(
    game: models.Game,
    engine: Engine,
    state: Any,
    seats: list[models.Seat],
    pending_before: list[Pending],
    pending_after: list[Pending],
    *,
    actor: int | None,
    cause: str,
    now: dt.datetime,
) -> tuple[list[Pending], list[models.Seat], list[str]]:
    """Derive Game.status/outcome and each Seat's decision and deadline from the new state, on the
    instances (``_write_batch`` writes them).

    Returns the pending decisions that are new (a seat that just became to act, acted and must act
    again, or whose decision's kind or key changed: only those restart their clock), the seats
    that changed and the fields to write.
    """
    outcome = engine.outcome(state)
    if outcome is not None:
        game.status = models.Game.Status.FINISHED
        resigned = {s.position for s in seats if s.resigned}
        game.outcome = rank_resigned_last(outcome.to_json(), resigned)
        game.finished_at = now
        for seat in seats:  # nobody is to act any more
            seat.is_pending, seat.pending_kind, seat.pending_key, seat.pending_reply = False, "", "", False
            seat.pending_since = seat.deadline = seat.reminder_sent_at = None
            seat.decision_seq = game.last_seq
        return [], list(seats), list(_DECISION_FIELDS)
    was = {p.seat: p for p in pending_before}
    now_pending = {p.seat: p for p in pending_after}
    changed: list[Pending] = []
    written: list[models.Seat] = []
    all_fields: set[str] = set()
    for seat in seats:
        fields: list[str] = []
        if seat.position == actor and cause == models.Event.Cause.PLAYER:
            seat.last_acted_seq = game.last_seq
            seat.consecutive_timeouts = 0
            fields += ["last_acted_seq", "consecutive_timeouts"]
        pending = now_pending.get(seat.position)
        previous = was.get(seat.position)
        if pending is None:
            if seat.is_pending or seat.position == actor:
                seat.is_pending, seat.pending_kind, seat.pending_key = False, "", ""
                seat.pending_reply = False
                seat.pending_since = seat.deadline = seat.reminder_sent_at = None
                seat.decision_seq = game.last_seq
                fields += _DECISION_FIELDS
        elif (
            previous is None
            or not seat.is_pending
            or seat.position == actor
            or (previous.kind, previous.key) != (pending.kind, pending.key)
        ):
            # A new decision: forms and links made before are stale, and its clock starts now.
            seat.is_pending, seat.pending_kind, seat.pending_key = True, pending.kind, pending.key
            seat.pending_reply = pending.reply
            seat.pending_since = now
            seat.deadline = now + game.time_for(reply=pending.reply)
            seat.reminder_sent_at = None
            seat.decision_seq = game.last_seq
            fields += _DECISION_FIELDS
            changed.append(pending)
        if fields:
            written.append(seat)
            all_fields.update(fields)
    return changed, written, sorted(all_fields)


# The Seat columns a batch may write, with their PostgreSQL types (a VALUES list needs them).
_SEAT_COLUMNS = {
    "is_pending": "boolean",
    "pending_kind": "varchar",
    "pending_key": "varchar",
    "pending_reply": "boolean",
    "pending_since": "timestamptz",
    "deadline": "timestamptz",
    "reminder_sent_at": "timestamptz",
    "decision_seq": "integer",
    "last_acted_seq": "integer",
    "consecutive_timeouts": "smallint",
}


_DECISION_FIELDS = [
    "is_pending",
    "pending_kind",
    "pending_key",
    "pending_reply",
    "pending_since",
    "deadline",
    "reminder_sent_at",
    "decision_seq",
]
