"""A cold load: a game's state folded from all its events, without the state cache.

    DATABASE_URL=postgres://moonweb:moonweb@127.0.0.1:5432/moonweb_bench \\
        .venv/bin/python benchmarks/cold_load.py [--events 2000] [--loads 30]

Builds (once; later runs reuse it) a two-player Moonrollers game (longer option) of about
``--events`` events, moves chosen at random with two chat lines between moves as in
``api_latency.py``, then times ``store.refold`` (what ``store.load`` does when the cache is
missing) ``--loads`` times and prints the median and p95 in ms, and per 1,000 events.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from append_rate import players, setup_django  # beside this file


def build(events: int) -> int:
    import datetime as dt

    from django.utils import timezone

    from games import models, services, store
    from games.engine.core import Rng, get_engine

    users = players(99)
    found = models.Game.objects.filter(creator=users[0], kind="moonrollers", last_seq__gte=events * 0.5)
    game = found.order_by("-last_seq").first()
    if game is not None:
        return int(game.pk)
    now = timezone.now()
    game = services.game_create(
        creator=users[0],
        kind="moonrollers",
        seat_count=2,
        options={"longer_game": True},
        time_per_move=dt.timedelta(days=3),
        now=now,
    )
    services.game_join(game=game, user=users[1], now=now)
    services.game_start(game=game, by=users[0], now=now)
    game.refresh_from_db()
    engine = get_engine("moonrollers")
    while game.last_seq < events and game.status == "active":
        state = store.load(game).state
        seat = engine.pending(state)[0].seat
        text = engine.random_command(state, seat, Rng(bytes(game.seed), game.pk, game.last_seq + 1, "bench"))
        services.command_submit(game=game, user=users[seat], text=text, expected_seq=game.last_seq, now=now)
        for line in range(2):
            line_text = f"move {game.last_seq}, line {line}"
            services.chat_send(game=game, user=users[seat], text=line_text, now=now)
            game.refresh_from_db()
    return int(game.pk)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--loads", type=int, default=30)
    args = parser.parse_args()
    setup_django("memory://")
    from django.core.management import call_command

    from games import models, store

    call_command("migrate", verbosity=0)
    game = models.Game.objects.get(pk=build(args.events))
    times = []
    for _ in range(args.loads):
        started = time.perf_counter()
        loaded = store.refold(game)
        times.append(time.perf_counter() - started)
    assert loaded.seq == game.last_seq
    median, p95 = statistics.median(times) * 1000, statistics.quantiles(times, n=20)[-1] * 1000
    per = 1000 / game.last_seq
    print(f"cold load of game {game.pk}, {game.last_seq} events, {args.loads} loads:")
    print(f"  median {median:.1f} ms  p95 {p95:.1f} ms", end="")
    print(f"  = {median * per:.2f} ms (p95 {p95 * per:.2f}) per 1,000 events")


if __name__ == "__main__":
    main()
