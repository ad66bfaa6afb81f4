"""Time from a committed move to its turn email arriving at the SMTP server.

The end-to-end setup of tests/celery_smtp: a real Celery worker subprocess on Redis, an aiosmtpd
server on loopback, PostgreSQL. Two players pass in turn (each pass makes the other player due, so
each move sends exactly one turn email); the clock starts when the move's transaction commits (an
on-commit hook registered before the move's own) and stops when the SMTP server has the message.

    DATABASE_URL=postgres://moonweb:moonweb@127.0.0.1:5432/moonweb_mail \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/3 \\
    .venv/bin/python benchmarks/email_latency.py [--moves 60]

It works in a scratch database (``moonweb_emailbench`` on DATABASE_URL's server), created and
dropped by the run, and on a Celery queue of its own.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(BASE_DIR))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "moonweb.settings")


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(share * len(ordered) + 0.5)))
    return ordered[rank - 1]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.db import connection, transaction
    from django.utils import timezone

    if connection.vendor != "postgresql":
        print("DATABASE_URL must point at PostgreSQL", file=sys.stderr)
        return 2
    settings.DATABASES["default"].setdefault("TEST", {})["NAME"] = "moonweb_emailbench"
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)

    from games import models, services
    from tests.celery_smtp import harness
    from tests.factories import make_game, make_user

    latencies: list[float] = []
    broker, queue = harness.broker_url(), harness.new_queue()
    try:
        with harness.smtp_server() as (sink, port):
            env = harness.child_env(broker=broker, queue=queue, smtp_port=port)
            with harness.celery_worker(env) as worker, harness.local_app_publishing_to(broker, queue):
                ann, bob = make_user("Ann"), make_user("Bob")
                game = make_game(ann, bob, kind="moonrollers", now=timezone.now())
                sink.wait_for(lambda r: "your move" in str(r.message["Subject"]), timeout=60)
                for _ in range(args.moves):
                    game.refresh_from_db()
                    mover = game.seats.select_related("user").get(is_pending=True)
                    waiter = game.seats.select_related("user").exclude(pk=mover.pk).get()
                    seen = len(sink.messages)
                    committed: list[float] = []
                    with transaction.atomic():
                        # Registered first, so it runs first at commit: before the send task is queued.
                        transaction.on_commit(lambda c=committed: c.append(time.time()))
                        services.command_submit(
                            game=game,
                            user=mover.user,
                            text="pass",
                            expected_seq=game.last_seq,
                            now=timezone.now(),
                        )
                    address = waiter.user.email.lower()
                    got = sink.wait_for(lambda r, a=address: r.to == [a], after=seen, timeout=60)
                    latencies.append(got.at - committed[0])
                # The worker marks a row sent just after the SMTP server has it: give it a moment.
                deadline = time.monotonic() + 10
                while (unsent := models.Notification.objects.filter(sent_at__isnull=True).count()) and (
                    time.monotonic() < deadline
                ):
                    time.sleep(0.05)
    finally:
        harness.forget_queue(broker, queue)
        connection.creation.destroy_test_db(old_name, verbosity=0)

    # The worker's own time per send task (claim, render, SMTP, mark sent), from its log.
    task_ms = [
        float(m.group(1)) * 1000
        for line in worker.log
        if (m := re.search(r"send_notification\[[^]]+\] succeeded in ([0-9.]+)s", line))
    ]
    ms = [x * 1000 for x in latencies]
    print(f"moves: {len(ms)} (one turn email each); notifications left unsent: {unsent}")
    print(
        f"commit -> SMTP arrival: median {statistics.median(ms):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, "
        f"min {min(ms):.1f} ms, max {max(ms):.1f} ms"
    )
    if task_ms:
        median_task = statistics.median(task_ms)
        print(f"the worker's send task alone (claim, render, SMTP, mark sent): median {median_task:.1f} ms")
    load = os.getloadavg()
    print(f"machine: {os.cpu_count()} CPUs, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
