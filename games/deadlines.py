"""The deadline sweep: vacation pauses, reminders, timeouts. Beat runs it every minute.

``sweep(now=...)`` is idempotent: running it twice at the same ``now`` (or from two beats at
once) does each thing once.

- **Vacation.** While a seat's player is away (``User.away_until`` is today or later), their
  deadline does not run out: the sweep moves it to ``end of the away day + the game's time per
  move``, so the player gets a whole move's time once back. The rule is ``deadline =
  max(deadline, end of away_until + time per move)``: applying it again changes nothing, and
  extending the absence pushes it again. The reminder is reset with it. Others see "away until"
  on the game page and in emails (``selectors.SeatInfo.away_until``).
- **Reminder.** When ``REMINDER_AT`` (default 80%) of the time per move has passed, one reminder:
  claimed with ``UPDATE seat SET reminder_sent_at = now WHERE reminder_sent_at IS NULL AND
  deadline = <the deadline it was computed for>``, and its email queued in that transaction.
  A reminder never goes out once the deadline has passed (the timeout says it all).
- **Timeout.** At the deadline, ``services.seat_timeout`` plays the engine's default command as a
  timeout (same path as a player's move), and after ``TIMEOUTS_BEFORE_BOT`` in a row hands the seat
  to a bot; the outbox tells the player (timeout) and the table (bot_takeover).
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from games import models, outbox, services

log = logging.getLogger(__name__)
Kind = models.Notification.Kind

# One sweep does at most this much of each step; the next minute does the rest.
BATCH = 500


@dataclass
class SweepReport:
    paused: list[tuple[int, int]] = field(default_factory=list)  # (game id, seat position)
    reminders: list[tuple[int, int]] = field(default_factory=list)
    timeouts: list[tuple[int, int]] = field(default_factory=list)
    errors: list[tuple[int, int]] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        return {
            "paused": len(self.paused),
            "reminders": len(self.reminders),
            "timeouts": len(self.timeouts),
            "errors": len(self.errors),
        }


def end_of_away(away_until: dt.date) -> dt.datetime:
    """Away days are whole UTC days: the absence ends at midnight after ``away_until``."""
    return dt.datetime.combine(away_until + dt.timedelta(days=1), dt.time(), tzinfo=dt.UTC)


def reminder_due_at(deadline: dt.datetime, window: dt.timedelta) -> dt.datetime:
    return deadline - window * (1 - settings.REMINDER_AT)


def window_of(seat: models.Seat) -> dt.timedelta:
    """The time this seat's decision was given: a move's, or the shorter reply time."""
    return seat.game.time_for(reply=seat.pending_reply)


def _due_seats() -> Q:
    return Q(is_pending=True, deadline__isnull=False, game__status=models.Game.Status.ACTIVE)


def _away(today: dt.date) -> Q:
    return Q(user__away_until__gte=today)


def sweep(*, now: dt.datetime) -> SweepReport:
    report = SweepReport()
    pause_for_vacations(now=now, report=report)
    send_reminders(now=now, report=report)
    play_timeouts(now=now, report=report)
    return report


def pause_for_vacations(*, now: dt.datetime, report: SweepReport) -> None:
    today = now.astimezone(dt.UTC).date()
    seats = models.Seat.objects.filter(_due_seats() & _away(today)).select_related("game", "user")
    for seat in seats.order_by("deadline")[:BATCH]:
        assert seat.user is not None and seat.user.away_until is not None and seat.deadline is not None
        held = end_of_away(seat.user.away_until) + window_of(seat)
        if seat.deadline >= held:
            continue
        # Conditional on the deadline read: if the player moved meanwhile, leave the new one alone.
        moved = models.Seat.objects.filter(pk=seat.pk, is_pending=True, deadline=seat.deadline).update(
            deadline=held, reminder_sent_at=None
        )
        if moved:
            report.paused.append((seat.game_id, seat.position))


def send_reminders(*, now: dt.datetime, report: SweepReport) -> None:
    today = now.astimezone(dt.UTC).date()
    horizon = now + services.MAX_TIME_PER_MOVE * (1 - settings.REMINDER_AT)
    seats = (
        models.Seat.objects.filter(
            _due_seats(),
            reminder_sent_at__isnull=True,
            deadline__gt=now,
            deadline__lte=horizon,
            is_bot=False,
            bot_playing=False,
            resigned=False,
            user__isnull=False,
        )
        .exclude(_away(today))
        .select_related("game", "user")
        .order_by("deadline")
    )
    for seat in seats[:BATCH]:
        assert seat.deadline is not None
        if now < reminder_due_at(seat.deadline, window_of(seat)):
            continue
        with transaction.atomic():
            claimed = models.Seat.objects.filter(
                pk=seat.pk, is_pending=True, reminder_sent_at__isnull=True, deadline=seat.deadline
            ).update(reminder_sent_at=now)
            if not claimed:
                continue
            report.reminders.append((seat.game_id, seat.position))
            if outbox.wants(seat.user, Kind.REMINDER):
                payload = {"seat": seat.position, "deadline": seat.deadline.isoformat()}
                outbox.queue(
                    [
                        outbox.notification(
                            game=seat.game, user=seat.user, kind=Kind.REMINDER, now=now, payload=payload
                        )
                    ]
                )


def play_timeouts(*, now: dt.datetime, report: SweepReport) -> None:
    today = now.astimezone(dt.UTC).date()
    seats = (
        models.Seat.objects.filter(_due_seats(), deadline__lte=now)
        .exclude(_away(today))
        .select_related("game")
        .order_by("deadline")
    )
    for seat in list(seats[:BATCH]):
        try:
            # seat_timeout re-checks under the game's lock, so a seat that moved meanwhile is left alone.
            result = services.seat_timeout(game=seat.game, position=seat.position, now=now)
        except Exception:
            # One broken game must not stop every other table's clock.
            log.exception("timeout of %s failed", seat)
            report.errors.append((seat.game_id, seat.position))
            continue
        if result is not None:
            report.timeouts.append((seat.game_id, seat.position))
