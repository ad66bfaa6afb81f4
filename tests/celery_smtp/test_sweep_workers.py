"""Due timeouts handed to real Celery workers: every due seat is timed out exactly once, however
many sweeps hand it off and however many workers take the tasks.

Two real worker subprocesses on one Redis queue, PostgreSQL (committed data: transactional test),
three sweeps (two at the same instant, racing in threads, and one a minute later), handing the
seats off by chunks that the workers publish.
"""

from __future__ import annotations

import datetime as dt
import re
import threading
from collections import Counter
from collections.abc import Iterator

import pytest
from django.db import connection

from games import deadlines, models
from tests.celery_smtp import harness
from tests.factories import NOW, make_game, make_user

pytestmark = [pytest.mark.celery_smtp, pytest.mark.django_db(transaction=True)]
GAMES = 30
DONE = re.compile(r"Task games\.tasks\.play_timeout\[[^]]+\] succeeded in [0-9.e-]+s: (True|False)")


@pytest.fixture
def workers(django_db_setup: None) -> Iterator[list[harness.Worker]]:
    broker, queue = harness.broker_url(), harness.new_queue()
    try:
        with harness.smtp_server() as (_sink, port):
            env = harness.child_env(broker=broker, queue=queue, smtp_port=port)
            with (
                harness.celery_worker(env) as first,
                harness.celery_worker(env) as second,
                harness.local_app_publishing_to(broker, queue),
            ):
                yield [first, second]
    finally:
        harness.forget_queue(broker, queue)


def results(workers: list[harness.Worker]) -> list[str]:
    return [m.group(1) for w in workers for line in list(w.log) if (m := DONE.search(line))]


def test_two_sweeps_and_two_workers_time_each_due_seat_out_exactly_once(
    workers: list[harness.Worker], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The workers publish the seats' tasks, by chunks of 8 (the sweep publishes only the chunks).
    monkeypatch.setattr(deadlines, "FAN_OUT", 8)
    monkeypatch.setattr(deadlines, "CHUNK", 8)
    games = [
        make_game(
            make_user(f"A{i}"), make_user(f"B{i}"), kind="moonrollers", time_per_move=dt.timedelta(hours=1)
        )
        for i in range(GAMES)
    ]
    due = {g.pk: g.seats.get(is_pending=True).position for g in games}
    now = NOW + dt.timedelta(hours=2)
    reports: list[deadlines.SweepReport] = []
    start = threading.Barrier(2)

    def sweep() -> None:
        try:
            start.wait()
            reports.append(deadlines.sweep(now=now))
        finally:
            connection.close()

    racing = [threading.Thread(target=sweep) for _ in range(2)]
    for thread in racing:
        thread.start()
    for thread in racing:
        thread.join()
    # Both sweeps handed every due seat off (neither knows what the other did)...
    assert [sorted(r.timeouts) for r in reports] == [sorted(due.items())] * 2
    # ...and a sweep a minute later hands off again whatever is not played yet.
    later = deadlines.sweep(now=now + dt.timedelta(minutes=1))
    handed = 2 * GAMES + len(later.timeouts)

    assert harness.wait_until(lambda: len(results(workers)) >= handed, timeout=120)
    outcome = Counter(results(workers))
    assert outcome == Counter({"True": GAMES, "False": handed - GAMES})
    timed_out = Counter(
        models.Event.objects.filter(type="seat_timed_out").values_list("game_id", "seat").order_by()
    )
    assert timed_out == Counter(due.items())
    # The tasks were shared: each worker played some.
    assert all(any(DONE.search(line) for line in w.log) for w in workers)
    # The next seats are due an hour after the sweep's clock: nothing more to hand off now.
    assert deadlines.sweep(now=now + dt.timedelta(minutes=1)).timeouts == []
