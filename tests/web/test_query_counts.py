"""The game page costs a fixed number of queries, however long the game has run."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import models, services
from tests.factories import NOW, make_game, make_user, player_to_act
from tests.statements import summary
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db

SHORT = 5


def game_after(moves: int) -> models.Game:
    """A race game in which the players passed ``moves`` times (passing never ends it)."""
    game = make_game(make_user("Ann"), make_user("Bob"))
    for _ in range(moves):
        game.refresh_from_db()
        services.command_submit(
            game=game, user=player_to_act(game), text="pass", expected_seq=game.last_seq, now=NOW
        )
    game.refresh_from_db()
    return game


def queries_for(game: models.Game, who: str, path: str = "") -> int:
    user: Any = {"mover": player_to_act(game), "spectator": make_user("Eve"), "visitor": None}[who]
    client = client_for(user)
    url = f"/games/{game.pk}/{path}"
    client.get(url)  # warm up: sessions and caches of the first request are not the page's cost
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured.captured_queries)


def test_it_reads_the_same_number_of_queries_for_a_short_and_a_long_game() -> None:
    short, long = game_after(SHORT), game_after(10 * SHORT)
    assert long.last_seq - short.last_seq == 9 * SHORT

    for who in ("mover", "spectator", "visitor"):
        assert queries_for(short, who) == queries_for(long, who), who


# POST /games/{id}/move/: the user of the session (the session is read from the cache), the game
# and the player's seat, the state for the move's legal forms, then the command (its transaction:
# BEGIN/COMMIT in production, a savepoint pair here). The page after it is the redirect's GET,
# counted above.
MOVE_POST = [
    "SELECT accounts_user",
    "SELECT games_game",
    "SELECT games_seat",
    "SELECT games_statecache",
    "SELECT games_seat",  # the players' names, for the "Played: ..." message
    "SAVEPOINT",
    "SELECT games_game",  # locked, with its state cache
    "SELECT games_seat",
    # one statement: the events, the state cache, the seats whose decision changed, the outbox, the game
    "WITH INSERT games_statecache, INSERT games_event, UPDATE games_seat, "
    "INSERT games_notification, UPDATE games_game",
    "RELEASE",
]


def test_a_move_post_costs_a_fixed_few_statements() -> None:
    for game in (game_after(SHORT), game_after(10 * SHORT)):
        mover = player_to_act(game)
        client = client_for(mover)
        client.get(f"/games/{game.pk}/")  # warm up: the session exists
        form = {"seq": game.last_seq, "action": "notation", "notation": "pass"}
        with CaptureQueriesContext(connection) as captured:
            response = client.post(f"/games/{game.pk}/move/", form)
        assert response.status_code == 302
        assert summary(captured) == MOVE_POST
        game.refresh_from_db()
        assert player_to_act(game) != mover  # the move was played


def test_a_session_is_read_from_the_cache_and_outlives_a_cache_flush() -> None:
    from django.core.cache import cache

    game = game_after(SHORT)
    client = client_for(player_to_act(game))
    client.get(f"/games/{game.pk}/")
    with CaptureQueriesContext(connection) as captured:
        assert client.get(f"/games/{game.pk}/").status_code == 200
    assert "SELECT django_session" not in summary(captured)

    cache.clear()  # a restarted Redis: the database still has the session
    with CaptureQueriesContext(connection) as captured:
        page = client.get(f"/games/{game.pk}/")
    assert "SELECT django_session" in summary(captured)
    assert page.status_code == 200 and page.context["user"].is_authenticated
