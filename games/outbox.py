"""Queue notifications in the same transaction as the events that cause them (the outbox).

Only rows are written here; sending them is the job of ``games.tasks`` after commit.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.db import transaction

from games import models
from games.engine.core import Pending


def queue_after_append(
    game: models.Game,
    rows: Sequence[models.Event],
    pending_before: Sequence[Pending],
    pending_after: Sequence[Pending],
    *,
    now: dt.datetime,
) -> list[models.Notification]:
    """A turn notice for each player who has just become due to act, and the result at the end."""
    if not rows or all(row.type in _SILENT_TYPES for row in rows):
        return []
    seats = {s.position: s for s in game.seats.all()}
    actor = rows[0].actor
    queued: list[models.Notification] = []
    if game.status == models.Game.Status.FINISHED:
        for seat in seats.values():
            if seat.user_id is not None and not seat.is_bot:
                queued.append(_notification(game, seat, models.Notification.Kind.GAME_END, now))
    else:
        was_pending = {p.seat for p in pending_before}
        for pending in pending_after:
            seat = seats.get(pending.seat)
            # The player acting now is in front of the game: tell the others it is their turn.
            if seat is None or seat.user_id is None or seat.played_by_bot:
                continue
            if pending.seat in was_pending or pending.seat == actor:
                continue
            queued.append(_notification(game, seat, models.Notification.Kind.TURN, now))
    if queued:
        models.Notification.objects.bulk_create(queued)
        transaction.on_commit(_send_later)
    return queued


_SILENT_TYPES = frozenset({"chat_sent"})


def _notification(game: models.Game, seat: models.Seat, kind: str, now: dt.datetime) -> models.Notification:
    return models.Notification(
        game=game,
        user_id=seat.user_id,
        kind=kind,
        seq=game.last_seq,
        payload={"seat": seat.position},
        created_at=now,
    )


def _send_later() -> None:
    # Imported late: the tasks module needs the Celery app, the store must not need it to import.
    from games import tasks

    tasks.send_pending_notifications.delay()
