"""The README's example bot (docs/examples/api_bot.py) plays a game to the end against a real server."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rest_framework.authtoken.models import Token

from games import models, services
from tests.factories import NOW, make_game, make_user

BOT = Path(__file__).resolve().parents[2] / "docs" / "examples" / "api_bot.py"


@pytest.mark.django_db(transaction=True)
def test_the_example_bot_plays_a_game_to_the_end(live_server: Any) -> None:
    ann = make_user("Ann")
    game = make_game(ann, start=False, seat_count=2)
    services.game_fill_with_bots(game=game, by=ann, now=NOW)
    services.game_start(game=game, by=ann, now=NOW)
    token = Token.objects.create(user=ann)

    run = subprocess.run(
        [sys.executable, str(BOT), "--url", live_server.url, "--token", token.key, "--game", str(game.pk)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert run.returncode == 0, run.stderr
    game.refresh_from_db()
    assert game.status == models.Game.Status.FINISHED
    assert f"Game {game.pk} is over." in run.stdout
    assert bytes(game.seed).hex() in run.stdout
    assert models.Event.objects.filter(game=game, cause="player", actor=0).exists()


@pytest.mark.django_db(transaction=True)
def test_the_example_bot_creates_and_plays_a_solo_moonrakers_game_to_the_end(live_server: Any) -> None:
    """The solo game (ten rounds) keeps this short; the same code answers any Moonrakers table."""
    ann = make_user("Ann")
    token = Token.objects.create(user=ann)

    run = subprocess.run(
        [
            sys.executable,
            str(BOT),
            "--url",
            live_server.url,
            "--token",
            token.key,
            "--kind",
            "moonrakers",
            "--seats",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )

    assert run.returncode == 0, run.stderr + run.stdout[-2000:]
    game = models.Game.objects.get(kind="moonrakers")
    assert game.status == models.Game.Status.FINISHED and game.seat_count == 1
    assert f"Game {game.pk} is over." in run.stdout
    played = models.Event.objects.filter(game=game, cause="player", actor=0)
    assert played.filter(type="card_played").exists() and played.filter(type="objectives_kept").exists()
