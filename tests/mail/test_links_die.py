"""Issue 12, finding 1: a one-click link is good for one command on one decision, and the page it
opens never shows the seat's private view (log, chat, hidden values) nor hands out new links."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import models, services, store
from games.mail import links
from tests.factories import NOW, make_game
from tests.mail.helpers import event_count, run_outbox, text_of

pytestmark = pytest.mark.django_db

SECRET_CHAT = "meet me at the docks"


def act_path(game: models.Game, seat: models.Seat, command: str) -> str:
    token = links.sign_action(game=game, seat=seat, seq=game.last_seq, command=command)
    return reverse("mail:act", args=[token])


def secret_of(game: models.Game, seat: models.Seat) -> str:
    return str(store.load(game).state["secrets"][str(seat.position)])


def sign_in_to(game: models.Game) -> str:
    """The way on from every act page: sign in, then the game page."""
    return f"{reverse('account_login')}?next=%2Fgames%2F{game.pk}%2F"


def assert_nothing_private(page: str, game: models.Game, seat: models.Seat, path: str) -> None:
    assert secret_of(game, seat) not in page  # the seat's hidden value
    assert SECRET_CHAT not in page  # its private chat
    # No newly signed links: the only one on the page is its own address (the language switcher's).
    assert set(re.findall(r"/mail/act/[^/\"]+/", page)) <= {path}
    assert "A secret was dealt" not in page  # no log


@pytest.fixture
def whispered(game: models.Game, mover: models.Seat, waiter: models.Seat) -> models.Game:
    """Bob whispered to the seat to move: a private line only that seat may read."""
    services.chat_send(game=game, user=waiter.user, text=SECRET_CHAT, to_position=mover.position, now=NOW)
    game.refresh_from_db()
    return game


def test_a_valid_link_shows_only_the_command_and_its_button(
    client: Client, whispered: models.Game, mover: models.Seat
) -> None:
    path = act_path(whispered, mover, "roll")
    page = client.get(path)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Roll" in text and 'method="post"' in text
    assert_nothing_private(text, whispered, mover, path)


def test_playing_a_link_shows_what_was_played_and_nothing_private(
    client: Client, whispered: models.Game, mover: models.Seat
) -> None:
    # After a roll the seat must decide again: the old page showed the situation and fresh links.
    path = act_path(whispered, mover, "roll")
    done = client.post(path)
    assert done.status_code == 200
    text = done.content.decode()
    assert "Move played" in text
    assert_nothing_private(text, whispered, mover, path)
    assert sign_in_to(whispered) in text  # the way on: sign in
    assert "Now waiting for" not in text and "rolled the die" not in text  # no situation, no recap


def test_a_used_link_says_so_and_plays_nothing_more(
    client: Client, whispered: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    path = act_path(whispered, mover, "roll")
    assert client.post(path).status_code == 200
    # The game goes on: the other player passes and whispers, and it is this seat's move again.
    whispered.refresh_from_db()
    services.command_submit(
        game=whispered, user=waiter.user, text="pass", expected_seq=whispered.last_seq, now=NOW
    )
    services.chat_send(
        game=whispered, user=waiter.user, text=SECRET_CHAT, to_position=mover.position, now=NOW
    )
    mover.refresh_from_db()
    assert mover.is_pending
    before = event_count()
    for response in (client.get(path), client.post(path)):
        assert response.status_code == 410
        text = response.content.decode()
        assert "This link has been used" in text
        assert sign_in_to(whispered) in text
        assert_nothing_private(text, whispered, mover, path)
    assert event_count() == before


def test_another_link_of_the_same_email_is_dead_once_one_was_played(
    client: Client, whispered: models.Game, mover: models.Seat
) -> None:
    roll, passing = act_path(whispered, mover, "roll"), act_path(whispered, mover, "pass")
    assert client.post(roll).status_code == 200
    before = event_count()
    for response in (client.get(passing), client.post(passing)):
        assert response.status_code == 409
        text = response.content.decode()
        assert "out of date" in text and sign_in_to(whispered) in text
        assert_nothing_private(text, whispered, mover, passing)
    assert event_count() == before


def test_the_unsubscribe_page_does_not_show_the_address(client: Client, mover: models.Seat) -> None:
    user = mover.user
    assert user is not None
    page = client.get(reverse("mail:unsubscribe", args=[links.sign_unsubscribe(user)]))
    assert page.status_code == 200
    assert user.email not in page.content.decode()
    done = client.post(reverse("mail:unsubscribe", args=[links.sign_unsubscribe(user)]))
    assert done.status_code == 200 and user.email not in done.content.decode()


def test_after_a_link_the_next_decision_comes_by_email_not_on_the_page(
    client: Client, ann: Any, bob: Any
) -> None:
    # In Moonrollers the player who rolled must then choose dice. The page shows no new links; the
    # player's own mailbox gets them instead.
    solo = make_game(ann, bob, kind="moonrollers")
    seat = solo.seats.select_related("user").get(is_pending=True)
    ann = seat.user
    run_outbox()
    done = client.post(act_path(solo, seat, "roll"))
    assert done.status_code == 200
    assert "an email with its links is on its way" in done.content.decode()
    sent = run_outbox()
    to_ann = [m for m in sent if m.to == [ann.email]]
    assert len(to_ann) == 1 and "your move" in to_ann[0].subject
    fresh = re.findall(r"http://\S+?(/mail/act/[^/\s]+/)", text_of(to_ann[0]))
    assert fresh, text_of(to_ann[0])
    # A fresh link from that email plays the next decision.
    before = event_count()
    assert client.post(fresh[0]).status_code == 200
    assert event_count() > before


def test_a_move_made_on_the_page_sends_no_email_to_its_player(ann: Any, bob: Any) -> None:
    # Signed in, the player sees the new situation in front of them: no email about it.
    solo = make_game(ann, bob, kind="moonrollers")
    ann = solo.seats.select_related("user").get(is_pending=True).user
    run_outbox()
    services.command_submit(game=solo, user=ann, text="roll", expected_seq=solo.last_seq, now=NOW)
    assert [m for m in run_outbox() if m.to == [ann.email]] == []
