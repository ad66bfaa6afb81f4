"""The database connection lost in the middle of a command: the player gets a clear 503 (a page,
or JSON from the API), nothing of the command is written, and the next command works.

The connection is cut for real: from a second connection, ``pg_terminate_backend`` ends the
server process serving Django's connection after the events were inserted, before the commit.
"""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from django.db import connection
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import models, outbox
from tests.factories import make_game, make_user, player_to_act
from tests.web.conftest import client_for

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="cuts a PostgreSQL connection"),
]


def terminate(pid: int) -> None:
    settings = connection.settings_dict
    with psycopg.connect(
        host=settings["HOST"] or "127.0.0.1",
        port=settings["PORT"] or 5432,
        user=settings["USER"],
        password=settings["PASSWORD"],
        dbname=settings["NAME"],
        autocommit=True,
    ) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])


class Cut:
    """Once armed, the next append loses its connection between its inserts and its commit."""

    def __init__(self) -> None:
        self.armed = False
        self.done = 0


@pytest.fixture
def cut(monkeypatch: pytest.MonkeyPatch) -> Cut:
    real = outbox.schedule
    state = Cut()

    def cut_then_queue(*args: Any, **kwargs: Any) -> Any:
        if state.armed:
            state.armed = False
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                pid = cursor.fetchone()[0]
            terminate(pid)
            state.done += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(outbox, "schedule", cut_then_queue)
    return state


def test_a_move_whose_connection_is_lost_answers_503_writes_nothing_and_the_next_works(
    cut: Cut,
) -> None:
    game = make_game(make_user("Ann"), make_user("Bob"))
    cut.armed = True
    mover = player_to_act(game)
    client = client_for(mover)
    events = models.Event.objects.filter(game=game).count()

    response = client.post(
        f"/games/{game.pk}/move/", {"seq": game.last_seq, "action": "roll", "prefix": "roll"}
    )

    assert cut.done == 1
    assert response.status_code == 503
    assert "nothing was played" in response.content.decode().lower()
    assert models.Event.objects.filter(game=game).count() == events  # Django reconnected to count
    again = client.post(f"/games/{game.pk}/move/", {"seq": game.last_seq, "action": "roll", "prefix": "roll"})
    assert again.status_code == 302
    assert models.Event.objects.filter(game=game).count() > events


def test_an_api_command_whose_connection_is_lost_answers_503_json_and_the_next_works(
    cut: Cut,
) -> None:
    game = make_game(make_user("Ann"), make_user("Bob"))
    cut.armed = True
    mover = player_to_act(game)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=mover).key}")
    events = models.Event.objects.filter(game=game).count()
    body = {"command": "roll", "expected_seq": game.last_seq}

    response = client.post(f"/api/games/{game.pk}/commands/", body, format="json")

    assert cut.done == 1
    assert response.status_code == 503
    assert response.json()["code"] == "unavailable"
    assert response["Retry-After"]
    assert models.Event.objects.filter(game=game).count() == events
    assert client.post(f"/api/games/{game.pk}/commands/", body, format="json").status_code == 201
