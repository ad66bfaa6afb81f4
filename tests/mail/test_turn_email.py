"""The turn email: what happened since the player last acted, what to decide and by when, how to answer."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.conf import settings

from games import models, services
from games.mail import links
from tests.factories import NOW, make_game, make_user
from tests.mail.helpers import html_of, run_outbox, text_of

pytestmark = pytest.mark.django_db


def turn_email_after_a_move(game: models.Game, mover: models.Seat, waiter: models.Seat) -> Any:
    run_outbox()  # the start's email
    services.chat_send(game=game, user=mover.user, text="good luck, Bob", now=NOW)
    services.command_submit(game=game, user=mover.user, text="pass", expected_seq=game.last_seq, now=NOW)
    # The chat line has its own email (tests/mail/test_what_you_missed.py); here, the turn email.
    (message,) = [m for m in run_outbox() if m.extra_headers.get("X-Moonweb-Kind") != "chat"]
    assert message.to == [waiter.user.email]
    return message


def test_it_says_what_happened_what_to_decide_and_by_when(
    game: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    message = turn_email_after_a_move(game, mover, waiter)
    text, html = text_of(message), html_of(message)
    # No deadline in the subject: it stays the same all game, so the emails thread.
    assert message.subject == f"Race to 20 #{game.pk}: your move"
    for body in (text, html):
        assert "It is your move in Race to 20" in body
        assert "good luck, Bob" in body  # since Bob last acted
        assert f"{mover.user.public_name} passed." in body  # the engine's log line, players named
        assert "Mon 23 November 2026, 12:00 (UTC)" in body
        assert "roll" in body and "Roll the die" in body  # the commands, in notation
        assert links.game_url(game) in body


def test_it_never_shows_another_players_secret(
    game: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    message = turn_email_after_a_move(game, mover, waiter)
    secret = models.Event.objects.get(game=game, type="secret_dealt", seat=mover.position).payload["value"]
    shown = re.findall(r"\b\d+\b", text_of(message) + html_of(message))
    # The mover's five-digit secret is nowhere in Bob's email.
    assert str(secret) not in shown
    assert "A secret was dealt." in text_of(message)


def test_answering_it_plays_reply_to_carries_the_seat_token(
    game: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    message = turn_email_after_a_move(game, mover, waiter)
    waiter.refresh_from_db()
    # The address names the seat (its secret token) and the decision the email is about.
    assert message.reply_to == [f"reply+{waiter.reply_token}.{waiter.decision_seq}@{settings.REPLY_DOMAIN}"]
    assert "reply to this email with your commands" in text_of(message)


def test_it_has_one_click_links_and_a_one_click_unsubscribe(
    game: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    message = turn_email_after_a_move(game, mover, waiter)
    acts = re.findall(r"http://\S+/mail/act/([^/\s]+)/", text_of(message))
    commands = sorted(links.load_action(token).command for token in acts)
    assert commands == ["pass", "roll", "say hi"]
    link = links.load_action(acts[0])
    assert (link.game_id, link.seat, link.user_id, link.seq) == (
        game.pk,
        waiter.position,
        waiter.user_id,
        game.last_seq,
    )
    headers = message.extra_headers
    assert headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert re.fullmatch(r"<http://\S+/mail/unsubscribe/\S+/>", headers["List-Unsubscribe"])
    assert headers["Auto-Submitted"] == "auto-generated"


def test_it_is_written_in_the_players_language() -> None:
    ann, bob = make_user("Ann"), make_user("Bob", language="fr")
    game = make_game(ann, bob)
    seat = game.seats.get(user=bob)
    if not seat.is_pending:
        services.command_submit(game=game, user=ann, text="pass", expected_seq=game.last_seq, now=NOW)
    (message,) = [m for m in run_outbox() if m.to == [bob.email]]
    # Django's own French catalog formats the date: proof the email was rendered in French.
    assert "lun 23 novembre 2026, 12:00 (UTC)" in text_of(message)


def test_others_see_that_a_player_is_away_and_until_when(
    game: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    type(mover.user).objects.filter(pk=mover.user.pk).update(away_until=dt.date(2026, 12, 1))
    message = turn_email_after_a_move(game, mover, waiter)
    assert "away until Tue 1 December 2026" in text_of(message)
    assert "away until Tue 1 December 2026" in html_of(message)


def test_a_reminder_says_time_is_running_out(game: models.Game, mover: models.Seat) -> None:
    run_outbox()
    models.Notification.objects.create(
        game=game,
        user=mover.user,
        kind=models.Notification.Kind.REMINDER,
        seq=game.last_seq,
        payload={"seat": mover.position, "deadline": mover.deadline.isoformat()},
        created_at=NOW,
    )
    (message,) = run_outbox(NOW + dt.timedelta(hours=20))
    assert message.subject == f"Race to 20 #{game.pk}: your move"
    assert "is still waiting for your move" in text_of(message)
    assert "time is running out" in text_of(message)
