"""Players, clients and tables for the HTML page tests (the tiny "race" game unless said otherwise)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games import models
from tests.factories import make_game, make_user


@pytest.fixture(autouse=True)
def _offer_the_test_game(settings: Any) -> None:
    # The new-game form offers only real games; here it must offer the tiny race game too.
    settings.GAMES_OFFERED = ["race"]


@pytest.fixture
def ann(db: None) -> Any:
    return make_user("Ann")


@pytest.fixture
def bob(db: None) -> Any:
    return make_user("Bob")


@pytest.fixture
def cyd(db: None) -> Any:
    return make_user("Cyd")


def client_for(user: Any | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def game(ann: Any, bob: Any) -> models.Game:
    """A public race game between Ann (seat 0) and Bob (seat 1), started."""
    return make_game(ann, bob)


def event_count(game: models.Game | None = None) -> int:
    rows = models.Event.objects.all()
    return (rows.filter(game=game) if game is not None else rows).count()
