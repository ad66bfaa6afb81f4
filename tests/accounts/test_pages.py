"""Every django-allauth page renders inside the site's own layout; password change and reset work."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

from accounts.models import User
from tests.accounts.helpers import PASSWORD, link_in_last_email

pytestmark = pytest.mark.django_db

LAYOUT_MARKS = ('<a class="brand" href="/">Moonweb</a>', "/static/css/site.css", 'action="/i18n/setlang/"')


def assert_in_our_layout(client: Client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    page = response.content.decode()
    for mark in LAYOUT_MARKS:
        assert mark in page, f"{path} lacks {mark}"
    return page


@pytest.mark.parametrize(
    "path",
    [
        "/accounts/signup/",
        "/accounts/login/",
        "/accounts/password/reset/",
        "/accounts/password/reset/done/",
    ],
)
def test_it_renders_visitor_pages_in_our_layout(client: Client, path: str) -> None:
    assert_in_our_layout(client, path)


@pytest.mark.parametrize(
    "path", ["/accounts/profile/", "/accounts/logout/", "/accounts/password/change/", "/accounts/email/"]
)
def test_it_renders_player_pages_in_our_layout(player_client: Client, path: str) -> None:
    page = assert_in_our_layout(player_client, path)
    assert 'href="/accounts/password/change/"' in page  # the account sub-navigation


def test_it_renders_the_verification_pages_in_our_layout(client: Client) -> None:
    data = {"email": "grace@example.com", "password1": PASSWORD, "password2": PASSWORD}
    client.post("/accounts/signup/", data)

    assert "Verify Your Email Address" in assert_in_our_layout(client, "/accounts/confirm-email/")
    assert_in_our_layout(client, link_in_last_email("/accounts/confirm-email/"))


def test_it_changes_the_password(player_client: Client, player: User) -> None:
    new = "a brand new secret 7"
    response = player_client.post(
        "/accounts/password/change/", {"oldpassword": PASSWORD, "password1": new, "password2": new}
    )

    assert response.status_code == 302
    player.refresh_from_db()
    assert player.check_password(new)


def test_it_resets_a_forgotten_password_by_the_emailed_link(client: Client, player: User) -> None:
    response = client.post("/accounts/password/reset/", {"email": player.email})
    assert response["Location"] == "/accounts/password/reset/done/"
    assert mail.outbox[-1].to == [player.email]

    # The emailed link stores the key in the session and redirects to a key-less address.
    key_page = client.get(link_in_last_email("/accounts/password/reset/key/"), follow=True)
    assert key_page.status_code == 200
    set_password_path = key_page.redirect_chain[-1][0]
    assert_in_our_layout(client, set_password_path)

    new = "another fresh secret 9"
    done = client.post(set_password_path, {"password1": new, "password2": new})
    assert done["Location"] == "/accounts/password/reset/key/done/"
    assert_in_our_layout(client, "/accounts/password/reset/key/done/")
    player.refresh_from_db()
    assert player.check_password(new)
