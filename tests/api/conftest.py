"""API clients authenticated by token, and tables of the tiny race game to call them on."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import models
from tests.api.helpers import ClientFor
from tests.factories import make_game, make_user


@pytest.fixture
def client_for(db: None) -> ClientFor:
    """An API client sending the user's API key, as a generated client would (None: anonymous)."""

    def make(user: Any) -> APIClient:
        client = APIClient()
        if user is not None:
            token, _ = Token.objects.get_or_create(user=user)
            client.credentials(HTTP_AUTHORIZATION=f"Bearer {token.key}")
        return client

    return make


@pytest.fixture
def ann(db: None) -> Any:
    return make_user("Ann")


@pytest.fixture
def bob(db: None) -> Any:
    return make_user("Bob")


@pytest.fixture
def cyd(db: None) -> Any:
    """Someone with no seat at the tables below: a spectator, or the wrong user."""
    return make_user("Cyd")


@pytest.fixture
def game(ann: Any, bob: Any) -> models.Game:
    """A public race between Ann (seat 0) and Bob (seat 1), started."""
    return make_game(ann, bob)


@pytest.fixture
def private_game(ann: Any, bob: Any) -> models.Game:
    return make_game(ann, bob, visibility=models.Game.Visibility.PRIVATE)


@pytest.fixture
def open_game(ann: Any) -> models.Game:
    """Ann's public table for two, waiting for a second player."""
    return make_game(ann, start=False, seat_count=2)
