"""/api/games/<id>/standing/: read the standing answers a game offers, set yours, remove them."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games import models
from tests.deals import Table, answers, negotiation_table, offer
from tests.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def table() -> Table:
    return negotiation_table()


def api_as(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def url(table: Table) -> str:
    return reverse("api_game_standing", args=[table.game.pk])


def test_it_lists_the_answers_the_game_offers_in_the_readers_words(table: Table) -> None:
    body = api_as(table.user(table.invitees[0])).get(url(table)).json()
    names = {p["name"]: p for p in body["policies"]}
    assert set(names) == {"decline", "accept_prestige", "accept_credits", "bonus_crew", "bonus_part"}
    assert (
        names["decline"]["decision"] == "answer_offer"
        and names["decline"]["label"] == "Always decline offers"
    )
    assert [(p["name"], p["low"], p["high"]) for p in names["accept_prestige"]["params"]] == [
        ("prestige", 1, 5),
        ("dice", 0, 4),
    ]
    assert body["standing"] == {}


def test_it_sets_an_answer_that_then_answers_an_offer_and_removes_it(table: Table) -> None:
    captain, other = table.invitees[0], table.invitees[1]
    client = api_as(table.user(captain))
    data = {"decision": "answer_offer", "policy": "accept_credits", "params": {"credits": 1, "dice": 0}}
    response = client.post(url(table), data, format="json")
    assert response.status_code == 200
    assert response.json()["standing"] == {
        "answer_offer": {"policy": "accept_credits", "credits": 1, "dice": 0}
    }
    offer(table, captain, "2c")
    assert answers(table.game) == {captain: "accept"}
    removed = client.post(url(table), {"decision": "answer_offer", "policy": ""}, format="json")
    assert removed.json()["standing"] == {}
    api_as(table.user(other)).post(
        url(table), {"decision": "answer_offer", "policy": "decline"}, format="json"
    )
    cleared = api_as(table.user(other)).delete(url(table))
    assert cleared.status_code == 200 and cleared.json()["standing"] == {}
    assert models.Seat.objects.get(game=table.game, position=other).standing == {}


def test_a_number_out_of_bounds_is_a_400_with_the_reason_and_changes_nothing(table: Table) -> None:
    captain = table.invitees[0]
    data = {"decision": "answer_offer", "policy": "accept_prestige", "params": {"prestige": 7, "dice": 0}}
    response = api_as(table.user(captain)).post(url(table), data, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "cannot_parse" and "from 1 to 5" in response.json()["detail"]
    assert models.Seat.objects.get(game=table.game, position=captain).standing == {}


def test_a_spectator_gets_403_and_an_anonymous_caller_401(table: Table) -> None:
    assert api_as(make_user("Eve")).get(url(table)).status_code == 403
    assert APIClient().get(url(table)).status_code == 401
