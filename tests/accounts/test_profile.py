"""The profile page: display name, language, notifications, away-until; and its validation."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import User

pytestmark = pytest.mark.django_db


def profile_data(**changes: Any) -> dict[str, Any]:
    data = {"display_name": "Ada", "language": "en", "notify": "every_turn", "away_until": ""}
    data.update(changes)
    return data


def test_it_sends_strangers_to_the_login_page(client: Client) -> None:
    response = client.get("/accounts/profile/")

    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/accounts/profile/"


def test_it_shows_the_current_preferences(player_client: Client, player: User) -> None:
    page = player_client.get("/accounts/profile/").content.decode()

    assert 'value="Ada"' in page
    assert player.email in page
    assert 'value="every_turn"' in page and "checked" in page


def test_it_saves_name_notifications_and_vacation(player_client: Client, player: User) -> None:
    back = timezone.localdate() + dt.timedelta(days=10)
    response = player_client.post(
        "/accounts/profile/",
        profile_data(display_name="  Lovelace ", notify="daily_digest", away_until=back.isoformat()),
        follow=True,
    )

    player.refresh_from_db()
    assert (player.display_name, player.notify, player.away_until) == ("Lovelace", "daily_digest", back)
    assert player.is_away(back) and not player.is_away(back + dt.timedelta(days=1))
    assert "Your profile is saved." in response.content.decode()


def test_it_clears_the_vacation_and_turns_notifications_off(player_client: Client, player: User) -> None:
    player.away_until = timezone.localdate() + dt.timedelta(days=3)
    player.save()

    player_client.post("/accounts/profile/", profile_data(notify="none", away_until=""))

    player.refresh_from_db()
    assert (player.notify, player.away_until) == ("none", None)


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"away_until": "2000-01-01"}, "away_until", "This date is in the past."),
        ({"away_until": "next week"}, "away_until", "Enter a valid date."),
        ({"display_name": "x" * 41}, "display_name", "Ensure this value has at most 40 characters"),
        ({"display_name": "!!!"}, "display_name", "A display name needs at least one letter or digit."),
        ({"notify": "hourly"}, "notify", "Select a valid choice."),
        ({"language": "de"}, "language", "Select a valid choice."),
    ],
)
def test_it_refuses_invalid_preferences_and_changes_nothing(
    player_client: Client, player: User, changes: dict[str, str], field: str, message: str
) -> None:
    response = player_client.post("/accounts/profile/", profile_data(**changes))

    assert response.status_code == 200
    assert any(message in error for error in response.context["form"].errors[field])
    assert message in response.content.decode()
    player.refresh_from_db()
    assert (player.display_name, player.notify, player.away_until, player.language) == (
        "Ada",
        "every_turn",
        None,
        "en",
    )


def test_it_serves_french_pages_once_the_profile_says_french(player_client: Client, player: User) -> None:
    response = player_client.post("/accounts/profile/", profile_data(language="fr"), follow=True)

    player.refresh_from_db()
    assert player.language == "fr"
    page = response.content.decode()
    assert '<html lang="fr">' in page
    assert "Votre profil est enregistré." in page
    assert "Notifications par e-mail" in page
    # Other pages too, allauth's included, whatever the browser asks for.
    password_page = player_client.get(
        "/accounts/password/change/", HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Modifier le mot de passe" in password_page
    assert "Se déconnecter" in password_page


def test_it_keeps_english_for_a_player_whose_profile_says_english(player_client: Client) -> None:
    page = player_client.get("/accounts/profile/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert '<html lang="en">' in page
    assert "Email notifications" in page


def test_it_follows_the_browser_for_visitors(client: Client) -> None:
    page = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert '<html lang="fr">' in page
    assert "Connexion" in page


def test_it_saves_the_language_switch_in_the_profile(player_client: Client, player: User) -> None:
    response = player_client.post("/i18n/setlang/", {"language": "fr", "next": "/accounts/profile/"})

    assert response.status_code == 302
    assert response["Location"] == "/accounts/profile/"
    player.refresh_from_db()
    assert player.language == "fr"
    assert '<html lang="fr">' in player_client.get("/accounts/profile/").content.decode()


def test_it_switches_a_visitors_language_with_a_cookie(client: Client) -> None:
    client.post("/i18n/setlang/", {"language": "fr", "next": "/"})

    assert '<html lang="fr">' in client.get("/accounts/login/").content.decode()
