"""GET /api/games/{id}/ costs the same number of queries however long the game."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import models, services
from tests.api.helpers import ClientFor, url
from tests.api.moonrollers_play import plan, play
from tests.factories import NOW, make_game, make_user, player_to_act
from tests.statements import summary

pytestmark = pytest.mark.django_db


def pass_turns(game: models.Game, count: int) -> None:
    for _ in range(count):
        services.command_submit(
            game=game, user=player_to_act(game), text="pass", expected_seq=game.last_seq, now=NOW
        )


def queries_for(client: Any, path: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path)
    assert response.status_code == 200
    return len(captured.captured_queries)


def test_the_view_costs_a_fixed_number_of_queries_however_long_the_game(
    client_for: ClientFor, cyd: Any
) -> None:
    short, long = make_game(make_user(), make_user()), make_game(make_user(), make_user())
    pass_turns(short, 1)
    pass_turns(long, 100)
    long.refresh_from_db()
    assert long.last_seq > 100
    for viewer in ("player", cyd, None):
        counts = []
        for game in (short, long):
            user = game.seats.get(position=0).user if viewer == "player" else viewer
            counts.append(queries_for(client_for(user), url(game)))
        assert counts[0] == counts[1], (viewer, counts)
        # token, game, seats, state cache, events after the cache (none here); 5 today
        assert counts[0] <= 6, counts


def test_a_moonrollers_view_costs_the_same_queries_fresh_and_many_moves_later(client_for: ClientFor) -> None:
    fresh = make_game(make_user(), make_user(), kind="moonrollers")
    played = make_game(make_user(), make_user(), kind="moonrollers")
    play(played, plan(played, lambda state: state.turns >= 40, tries=3, max_moves=400))
    assert played.last_seq >= 80 > fresh.last_seq
    for game in (fresh, played):
        game.refresh_from_db()
    for viewer_seat in (0, None):
        counts = [
            queries_for(client_for(game.seats.get(position=0).user if viewer_seat == 0 else None), url(game))
            for game in (fresh, played)
        ]
        assert counts[0] == counts[1], counts


# POST /api/games/{id}/commands/: the token, the command (its transaction: BEGIN/COMMIT in
# production, a savepoint pair here), and an answer built from the state and seats the command has
# in hand, read from nowhere. The game is read once, locked: whether the requester may see it is
# decided from that read and the seats read after it (tests/store).
COMMAND_POST = [
    "SELECT authtoken_token",
    "SAVEPOINT",
    "SELECT games_game",  # locked, with its state cache
    "SELECT games_seat",
    # one statement: the events, the state cache, the seats whose decision changed, the outbox, the game
    "WITH INSERT games_statecache, INSERT games_event, UPDATE games_seat, "
    "INSERT games_notification, UPDATE games_game",
    "RELEASE",
]


def test_a_command_post_costs_a_fixed_few_statements(client_for: ClientFor) -> None:
    for moves_before in (1, 60):
        game = make_game(make_user(), make_user())
        pass_turns(game, moves_before)
        game.refresh_from_db()
        mover = game.seats.get(is_pending=True).position
        client = client_for(player_to_act(game))
        with CaptureQueriesContext(connection) as captured:
            response = client.post(
                url(game, "commands"), {"command": "pass", "expected_seq": game.last_seq}, format="json"
            )
        assert response.status_code == 201, response.content
        assert summary(captured) == COMMAND_POST, moves_before
        # The answer is the game after the move, though nothing was read after it.
        answer = response.json()
        assert answer["seq"] == game.last_seq + 1
        to_act = [s.is_pending for s in game.seats.order_by("position")]
        assert [s["is_pending"] for s in answer["seats"]] == to_act
        assert to_act.count(True) == 1 and not to_act[mover]
