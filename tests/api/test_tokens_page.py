"""/api/tokens/: a player creates a token (shown once), uses it, and revokes it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.api.helpers import url

pytestmark = pytest.mark.django_db
PAGE = "/api/tokens/"


def test_it_creates_a_token_shown_once_that_scripts_use_then_revokes_it(client: Client, ann: Any) -> None:
    client.force_login(ann)
    assert "You have no token." in client.get(PAGE).content.decode()

    created = client.post(PAGE, {"action": "create"})
    assert created.status_code == 200
    key = Token.objects.get(user=ann).key
    assert key in created.content.decode()
    assert key not in client.get(PAGE).content.decode()  # shown once only

    script = Client(HTTP_AUTHORIZATION=f"Token {key}")
    mine = script.get("/api/games/?mine=1")
    assert mine.status_code == 200 and mine.json()["count"] == 0

    revoked = client.post(PAGE, {"action": "revoke"}, follow=True)
    assert "Your token is revoked" in revoked.content.decode()
    assert not Token.objects.filter(user=ann).exists()
    refused = script.get("/api/games/")
    assert refused.status_code == 401 and refused.json()["code"] == "authentication_failed"


def test_it_sends_anonymous_visitors_to_log_in(client: Client) -> None:
    for response in (client.get(PAGE), client.post(PAGE, {"action": "create"})):
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/?next=/api/tokens/")
    assert Token.objects.count() == 0


def test_it_explains_revoking_nothing_creating_twice_and_unknown_actions(client: Client, ann: Any) -> None:
    client.force_login(ann)
    none = client.post(PAGE, {"action": "revoke"}, follow=True).content.decode()
    assert "You have no token to revoke." in none
    client.post(PAGE, {"action": "create"})
    key = Token.objects.get(user=ann).key
    twice = client.post(PAGE, {"action": "create"}, follow=True).content.decode()
    assert "You already have a token." in twice and key not in twice
    unknown = client.post(PAGE, {"action": "steal"}, follow=True).content.decode()
    assert "Unknown action" in unknown
    assert Token.objects.get(user=ann).key == key  # the refused requests changed nothing


def test_the_post_form_needs_the_csrf_token(ann: Any) -> None:
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(ann)
    assert browser.post(PAGE, {"action": "create"}).status_code == 403
    assert Token.objects.count() == 0


def test_a_logged_in_browser_can_use_the_api_with_its_session(client: Client, game: Any) -> None:
    client.force_login(game.creator)
    assert client.get(url(game)).json()["my_seat"] == 0
