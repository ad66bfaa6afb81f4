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
request goes to each server in turn (``api_latency.measure_pages``), so a noisy moment of the
shared machine falls on both alike; the ratio of their medians is printed. Both see the same
position. A second run reuses nothing: it plays a new game.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import signal
import sys
from pathlib import Path
from typing import Any

from api_latency import (
    ROOT,
    SEATS,
    Client,
    bench_users,
    collect_static,
    describe,
    drop_queued_tasks,
    measure_pages,
    next_db,
    report,
    server_env,
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
    env = server_env(args.cache_url, args.broker)
    roots = [ROOT] + ([Path(args.against).resolve()] if args.against else [])
    collect_static(roots, env)
    labels = [describe(root) for root in roots]
    # Each server its own cache (the next Redis db for the other one), as in api_latency.
    envs = [env, {**env, "CACHE_URL": next_db(args.cache_url)}]
    servers = [start_gunicorn(args.port + side, envs[side], root) for side, root in enumerate(roots)]
    try:
        clients = [Client(args.port + side) for side in range(len(roots))]
        pages = measure_pages(clients, [game.pk], session_cookie(player), args.requests)
        print("\ngunicorn, 2 workers; one request at a time, to each server in turn")
        report(labels, f"GET /games/{game.pk}/ as its first seat's player", [p[game.pk] for p in pages])
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
        drop_queued_tasks(args.broker)


if __name__ == "__main__":
    main()
