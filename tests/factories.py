"""Factories shared by the database test layers: players, and tables of the tiny test game."""

from __future__ import annotations

import datetime as dt
import itertools
from typing import Any

from django.contrib.auth import get_user_model

from games import models, services
from games.engine.core import register_engine

NOW = dt.datetime(2026, 11, 22, 12, 0, tzinfo=dt.UTC)
_numbers = itertools.count(1)

register_engine("race", "tests.tinygame")


def make_user(name: str | None = None, **fields: Any) -> Any:
    n = next(_numbers)
    name = name or f"player{n}"
    user = get_user_model().objects.create_user(
        username=f"{name.lower()}{n}",
        email=f"{name.lower()}{n}@example.com",
        password="correct horse battery",
        **fields,
    )
    user.display_name = name
    user.save(update_fields=["display_name"])
    return user


def make_game(
    *players: Any, kind: str = "race", start: bool = True, now: dt.datetime = NOW, **options: Any
) -> models.Game:
    """A table with these players seated in order, started unless asked not to."""
    game = services.game_create(
        creator=players[0],
        kind=kind,
        seat_count=options.pop("seat_count", len(players)),
        options=options.pop("options", None),
        time_per_move=options.pop("time_per_move", dt.timedelta(hours=24)),
        now=now,
        **options,
    )
    for player in players[1:]:
        services.game_join(game=game, user=player, now=now)
    if start:
        services.game_start(game=game, by=players[0], now=now)
        game.refresh_from_db()
    return game


def player_to_act(game: models.Game) -> Any:
    seat = game.seats.get(is_pending=True)
    return seat.user


def time_out_until_a_bot_plays(game: models.Game) -> models.Seat:
    """Let the pending seat's time run out until a bot takes it over (two timeouts in a row, the
    other player passing in between), as the deadline sweep would. Returns that seat, fresh."""
    sleepy = game.seats.get(is_pending=True)
    other = game.seats.exclude(pk=sleepy.pk).get()
    now = NOW
    for _ in range(2):
        now += dt.timedelta(hours=1)
        services.seat_timeout(game=game, position=sleepy.position, now=now)
        game.refresh_from_db()
        if game.seats.get(pk=sleepy.pk).bot_playing:
            break
        services.command_submit(game=game, user=other.user, text="pass", expected_seq=game.last_seq, now=now)
        game.refresh_from_db()
    sleepy.refresh_from_db()
    return sleepy
