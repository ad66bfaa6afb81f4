"""Several seats deciding at once, by page form, one-click link and email reply: answering in any
order never voids another seat's form, link or reply; a seat's own change of decision does."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games import models, services
from games.mail import links, receive
from tests.factories import NOW, make_game, make_user
from tests.mail.helpers import raw_reply

pytestmark = pytest.mark.django_db


@pytest.fixture
def players() -> list[Any]:
    return [make_user("Ann"), make_user("Bob"), make_user("Cy")]


@pytest.fixture
def ballot(players: list[Any]) -> models.Game:
    return make_game(*players, options={"ballot": True})


def seat(game: models.Game, position: int) -> models.Seat:
    return models.Seat.objects.select_related("user").get(game=game, position=position)


def picks(game: models.Game) -> dict[int, int]:
    return {e.seat: e.payload["pick"] for e in models.Event.objects.filter(game=game, type="ballot_cast")}


def link_path(game: models.Game, position: int, command: str, seq: int) -> str:
    token = links.sign_action(game=game, seat=seat(game, position), seq=seq, command=command)
    return reverse("mail:act", args=[token])


def post_pick(client: Client, game: models.Game, number: int, seq: int) -> Any:
    data = {"action": "pick", "prefix": "pick", "p_number": str(number), "seq": str(seq)}
    return client.post(reverse("games:move", args=[game.pk]), data)


def test_a_form_kept_open_while_another_seat_answers_still_works(
    ballot: models.Game, players: list[Any]
) -> None:
    seen = ballot.last_seq
    services.command_submit(game=ballot, user=players[0], text="pick 2", expected_seq=seen, now=NOW)
    bob = Client()
    bob.force_login(players[1])
    response = post_pick(bob, ballot, 3, seen)  # Bob's page was loaded before Ann answered
    assert response.status_code == 302
    assert picks(ballot) == {0: 2, 1: 3}


def test_a_form_made_before_my_own_answer_is_stale_and_changes_nothing(
    ballot: models.Game, players: list[Any]
) -> None:
    seen = ballot.last_seq
    ann = Client()
    ann.force_login(players[0])
    assert post_pick(ann, ballot, 1, seen).status_code == 302
    response = post_pick(ann, ballot, 3, seen)
    assert response.status_code == 409
    assert picks(ballot) == {0: 1}


def test_links_of_several_invitees_work_in_any_order(ballot: models.Game, client: Client) -> None:
    seen = ballot.last_seq
    paths = {p: link_path(ballot, p, f"pick {p + 1}", seen) for p in (0, 1, 2)}
    for position in (2, 0, 1):
        response = client.post(paths[position])
        assert response.status_code == 200, response.content.decode()
        assert "Move played" in response.content.decode()
    assert picks(ballot) == {0: 1, 1: 2, 2: 3}


def test_a_link_made_before_the_seats_own_decision_changed_is_refused_with_the_explanation(
    ballot: models.Game, players: list[Any], client: Client
) -> None:
    path = link_path(ballot, 1, "pick 1", ballot.last_seq)
    services.command_submit(
        game=ballot, user=players[1], text="pick 3", expected_seq=ballot.last_seq, now=NOW
    )
    before = models.Event.objects.filter(game=ballot).count()
    for response in (client.get(path), client.post(path)):
        assert response.status_code == 409
        page = response.content.decode()
        assert "This email is out of date" in page and "Your decision has changed" in page
    assert models.Event.objects.filter(game=ballot).count() == before
    assert picks(ballot) == {1: 3}


def reply(game: models.Game, position: int, body: str, decision_seq: int | None) -> receive.Received:
    s = seat(game, position)
    suffix = f".{decision_seq}" if decision_seq is not None else ""
    to = f"reply+{s.reply_token}{suffix}@{settings.REPLY_DOMAIN}"
    assert s.user is not None
    return receive.receive(raw_reply(to=to, sender=s.user.email, body=body), now=NOW)


def test_the_turn_emails_reply_address_names_the_seats_decision(ballot: models.Game) -> None:
    bob = seat(ballot, 1)
    assert links.reply_address(bob) == f"reply+{bob.reply_token}.{bob.decision_seq}@{settings.REPLY_DOMAIN}"


def test_email_replies_of_several_invitees_are_all_played(ballot: models.Game) -> None:
    seen = {p: seat(ballot, p).decision_seq for p in (0, 1, 2)}
    for position in (1, 2, 0):
        result = reply(ballot, position, f"pick {position + 1}", seen[position])
        assert result.status == "accepted", result.reason
    assert picks(ballot) == {0: 1, 1: 2, 2: 3}


def test_an_email_reply_about_a_decision_that_has_changed_is_refused(
    ballot: models.Game, players: list[Any]
) -> None:
    old = seat(ballot, 0).decision_seq
    services.command_submit(
        game=ballot, user=players[0], text="pick 2", expected_seq=ballot.last_seq, now=NOW
    )
    before = models.Event.objects.filter(game=ballot).count()
    result = reply(ballot, 0, "pick 3", old)
    assert result.status == "refused" and result.applied == []
    assert models.Event.objects.filter(game=ballot).count() == before
