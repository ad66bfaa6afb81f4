"""The deadline sweep with many seats due: the sweep's own time, and the time until real Celery
workers have played every timeout (once), with 1, 2 and 4 worker processes.

For each worker count: ``--seats`` Moonrollers games (two players, a day per move) whose pending
seat's deadline has just passed; W worker subprocesses (``--pool=solo``, one process each) on a
Redis queue of their own, PostgreSQL. The benchmark runs the sweep as beat would (now, then every
``--period`` seconds while timeouts are left: a task not started within TIMEOUT_TASK_EXPIRES is
dropped and handed off again) and polls the database until every due seat has its timeout.
Emails are rendered and "sent" by Django's dummy backend (no SMTP server).

    DATABASE_URL=postgres://moonweb:moonweb@127.0.0.1:5432/moonweb_sweep \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/10 \\
    .venv/bin/python benchmarks/sweep.py [--seats 10000] [--workers 1 2 4] [--period 60]
    .venv/bin/python benchmarks/sweep.py --seats 10000 --sweep-only 7   # the sweep's time alone

It works in a scratch database (``moonweb_sweepbench`` on DATABASE_URL's server), created and
dropped by the run. Printed: the sweep's own time, the time until all timeouts are played, the
rate, the worker's time per timeout task (median, p95, from its log) and a check that each due
seat was timed out exactly once.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import datetime as dt
import os
import re
import secrets
import statistics
import sys
import time
from pathlib import Path
from typing import Any

BASE_DIR = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(BASE_DIR))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "moonweb.settings")
# Production-like (DEBUG off: no query log in the workers); a throw-away key for this run only.
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
os.environ.setdefault("ALLOWED_HOSTS", "localhost")

TASK_TIME = re.compile(r"play_timeout\[[^]]+\] succeeded in ([0-9.e-]+)s: (True|False)")
CHUNK = 1000


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(share * len(ordered) + 0.5)))
    return ordered[rank - 1]


def clone_games(template: Any, count: int) -> tuple[int, int]:
    """``count`` copies of the template game (its seats, events and state cache), in bulk; the
    range of their ids. Every copy waits on the same seat, with its deadline 30 days away."""
    from games import models

    seats = list(template.seats.all())
    events = list(template.events.all())
    cache = models.StateCache.objects.get(game=template)
    far = template.created_at + dt.timedelta(days=30)
    ids: list[int] = []
    for start in range(0, count, CHUNK):
        games = []
        for _ in range(min(CHUNK, count - start)):
            game = copy.copy(template)
            game.pk, game._state.adding, game.invite_token = None, True, models.new_token()
            games.append(game)
        models.Game.objects.bulk_create(games)
        ids += [g.pk for g in games]
        new_seats, new_events, new_caches = [], [], []
        for game in games:
            for seat in seats:
                clone = copy.copy(seat)
                clone.pk, clone._state.adding, clone.game_id = None, True, game.pk
                clone.reply_token = models.new_token()
                clone.deadline = far if seat.is_pending else None
                new_seats.append(clone)
            for event in events:
                clone = copy.copy(event)
                clone.pk, clone._state.adding, clone.game_id = None, True, game.pk
                new_events.append(clone)
            clone_cache = copy.copy(cache)
            clone_cache.game_id, clone_cache._state.adding = game.pk, True
            new_caches.append(clone_cache)
        models.Seat.objects.bulk_create(new_seats)
        models.Event.objects.bulk_create(new_events)
        models.StateCache.objects.bulk_create(new_caches)
    return min(ids), max(ids)


def run(ids: tuple[int, int], workers: int, period: float) -> dict[str, Any]:
    """Make these games' seats due, start the workers, sweep as beat would until all are played."""
    from django.db.models import Count
    from django.utils import timezone

    from games import deadlines, models
    from tests.celery_smtp import harness

    low, high = ids
    mine = {"game_id__gte": low, "game_id__lte": high}
    due = models.Seat.objects.filter(is_pending=True, **mine)
    count = due.update(deadline=timezone.now() - dt.timedelta(minutes=1))
    broker, queue = harness.broker_url(), harness.new_queue()
    env = harness.child_env(broker=broker, queue=queue, smtp_port=0)
    env["EMAIL_BACKEND"] = "django.core.mail.backends.dummy.EmailBackend"
    sweeps: list[tuple[float, int]] = []  # (the sweep's own seconds, seats handed off)
    logs: list[list[str]] = []
    try:
        with contextlib.ExitStack() as stack:
            for _ in range(workers):
                logs.append(stack.enter_context(harness.celery_worker(env)).log)
            stack.enter_context(harness.local_app_publishing_to(broker, queue))
            played = 0
            started = time.perf_counter()
            while played < count:
                began = time.perf_counter()
                report = deadlines.sweep(now=timezone.now())
                sweeps.append((time.perf_counter() - began, len(report.timeouts)))
                next_sweep = began + period
                while (played := models.Event.objects.filter(type="seat_timed_out", **mine).count()) < count:
                    if time.perf_counter() >= next_sweep:
                        break
                    time.sleep(0.2)
            elapsed = time.perf_counter() - started
    finally:
        harness.forget_queue(broker, queue)
    twice = (
        models.Event.objects.filter(type="seat_timed_out", **mine)
        .values("game_id", "seat")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .count()
    )
    times = [
        (float(m.group(1)) * 1000, m.group(2))
        for log in logs
        for line in log
        if (m := TASK_TIME.search(line))
    ]
    return {
        "seats": count,
        "sweeps": sweeps,
        "elapsed": elapsed,
        "twice": twice,
        "task_ms": [ms for ms, result in times if result == "True"],
        "noop": sum(1 for _, result in times if result == "False"),
    }


def sweep_only(ids: tuple[int, int], runs: int) -> None:
    """The sweep's own time with every seat due, ``runs`` times (nothing is played in between)."""
    from django.utils import timezone

    from games import deadlines, models
    from tests.celery_smtp import harness

    low, high = ids
    due = models.Seat.objects.filter(is_pending=True, game_id__gte=low, game_id__lte=high)
    count = due.update(deadline=timezone.now() - dt.timedelta(minutes=1))
    broker, queue = harness.broker_url(), harness.new_queue()
    times: list[float] = []
    try:
        with harness.local_app_publishing_to(broker, queue):
            for _ in range(runs):
                began = time.perf_counter()
                report = deadlines.sweep(now=timezone.now())
                times.append((time.perf_counter() - began) * 1000)
                assert len(report.timeouts) == count, report.counts()
    finally:
        harness.forget_queue(broker, queue)
    print(
        f"sweep with {count} seats due (all handed off, {deadlines.CHUNK} per hand-off task), "
        f"{runs} runs: median {statistics.median(times):.0f} ms, p95 {percentile(times, 0.95):.0f} ms, "
        f"min {min(times):.0f} ms, max {max(times):.0f} ms",
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seats", type=int, default=10_000, help="seats due in each run")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4], help="worker processes per run")
    parser.add_argument("--period", type=float, default=60.0, help="seconds between sweeps (beat: 60)")
    parser.add_argument(
        "--sweep-only",
        type=int,
        metavar="RUNS",
        help="time only the sweep, RUNS times, with no worker (its hand-off tasks are thrown away)",
    )
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.utils import timezone

    if connection.vendor != "postgresql":
        print("DATABASE_URL must point at PostgreSQL", file=sys.stderr)
        return 2
    settings.DATABASES["default"].setdefault("TEST", {})["NAME"] = "moonweb_sweepbench"
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    results = []
    try:
        from tests.factories import make_game, make_user

        now = timezone.now()
        template = make_game(
            make_user("Ann"),
            make_user("Bob"),
            kind="moonrollers",
            time_per_move=dt.timedelta(days=1),
            now=now,
        )
        began = time.perf_counter()
        if args.sweep_only:
            ids = clone_games(template, args.seats)
            print(f"setup: {args.seats} games cloned in {time.perf_counter() - began:.1f} s", flush=True)
            sweep_only(ids, args.sweep_only)
            return 0
        sets = [clone_games(template, args.seats) for _ in args.workers]
        print(
            f"setup: {len(sets)} x {args.seats} games cloned in {time.perf_counter() - began:.1f} s",
            flush=True,
        )
        for workers, ids in zip(args.workers, sets, strict=True):
            result = run(ids, workers, args.period)
            results.append((workers, result))
            report(workers, result)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    load = os.getloadavg()
    print(f"machine: {os.cpu_count()} CPUs, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 0 if all(r["twice"] == 0 for _, r in results) else 1


def report(workers: int, result: dict[str, Any]) -> None:
    (first_s, first_n), *later = result["sweeps"]
    ms = result["task_ms"]
    print(
        f"{workers} worker(s): {result['seats']} seats due; first sweep {first_s * 1000:.0f} ms "
        f"({first_n} handed off), {len(later)} later sweep(s) "
        f"({', '.join(f'{s * 1000:.0f} ms/{n}' for s, n in later) or 'none'}); "
        f"all played in {result['elapsed']:.1f} s ({result['seats'] / result['elapsed']:.0f}/s); "
        f"timed out twice: {result['twice']}; duplicate tasks that played nothing: {result['noop']}",
        flush=True,
    )
    if ms:
        print(
            f"  worker time per timeout task: median {statistics.median(ms):.1f} ms, "
            f"p95 {percentile(ms, 0.95):.1f} ms",
            flush=True,
        )


if __name__ == "__main__":
    sys.exit(main())
