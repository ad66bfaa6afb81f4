"""Drive a stored Moonrollers game with the engine's bot moves through the services, as players would."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games import models, services, store
from games.engine.core import Rng, get_engine
from tests.factories import NOW, make_game

ENGINE = get_engine("moonrollers")


def moonrollers_game(*players: Any, **options: Any) -> models.Game:
    return make_game(*players, kind="moonrollers", **options)


def state_of(game: models.Game) -> Any:
    return store.load(game).state


def play_one(game: models.Game) -> str:
    """The seat to act plays the bot's move for it (its own rng stream, so runs are reproducible)."""
    game.refresh_from_db()
    state = state_of(game)
    seat = ENGINE.pending(state)[0].seat
    text = ENGINE.bot_command(state, seat, Rng(bytes(game.seed), game.pk, game.last_seq + 1, "web-test"))
    user = game.seats.get(position=seat).user
    services.command_submit(game=game, user=user, text=text, expected_seq=game.last_seq, now=NOW)
    game.refresh_from_db()
    return text


def play_until(game: models.Game, done: Callable[[Any], bool], limit: int = 600) -> Any:
    """Play bot moves until ``done(state)``; the state reached. Fails if the game ends first."""
    for _ in range(limit):
        state = state_of(game)
        if done(state):
            return state
        assert not game.is_finished, "the game ended before the position was reached"
        play_one(game)
    raise AssertionError(f"position not reached in {limit} moves")


def pending_kind(state: Any) -> tuple[int, str] | None:
    pending = ENGINE.pending(state)
    return (pending[0].seat, pending[0].kind) if pending else None
