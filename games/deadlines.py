"""The deadline sweep: vacation pauses, reminders, timeouts. Beat runs it every minute.

``sweep(now=...)`` is idempotent: running it twice at the same ``now`` (or from two beats at
once) does each thing once.

- **Vacation.** While a seat's player is away (``User.away_until`` is today or later), their
  deadline does not run out: the sweep moves it to ``end of the away day + the game's time per
  move``, so the player gets a whole move's time once back. The rule is ``deadline =
  max(deadline, end of away_until + time per move)``: applying it again changes nothing, and
  extending the absence pushes it again. The reminder is reset with it. Others see "away until"
  on the game page and in emails (``selectors.SeatInfo.away_until``).
- **Reminder.** When ``REMINDER_AT`` (default 80%) of the time per move has passed, one reminder.
  The due seats are chosen in SQL (each seat's own window, read from its game's row), so a due
  reminder is never held back behind seats that are not due yet; they are locked ``SKIP LOCKED``,
  claimed (``reminder_sent_at = now``) and their emails queued in one transaction: a second sweep
  at the same time skips or no longer sees them. A reminder never goes out once the deadline has
  passed (the timeout says it all).
- **Timeout.** The sweep only picks the seats whose deadline has passed (one query) and hands each
  to its own Celery task (``tasks.play_timeout``), so more workers, on more machines, play them
  faster. The task calls ``services.seat_timeout``, which re-checks under the game's lock that the
  seat is still due *for the deadline the sweep saw*: a duplicate task (two sweeps, a redelivery)
  or a seat that moved meanwhile does nothing. It plays the engine's default command as a timeout
  (same path as a player's move), and after ``TIMEOUTS_BEFORE_BOT`` in a row hands the seat to a
  bot; the outbox tells the player (timeout) and the table (bot_takeover). A timeout task not
  started within ``TIMEOUT_TASK_EXPIRES`` seconds is dropped by the worker: the next sweep hands
  the seat off again, so a backlog never piles up duplicates.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, field
from typing import Any

from celery.result import EagerResult
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Case, DateTimeField, DurationField, ExpressionWrapper, F, Q, Value, When
from django.db.models.functions import Coalesce, Least
from django.db.models.lookups import GreaterThanOrEqual

from games import models, outbox, services

log = logging.getLogger(__name__)
Kind = models.Notification.Kind

# One sweep pauses at most this many seats; the next minute does the rest.
BATCH = 500
# One sweep reminds at most this many seats, and hands off at most this many timeouts (the nearest
# deadlines first); the next minute does the rest.
REMINDER_BATCH = 5_000
TIMEOUT_BATCH = 50_000
# Up to this many due seats the sweep publishes their tasks itself; beyond, it publishes one
# hand-off task per CHUNK seats and the workers publish the seats' tasks.
FAN_OUT = 200
CHUNK = 1000


@dataclass
class SweepReport:
    paused: list[tuple[int, int]] = field(default_factory=list)  # (game id, seat position)
    reminders: list[tuple[int, int]] = field(default_factory=list)
    # Timeouts handed to their tasks (when tasks run in process, those that did not fail).
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


def window_of(seat: models.Seat) -> dt.timedelta:
    """The time this seat's decision was given: a move's, or the shorter reply time."""
    return seat.game.time_for(reply=seat.pending_reply)


def _due_seats() -> Q:
    return Q(is_pending=True, deadline__isnull=False, game__status=models.Game.Status.ACTIVE)


def _away(today: dt.date) -> Q:
    return Q(user__away_until__gte=today)


def _window() -> Case:
    """``window_of`` in SQL, from the seat's game row (``Game.time_for``, ``Game.reply_window``)."""
    reply_window = Coalesce(
        F("game__reply_time"),
        Least(F("game__time_per_move") / 4, Value(models.DEFAULT_MAX_REPLY_TIME)),
        output_field=DurationField(),
    )
    return Case(
        When(pending_reply=True, then=reply_window),
        default=F("game__time_per_move"),
        output_field=DurationField(),
    )


def _reminder_due(now: dt.datetime) -> Q:
    """Due at ``deadline - window * (1 - REMINDER_AT)``: ``deadline - now <= window * (1 - R)``.

    Durations are compared with durations (not added to the datetime): SQLite (``make run``)
    computes them in microseconds, and cannot add a fractional duration to a datetime."""
    left = ExpressionWrapper(
        F("deadline") - Value(now, output_field=DateTimeField()), output_field=DurationField()
    )
    # Rounded: 1 - 0.8 is 0.19999999999999996 in floating point, and SQLite would multiply by it.
    share = round(1 - settings.REMINDER_AT, 9)
    room = ExpressionWrapper(_window() * share, output_field=DurationField())
    return Q(GreaterThanOrEqual(room, left))


def sweep(*, now: dt.datetime) -> SweepReport:
    report = SweepReport()
    pause_for_vacations(now=now, report=report)
    send_reminders(now=now, report=report)
    hand_off_timeouts(now=now, report=report)
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
    with transaction.atomic():
        # Locked and re-read in the same statement: a seat locked by a move (or by another sweep)
        # is skipped (that move resets its clock; the other sweep reminds it).
        due = list(
            models.Seat.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(
                _due_seats(),
                _reminder_due(now),
                reminder_sent_at__isnull=True,
                deadline__gt=now,
                is_bot=False,
                bot_playing=False,
                resigned=False,
                user__isnull=False,
            )
            .exclude(_away(today))
            .order_by("deadline")
            .values_list("pk", "game_id", "position", "user_id", "deadline")[:REMINDER_BATCH]
        )
        if not due:
            return
        models.Seat.objects.filter(pk__in=[pk for pk, *_ in due]).update(reminder_sent_at=now)
        games = models.Game.objects.in_bulk({game_id for _, game_id, *_ in due})
        users = get_user_model().objects.in_bulk({user_id for *_, user_id, _ in due})
        rows = []
        for _pk, game_id, position, user_id, deadline in due:
            report.reminders.append((game_id, position))
            user = users[user_id]
            assert deadline is not None  # filtered in SQL
            if outbox.wants(user, Kind.REMINDER):
                payload = {"seat": position, "deadline": deadline.isoformat()}
                rows.append(
                    outbox.notification(
                        game=games[game_id], user=user, kind=Kind.REMINDER, now=now, payload=payload
                    )
                )
        outbox.queue(rows)


# A due seat as a task carries it: (game id, position, deadline in ISO 8601).
Due = tuple[int, int, str]

# The Celery tasks this module hands work to, registered by games.apps (the tasks sit above this
# module: no import upwards). Until then (a script that never loaded the app), timeouts are played
# in the caller.
_play_task: Any = None  # tasks.play_timeout
_hand_off_task: Any = None  # tasks.hand_off_timeouts


def set_timeout_tasks(*, play: Any, hand_off: Any) -> None:
    global _play_task, _hand_off_task  # process-wide hooks, set once at start-up
    _play_task, _hand_off_task = play, hand_off


def due_timeouts(*, now: dt.datetime) -> list[Due]:
    """The seats whose time ran out, the oldest deadline first."""
    today = now.astimezone(dt.UTC).date()
    rows = (
        models.Seat.objects.filter(_due_seats(), deadline__lte=now)
        .exclude(_away(today))
        .order_by("deadline")
        .values_list("game_id", "position", "deadline")[:TIMEOUT_BATCH]
    )
    return [(game_id, position, deadline.isoformat()) for game_id, position, deadline in rows if deadline]


def hand_off_timeouts(*, now: dt.datetime, report: SweepReport) -> None:
    """One Celery task per due seat. Each publish is a broker round trip, so beyond ``FAN_OUT``
    seats the sweep publishes one ``hand_off_timeouts`` task per ``CHUNK`` seats and the workers
    publish the seats' own tasks: the sweep's time stays a fraction of a second however many are due.
    """
    due = due_timeouts(now=now)
    if len(due) <= FAN_OUT or _hand_off_task is None:
        failed = set(publish_timeouts(due, now=now.isoformat()))
        report.errors += [(g, p) for g, p, _ in due if (g, p) in failed]
        report.timeouts += [(g, p) for g, p, _ in due if (g, p) not in failed]
        return
    chunks = [due[i : i + CHUNK] for i in range(0, len(due), CHUNK)]
    for index, chunk in enumerate(chunks):
        try:
            result = _hand_off_task.apply_async(
                (chunk, now.isoformat()), expires=settings.TIMEOUT_TASK_EXPIRES
            )
        except Exception:
            # The broker is down: these seats stay due, and the next sweep hands them off.
            log.exception("handing off the timeouts failed")
            report.errors += [(g, p) for rest in chunks[index:] for g, p, _ in rest]
            return
        failed = set(map(tuple, result.get())) if isinstance(result, EagerResult) else set()
        report.errors += [(g, p) for g, p, _ in chunk if (g, p) in failed]
        report.timeouts += [(g, p) for g, p, _ in chunk if (g, p) not in failed]


def publish_timeouts(due: list[Due], *, now: str) -> list[tuple[int, int]]:
    """Publish one ``play_timeout`` task per seat on one broker connection; the seats not handed
    off (the broker is down), or whose task failed when tasks run in process."""
    failed: list[tuple[int, int]] = []
    if _play_task is None:
        for game_id, position, deadline in due:
            seen, at = dt.datetime.fromisoformat(deadline), dt.datetime.fromisoformat(now)
            try:
                play_timeout(game_id=game_id, position=position, deadline=seen, now=at)
            except Exception:
                log.exception("timeout of game %s seat %s failed", game_id, position)
                failed.append((game_id, position))
        return failed
    with _play_task.app.producer_or_acquire() as producer:
        for index, (game_id, position, deadline) in enumerate(due):
            try:
                result = _play_task.apply_async(
                    (game_id, position, deadline, now),
                    expires=settings.TIMEOUT_TASK_EXPIRES,
                    producer=producer,
                )
            except Exception:
                # These seats stay due: the next sweep hands them off again.
                log.exception("handing off the timeouts failed")
                return failed + [(g, p) for g, p, _ in due[index:]]
            if isinstance(result, EagerResult) and result.failed():
                failed.append((game_id, position))
    return failed


def play_timeout(*, game_id: int, position: int, deadline: dt.datetime, now: dt.datetime) -> bool:
    """The task's work: time the seat out if it is still due for this deadline; whether it was."""
    try:
        # seat_timeout locks the game and re-checks the seat: a seat that moved is left alone.
        game = models.Game(pk=game_id)
        return services.seat_timeout(game=game, position=position, now=now, deadline=deadline) is not None
    except models.Game.DoesNotExist:
        return False
