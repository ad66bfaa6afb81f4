"""Sign-up, email verification by the emailed link, login by email, logout."""

from __future__ import annotations

from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client

from accounts.models import User
from tests.accounts.helpers import PASSWORD, link_in_last_email

pytestmark = pytest.mark.django_db


def sign_up(
    client: Client, email: str = "grace@example.com", display_name: str = "Grace", **extra: Any
) -> Any:
    data = {"email": email, "display_name": display_name, "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/accounts/signup/", data, **extra)


def test_it_signs_up_verifies_by_the_emailed_link_and_logs_in(client: Client) -> None:
    response = sign_up(client)

    assert response.status_code == 302
    assert response["Location"] == "/accounts/confirm-email/"
    user = User.objects.get(email="grace@example.com")
    assert user.display_name == "Grace"
    assert not EmailAddress.objects.get(user=user).verified
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["grace@example.com"]
    assert mail.outbox[0].subject.startswith("[Moonweb]")

    # A fresh browser, as when the player opens the email later: GET shows a button, POST confirms.
    reader = Client()
    confirm_path = link_in_last_email("/accounts/confirm-email/")
    page = reader.get(confirm_path)
    assert page.status_code == 200
    assert not EmailAddress.objects.get(user=user).verified
    assert reader.post(confirm_path).status_code == 302
    assert EmailAddress.objects.get(user=user).verified

    response = reader.post("/accounts/login/", {"login": "grace@example.com", "password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == "/"
    profile = reader.get("/accounts/profile/")
    assert profile.status_code == 200
    assert profile.context["user"] == user
    assert "Signed in as grace@example.com." in profile.content.decode()


def test_it_refuses_to_log_in_before_the_email_is_verified(client: Client) -> None:
    sign_up(client)

    fresh = Client()
    response = fresh.post("/accounts/login/", {"login": "grace@example.com", "password": PASSWORD})

    assert response.status_code == 302
    assert response["Location"] == "/accounts/confirm-email/"
    assert not fresh.get("/").context["user"].is_authenticated


def test_it_keeps_the_email_out_of_the_generated_username(client: Client) -> None:
    sign_up(client, email="john.smith@corp.example", display_name="")
    sign_up(Client(), email="other@example.com", display_name="Moon Queen")

    assert User.objects.get(email="john.smith@corp.example").username.startswith("player")
    assert "john" not in User.objects.get(email="john.smith@corp.example").public_name
    assert User.objects.get(email="other@example.com").username.startswith("moon")


def test_it_gives_a_player_who_signed_up_in_french_french_pages(client: Client) -> None:
    sign_up(client, HTTP_ACCEPT_LANGUAGE="fr")

    assert User.objects.get(email="grace@example.com").language == "fr"


def test_it_refuses_mismatched_passwords_and_sends_nothing(client: Client) -> None:
    data = {"email": "grace@example.com", "password1": PASSWORD, "password2": PASSWORD + "x"}
    response = client.post("/accounts/signup/", data)

    assert response.status_code == 200
    assert response.context["form"].errors
    assert not User.objects.filter(email="grace@example.com").exists()
    assert mail.outbox == []


def test_it_logs_in_by_email_and_refuses_a_wrong_password(client: Client, player: User) -> None:
    wrong = client.post("/accounts/login/", {"login": player.email, "password": "not it"})
    assert wrong.status_code == 200
    assert wrong.context["form"].errors
    assert not client.get("/").context["user"].is_authenticated

    right = client.post("/accounts/login/", {"login": player.email.upper(), "password": PASSWORD})
    assert right.status_code == 302
    assert client.get("/").context["user"] == player


def test_it_logs_out_by_post_only(player_client: Client, player: User) -> None:
    page = player_client.get("/accounts/logout/")
    assert page.status_code == 200
    assert player_client.get("/").context["user"] == player

    assert player_client.post("/accounts/logout/").status_code == 302
    assert not player_client.get("/").context["user"].is_authenticated
