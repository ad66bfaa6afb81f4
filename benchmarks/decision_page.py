"""The game page of a player who must decide, through gunicorn: one position, one page, many views.

    DATABASE_URL=postgres://moonweb:moonweb@127.0.0.1:5432/moonweb_bench \\
        .venv/bin/python benchmarks/decision_page.py [--kind moonrakers] [--decision negotiate]
            [--requests 300] [--against ../earlier-checkout]

Plays a new game through the services (the heuristic bot choosing every seat's moves) until the
first seat must make the named decision (a pending kind of the engine: ``negotiate`` is a Moonrakers
Mission Leader's), then GETs that seat's game page again and again, signed in as its player, and
prints the median and 95th percentile. ``api_latency.py`` measures pages of whatever positions its
games are in; this one measures the page where the reader has the most forms to read.

``--against DIR`` runs another checkout's gunicorn too (the next port, its own Redis db), and every
request goes to each server in turn, so a noisy moment of the shared machine falls on both alike;
the ratio of their medians is printed. Both see the same position. A second run reuses nothing: it
plays a new game.
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from api_latency import (
    ROOT,
    SEATS,
    bench_users,
    describe,
    drop_queued_tasks,
    next_db,
    session_cookie,
    setup_django,
    start_gunicorn,
)

# A game reaches a Mission Leader's negotiation within its first turns; this bounds the search.
MAX_MOVES = 600


def game_at(kind: str, decision: str, users: list[Any]) -> tuple[Any, Any]:
    """A new game played by the bot until the first seat must make ``decision``, and that seat's user."""
    from django.utils import timezone

    from games import services, store
    from games.engine.core import Rng, get_engine

    engine = get_engine(kind)
    now = timezone.now()
    game = services.game_create(
        creator=users[0],
        kind=kind,
        seat_count=SEATS[kind],
        options={},
        time_per_move=dt.timedelta(days=3),
        now=now,
    )
    for other in users[1 : SEATS[kind]]:
        services.game_join(game=game, user=other, now=now)
    services.game_start(game=game, by=users[0], now=now)
    game.refresh_from_db()
    players = {s.position: s.user for s in game.seats.select_related("user")}
    for _ in range(MAX_MOVES):
        state = store.load(game).state
        waiting = engine.pending(state)
        if not waiting:
            break
        if waiting[0].kind == decision and waiting[0].seat == 0:
            return game, players[0]
        seat = waiting[0].seat
        text = engine.bot_command(state, seat, Rng(bytes(game.seed), game.pk, game.last_seq + 1, "bench"))
        services.command_submit(
            game=game, user=players[seat], text=text, expected_seq=game.last_seq, now=timezone.now()
        )
        game.refresh_from_db()
    sys.exit(
        f"no '{decision}' decision for the first seat within {MAX_MOVES} moves:"
        f" is it a pending kind of {kind}?"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kind", choices=sorted(SEATS), default="moonrakers")
    parser.add_argument("--decision", default="negotiate", help="the pending kind to stop at")
    parser.add_argument("--requests", type=int, default=300, help="timed views per server")
    parser.add_argument("--port", type=int, default=8112)
    parser.add_argument("--broker", default="redis://127.0.0.1:6379/13")
    parser.add_argument("--cache-url", default=os.environ.get("CACHE_URL", "redis://127.0.0.1:6379/14"))
    parser.add_argument("--against", default="", help="another checkout to compare with, interleaved")
    args = parser.parse_args()
    setup_django(args.broker)
    game, player = game_at(args.kind, args.decision, bench_users())
    print(
        f"{args.kind} game {game.pk} at {game.last_seq} events: its first seat must decide '{args.decision}'"
    )
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY", "benchmark-only-secret-key-" + "x" * 40),
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_CONN_MAX_AGE": "600",
        "CACHE_URL": args.cache_url,
        "CELERY_BROKER_URL": args.broker,
        "LOG_LEVEL": "WARNING",
        "SECURE_SSL_REDIRECT": "0",
    }
    roots = [ROOT] + ([Path(args.against).resolve()] if args.against else [])
    for root in roots:  # DEBUG is off: each checkout's pages need its collected static files
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
            cwd=root,
            env=env,
            check=True,
        )
    labels = [describe(root) for root in roots]
    servers = [
        start_gunicorn(
            args.port + side, {**env, "CACHE_URL": next_db(args.cache_url) if side else args.cache_url}, root
        )
        for side, root in enumerate(roots)
    ]
    headers = {"Cookie": f"sessionid={session_cookie(player)}", "Accept": "text/html"}
    try:
        times: list[list[float]] = [[] for _ in roots]
        for i in range(args.requests + 5):
            for side in range(len(roots)):
                connection = http.client.HTTPConnection("127.0.0.1", args.port + side, timeout=60)
                started = time.perf_counter()
                connection.request("GET", f"/games/{game.pk}/", headers=headers)
                response = connection.getresponse()
                body = response.read()
                elapsed = time.perf_counter() - started
                assert response.status == 200, (response.status, body[:300])
                if i >= 5:  # the first views are a warm-up: imports, connections, the first drawing
                    times[side].append(elapsed)
        print(
            f"\ngunicorn, 2 workers; GET /games/{game.pk}/ as its first seat's player, one request at a time"
        )
        for side, label in enumerate(labels):
            ms = sorted(t * 1000 for t in times[side])
            p95 = statistics.quantiles(ms, n=100)[94]
            print(f"{label:40s} n={len(ms):4d}  median {statistics.median(ms):6.1f} ms  p95 {p95:6.1f} ms")
        if len(roots) > 1:
            ratio = statistics.median(times[0]) / statistics.median(times[1])
            print(f"  {labels[0]} / {labels[1].split()[0]}: {ratio:.2f}x")
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
        drop_queued_tasks(args.broker)


if __name__ == "__main__":
    main()
