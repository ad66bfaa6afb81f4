"""A move costs the same number of queries at the start of a game and deep into it."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from tests.factories import NOW, make_game, make_user, player_to_act

pytestmark = pytest.mark.django_db


def queries_for_one_move(game_length: int) -> int:
    ann, bob = make_user(), make_user()
    game = make_game(ann, bob)
    while game.last_seq < game_length:
        services.command_submit(
            game=game, user=player_to_act(game), text="pass", expected_seq=game.last_seq, now=NOW
        )
    with CaptureQueriesContext(connection) as queries:
        services.command_submit(
            game=game, user=player_to_act(game), text="pass", expected_seq=game.last_seq, now=NOW
        )
    return len(queries)


def test_a_move_costs_the_same_however_long_the_game() -> None:
    short, long = queries_for_one_move(5), queries_for_one_move(200)
    assert short == long
    assert short <= 25  # measured 20-24: the state comes from the cache, loaded once per move
