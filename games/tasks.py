"""Celery tasks: ids in, call a service, idempotent. The clock is read here, at the edge.

Every task is acks_late (settings): a worker that dies mid-task gets it redelivered, which is safe
because each one is idempotent (notifications are claimed; the sweep and digests claim their rows).
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from celery import shared_task
from django.utils import timezone

from games import deadlines, notifications, services
from games.mail import digests

log = logging.getLogger(__name__)

# Seconds before retrying a message the SMTP server refused or could not take: 1, 2, 4... minutes.
RETRY_BASE_SECONDS = 60


@shared_task(bind=True, acks_late=True, max_retries=4)
def send_notification(self: Any, notification_id: int) -> str:
    """Send one outbox row, once: a duplicated or retried task finds it claimed or sent."""
    try:
        return notifications.deliver(notification_id, now=timezone.now())
    except Exception as exc:
        # The claim was released: a later try (this retry, or the catch-up task) may take it.
        raise self.retry(exc=exc, countdown=RETRY_BASE_SECONDS * 2**self.request.retries) from exc


@shared_task(acks_late=True)
def send_unsent_notifications() -> dict[str, int]:
    """Beat, every minute: send rows whose own task was lost (crash recovery)."""
    report = notifications.send_unsent(now=timezone.now())
    return {"sent": len(report.sent), "skipped": len(report.skipped), "failed": len(report.failed)}


@shared_task(acks_late=True)
def send_pending_notifications() -> dict[str, int]:
    """Send every unsent row now, however recent (kept for callers that queue rows themselves)."""
    report = notifications.send_unsent(now=timezone.now(), older_than=dt.timedelta(0))
    return {"sent": len(report.sent), "skipped": len(report.skipped), "failed": len(report.failed)}


@shared_task(acks_late=True)
def sweep_deadlines() -> dict[str, int]:
    """Beat, every minute: vacation pauses and reminders that are due; each due timeout to its task."""
    return deadlines.sweep(now=timezone.now()).counts()


@shared_task(acks_late=True)
def hand_off_timeouts(due: list[list[Any]], now: str) -> list[tuple[int, int]]:
    """Publish the timeout tasks of a chunk of the sweep's due seats; those not handed off."""
    return deadlines.publish_timeouts([(int(g), int(p), str(d)) for g, p, d in due], now=now)


@shared_task(acks_late=True)
def play_timeout(game_id: int, position: int, deadline: str, now: str) -> bool:
    """One seat's timeout, handed off by the sweep: played once, at the sweep's clock.

    ``deadline`` is the one the sweep saw: a duplicate (two sweeps, a redelivery) finds it changed
    and does nothing. The sweep's ``now`` is used, not this worker's (the clock of the tests and of
    ``sweep_deadlines --now``): it is at most two ``TIMEOUT_TASK_EXPIRES`` old (a chunk's hand-off
    task, then this one, each dropped past it and handed off again by the next sweep).
    """
    return deadlines.play_timeout(
        game_id=game_id,
        position=position,
        deadline=dt.datetime.fromisoformat(deadline),
        now=dt.datetime.fromisoformat(now),
    )


@shared_task(acks_late=True)
def send_daily_digests() -> int:
    """Beat, once a day: one digest per daily-digest player with games waiting on them."""
    return len(digests.queue_digests(now=timezone.now()))


@shared_task(acks_late=True)
def play_bots(game_id: int) -> int:
    """After a resignation left only bots: they play out the game here, not in the request."""
    result = services.bots_play(game_id=game_id, now=timezone.now())
    return len(result.events) if result else 0


@shared_task(acks_late=True)
def play_bots_left_behind() -> int:
    """Beat, every minute: games left to bots whose own task was lost (the broker was down)."""
    return sum(play_bots(game_id) for game_id in services.games_left_to_bots())
