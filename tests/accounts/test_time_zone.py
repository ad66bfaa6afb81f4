"""Each player's time zone: chosen in the profile, set from the browser at sign-up, UTC otherwise."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client, RequestFactory
from django.utils import timezone

from accounts.middleware import UserTimeZoneMiddleware
from accounts.models import User, zone_of
from tests.accounts.helpers import PASSWORD

pytestmark = pytest.mark.django_db


def profile_data(**changes: Any) -> dict[str, Any]:
    data = {
        "display_name": "Ada",
        "language": "en",
        "notify": "every_turn",
        "away_until": "",
        "time_zone": "",
    }
    data.update(changes)
    return data


def test_the_profile_saves_a_time_zone_from_the_list(player_client: Client, player: User) -> None:
    page = player_client.get("/accounts/profile/").content.decode()
    assert '<option value="Europe/Paris">Europe/Paris</option>' in page
    assert 'data-browser-zone="1"' in page  # the page's script preselects the browser's zone
    player_client.post("/accounts/profile/", profile_data(time_zone="America/New_York"))
    player.refresh_from_db()
    assert player.time_zone == "America/New_York"
    assert str(player.zone) == "America/New_York"


def test_the_profile_refuses_an_unknown_zone_and_keeps_the_old_one(
    player_client: Client, player: User
) -> None:
    player.time_zone = "Asia/Tokyo"
    player.save()
    response = player_client.post("/accounts/profile/", profile_data(time_zone="Mars/Olympus_Mons"))
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    player.refresh_from_db()
    assert player.time_zone == "Asia/Tokyo"


def test_sign_up_keeps_the_zone_the_browser_reported(client: Client) -> None:
    data = {
        "email": "tz@example.com",
        "display_name": "Tess",
        "password1": PASSWORD,
        "password2": PASSWORD,
        "time_zone": "Australia/Sydney",
    }
    assert client.post("/accounts/signup/", data).status_code == 302
    assert User.objects.get(email="tz@example.com").time_zone == "Australia/Sydney"


def test_sign_up_without_javascript_or_with_a_strange_zone_means_utc(client: Client) -> None:
    data = {"email": "a@example.com", "display_name": "A", "password1": PASSWORD, "password2": PASSWORD}
    client.post("/accounts/signup/", {**data, "time_zone": "Nowhere/Land"})
    user = User.objects.get(email="a@example.com")
    assert user.time_zone == "" and str(user.zone) == "UTC"


def test_pages_run_in_the_signed_in_players_zone(player: User) -> None:
    player.time_zone = "Europe/Paris"
    player.save()
    seen: list[str] = []

    def page(request: Any) -> Any:
        noon = dt.datetime(2026, 7, 1, 12, 0, tzinfo=dt.UTC)
        seen.append(timezone.localtime(noon).strftime("%H:%M %Z"))
        return None

    request = RequestFactory().get("/")
    request.user = player
    UserTimeZoneMiddleware(page)(request)
    assert seen == ["14:00 CEST"]
    assert timezone.get_current_timezone_name() == "UTC"  # reset after the request


def test_an_unknown_stored_zone_falls_back_to_utc() -> None:
    assert str(zone_of("Gone/Zone")) == "UTC" and str(zone_of("")) == "UTC"
