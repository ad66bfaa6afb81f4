"""Bounces (issue 12): never answered, recorded against the player, and mail stops after repeated
hard bounces until the player re-enables it on their profile."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import EmailBounce
from games import models, notifications
from games.mail import messages, receive
from tests.factories import NOW
from tests.mail.helpers import run_outbox

pytestmark = pytest.mark.django_db


def dsn(original: Any, *, status: str = "5.1.1", to: str = "play@moonweb.localhost") -> bytes:
    """A Postfix-style delivery status notification (RFC 3464) about one message we sent."""
    (recipient,) = original.to
    headers = original.message().as_bytes().split(b"\n\n", 1)[0].decode()
    return (
        "From: MAILER-DAEMON@mx.example.com (Mail Delivery System)\n"
        f"To: {to}\n"
        "Subject: Undelivered Mail Returned to Sender\n"
        "Auto-Submitted: auto-replied\n"
        "MIME-Version: 1.0\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="B0UND"\n'
        "\n"
        "--B0UND\n"
        "Content-Type: text/plain; charset=us-ascii\n\n"
        "I'm sorry to have to inform you that your message could not be delivered.\n\n"
        "--B0UND\n"
        "Content-Type: message/delivery-status\n\n"
        "Reporting-MTA: dns; mx.example.com\n\n"
        f"Final-Recipient: rfc822; {recipient}\n"
        f"Original-Recipient: rfc822;{recipient}\n"
        "Action: failed\n"
        f"Status: {status}\n"
        f"Diagnostic-Code: smtp; 550 {status} User unknown\n\n"
        "--B0UND\n"
        "Content-Type: text/rfc822-headers\n\n"
        f"{headers}\n\n"
        "--B0UND--\n"
    ).encode()


def turn_email(game: models.Game, seat: models.Seat) -> Any:
    return next(m for m in run_outbox() if m.to == [seat.user.email])


def another_turn_email(game: models.Game, seat: models.Seat) -> Any:
    """One more email to the seat (another Message-ID), as a reminder would be."""
    row = models.Notification.objects.create(
        game=game,
        user=seat.user,
        kind=models.Notification.Kind.TURN,
        seq=game.last_seq,
        payload={"seat": seat.position},
        created_at=NOW,
    )
    return messages.build(row, now=NOW)


def test_one_message_bouncing_twice_counts_once(game: models.Game, mover: models.Seat) -> None:
    original = turn_email(game, mover)
    receive.receive(dsn(original), now=NOW)
    receive.receive(dsn(original), now=NOW)
    assert EmailBounce.objects.count() == 1


def test_a_bounce_is_not_answered_and_is_recorded_against_the_player(
    game: models.Game, mover: models.Seat
) -> None:
    original = turn_email(game, mover)
    result = receive.receive(dsn(original), now=NOW, envelope_from="")
    assert result.status == "dropped" and result.code == "bounce"
    assert run_outbox() == []
    bounce = EmailBounce.objects.get()
    assert (bounce.user_id, bounce.address, bounce.status, bounce.hard) == (
        mover.user.pk,
        mover.user.email,
        "5.1.1",
        True,
    )


def test_a_bounce_naming_a_message_we_never_sent_is_not_recorded(
    game: models.Game, mover: models.Seat
) -> None:
    original = turn_email(game, mover)
    forged = dsn(original).replace(b"moonweb.", b"moonwez.")
    assert receive.receive(forged, now=NOW, envelope_from="").status == "dropped"
    assert not EmailBounce.objects.exists()


def test_repeated_hard_bounces_stop_mail_to_that_address_until_the_player_re_enables_it(
    client: Client, game: models.Game, mover: models.Seat, settings: Any
) -> None:
    settings.MAIL_HARD_BOUNCES_BEFORE_STOP = 2
    original = turn_email(game, mover)
    # A full mailbox: temporary, does not count.
    receive.receive(dsn(original, status="4.2.2"), now=NOW)
    receive.receive(dsn(another_turn_email(game, mover)), now=NOW)
    mover.user.refresh_from_db()
    assert mover.user.email_stopped_at is None
    receive.receive(dsn(another_turn_email(game, mover)), now=NOW)
    mover.user.refresh_from_db()
    assert mover.user.email_stopped_at is not None

    # The outbox skips them, saying why.
    row = models.Notification.objects.create(
        game=game,
        user=mover.user,
        kind=models.Notification.Kind.REMINDER,
        seq=game.last_seq,
        payload={"seat": 0},
        created_at=NOW,
    )
    mail.outbox.clear()
    assert notifications.deliver(row.pk, now=NOW).startswith("skipped")
    row.refresh_from_db()
    assert "bounced" in row.error and mail.outbox == []

    # Their profile says so, and a button starts mail again.
    client.force_login(mover.user)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert "bounced" in page and mover.user.email in page
    response = client.post(reverse("accounts:email_resume"))
    assert response.status_code == 302
    mover.user.refresh_from_db()
    assert mover.user.email_stopped_at is None
    assert "bounced" not in client.get(reverse("accounts:profile")).content.decode()


def test_a_stopped_address_gets_no_answer_to_its_email(game: models.Game, mover: models.Seat) -> None:
    turn_email(game, mover)
    for _ in range(3):
        receive.receive(dsn(another_turn_email(game, mover)), now=NOW)
    from tests.mail.helpers import raw_reply, reply_address

    result = receive.receive(
        raw_reply(to=reply_address(mover), sender=mover.user.email, body="pass"), now=NOW
    )
    assert result.status == "accepted"  # the move is still played
    assert [m for m in run_outbox() if m.to == [mover.user.email]] == []


def test_a_player_who_changed_their_address_is_mailed_at_the_new_one(
    game: models.Game, mover: models.Seat
) -> None:
    from accounts import bounces

    turn_email(game, mover)
    for _ in range(3):
        receive.receive(dsn(another_turn_email(game, mover)), now=NOW)
    old = mover.user.email
    assert bounces.is_stopped(old)
    type(mover.user).objects.filter(pk=mover.user.pk).update(email="ann.new@example.com")
    assert not bounces.is_stopped("ann.new@example.com")
