"""Sending the outbox: claim a row with a conditional UPDATE, render it, send it, mark it sent.

A row is sent at most once by any number of concurrent or repeated tasks: only the caller whose
``UPDATE ... WHERE sent_at IS NULL AND claimed_at IS NULL`` changed one row may send it. A row whose
claimer died (a worker killed mid-send; with acks_late the task comes back) can be claimed again
once NOTIFICATION_RECLAIM_SECONDS have passed. The one window left is a crash between the SMTP
server accepting the message and ``sent_at`` being written: that message may go out twice, with
the same Message-ID, which mail clients use to fold duplicates.

Rows that no longer deserve sending (the player moved already, unsubscribed since) are marked
sent with ``error`` saying why they were skipped, so they are never tried again.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, field

from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone

from games import models
from games.mail import messages

log = logging.getLogger(__name__)

# A row queued less than this long ago still has its own on-commit task coming: leave it to it.
CATCH_UP_AFTER = dt.timedelta(minutes=1)


def claim(notification_id: int, *, now: dt.datetime) -> bool:
    """Take a row for sending; only one caller wins it (the UPDATE's row count says who)."""
    stale = now - dt.timedelta(seconds=settings.NOTIFICATION_RECLAIM_SECONDS)
    return (
        models.Notification.objects.filter(
            Q(claimed_at__isnull=True) | Q(claimed_at__lt=stale),
            pk=notification_id,
            sent_at__isnull=True,
            attempts__lt=settings.NOTIFICATION_MAX_ATTEMPTS,
        ).update(claimed_at=now, attempts=F("attempts") + 1)
        == 1
    )


def deliver(notification_id: int, *, now: dt.datetime) -> str:
    """Send one row if this caller wins its claim: "sent", "skipped: why", or "not claimed".

    A sending error releases the claim (so a retry may claim it again) and is raised to the caller.
    """
    if not claim(notification_id, now=now):
        return "not claimed"
    note = models.Notification.objects.select_related("user", "game").get(pk=notification_id)
    try:
        message = messages.build(note, now=now)
        if message is not None:
            message.send()
    except messages.Skip as skip:
        _finish(note, error=f"skipped: {skip.reason}")
        return f"skipped: {skip.reason}"
    except Exception as exc:
        models.Notification.objects.filter(pk=note.pk).update(claimed_at=None, error=repr(exc)[:2000])
        raise
    _finish(note, error="")
    return "sent"


def _finish(note: models.Notification, *, error: str) -> None:
    # Stamped with the real clock: it records when the message left, whatever ``now`` a caller gave.
    models.Notification.objects.filter(pk=note.pk).update(sent_at=timezone.now(), error=error)


@dataclass
class CatchUp:
    sent: list[int] = field(default_factory=list)
    skipped: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)


def send_unsent(*, now: dt.datetime, older_than: dt.timedelta = CATCH_UP_AFTER, limit: int = 500) -> CatchUp:
    """Send rows whose own task never ran or died: crash recovery for the outbox."""
    stale = now - dt.timedelta(seconds=settings.NOTIFICATION_RECLAIM_SECONDS)
    ids = list(
        models.Notification.objects.filter(
            Q(claimed_at__isnull=True) | Q(claimed_at__lt=stale),
            sent_at__isnull=True,
            created_at__lte=now - older_than,
            attempts__lt=settings.NOTIFICATION_MAX_ATTEMPTS,
        )
        .order_by("created_at")
        .values_list("pk", flat=True)[:limit]
    )
    report = CatchUp()
    for pk in ids:
        try:
            result = deliver(pk, now=now)
        except Exception:
            log.exception("notification %s could not be sent", pk)
            report.failed.append(pk)
            continue
        if result == "sent":
            report.sent.append(pk)
        elif result.startswith("skipped"):
            report.skipped.append(pk)
    return report
