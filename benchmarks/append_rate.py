"""How close a move comes to the database's own limit: the raw append against ``command_submit``.

    DATABASE_URL=postgres://moonweb:moonweb@127.0.0.1:5432/moonweb_bench \\
        .venv/bin/python benchmarks/append_rate.py [--rounds 15] [--block 40] [--clients 1 2]

In the same run and on the same server, interleaved block by block (so a noisy machine slows both
alike), it measures

- the raw append: one transaction that locks the game row and bumps its seq (one UPDATE ...
  RETURNING) and inserts one event row: the least any append can cost, and
- ``services.command_submit``, in process: a player's move in a two-player Moonrollers game,
  chosen at random among the legal ones (the choice is not timed), with everything a move does:
  the lock, the state, the events, the state cache, the seats, the notification and its hand-off
  to the broker after commit.

With ``--clients 2`` two processes do the same at the same time, each on its own games, blocks in
step; the rate is then the sum of both. It prints per client count the median and p95 time of
one append of each kind, the median rates, and the median of each round's ratio command/raw.
Notifications are handed to Redis (``CELERY_BROKER_URL``, db 13 by default) and no worker sends
them. The database must be PostgreSQL; a new, empty one is fine (it migrates it).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def setup_django(broker: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "moonweb.settings")
    os.environ["CELERY_BROKER_URL"] = broker
    # DEBUG off, as in production (DEBUG on records every query): it then needs a strong key.
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", "benchmark-only-secret-key-" + "x" * 40)
    os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1")
    import django

    django.setup()
    from django.db import connection

    if connection.vendor != "postgresql":
        sys.exit("Set DATABASE_URL to a PostgreSQL database: the figures are for production's database.")


def players(client: int) -> list[Any]:
    from django.contrib.auth import get_user_model

    users = []
    for name in (f"append-{client}-ann", f"append-{client}-bob"):
        user, _ = get_user_model().objects.get_or_create(
            username=name, defaults={"email": f"{name}@example.com", "display_name": name}
        )
        users.append(user)
    return users


def new_game(users: list[Any]) -> Any:
    import datetime as dt

    from django.utils import timezone

    from games import services

    now = timezone.now()
    game = services.game_create(
        creator=users[0], kind="moonrollers", seat_count=2, time_per_move=dt.timedelta(days=3), now=now
    )
    services.game_join(game=game, user=users[1], now=now)
    services.game_start(game=game, by=users[0], now=now)
    game.refresh_from_db()
    return game


class Mover:
    """Plays one move at a time through command_submit, starting a new game when one ends."""

    def __init__(self, users: list[Any]) -> None:
        from games import store
        from games.engine.core import get_engine

        self.users = users
        self.engine = get_engine("moonrollers")
        self.game = new_game(users)
        self.state = store.load(self.game).state

    def next_command(self) -> tuple[Any, str]:
        from games import store
        from games.engine.core import Rng

        if self.game.status != "active":
            self.game = new_game(self.users)
            self.state = store.load(self.game).state
        seat = self.engine.pending(self.state)[0].seat
        rng = Rng(bytes(self.game.seed), self.game.pk, self.game.last_seq + 1, "bench")
        return self.users[seat], self.engine.random_command(self.state, seat, rng)

    def move(self, user: Any, text: str) -> None:
        from django.utils import timezone

        from games import services

        result = services.command_submit(
            game=self.game, user=user, text=text, expected_seq=self.game.last_seq, now=timezone.now()
        )
        self.game, self.state = result.game, result.state


def raw_game(users: list[Any]) -> int:
    """A finished game whose only use is taking raw appends (nothing ever folds its events)."""
    from games import models

    game = new_game(users)
    models.Game.objects.filter(pk=game.pk).update(status=models.Game.Status.FINISHED)
    return int(game.pk)


def raw_append(cursor: Any, game_id: int) -> None:
    from django.db import transaction

    with transaction.atomic():
        cursor.execute(
            "UPDATE games_game SET last_seq = last_seq + 1 WHERE id = %s RETURNING last_seq", [game_id]
        )
        (seq,) = cursor.fetchone()
        cursor.execute(
            "INSERT INTO games_event (game_id, seq, type, version, payload, seat, batch, command,"
            " actor, cause, created_at)"
            " VALUES (%s, %s, 'bench_append', 1, '{}', NULL, %s, '', NULL, 'platform', now())",
            [game_id, seq, seq],
        )


def client_run(client: int, rounds: int, block: int, broker: str, barrier: Any, out: Any) -> None:
    setup_django(broker)
    from django.db import connection

    users = players(client)
    mover = Mover(users)
    raw_id = raw_game(users)
    raw_times: list[float] = []
    command_times: list[float] = []
    per_round: list[tuple[float, float]] = []
    with connection.cursor() as cursor:
        for _ in range(rounds):
            barrier.wait()
            started = time.perf_counter()
            for _ in range(block):
                t0 = time.perf_counter()
                raw_append(cursor, raw_id)
                raw_times.append(time.perf_counter() - t0)
            raw_block = time.perf_counter() - started
            barrier.wait()
            spent = 0.0
            for _ in range(block):
                user, text = mover.next_command()  # choosing the move is the player's work: not timed
                t0 = time.perf_counter()
                mover.move(user, text)
                took = time.perf_counter() - t0
                command_times.append(took)
                spent += took
            per_round.append((block / raw_block, block / spent))
    out.put((client, raw_times, command_times, per_round))


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def run(clients: int, rounds: int, block: int, broker: str) -> None:
    context = multiprocessing.get_context("spawn")  # each client its own process and connection
    barrier = context.Barrier(clients)
    out = context.Queue()
    procs = [
        context.Process(target=client_run, args=(c, rounds, block, broker, barrier, out))
        for c in range(clients)
    ]
    for proc in procs:
        proc.start()
    results = [out.get() for _ in procs]
    for proc in procs:
        proc.join()
    raw = [t for r in results for t in r[1]]
    command = [t for r in results for t in r[2]]
    # A round's rate is the sum of the clients' rates in that round (they ran in step).
    raw_rates = [sum(r[3][i][0] for r in results) for i in range(rounds)]
    command_rates = [sum(r[3][i][1] for r in results) for i in range(rounds)]
    ratios = [c / r for c, r in zip(command_rates, raw_rates, strict=True)]
    print(f"{clients} client(s), {rounds} rounds of {block} appends of each kind:")
    for label, times, rates in (("raw append", raw, raw_rates), ("command_submit", command, command_rates)):
        median, high, rate = statistics.median(times) * 1000, p95(times) * 1000, statistics.median(rates)
        print(f"  {label:15}  median {median:6.2f} ms  p95 {high:6.2f} ms  rate {rate:7.0f}/s")
    print(f"  command_submit / raw append: {statistics.median(ratios):.1%} (median of the rounds' ratios)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--block", type=int, default=40, help="appends of each kind per round and client")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--broker", default=os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/13"))
    args = parser.parse_args()
    setup_django(args.broker)
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)  # a new, empty database is fine
    connection.close()
    for clients in args.clients:
        run(clients, args.rounds, args.block, args.broker)


if __name__ == "__main__":
    main()
