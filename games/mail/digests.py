"""The daily digest: one email per daily-digest player listing every game waiting on them.

Queued once per player per UTC day: the player's row is locked while checking for today's
digest, so two beats (or a beat and ``manage.py send_digests``) never queue it twice.
"""

from __future__ import annotations

import datetime as dt

from django.contrib.auth import get_user_model
from django.db import transaction

from games import models, outbox

Kind = models.Notification.Kind


def players_waited_on(now: dt.datetime) -> list[int]:
    """Ids of daily-digest players with at least one game in progress waiting on them, and of
    players who take chat in the digest and were written to in the last day."""
    return sorted(
        set(_chat_readers(now))
        | set(
            models.Seat.objects.filter(
                is_pending=True,
                bot_playing=False,
                resigned=False,
                game__status=models.Game.Status.ACTIVE,
                user__notify=outbox.DAILY_DIGEST,
                user__is_active=True,
            ).values_list("user_id", flat=True)
        )
    )


def queue_digests(*, now: dt.datetime) -> list[models.Notification]:
    day = now.astimezone(dt.UTC).date().isoformat()
    queued: list[models.Notification] = []
    for user_id in players_waited_on(now):
        with transaction.atomic():
            user = get_user_model().objects.select_for_update().get(pk=user_id)
            if models.Notification.objects.filter(user=user, kind=Kind.DIGEST, payload__day=day).exists():
                continue
            queued += outbox.queue(
                [outbox.notification(user=user, kind=Kind.DIGEST, now=now, payload={"day": day})]
            )
    return queued


def _chat_readers(now: dt.datetime) -> set[int]:
    """Players who take their chat in the digest, at a table where someone wrote in the last day
    (the digest itself keeps only the lines addressed to them; it skips itself if none is)."""
    games = models.Event.objects.filter(type="chat_sent", created_at__gt=now - dt.timedelta(days=1)).values(
        "game_id"
    )
    return set(
        models.Seat.objects.filter(
            game_id__in=games, user__chat_email="digest", user__is_active=True
        ).values_list("user_id", flat=True)
    )
