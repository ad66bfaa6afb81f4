"""Sending the outbox: claim a row with a conditional UPDATE, send it, mark it sent."""

from __future__ import annotations

from django.core.mail import send_mail
from django.db.models import F
from django.utils import timezone

from games import models


def claim(notification_id: int) -> bool:
    """Take a row for sending; only one caller can ever win it."""
    return (
        models.Notification.objects.filter(
            pk=notification_id, claimed_at__isnull=True, sent_at__isnull=True
        ).update(claimed_at=timezone.now(), attempts=F("attempts") + 1)
        == 1
    )


def send_pending() -> int:
    sent = 0
    ids = list(
        models.Notification.objects.filter(sent_at__isnull=True, claimed_at__isnull=True).values_list(
            "pk", flat=True
        )
    )
    for pk in ids:
        if not claim(pk):
            continue
        note = models.Notification.objects.select_related("user", "game").get(pk=pk)
        address = note.user.email if note.user else note.to_email
        if address:
            send_mail(f"Moonweb: {note.get_kind_display()}", f"{note.game}", None, [address])
        models.Notification.objects.filter(pk=pk).update(sent_at=timezone.now())
        sent += 1
    return sent
