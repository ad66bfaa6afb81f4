"""The reads every request starts with, through the ORM and hand-written, interleaved.

    DATABASE_URL=postgres://moonweb:moonweb@127.0.0.1:5432/moonweb_bench \\
        .venv/bin/python benchmarks/lookups.py [--rounds 3000]

On PostgreSQL the API and the pages read the game a request names, an API key's player, a
signed-in page's player, and a page's game with its creator with one hand-written statement each
(moonweb/raw.py), instead of the ORM query that did the same. This times both ways, one after the
other in each round (so a noisy machine slows both alike), on a game of this database (it makes
one if there is none), and prints the median and p95 in ms of each.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from append_rate import new_game, players, setup_django  # beside this file


def figures(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    median = statistics.median(ordered) * 1000
    p95 = ordered[int(len(ordered) * 0.95)] * 1000
    return f"  {name:<14} median {median:6.3f} ms  p95 {p95:6.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3000)
    parser.add_argument("--broker", default="redis://127.0.0.1:6379/13")
    args = parser.parse_args()
    setup_django(args.broker)
    from django.contrib.auth.backends import ModelBackend
    from django.db.models import QuerySet
    from rest_framework.authentication import TokenAuthentication
    from rest_framework.authtoken.models import Token

    from games import models, selectors
    from games.api.auth import PlayerKey

    users = players(98)
    game = models.Game.objects.filter(creator=users[0]).first() or new_game(users)
    player = users[0]
    key = Token.objects.get_or_create(user=player)[0].key
    drf, ours = TokenAuthentication(), PlayerKey()
    pairs: list[tuple[str, Callable[[], Any], Callable[[], Any]]] = [
        (
            "the game an API request names (visible to the player)",
            lambda: selectors.visible_games(player).filter(pk=game.pk).first(),
            lambda: selectors.visible_game(player, game.pk),
        ),
        (
            "an API key's player and token",
            lambda: drf.authenticate_credentials(key),
            lambda: ours.authenticate_credentials(key),
        ),
        (
            "a signed-in page's player (from the session's id)",
            lambda: QuerySet(type(player)).get(pk=player.pk),
            lambda: ModelBackend().get_user(player.pk),
        ),
        (
            "a page's game and its creator",
            lambda: models.Game.objects.select_related("creator").filter(pk=game.pk).first(),
            lambda: selectors.game_with_creator(game.pk),
        ),
    ]
    clock = time.perf_counter
    for title, orm, hand in pairs:
        a: list[float] = []
        b: list[float] = []
        for _ in range(args.rounds):
            started = clock()
            orm()
            a.append(clock() - started)
            started = clock()
            hand()
            b.append(clock() - started)
        print(title)
        print(figures("ORM", a))
        print(figures("hand-written", b))


if __name__ == "__main__":
    main()
