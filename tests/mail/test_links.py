"""One-click links: GET only asks, POST plays once; signed, bound to the seat, stale once it decides."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import models, services
from games.mail import links
from tests.factories import NOW
from tests.mail.helpers import event_count

pytestmark = pytest.mark.django_db


def act_path(game: models.Game, seat: models.Seat, command: str, seq: int | None = None) -> str:
    token = links.sign_action(
        game=game, seat=seat, seq=game.last_seq if seq is None else seq, command=command
    )
    return reverse("mail:act", args=[token])


def test_opening_a_link_asks_for_confirmation_and_changes_nothing(
    client: Client, game: models.Game, mover: models.Seat
) -> None:
    before = event_count()
    response = client.get(act_path(game, mover, "roll"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Confirm your move" in page and "<code>roll</code>" in page and 'method="post"' in page
    assert event_count() == before


def test_the_button_plays_the_move_once_even_if_pressed_twice(game: models.Game, mover: models.Seat) -> None:
    client = Client(enforce_csrf_checks=True)
    path = act_path(game, mover, "pass")
    page = client.get(path)
    token = page.cookies["csrftoken"].value
    seq = game.last_seq
    done = client.post(path, {"csrfmiddlewaretoken": token})
    assert done.status_code == 200 and "Move played" in done.content.decode()
    played = models.Event.objects.filter(game=game, seq__gt=seq, cause="player")
    assert [(e.type, e.seat) for e in played] == [("turn_passed", mover.position)]
    # The second press finds the link used: it says so, and plays nothing.
    again = client.post(path, {"csrfmiddlewaretoken": token})
    assert again.status_code == 410 and "This link has been used" in again.content.decode()
    assert models.Event.objects.filter(game=game, seq__gt=seq).count() == 1


def test_a_link_is_stale_once_its_seat_decision_changes(
    client: Client, game: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    path = act_path(game, mover, "roll")
    services.command_submit(game=game, user=mover.user, text="pass", expected_seq=game.last_seq, now=NOW)
    before = event_count()
    for response in (client.get(path), client.post(path)):
        assert response.status_code == 409
        assert "This email is out of date" in response.content.decode()
        assert "nothing was applied" in response.content.decode()
    assert event_count() == before


def test_a_chat_line_does_not_make_a_link_stale(
    client: Client, game: models.Game, mover: models.Seat
) -> None:
    path = act_path(game, mover, "pass")
    services.chat_send(game=game, user=mover.user, text="thinking...", now=NOW)
    assert client.post(path).status_code == 200
    assert models.Event.objects.filter(game=game, type="turn_passed").count() == 1


@pytest.mark.parametrize("change", ["tamper", "other_user", "unsigned"])
def test_an_altered_link_is_refused_and_plays_nothing(
    client: Client, game: models.Game, mover: models.Seat, waiter: models.Seat, change: str
) -> None:
    token = links.sign_action(game=game, seat=mover, seq=game.last_seq, command="pass")
    if change == "tamper":
        token = token.replace("pass", "roll") if "pass" in token else token[:-2] + "xx"
    elif change == "other_user":
        # A link made for Bob's seat cannot play Ann's: the player is part of what is signed.
        mover.user_id = waiter.user_id
        token = links.sign_action(game=game, seat=mover, seq=game.last_seq, command="pass")
    else:
        token = "eyJnIjoxfQ:forged:signature"
    before = event_count()
    for response in (
        client.get(reverse("mail:act", args=[token])),
        client.post(reverse("mail:act", args=[token])),
    ):
        assert response.status_code == 400
        assert "This link does not work" in response.content.decode()
    assert event_count() == before


def test_an_illegal_move_by_link_is_refused_with_the_reason(
    client: Client, game: models.Game, waiter: models.Seat
) -> None:
    before = event_count()
    response = client.post(act_path(game, waiter, "roll"))
    assert response.status_code == 400 and "It is not your turn." in response.content.decode()
    assert event_count() == before


def test_unsubscribe_asks_on_get_and_stops_emails_on_a_one_click_post(mover: models.Seat) -> None:
    user = mover.user
    path = reverse("mail:unsubscribe", args=[links.sign_unsubscribe(user)])
    client = Client(enforce_csrf_checks=True)
    page = client.get(path)
    assert page.status_code == 200 and "Stop the emails" in page.content.decode()
    user.refresh_from_db()
    assert user.notify == "every_turn"
    # RFC 8058: the mail provider POSTs this body, with no cookie and no CSRF token.
    done = client.post(path, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded")
    assert done.status_code == 200 and "Emails stopped" in done.content.decode()
    user.refresh_from_db()
    assert user.notify == "none"


def test_a_forged_unsubscribe_link_changes_nothing(
    client: Client, mover: models.Seat, waiter: models.Seat
) -> None:
    token = links.sign_unsubscribe(mover.user)
    forged = token[:-3] + ("abc" if not token.endswith("abc") else "xyz")
    assert client.post(reverse("mail:unsubscribe", args=[forged])).status_code == 400
    mover.user.refresh_from_db()
    assert mover.user.notify == "every_turn"


def test_an_unsubscribe_link_stops_working_when_the_address_changes(
    client: Client, mover: models.Seat
) -> None:
    user: Any = mover.user
    token = links.sign_unsubscribe(user)
    type(user).objects.filter(pk=user.pk).update(email="new@example.com")
    assert client.post(reverse("mail:unsubscribe", args=[token])).status_code == 400
    user.refresh_from_db()
    assert user.notify == "every_turn"
