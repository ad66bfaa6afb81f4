"""A move costs a fixed, small number of statements, at the start of a game and deep into it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from tests.factories import NOW, make_game, make_user, player_to_act
from tests.statements import summary

pytestmark = pytest.mark.django_db

# A player's move with nobody else to move after it: the game row locked and read with its state
# cache, the seats with their players, then the writes. No savepoint of its own: the one pair seen
# here is the command's transaction inside the test's (BEGIN/COMMIT in production).
ONE_MOVE = [
    "SAVEPOINT",
    "SELECT games_game",  # FOR UPDATE, with games_statecache joined: the state in hand
    "SELECT games_seat",  # with accounts_user joined: who to tell
    # one statement: the events, the state cache, the seats whose decision changed, the outbox, the game
    # the next player's turn email (its outbox row is written in the same statement)
    "WITH INSERT games_statecache, INSERT games_event, UPDATE games_seat, "
    "INSERT games_notification, UPDATE games_game",
    "RELEASE",
]


def statements_for_one_move(game_length: int) -> list[str]:
    ann, bob = make_user(), make_user()
    game = make_game(ann, bob)
    while game.last_seq < game_length:
        services.command_submit(
            game=game, user=player_to_act(game), text="pass", expected_seq=game.last_seq, now=NOW
        )
    mover = player_to_act(game)
    with CaptureQueriesContext(connection) as queries:
        services.command_submit(game=game, user=mover, text="pass", expected_seq=game.last_seq, now=NOW)
    return summary(queries)


def test_a_move_costs_the_same_few_statements_however_long_the_game() -> None:
    assert statements_for_one_move(5) == ONE_MOVE
    assert statements_for_one_move(200) == ONE_MOVE


def test_bots_moving_after_a_player_read_nothing_again() -> None:
    ann = make_user()
    game = make_game(ann, start=False, seat_count=3)
    services.game_fill_with_bots(game=game, by=ann, now=NOW)
    services.game_start(game=game, by=ann, now=NOW)
    game.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        result = services.command_submit(
            game=game, user=ann, text="pass", expected_seq=game.last_seq, now=NOW
        )
    moves = len({row.batch for row in result.events})
    assert moves == 3  # Ann's, then both bots' until it is Ann's turn again
    said = summary(queries)
    # Read once: the game, its state and its seats; then each move writes its own rows.
    assert said[:3] == ["SAVEPOINT", "SELECT games_game", "SELECT games_seat"]
    assert [s for s in said if s.startswith("SELECT")] == said[1:3]
    assert sum("INSERT games_event" in s for s in said) == moves
    assert said.count("SAVEPOINT") == 1


def test_a_timeout_reads_the_game_and_its_seats_once() -> None:
    ann, bob = make_user(), make_user()
    game = make_game(ann, bob)
    seat = game.seats.get(is_pending=True)
    assert seat.deadline is not None
    later = seat.deadline + dt.timedelta(minutes=1)
    with CaptureQueriesContext(connection) as queries:
        result = services.seat_timeout(game=game, position=seat.position, now=later, deadline=seat.deadline)
    assert result is not None
    assert summary(queries) == [
        "SAVEPOINT",
        "SELECT games_game",
        "SELECT games_seat",
        # seat_timed_out, and the player hears of it (its outbox row, in the same statement)
        "WITH INSERT games_statecache, INSERT games_event, INSERT games_notification, UPDATE games_game",
        # the default move
        # the next player's turn (its outbox row is written in the same statement)
        "WITH INSERT games_statecache, INSERT games_event, UPDATE games_seat, "
        "INSERT games_notification, UPDATE games_game",
        "UPDATE games_seat",  # consecutive timeouts
        "RELEASE",
    ]
