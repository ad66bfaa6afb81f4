"""Drive a stored Moonrakers game through the services with the engine's bot moves, as players would."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from functools import cache
from typing import Any

from games import models, services, store, texts
from games.engine.core import Rng, get_engine, msg
from games.engine.moonrakers.cards import CONTRACTS, CREW, PARTS
from tests.factories import NOW, make_game

ENGINE = get_engine("moonrakers")


def moonrakers_game(*players: Any, **options: Any) -> models.Game:
    return make_game(*players, kind="moonrakers", **options)


def state_of(game: models.Game) -> Any:
    return store.load(game).state


def submit(game: models.Game, seat: int, text: str) -> None:
    user = game.seats.get(position=seat).user
    services.command_submit(game=game, user=user, text=text, expected_seq=game.last_seq, now=NOW)
    game.refresh_from_db()


def play_one(game: models.Game) -> str:
    """The first pending seat plays the bot's move (its own rng stream, so runs are reproducible)."""
    game.refresh_from_db()
    state = state_of(game)
    seat = ENGINE.pending(state)[0].seat
    text = ENGINE.bot_command(state, seat, Rng(bytes(game.seed), game.pk, game.last_seq + 1, "web-test"))
    submit(game, seat, text)
    return text


def play_until(game: models.Game, done: Callable[[Any], bool], limit: int = 3000) -> Any:
    """Play bot moves until ``done(state)``; the state reached. Fails if the game ends first."""
    for _ in range(limit):
        state = state_of(game)
        if done(state):
            return state
        assert not game.is_finished, "the game ended before the position was reached"
        play_one(game)
    raise AssertionError(f"position not reached in {limit} moves")


def kinds(state: Any) -> set[str]:
    return {p.kind for p in ENGINE.pending(state)}


def pending_of(state: Any, kind: str) -> list[int]:
    return [p.seat for p in ENGINE.pending(state) if p.kind == kind]


def name_of(slug: str, lang: str = "en") -> str:
    return html.escape(texts.render(msg(f"moonrakers.card.{slug}"), lang=lang))


@cache
def _public_names() -> tuple[str, ...]:
    return tuple(name_of(slug) for slug in (*CONTRACTS, *CREW, *PARTS))


def shows_objective(page: str, slug: str) -> bool:
    """The Objective is named on the page (HTML): its marker, its printed text, or its name as a
    word ("Ace" is not in "Space Anomaly") — the name only when no public card's name contains it
    ("Ace" is in the Contract "Core World Ace")."""
    text = html.escape(texts.render(msg(f"moonrakers.text.{slug}"), lang="en"))
    name = name_of(slug)
    named = not any(name in other for other in _public_names()) and (
        re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", page) is not None
    )
    return f'data-objective="{slug}"' in page or text in page or named
