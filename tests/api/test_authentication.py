"""How a script proves who it is: ``Authorization: Bearer <key>`` (what generated clients send) or
DRF's ``Token <key>``; any other scheme is a 401 that says what to send, never an anonymous read."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import models
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def client_with(header: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header)
    return client


def key_of(user: Any) -> str:
    return str(Token.objects.get_or_create(user=user)[0].key)


@pytest.mark.parametrize("scheme", ["Bearer", "Token", "bearer"])
def test_a_key_works_after_bearer_or_token(scheme: str, private_game: models.Game) -> None:
    ann = private_game.creator
    client = client_with(f"{scheme} {key_of(ann)}")
    # A private game is visible only to its players: the key made the request Ann's.
    answer = client.get(f"/api/games/{private_game.pk}/")
    assert answer.status_code == 200, answer.content
    assert answer.json()["my_seat"] == 0
    created = client.post("/api/games/", {"kind": "race", "seat_count": 2}, format="json")
    assert created.status_code == 201, created.content
    assert models.Game.objects.filter(creator=ann).count() == 2


@pytest.mark.parametrize("header", ["Basic YW5uOnNlY3JldA==", "Key abc", "Bearer", "Bearer a b"])
def test_an_unknown_scheme_or_a_malformed_header_is_a_401_that_says_what_to_send(
    header: str, game: models.Game
) -> None:
    before = models.Game.objects.count()
    client = client_with(header)
    # Even a public read: the script meant to be someone, and must not silently read as a visitor.
    for answer in (
        client.get(f"/api/games/{game.pk}/"),
        client.post("/api/games/", {"kind": "race", "seat_count": 2}, format="json"),
    ):
        assert answer.status_code == 401, answer.content
        assert answer["WWW-Authenticate"] == "Bearer"
        body = answer.json()
        assert body["code"] == "authentication_failed"
        assert "Bearer <your API key>" in body["detail"]
    assert models.Game.objects.count() == before


def test_a_revoked_or_made_up_key_is_refused(game: models.Game) -> None:
    ann = game.creator
    key = key_of(ann)
    Token.objects.filter(user=ann).delete()
    for header in (f"Bearer {key}", "Bearer 0123456789abcdef", "Token \u00e9t\u00e9"):
        answer = client_with(header).get(f"/api/games/{game.pk}/")
        assert answer.status_code == 401, (header, answer.content)
        assert answer.json()["code"] == "authentication_failed"
        assert "not valid" in answer.json()["detail"]


def test_no_header_is_a_visitor_who_reads_public_games(game: models.Game) -> None:
    answer = APIClient().get(f"/api/games/{game.pk}/")
    assert answer.status_code == 200
    assert answer.json()["my_seat"] is None


def test_the_schema_tells_generated_clients_to_send_bearer() -> None:
    client = APIClient()
    schema = client.get("/api/schema/?format=json").json()
    schemes = schema["components"]["securitySchemes"]
    assert schemes["playerKey"]["type"] == "http"
    assert schemes["playerKey"]["scheme"] == "bearer"
    assert "tokenAuth" not in schemes


def test_the_key_of_a_deactivated_player_is_refused(game: models.Game) -> None:
    ann = game.creator
    key = key_of(ann)
    ann.is_active = False
    ann.save(update_fields=["is_active"])
    answer = client_with(f"Bearer {key}").get(f"/api/games/{game.pk}/")
    assert answer.status_code == 401
    assert answer.json()["code"] == "authentication_failed"


def test_the_player_found_by_a_key_is_the_whole_account() -> None:
    """The hand-written lookup builds the same player as the ORM: every field, the token attached."""
    from django.contrib.auth import get_user_model

    from games.api.auth import PlayerKey

    ann = make_user("Ann")
    key = key_of(ann)
    user, token = PlayerKey().authenticate_credentials(key)
    fields = [f.attname for f in get_user_model()._meta.concrete_fields]
    assert [getattr(user, f) for f in fields] == [getattr(ann, f) for f in fields]
    assert token.key == key and token.user is user
