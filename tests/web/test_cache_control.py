"""Issue 12, finding 6: every page and API answer carrying one player's view is
``Cache-Control: private, no-store``: no shared cache keeps it, no browser cache writes it to disk."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import models
from games.mail import links
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


def assert_private_no_store(response: Any) -> None:
    assert response.status_code == 200, response.status_code
    directives = {d.strip() for d in response["Cache-Control"].split(",")}
    assert {"private", "no-store"} <= directives
    assert "public" not in directives


def test_pages_with_a_players_view_are_private_and_not_stored(ann: Any, game: models.Game) -> None:
    client = client_for(ann)
    for path in ("/", f"/games/{game.pk}/"):
        assert_private_no_store(client.get(path))


def test_the_one_click_page_is_private_and_not_stored(game: models.Game) -> None:
    seat = game.seats.get(is_pending=True)
    token = links.sign_action(game=game, seat=seat, seq=game.last_seq, command="roll")
    assert_private_no_store(client_for(None).get(reverse("mail:act", args=[token])))


def test_api_answers_for_a_seat_are_private_and_not_stored(ann: Any, game: models.Game) -> None:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=ann)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    for action in ("", "events/", "legal/"):
        assert_private_no_store(client.get(f"/api/games/{game.pk}/{action}"))
    assert_private_no_store(client.get("/api/games/"))
