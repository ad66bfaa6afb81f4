"""Links work wherever the site runs, and confirming a new address logs the player in by name."""

from __future__ import annotations

import pytest
from django.test import Client

from moonweb.devrun import configure_site_url
from tests.accounts.helpers import PASSWORD, link_in_last_email


def test_make_run_on_another_port_makes_email_links_use_that_port() -> None:
    environ: dict[str, str] = {}
    assert configure_site_url(8055, environ) == "http://127.0.0.1:8055"
    assert environ["SITE_URL"] == "http://127.0.0.1:8055"  # the worker inherits it


def test_an_operators_own_public_address_wins() -> None:
    environ = {"SITE_URL": "https://moonweb.example"}
    assert configure_site_url(8055, environ) == "https://moonweb.example"


@pytest.mark.django_db
def test_confirming_the_address_logs_the_new_player_in_and_greets_them_by_name(client: Client) -> None:
    data = {
        "email": "grace@example.com",
        "display_name": "Grace",
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    assert client.post("/accounts/signup/", data).status_code == 302
    response = client.post(link_in_last_email("/accounts/confirm-email/"), follow=True)
    assert response.status_code == 200
    assert response.wsgi_request.user.is_authenticated
    assert "Welcome, Grace!" in response.content.decode()
