"""Sending the outbox: each row is claimed by a conditional UPDATE and goes out exactly once."""

from __future__ import annotations

import datetime as dt
import threading
from typing import Any

import pytest
from django.core import mail
from django.db import connection

from games import models, notifications, services, tasks
from tests.factories import NOW, make_game, make_user
from tests.mail.helpers import run_outbox

Kind = models.Notification.Kind


def turn_row(game: models.Game) -> models.Notification:
    return models.Notification.objects.get(game=game, kind=Kind.TURN, sent_at__isnull=True)


@pytest.mark.django_db
def test_a_duplicated_send_task_delivers_once(game: models.Game) -> None:
    row = turn_row(game)
    first = tasks.send_notification.apply(args=[row.pk]).get()
    second = tasks.send_notification.apply(args=[row.pk]).get()
    assert (first, second) == ("sent", "not claimed")
    assert len(mail.outbox) == 1
    row.refresh_from_db()
    assert row.sent_at is not None and row.attempts == 1 and row.error == ""


@pytest.mark.django_db(transaction=True)
def test_concurrent_send_tasks_deliver_once() -> None:
    game = make_game(make_user("Ann"), make_user("Bob"))
    # Real commits here: the row's own task already sent it. Make it unsent again, as after a crash.
    models.Notification.objects.filter(game=game).update(sent_at=None, claimed_at=None, attempts=0)
    mail.outbox.clear()
    row = turn_row(game)
    start = threading.Barrier(4)
    results: list[str] = []

    def worker() -> None:
        start.wait()
        try:
            results.append(notifications.deliver(row.pk, now=NOW))
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["not claimed"] * 3 + ["sent"]
    assert len(mail.outbox) == 1


@pytest.mark.django_db
def test_a_row_claimed_by_a_worker_that_died_is_sent_after_the_reclaim_delay(
    game: models.Game, settings: Any
) -> None:
    row = turn_row(game)
    assert notifications.claim(row.pk, now=NOW)  # the worker died right after claiming
    assert notifications.deliver(row.pk, now=NOW + dt.timedelta(seconds=10)) == "not claimed"
    later = NOW + dt.timedelta(seconds=settings.NOTIFICATION_RECLAIM_SECONDS + 1)
    assert notifications.deliver(row.pk, now=later) == "sent"
    assert len(mail.outbox) == 1
    row.refresh_from_db()
    assert row.attempts == 2


class BrokenBackend:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def send_messages(self, messages: Any) -> int:
        raise ConnectionRefusedError("the SMTP server is down")


@pytest.mark.django_db
def test_a_failed_send_releases_the_claim_and_records_why(game: models.Game, settings: Any) -> None:
    row = turn_row(game)
    settings.EMAIL_BACKEND = "tests.mail.test_sending.BrokenBackend"
    with pytest.raises(ConnectionRefusedError):
        notifications.deliver(row.pk, now=NOW)
    row.refresh_from_db()
    assert row.claimed_at is None and row.sent_at is None and "SMTP server is down" in row.error
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    assert notifications.deliver(row.pk, now=NOW) == "sent"
    assert len(mail.outbox) == 1


@pytest.mark.django_db
def test_it_gives_up_after_the_last_attempt(game: models.Game, settings: Any) -> None:
    row = turn_row(game)
    models.Notification.objects.filter(pk=row.pk).update(attempts=settings.NOTIFICATION_MAX_ATTEMPTS)
    assert notifications.deliver(row.pk, now=NOW) == "not claimed"
    assert mail.outbox == []


@pytest.mark.django_db
def test_the_catch_up_sends_rows_whose_task_was_lost_and_leaves_fresh_ones_to_their_task(
    game: models.Game,
) -> None:
    row = turn_row(game)  # queued at NOW; its on-commit task never ran (the test runs no commit)
    early = notifications.send_unsent(now=NOW + dt.timedelta(seconds=30))
    assert early.sent == [] and mail.outbox == []
    report = notifications.send_unsent(now=NOW + dt.timedelta(minutes=2))
    assert report.sent == [row.pk] and len(mail.outbox) == 1
    assert notifications.send_unsent(now=NOW + dt.timedelta(minutes=3)).sent == []


@pytest.mark.django_db
def test_a_turn_email_nobody_needs_any_more_is_skipped_not_sent(
    game: models.Game, mover: models.Seat
) -> None:
    row = turn_row(game)
    services.command_submit(game=game, user=mover.user, text="pass", expected_seq=game.last_seq, now=NOW)
    assert notifications.deliver(row.pk, now=NOW) == "skipped: the seat is no longer to act"
    row.refresh_from_db()
    assert row.sent_at is not None and row.error.startswith("skipped")
    assert all(m.to != [mover.user.email] for m in mail.outbox)


@pytest.mark.django_db
def test_unsubscribing_after_queueing_stops_the_email(game: models.Game, mover: models.Seat) -> None:
    row = turn_row(game)
    type(mover.user).objects.filter(pk=mover.user.pk).update(notify="none")
    assert notifications.deliver(row.pk, now=NOW).startswith("skipped")
    assert mail.outbox == []


@pytest.mark.django_db
def test_the_run_outbox_helper_sends_everything_once(game: models.Game) -> None:
    assert len(run_outbox()) == 1
    assert run_outbox() == []
