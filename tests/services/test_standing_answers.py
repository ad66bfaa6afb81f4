"""Standing answers: a rule a captain sets answers offers for them the moment they arrive, as their
own command (cause "standing", and the log says so); it can be changed or removed at any time."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import models, selectors, services, texts
from games.engine.core import CannotParse
from games.mail.situation import describe
from tests.deals import Table, answers, negotiation_table, offer
from tests.factories import NOW

pytestmark = pytest.mark.django_db


@pytest.fixture
def table() -> Table:
    return negotiation_table()


def set_standing(
    table: Table, position: int, policy: dict[str, Any] | None, decision: str = "answer_offer"
) -> Any:
    return services.standing_set(
        game=table.game, user=table.user(position), decision=decision, policy=policy, now=NOW
    )


def test_a_standing_answer_accepts_an_offer_the_moment_it_arrives_as_the_captains_own_command(
    table: Table,
) -> None:
    captain = table.invitees[0]
    set_standing(table, captain, {"policy": "accept_credits", "credits": 1, "dice": 0})
    offer(table, captain, "2c")
    assert answers(table.game) == {captain: "accept"}
    row = models.Event.objects.get(game=table.game, type="offer_answered")
    assert (row.cause, row.actor, row.command) == ("standing", captain, "accept")
    assert not table.seat(captain).is_pending
    line = next(e for e in selectors.event_log(table.game, None) if e["type"] == "offer_answered")
    assert line["cause"] == "standing"
    assert describe(line, texts.seat_names(table.game)).endswith("(standing answer)")  # in emails
    client = Client()
    client.force_login(table.user(table.leader))
    page = client.get(reverse("games:game", args=[table.game.pk])).content.decode()
    assert "standing answer</span>" in page


def test_an_offer_the_rule_does_not_cover_is_left_to_the_captain(table: Table) -> None:
    captain = table.invitees[0]
    set_standing(table, captain, {"policy": "accept_prestige", "prestige": 1, "dice": 0})
    offer(table, captain, "1p 1d")  # one Hazard Die more than the rule takes
    assert answers(table.game) == {}
    assert table.seat(captain).pending_kind == "answer_offer"


def test_setting_always_decline_answers_an_offer_already_waiting(table: Table) -> None:
    captain = table.invitees[1]
    offer(table, captain, "1c")
    set_standing(table, captain, {"policy": "decline"})
    assert answers(table.game) == {captain: "decline"}
    assert models.Event.objects.get(type="offer_answered").cause == "standing"


def test_a_removed_standing_answer_no_longer_answers(table: Table) -> None:
    captain = table.invitees[0]
    set_standing(table, captain, {"policy": "decline"})
    set_standing(table, captain, None)
    assert table.seat(captain).standing == {}
    offer(table, captain, "1c")
    assert answers(table.game) == {}
    assert table.seat(captain).is_pending


def test_only_the_captain_with_the_rule_is_answered_for(table: Table) -> None:
    ruled, asked, _third = table.invitees
    set_standing(table, ruled, {"policy": "decline"})
    offer(table, ruled, "1c")
    offer(table, asked, "1c")
    assert answers(table.game) == {ruled: "decline"}
    assert table.seat(asked).pending_kind == "answer_offer"


@pytest.mark.parametrize(
    ("decision", "policy", "error"),
    [
        ("answer_offer", {"policy": "always_accept"}, CannotParse),
        ("answer_offer", {"policy": "accept_prestige", "prestige": 9, "dice": 0}, CannotParse),
        ("answer_offer", {"policy": "accept_credits", "credits": "many", "dice": 0}, CannotParse),
        ("answer_offer", {"policy": "bonus_part"}, services.ServiceError),
        ("buy", {"policy": "decline"}, services.ServiceError),
    ],
)
def test_a_bad_standing_answer_is_refused_and_changes_nothing(
    table: Table, decision: str, policy: dict[str, Any], error: type[Exception]
) -> None:
    captain = table.invitees[0]
    set_standing(table, captain, {"policy": "decline"}, decision="answer_offer")
    with pytest.raises(error):
        set_standing(table, captain, policy, decision=decision)
    assert table.seat(captain).standing == {"answer_offer": {"policy": "decline"}}


def test_a_spectator_cannot_set_a_standing_answer(table: Table) -> None:
    from tests.factories import make_user

    with pytest.raises(services.NotAllowed):
        services.standing_set(
            game=table.game,
            user=make_user("Eve"),
            decision="answer_offer",
            policy={"policy": "decline"},
            now=NOW,
        )


def test_the_game_page_form_sets_changes_and_removes_the_standing_answer(table: Table) -> None:
    captain = table.invitees[0]
    client = Client()
    client.force_login(table.user(captain))
    page = client.get(reverse("games:game", args=[table.game.pk])).content.decode()
    assert 'id="standing"' in page and 'name="accept_prestige-dice"' in page
    assert "<legend>An offer to join a Contract</legend>" in page
    url = reverse("games:standing", args=[table.game.pk])
    data = {"decision": "answer_offer", "policy": "accept_prestige", "accept_prestige-prestige": "2"}
    data |= {"accept_prestige-dice": "1", "accept_credits-credits": "2", "accept_credits-dice": "0"}
    assert client.post(url, data).status_code == 302
    assert table.seat(captain).standing == {
        "answer_offer": {"policy": "accept_prestige", "prestige": 2, "dice": 1}
    }
    bad = client.post(url, {**data, "accept_prestige-prestige": "99"})
    assert bad.status_code == 400 and "choose a number from 1 to 5" in bad.content.decode()
    assert table.seat(captain).standing["answer_offer"]["prestige"] == 2
    assert client.post(url, {"decision": "answer_offer", "policy": ""}).status_code == 302
    assert table.seat(captain).standing == {}


def test_no_offer_email_is_sent_for_an_offer_a_standing_answer_took(table: Table) -> None:
    from tests.mail.helpers import run_outbox

    ruled, asked, _third = table.invitees
    set_standing(table, ruled, {"policy": "decline"})
    run_outbox()
    offer(table, ruled, "1c")
    offer(table, asked, "1c")
    sent = {m.to[0]: m.subject for m in run_outbox()}
    assert table.user(ruled).email not in sent
    assert "your answer is needed" in sent[table.user(asked).email]


def test_a_solo_captain_is_offered_only_the_answers_a_table_of_one_can_use() -> None:
    """Nobody makes a solo captain an offer (Mercenaries are hired, not asked): the page, the API
    and the service offer only the Bonus Card's deck, and an offer answer is refused."""
    from rest_framework.test import APIClient

    from tests.factories import make_game, make_user

    solo = make_user("Sol")
    game = make_game(solo, kind="moonrakers")
    client = Client()
    client.force_login(solo)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "The deck to draw a won Bonus Card from" in page
    assert "An offer to join a Contract" not in page and "Always decline offers" not in page
    api = APIClient()
    api.force_authenticate(solo)
    body = api.get(reverse("api_game_standing", args=[game.pk])).json()
    assert {p["name"] for p in body["policies"]} == {"bonus_crew", "bonus_part"}
    with pytest.raises(services.ServiceError):
        services.standing_set(
            game=game, user=solo, decision="answer_offer", policy={"policy": "decline"}, now=NOW
        )
    with pytest.raises(CannotParse):  # an offer answer filed under the other decision is no answer either
        services.standing_set(
            game=game, user=solo, decision="bonus_deck", policy={"policy": "decline"}, now=NOW
        )
    assert models.Seat.objects.get(game=game).standing == {}
