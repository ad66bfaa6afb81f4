"""When the last player resigns, the bots play out the game in a task, not inside the request."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games import models, services, tasks
from moonweb.celery import app
from tests.factories import NOW, make_game, make_user
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def broker(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Tasks are NOT run in the process (CELERY_TASK_ALWAYS_EAGER off): what is handed to the
    broker is recorded, for the test to run as a worker would, later."""
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = False
    handed: list[int] = []
    monkeypatch.setattr(services, "_bot_runner", handed.append)
    try:
        yield handed
    finally:
        app.conf.task_always_eager = previous


def bots_only_after(player: Any) -> models.Game:
    game = make_game(player, start=False, seat_count=3)
    services.game_fill_with_bots(game=game, by=player, now=NOW)
    services.game_start(game=game, by=player, now=NOW)
    game.refresh_from_db()
    return game


def test_the_request_returns_at_once_and_the_task_finishes_the_game(broker: list[int]) -> None:
    ann = make_user("Ann")
    game = bots_only_after(ann)
    seq_before = game.last_seq

    response = client_for(ann).post(f"/games/{game.pk}/resign/", {"confirmed": "1"}, follow=True)

    game.refresh_from_db()
    assert response.status_code == 200
    assert game.status == models.Game.Status.ACTIVE
    assert game.last_seq == seq_before + 1  # only the resignation: no bot moved in the request
    assert broker == [game.pk]
    page = response.content.decode()
    assert "Only bots are left: they are playing out the game." in page
    assert "Only bots are left in this game: they are playing it out." in page

    played = tasks.play_bots(game.pk)  # the worker

    game.refresh_from_db()
    assert played > 0 and game.status == models.Game.Status.FINISHED
    assert models.Event.objects.filter(game=game, cause="bot").exists()
    assert "they are playing it out" not in client_for(ann).get(f"/games/{game.pk}/").content.decode()
    assert tasks.play_bots(game.pk) == 0  # a redelivered task finds nothing to do


def test_a_lost_hand_off_is_caught_up_by_beat(broker: list[int]) -> None:
    ann = make_user("Ann")
    game = bots_only_after(ann)
    services.game_resign(game=game, user=ann, now=NOW)
    broker.clear()  # the broker was down: the task never ran

    assert services.games_left_to_bots() == [game.pk]
    tasks.play_bots_left_behind()

    game.refresh_from_db()
    assert game.status == models.Game.Status.FINISHED
    assert services.games_left_to_bots() == []


def test_while_a_player_is_left_the_bots_still_answer_in_the_request(broker: list[int]) -> None:
    ann, bob = make_user("Ann"), make_user("Bob")
    game = make_game(ann, bob)
    quitter = game.seats.get(is_pending=True).user

    services.game_resign(game=game, user=quitter, now=NOW)

    game.refresh_from_db()
    assert broker == []
    # The resigned seat's move was played at once: the one left is to act (or the bot won).
    assert game.status == models.Game.Status.FINISHED or game.seats.get(is_pending=True).user != quitter


def test_every_process_hands_the_bots_to_the_celery_task() -> None:
    # Registered by games.apps at start-up, as the outbox's sender is.
    assert services._bot_runner == tasks.play_bots.delay
