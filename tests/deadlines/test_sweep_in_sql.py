"""The sweep chooses due work in SQL and hands each timeout to its own task, played once."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from games import deadlines, models, tasks
from tests.factories import NOW, make_game, make_user

pytestmark = pytest.mark.django_db
HOUR = dt.timedelta(hours=1)
MINUTE = dt.timedelta(minutes=1)


def to_act(game: models.Game) -> int:
    """The position of the seat the game waits on (the first player is drawn at the start)."""
    return int(game.seats.get(is_pending=True).position)


def test_a_due_reminder_is_not_held_back_behind_seats_not_yet_due(monkeypatch: Any) -> None:
    # Ten hours a move, deadline at 31 h: the nearest deadline, but its reminder is due at 29 h.
    quick = make_game(make_user("Ann"), make_user("Bob"), time_per_move=10 * HOUR)
    models.Seat.objects.filter(game=quick, is_pending=True).update(deadline=NOW + 31 * HOUR)
    # Fourteen days a move, deadline at 40 h: a later deadline, its reminder long due (80%).
    slow = make_game(make_user("Cy"), make_user("Di"), time_per_move=dt.timedelta(days=14))
    models.Seat.objects.filter(game=slow, is_pending=True).update(deadline=NOW + 40 * HOUR)
    # One reminder per sweep at most: choosing among the nearest deadlines, then checking each
    # seat's own window, would take the quick game's seat (not due) and remind nobody.
    monkeypatch.setattr(deadlines, "REMINDER_BATCH", 1)
    report = deadlines.sweep(now=NOW + 28 * HOUR)
    assert report.reminders == [(slow.pk, to_act(slow))]
    assert models.Notification.objects.filter(kind="reminder", game=slow).count() == 1
    assert not models.Notification.objects.filter(kind="reminder", game=quick).exists()
    assert deadlines.sweep(now=NOW + 29 * HOUR).reminders == [(quick.pk, to_act(quick))]


@pytest.mark.parametrize(
    ("time_per_move", "reply_time", "not_yet", "due"),
    [
        # No reply time of its own: a quarter of the move's (6 h), the reminder at 80% of it.
        (dt.timedelta(hours=24), None, 4 * HOUR + 47 * MINUTE, 4 * HOUR + 48 * MINUTE),
        # A quarter of eight days is more than a day: a day, so the reminder at 19 h 12 min.
        (dt.timedelta(days=8), None, 19 * HOUR + 11 * MINUTE, 19 * HOUR + 12 * MINUTE),
        # The table's own reply time (2 h): the reminder at 1 h 36 min.
        (dt.timedelta(hours=48), 2 * HOUR, 95 * MINUTE, 96 * MINUTE),
    ],
)
def test_the_reminder_of_a_quick_follow_up_is_due_at_80_percent_of_its_reply_time(
    time_per_move: dt.timedelta, reply_time: dt.timedelta | None, not_yet: dt.timedelta, due: dt.timedelta
) -> None:
    game = make_game(
        make_user("Ann"),
        make_user("Bob"),
        options={"ballot": True},
        time_per_move=time_per_move,
        reply_time=reply_time,
    )
    assert deadlines.sweep(now=NOW + not_yet).reminders == []
    assert sorted(deadlines.sweep(now=NOW + due).reminders) == [(game.pk, 0), (game.pk, 1)]
    assert deadlines.sweep(now=NOW + due).reminders == []


def test_each_due_seat_is_handed_to_its_own_task_with_the_deadline_seen(monkeypatch: Any) -> None:
    games = [make_game(make_user(f"A{i}"), make_user(f"B{i}"), time_per_move=HOUR) for i in range(3)]
    later = make_game(make_user("Late"), make_user("Later"), time_per_move=3 * HOUR)
    sent: list[tuple[Any, ...]] = []
    monkeypatch.setattr(tasks.play_timeout, "apply_async", lambda args, **kw: sent.append((args, kw)))
    report = deadlines.sweep(now=NOW + 2 * HOUR)
    assert sorted(report.timeouts) == sorted((g.pk, to_act(g)) for g in games)
    assert later.pk not in {args[0] for args, _ in sent}
    assert sorted(args for args, _ in sent) == sorted(
        (g.pk, to_act(g), (NOW + HOUR).isoformat(), (NOW + 2 * HOUR).isoformat()) for g in games
    )
    # A task the workers did not start in time is dropped; the next sweep hands the seat off again.
    assert {kw["expires"] for _, kw in sent} == {55}
    assert models.Event.objects.filter(type="seat_timed_out").count() == 0  # nothing played here


def test_a_broker_that_is_down_leaves_the_seats_due_for_the_next_sweep(monkeypatch: Any) -> None:
    game = make_game(make_user("Ann"), make_user("Bob"), time_per_move=HOUR)
    position = to_act(game)

    def down(*args: Any, **kwargs: Any) -> None:
        raise ConnectionError("broker down")

    monkeypatch.setattr(tasks.play_timeout, "apply_async", down)
    report = deadlines.sweep(now=NOW + 2 * HOUR)
    assert report.timeouts == [] and report.errors == [(game.pk, position)]
    monkeypatch.undo()
    assert deadlines.sweep(now=NOW + 2 * HOUR).timeouts == [(game.pk, position)]
    assert models.Event.objects.filter(game=game, type="seat_timed_out").count() == 1


def test_a_duplicate_or_late_timeout_task_plays_nothing() -> None:
    game = make_game(make_user("Ann"), make_user("Bob"), time_per_move=HOUR)
    seat = game.seats.get(is_pending=True)
    assert seat.deadline == NOW + HOUR
    now, position = NOW + 2 * HOUR, seat.position
    # A task for a deadline the seat no longer has (it moved, and its next one ran out): nothing.
    assert not deadlines.play_timeout(game_id=game.pk, position=position, deadline=NOW, now=now)
    assert deadlines.play_timeout(game_id=game.pk, position=position, deadline=NOW + HOUR, now=now)
    # The same task again (two sweeps handed it off, or the broker redelivered it): nothing.
    assert not deadlines.play_timeout(game_id=game.pk, position=position, deadline=NOW + HOUR, now=now)
    assert not deadlines.play_timeout(game_id=game.pk + 1000, position=position, deadline=NOW + HOUR, now=now)
    assert models.Event.objects.filter(game=game, type="seat_timed_out").count() == 1


def test_the_task_plays_the_timeout_at_the_sweeps_clock() -> None:
    game = make_game(make_user("Ann"), make_user("Bob"), time_per_move=HOUR)
    first = to_act(game)
    played = tasks.play_timeout.apply(
        args=(game.pk, first, (NOW + HOUR).isoformat(), (NOW + 2 * HOUR).isoformat())
    )
    assert played.get() is True
    event = models.Event.objects.get(game=game, type="seat_timed_out")
    assert event.created_at == NOW + 2 * HOUR
    # The next seat's clock starts at the sweep's clock too.
    assert game.seats.get(position=1 - first).deadline == NOW + 3 * HOUR


def test_beyond_fan_out_the_workers_publish_the_seats_tasks_by_chunks(monkeypatch: Any) -> None:
    monkeypatch.setattr(deadlines, "FAN_OUT", 2)
    monkeypatch.setattr(deadlines, "CHUNK", 2)
    games = [make_game(make_user(f"A{i}"), make_user(f"B{i}"), time_per_move=HOUR) for i in range(5)]
    due = sorted((g.pk, to_act(g)) for g in games)
    chunks: list[list[Any]] = []
    real = tasks.hand_off_timeouts.apply_async

    def spy(args: tuple[Any, ...], **kwargs: Any) -> Any:
        chunks.append(args[0])
        return real(args, **kwargs)

    monkeypatch.setattr(tasks.hand_off_timeouts, "apply_async", spy)
    report = deadlines.sweep(now=NOW + 2 * HOUR)
    # Three hand-off tasks (2 + 2 + 1 seats), and every seat's own task played it (in process here).
    assert [len(chunk) for chunk in chunks] == [2, 2, 1]
    assert sorted(report.timeouts) == due and report.errors == []
    timed_out = models.Event.objects.filter(type="seat_timed_out").values_list("game_id", "seat")
    assert sorted(timed_out) == due
    assert deadlines.sweep(now=NOW + 2 * HOUR).timeouts == []


def test_without_the_tasks_registered_the_timeouts_are_played_in_the_caller(monkeypatch: Any) -> None:
    # A script that never loaded the app: no Celery task to hand off to.
    monkeypatch.setattr(deadlines, "_play_task", None)
    monkeypatch.setattr(deadlines, "_hand_off_task", None)
    monkeypatch.setattr(deadlines, "FAN_OUT", 1)
    games = [make_game(make_user(f"A{i}"), make_user(f"B{i}"), time_per_move=HOUR) for i in range(2)]
    due = sorted((g.pk, to_act(g)) for g in games)
    assert sorted(deadlines.sweep(now=NOW + 2 * HOUR).timeouts) == due
    assert sorted(models.Event.objects.filter(type="seat_timed_out").values_list("game_id", "seat")) == due
