"""Reply by email: commands applied in order, stop at the first error, and always an answer."""

from __future__ import annotations

import io
import sys
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games import models, services
from games.mail import receive
from tests.factories import NOW, make_game, make_user
from tests.mail.helpers import event_count, raw_reply, reply_address, run_outbox, text_of

pytestmark = pytest.mark.django_db


def reply_from(seat: models.Seat, body: str, **kwargs: Any) -> bytes:
    return raw_reply(to=reply_address(seat), sender=seat.user.email, body=body, **kwargs)


def answer_to(address: str) -> Any:
    """The one email this run of the outbox sent to ``address``."""
    (message,) = [m for m in run_outbox() if m.to == [address]]
    return message


def test_a_reply_plays_its_command_and_is_answered_with_the_new_situation(
    game: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    run_outbox()
    seq = game.last_seq
    result = receive.receive(reply_from(mover, "pass\n\n> It is your move in Race to 20"), now=NOW)
    assert (result.status, result.applied) == ("accepted", ["pass"])
    played = models.Event.objects.get(game=game, seq=seq + 1)
    assert (played.type, played.seat, played.cause, played.command) == (
        "turn_passed",
        mover.position,
        "player",
        "pass",
    )
    messages = run_outbox()
    answer = next(m for m in messages if m.to == [mover.user.email])
    assert answer.subject == "Accepted: your move"
    # The move in words, as its form says it: the tiny game's "pass" is "Pass".
    assert "Played: Pass" in text_of(answer) and "Now waiting for: " + waiter.user.public_name in text_of(
        answer
    )
    assert answer.extra_headers["Auto-Submitted"] == "auto-replied"
    assert answer.extra_headers["In-Reply-To"].endswith("@client.example>")
    # And the next player gets their turn email.
    assert any(m.to == [waiter.user.email] for m in messages)


def test_commands_apply_in_order_and_stop_at_the_first_error(
    game: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    run_outbox()
    seq = game.last_seq
    result = receive.receive(reply_from(mover, "pass\nroll\npass"), now=NOW)
    # "pass" ends the turn, so "roll" is not Ann's to make: it is refused, and "pass" after it is not tried.
    assert (result.status, result.code, result.applied) == ("refused", "command", ["pass"])
    assert list(models.Event.objects.filter(game=game, seq__gt=seq).values_list("type", flat=True)) == [
        "turn_passed"
    ]
    answer = answer_to(mover.user.email)
    text = text_of(answer)
    assert answer.subject == "Refused: your move"
    assert "“roll” was refused: It is not your turn." in text
    assert "The commands before it were played" in text


def test_a_command_that_cannot_be_parsed_is_refused_with_the_legal_commands(
    game: models.Game, mover: models.Seat
) -> None:
    run_outbox()
    before = event_count()
    result = receive.receive(reply_from(mover, "fly to the moon"), now=NOW)
    assert (result.status, result.code) == ("refused", "command")
    assert event_count() == before
    text = text_of(answer_to(mover.user.email))
    assert "I do not understand “fly to the moon”" in text
    assert "What you can send now:" in text and "roll    (Roll the die)" in text


def refusal_cases(game: models.Game, mover: models.Seat, waiter: models.Seat) -> dict[str, tuple[bytes, str]]:
    """Each way a message is refused: (the raw message, the address the answer goes to)."""
    return {
        "oversized": (reply_from(mover, "pass\n" + "x" * 300_000), mover.user.email),
        "malformed": (
            b"From: "
            + mover.user.email.encode()
            + b"\r\nTo: "
            + reply_address(mover).encode()
            + b"\r\nContent-Type: application/octet-stream\r\n\r\n\x00\x01",
            mover.user.email,
        ),
        # Another player of the game writes to Ann's address (a stranger is not answered at all:
        # tests/mail/test_hostile_mail.py).
        "wrong_sender": (
            raw_reply(to=reply_address(mover), sender=waiter.user.email, body="pass"),
            waiter.user.email,
        ),
        "no_commands": (reply_from(mover, "\n\n> pass\n-- \nAnn"), mover.user.email),
    }


@pytest.mark.parametrize("case", ["oversized", "malformed", "wrong_sender", "no_commands"])
def test_each_refusal_is_answered_and_writes_no_event(
    game: models.Game, mover: models.Seat, waiter: models.Seat, case: str
) -> None:
    run_outbox()
    raw, answer_address = refusal_cases(game, mover, waiter)[case]
    before = event_count()
    result = receive.receive(raw, now=NOW)
    assert (result.status, result.code) == ("refused", case)
    assert event_count() == before
    answer = answer_to(answer_address)
    assert answer.subject.startswith("Refused")
    text = text_of(answer)
    expected = {
        "oversized": "Your email was too big",
        "malformed": "Your email could not be read",
        "wrong_sender": "belongs to another player's seat",
        "no_commands": "No command was found in your email",
    }[case]
    assert expected in text
    if case == "wrong_sender":
        # Someone who proved nothing learns nothing about the game.
        assert "Race to 20" not in text and "/games/" not in text and answer.reply_to == []


def test_mail_for_a_finished_game_is_refused_and_writes_no_event() -> None:
    ann = make_user("Ann")
    game = make_game(ann, start=False, seat_count=2)
    services.game_fill_with_bots(game=game, by=ann, now=NOW)
    services.game_start(game=game, by=ann, now=NOW)
    game.refresh_from_db()
    seat = game.seats.select_related("user").get(user=ann)
    while game.status == models.Game.Status.ACTIVE:
        services.command_submit(game=game, user=ann, text="roll", expected_seq=game.last_seq, now=NOW)
        game.refresh_from_db()
    run_outbox()
    before = event_count()
    result = receive.receive(reply_from(seat, "roll"), now=NOW)
    assert (result.status, result.code) == ("refused", "finished")
    assert event_count() == before
    assert "This game is over" in text_of(answer_to(ann.email))


def test_a_resigned_seats_address_is_stale(game: models.Game, mover: models.Seat) -> None:
    services.game_resign(game=game, user=mover.user, now=NOW)
    run_outbox()
    before = event_count()
    result = receive.receive(reply_from(mover, "roll"), now=NOW)
    assert (result.status, result.code) == ("refused", "stale")
    assert event_count() == before
    assert "cannot play any more" in text_of(answer_to(mover.user.email))


def test_the_sender_check_ignores_case_and_display_names(game: models.Game, mover: models.Seat) -> None:
    raw = raw_reply(to=reply_address(mover), sender=f"Ann Smith <{mover.user.email.upper()}>", body="pass")
    assert receive.receive(raw, now=NOW).status == "accepted"


def test_an_autoresponder_is_neither_played_nor_answered(game: models.Game, mover: models.Seat) -> None:
    run_outbox()
    before = event_count()
    raw = reply_from(mover, "roll\nI am away until Monday", headers={"Auto-Submitted": "auto-replied"})
    assert receive.receive(raw, now=NOW).status == "dropped"
    assert event_count() == before and run_outbox() == []


def test_a_message_delivered_twice_is_played_and_answered_once(game: models.Game, mover: models.Seat) -> None:
    run_outbox()
    raw = reply_from(mover, "roll", message_id="<once@client.example>")
    seq = game.last_seq
    assert receive.receive(raw, now=NOW).status == "accepted"
    assert receive.receive(raw, now=NOW).status == "duplicate"
    assert models.Event.objects.filter(game=game, seq__gt=seq, cause="player").count() == 1
    assert len([m for m in run_outbox() if m.to == [mover.user.email]]) == 1


def test_any_command_by_email_takes_the_seat_back_from_the_bot(game: models.Game, mover: models.Seat) -> None:
    models.Seat.objects.filter(pk=mover.pk).update(bot_playing=True)
    result = receive.receive(reply_from(mover, "pass"), now=NOW)
    assert result.status == "accepted"
    mover.refresh_from_db()
    assert not mover.bot_playing
    assert models.Event.objects.filter(game=game, type="seat_reclaimed").count() == 1


def test_the_receive_email_command_reads_standard_input(
    game: models.Game, mover: models.Seat, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games import outbox
    from games.management.commands import receive_email

    raw = reply_from(mover, "pass")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    drained: list[float] = []
    monkeypatch.setattr(outbox, "drain", lambda timeout: drained.append(timeout) or True)
    out = io.StringIO()
    call_command("receive_email", stdout=out)
    assert out.getvalue().strip() == "accepted: pass"
    assert models.Event.objects.filter(game=game, type="turn_passed").count() == 1
    # The process waits for its emails to reach the broker before it ends (outbox.drain).
    assert drained == [receive_email.DRAIN_SECONDS]


class TestInboundEndpoint:
    def post(self, client: Client, raw: bytes, **headers: str) -> Any:
        return client.post(reverse("mail:inbound"), raw, content_type="message/rfc822", headers=headers)

    def test_it_plays_a_message_posted_with_the_secret(
        self, client: Client, game: models.Game, mover: models.Seat, settings: Any
    ) -> None:
        settings.INBOUND_EMAIL_SECRET = "s3cret"
        response = self.post(client, reply_from(mover, "pass"), **{"X-Inbound-Secret": "s3cret"})
        assert response.status_code == 200
        assert response.json() == {"status": "accepted", "code": "", "applied": ["pass"]}
        assert models.Event.objects.filter(game=game, type="turn_passed").count() == 1

    def test_it_refuses_a_wrong_secret_and_a_missing_configuration(
        self, client: Client, game: models.Game, mover: models.Seat, settings: Any
    ) -> None:
        before = event_count()
        settings.INBOUND_EMAIL_SECRET = ""
        assert self.post(client, reply_from(mover, "pass"), **{"X-Inbound-Secret": ""}).status_code == 503
        settings.INBOUND_EMAIL_SECRET = "s3cret"
        assert (
            self.post(client, reply_from(mover, "pass"), **{"X-Inbound-Secret": "guess"}).status_code == 403
        )
        assert self.post(client, reply_from(mover, "pass")).status_code == 403
        assert client.get(reverse("mail:inbound")).status_code == 405
        assert event_count() == before

    def test_an_oversized_post_is_refused_with_an_answer(
        self, client: Client, game: models.Game, mover: models.Seat, settings: Any
    ) -> None:
        run_outbox()
        settings.INBOUND_EMAIL_SECRET = "s3cret"
        before = event_count()
        raw = reply_from(mover, "pass\n" + "x" * (settings.MAX_INBOUND_BYTES + 10))
        response = self.post(client, raw, **{"X-Inbound-Secret": "s3cret"})
        assert response.json()["code"] == "oversized"
        assert event_count() == before
        assert "too big" in text_of(answer_to(mover.user.email))
