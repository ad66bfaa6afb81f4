"""What the API tests share besides fixtures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rest_framework.test import APIClient

from games import models, services
from tests.factories import NOW, player_to_act

ClientFor = Callable[[Any], APIClient]


def event_count() -> int:
    return models.Event.objects.count()


def url(game: models.Game | int, action: str = "") -> str:
    pk = game if isinstance(game, int) else game.pk
    return f"/api/games/{pk}/" + (f"{action}/" if action else "")


def play_to_end(game: models.Game) -> None:
    """Every player rolls in turn until someone reaches the goal."""
    while game.status == models.Game.Status.ACTIVE:
        services.command_submit(
            game=game, user=player_to_act(game), text="roll", expected_seq=game.last_seq, now=NOW
        )
