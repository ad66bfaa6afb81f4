"""One Moonrollers move for whoever is to act, importable by the test and by a Django process
started on the restored database."""

from __future__ import annotations

from django.utils import timezone

from games import models, services
from games.engine.core import CommandError


def play_one(game: models.Game) -> None:
    """Roll, or settle (lock a die, end the turn) when rolling is not open."""
    seat = game.seats.select_related("user").get(is_pending=True)
    for text in ("roll", "settle"):
        try:
            services.command_submit(
                game=game, user=seat.user, text=text, expected_seq=game.last_seq, now=timezone.now()
            )
            return
        except CommandError:
            continue
    raise AssertionError("neither roll nor settle is open")
