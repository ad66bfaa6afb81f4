"""Players and a started race between them; emails go to Django's in-memory outbox."""

from __future__ import annotations

from typing import Any

import pytest

from games import models
from moonweb.celery import app
from tests.factories import make_game, make_user


@pytest.fixture(autouse=True)
def _eager_tasks() -> Any:
    """Tasks run in the test process when they are started (on commit), whatever the environment."""
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture
def ann(db: None) -> Any:
    return make_user("Ann")


@pytest.fixture
def bob(db: None) -> Any:
    return make_user("Bob")


@pytest.fixture
def game(ann: Any, bob: Any) -> models.Game:
    """A race between Ann (seat 0) and Bob (seat 1), started; the outbox holds the first turn email."""
    return make_game(ann, bob)


@pytest.fixture
def mover(game: models.Game) -> models.Seat:
    return game.seats.select_related("user").get(is_pending=True)


@pytest.fixture
def waiter(game: models.Game) -> models.Seat:
    return game.seats.select_related("user").get(is_pending=False)
