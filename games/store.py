"""The event store: the only code that writes events, and the loader of game state.

``append`` writes a batch of events in one transaction with the game row locked, refuses a stale
``expected_seq``, and updates everything derived from the events in that same transaction: the
state cache, the read models on Game and Seat, and the notification outbox.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from games import models, outbox
from games.engine.core import Engine, Event, Pending, fold, get_engine


class StaleSeq(Exception):
    """Someone moved after the seq the command was prepared against (HTTP 409)."""

    def __init__(self, *, expected: int, current: int) -> None:
        super().__init__(f"the game has moved on: you saw move {expected}, it is now at move {current}")
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


def to_engine_event(row: models.Event) -> Event:
    return Event(type=row.type, payload=row.payload, version=row.version, seat=row.seat)


def engine_for(game: models.Game) -> Engine:
    return get_engine(game.kind)


def load(game: models.Game) -> Loaded:
    """The state from the cache plus any events written after it."""
    engine = engine_for(game)
    cache = models.StateCache.objects.filter(game=game).first()
    if cache is None:
        return refold(game)
    state = engine.load_state(cache.state)
    later = list(models.Event.objects.filter(game=game, seq__gt=cache.seq).order_by("seq"))
    state = fold(engine, (to_engine_event(e) for e in later), state)
    return Loaded(state=state, seq=later[-1].seq if later else cache.seq)


def refold(game: models.Game, upto: int | None = None) -> Loaded:
    """The state folded from nothing, ignoring the cache (optionally only up to seq ``upto``)."""
    engine = engine_for(game)
    rows = models.Event.objects.filter(game=game).order_by("seq")
    if upto is not None:
        rows = rows.filter(seq__lte=upto)
    state: Any = None
    seq = 0
    for row in rows.iterator():
        state = fold(engine, [to_engine_event(row)], state)
        seq = row.seq
    return Loaded(state=state, seq=seq)


def find_batch(game: models.Game, idempotency_key: str) -> list[models.Event]:
    """The events written under this idempotency key, or an empty list."""
    first = models.Event.objects.filter(game=game, idempotency_key=idempotency_key).first()
    if first is None:
        return []
    return list(models.Event.objects.filter(game=game, batch=first.batch).order_by("seq"))


def lock(game: models.Game) -> models.Game:
    """Re-read the game row with a lock held until the surrounding transaction ends."""
    return models.Game.objects.select_for_update().get(pk=game.pk)


@transaction.atomic
def append(
    game: models.Game,
    expected_seq: int | None,
    events: Sequence[Event],
    idempotency_key: str | None = None,
    *,
    now: dt.datetime,
    cause: str = models.Event.Cause.PLAYER,
    command: str = "",
    actor: int | None = None,
    before: Loaded | None = None,
) -> AppendResult:
    """Append a batch of events after ``expected_seq``.

    ``expected_seq`` is the seq the caller's decision was made against; a move written after it
    raises ``StaleSeq``. Chat and other platform events pass None: they never conflict.
    ``before`` is the current state when the caller already loaded it with the game row locked
    (it saves loading it twice); it must be at the game's last seq.
    """
    if not events:
        raise ValueError("append needs at least one event")
    locked = lock(game)
    if idempotency_key:
        earlier = find_batch(locked, idempotency_key)
        if earlier:
            return AppendResult(earlier[0].seq, earlier[-1].seq, earlier, load(locked).state, replayed=True)
    if expected_seq is not None and (locked.move_seq > expected_seq or expected_seq > locked.last_seq):
        raise StaleSeq(expected=expected_seq, current=locked.last_seq)

    engine = engine_for(locked)
    if before is None or before.seq != locked.last_seq:
        before = load(locked)
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
        for i, event in enumerate(events)
    ]
    models.Event.objects.bulk_create(rows)
    state = fold(engine, events, before.state)
    last_seq = rows[-1].seq
    moved = any(not e.is_platform for e in events)

    locked.last_seq = last_seq
    if moved:
        locked.move_seq = last_seq
    models.StateCache.objects.update_or_create(
        game=locked, defaults={"seq": last_seq, "state": engine.dump_state(state), "updated_at": now}
    )
    if moved:
        _update_read_models(locked, engine, state, pending_before, actor=actor, cause=cause, now=now)
    locked.save(update_fields=["last_seq", "move_seq", "status", "outcome", "finished_at"])
    outbox.queue_after_append(locked, rows, pending_before, engine.pending(state), now=now)
    # Keep the caller's instance current: services go on using it after the append.
    game.last_seq, game.move_seq, game.status = locked.last_seq, locked.move_seq, locked.status
    game.outcome, game.finished_at = locked.outcome, locked.finished_at
    return AppendResult(first_seq, last_seq, rows, state, replayed=False)


def rank_resigned_last(outcome: dict[str, Any], resigned: set[int]) -> dict[str, Any]:
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
    pending_before: list[Pending],
    *,
    actor: int | None,
    cause: str,
    now: dt.datetime,
) -> None:
    """Derive Game.status/outcome and each Seat's pending flag and deadline from the new state."""
    outcome = engine.outcome(state)
    if outcome is not None:
        game.status = models.Game.Status.FINISHED
        resigned = set(
            models.Seat.objects.filter(game=game, resigned=True).values_list("position", flat=True)
        )
        game.outcome = rank_resigned_last(outcome.to_json(), resigned)
        game.finished_at = now
        models.Seat.objects.filter(game=game).update(
            is_pending=False, pending_kind="", pending_since=None, deadline=None, reminder_sent_at=None
        )
        return
    was_pending = {p.seat for p in pending_before}
    pending_now = {p.seat: p for p in engine.pending(state)}
    seats = list(models.Seat.objects.filter(game=game).select_related("user"))
    for seat in seats:
        fields: list[str] = []
        if seat.position == actor and cause == models.Event.Cause.PLAYER:
            seat.last_acted_seq = game.last_seq
            seat.consecutive_timeouts = 0
            fields += ["last_acted_seq", "consecutive_timeouts"]
        pending = pending_now.get(seat.position)
        if pending is None:
            if seat.is_pending:
                seat.is_pending, seat.pending_kind = False, ""
                seat.pending_since = seat.deadline = seat.reminder_sent_at = None
                fields += ["is_pending", "pending_kind", "pending_since", "deadline", "reminder_sent_at"]
        elif seat.position not in was_pending or seat.position == actor or not seat.is_pending:
            # Each move restarts the clock: time per move runs from when the seat became (again) to act.
            seat.is_pending, seat.pending_kind = True, pending.kind
            seat.pending_since = now
            seat.deadline = now + game.time_per_move
            seat.reminder_sent_at = None
            fields += ["is_pending", "pending_kind", "pending_since", "deadline", "reminder_sent_at"]
        elif seat.pending_kind != pending.kind:
            seat.pending_kind = pending.kind
            fields.append("pending_kind")
        if fields:
            seat.save(update_fields=sorted(set(fields)))
