"""Mail that used to crash, reflect or impersonate (issue 12, finding 3).

Every message gets an answer or is dropped on purpose; answers go only to a player of the game
named by the reply address, never to automatic mail, never echo a stranger's subject, and are
limited per address and hour. The envelope sender and the receiving MTA's Authentication-Results
are checked where given.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import models
from games.mail import receive
from tests.factories import NOW, make_user
from tests.mail.helpers import event_count, raw_reply, reply_address, run_outbox, text_of

pytestmark = pytest.mark.django_db


def reply_from(seat: models.Seat, body: str, **kwargs: Any) -> bytes:
    return raw_reply(to=reply_address(seat), sender=seat.user.email, body=body, **kwargs)


def sent_to(address: str) -> list[Any]:
    return [m for m in run_outbox() if m.to == [address]]


def with_raw_subject(raw: bytes, subject: bytes) -> bytes:
    """The message with its Subject header replaced by these exact bytes."""
    head, body = raw.split(b"\n\n", 1)
    lines = [line for line in head.split(b"\n") if not line.lower().startswith(b"subject:")]
    return b"\n".join([*lines, b"Subject: " + subject]) + b"\n\n" + body


class TestUndecodableContent:
    def post(self, client: Client, raw: bytes) -> Any:
        return client.post(
            reverse("mail:inbound"),
            raw,
            content_type="message/rfc822",
            headers={"X-Inbound-Secret": "s3cret"},
        )

    def test_a_nul_byte_in_a_command_is_refused_with_an_answer_not_a_500(
        self, client: Client, game: models.Game, mover: models.Seat, settings: Any
    ) -> None:
        settings.INBOUND_EMAIL_SECRET = "s3cret"
        run_outbox()
        before = event_count()
        response = self.post(client, reply_from(mover, "ro\x00ll"))
        assert response.status_code == 200
        assert response.json()["status"] == "refused"
        assert event_count() == before
        (answer,) = sent_to(mover.user.email)
        assert answer.subject.startswith("Refused")

    @pytest.mark.parametrize(
        "subject",
        [
            b"=?utf-8?b?" + __import__("base64").b64encode(b"Re: a\x00b") + b"?=",
            b"=?utf-8?q?Re=3A_=FF=FE_broken?=",
            b"Re: raw \xff\xfe bytes",
            b"=?x-unknown-charset?q?Re=3A_x?=",
        ],
    )
    def test_an_undecodable_subject_still_plays_the_command(
        self, client: Client, game: models.Game, mover: models.Seat, settings: Any, subject: bytes
    ) -> None:
        settings.INBOUND_EMAIL_SECRET = "s3cret"
        run_outbox()
        response = self.post(client, with_raw_subject(reply_from(mover, "pass"), subject))
        assert response.status_code == 200
        assert response.json()["status"] == "accepted"
        assert models.Event.objects.filter(game=game, type="turn_passed").count() == 1
        (answer,) = sent_to(mover.user.email)
        assert "\x00" not in answer.subject and answer.subject.startswith("Accepted")

    def test_undecodable_bytes_in_the_body_are_answered(self, game: models.Game, mover: models.Seat) -> None:
        run_outbox()
        raw = reply_from(mover, "pass").replace(b"pass", b"pa\xff\x00ss")
        result = receive.receive(raw, now=NOW)
        assert result.status in ("refused", "accepted")
        assert len(sent_to(mover.user.email)) == 1


class TestWhoIsAnswered:
    def test_a_forged_sender_who_plays_no_game_gets_nothing(
        self, game: models.Game, mover: models.Seat
    ) -> None:
        run_outbox()
        before = event_count()
        victim = "victim@elsewhere.example"
        for _ in range(5):
            raw = raw_reply(to=reply_address(mover), sender=victim, body="pass", subject="BUY CHEAP PILLS")
            assert receive.receive(raw, now=NOW).status == "dropped"
        assert event_count() == before
        assert sent_to(victim) == []

    def test_an_unknown_reply_address_is_never_answered(self, game: models.Game, mover: models.Seat) -> None:
        run_outbox()
        raw = raw_reply(
            to="reply+NotARealTokenAtAll123@moonweb.localhost", sender=mover.user.email, body="pass"
        )
        assert receive.receive(raw, now=NOW).status == "dropped"
        assert sent_to(mover.user.email) == []

    def test_another_player_of_the_game_is_told_without_their_subject_echoed(
        self, game: models.Game, mover: models.Seat, waiter: models.Seat
    ) -> None:
        run_outbox()
        raw = raw_reply(
            to=reply_address(mover),
            sender=waiter.user.email,
            body="pass",
            subject="Click http://evil.example",
        )
        assert receive.receive(raw, now=NOW).code == "wrong_sender"
        (answer,) = sent_to(waiter.user.email)
        assert "evil" not in answer.subject and "evil" not in text_of(answer)
        assert answer.subject == "Refused: your email"

    def test_a_player_of_another_game_is_not_answered(self, game: models.Game, mover: models.Seat) -> None:
        run_outbox()
        outsider = make_user("Olga")
        raw = raw_reply(to=reply_address(mover), sender=outsider.email, body="pass")
        assert receive.receive(raw, now=NOW).status == "dropped"
        assert sent_to(outsider.email) == []

    @pytest.mark.parametrize(
        "headers",
        [
            {"Auto-Submitted": "auto-generated"},
            {"Precedence": "bulk"},
            {"Precedence": "list"},
            {"Precedence": "junk"},
            {"List-Id": "<games.lists.example>"},
        ],
    )
    def test_automatic_and_bulk_mail_is_never_answered(
        self, game: models.Game, mover: models.Seat, headers: dict[str, str]
    ) -> None:
        run_outbox()
        before = event_count()
        raw = reply_from(mover, "fly to the moon", headers=headers)
        assert receive.receive(raw, now=NOW).status == "dropped"
        assert event_count() == before and sent_to(mover.user.email) == []

    @pytest.mark.parametrize("local", ["MAILER-DAEMON", "postmaster"])
    def test_mailer_daemon_and_postmaster_are_never_answered(
        self, game: models.Game, mover: models.Seat, local: str
    ) -> None:
        run_outbox()
        raw = raw_reply(to=reply_address(mover), sender=f"{local}@example.com", body="fly to the moon")
        assert receive.receive(raw, now=NOW).status == "dropped"
        assert run_outbox() == []

    def test_a_null_envelope_sender_is_never_answered(self, game: models.Game, mover: models.Seat) -> None:
        run_outbox()
        before = event_count()
        assert (
            receive.receive(reply_from(mover, "fly to the moon"), now=NOW, envelope_from="").status
            == "dropped"
        )
        assert event_count() == before and sent_to(mover.user.email) == []

    def test_refusals_to_one_address_are_limited_per_hour(
        self, game: models.Game, mover: models.Seat, settings: Any
    ) -> None:
        settings.MAIL_REFUSALS_PER_HOUR = 3
        run_outbox()
        for n in range(6):
            receive.receive(reply_from(mover, f"fly to moon {n}"), now=NOW)
        assert len(sent_to(mover.user.email)) == 3


class TestSenderProof:
    def test_the_envelope_sender_must_be_the_seats_player(
        self, game: models.Game, mover: models.Seat
    ) -> None:
        run_outbox()
        before = event_count()
        result = receive.receive(reply_from(mover, "pass"), now=NOW, envelope_from="attacker@evil.example")
        assert (result.status, result.code) == ("refused", "wrong_sender")
        assert event_count() == before
        assert sent_to("attacker@evil.example") == []

    def test_a_matching_envelope_sender_plays(self, game: models.Game, mover: models.Seat) -> None:
        result = receive.receive(reply_from(mover, "pass"), now=NOW, envelope_from=mover.user.email.upper())
        assert result.status == "accepted"

    @pytest.mark.parametrize(
        "results",
        ["spf=fail smtp.mailfrom=x", "dkim=fail header.d=example.com", "dmarc=fail header.from=example.com"],
    )
    def test_a_failed_authentication_result_of_our_mta_is_refused(
        self, game: models.Game, mover: models.Seat, settings: Any, results: str
    ) -> None:
        settings.MAIL_AUTHSERV_ID = "mx.moonweb.test"
        run_outbox()
        before = event_count()
        raw = reply_from(mover, "pass", headers={"Authentication-Results": f"mx.moonweb.test; {results}"})
        result = receive.receive(raw, now=NOW)
        assert (result.status, result.code) == ("refused", "unauthenticated")
        assert event_count() == before
        (answer,) = sent_to(mover.user.email)
        assert "did not pass" in text_of(answer)

    def test_a_result_written_by_someone_else_is_ignored(
        self, game: models.Game, mover: models.Seat, settings: Any
    ) -> None:
        settings.MAIL_AUTHSERV_ID = "mx.moonweb.test"
        raw = reply_from(
            mover,
            "pass",
            headers={"Authentication-Results": "mx.evil.example; dmarc=fail header.from=example.com"},
        )
        assert receive.receive(raw, now=NOW).status == "accepted"

    def test_a_pass_can_be_required(self, game: models.Game, mover: models.Seat, settings: Any) -> None:
        settings.MAIL_AUTHSERV_ID = "mx.moonweb.test"
        settings.MAIL_REQUIRE_AUTH_PASS = True
        assert receive.receive(reply_from(mover, "roll"), now=NOW).code == "unauthenticated"
        passed = reply_from(
            mover,
            "pass",
            headers={"Authentication-Results": "mx.moonweb.test; spf=pass; dkim=pass; dmarc=pass"},
        )
        assert receive.receive(passed, now=NOW).status == "accepted"


class TestDuplicates:
    def test_a_message_without_message_id_is_played_and_answered_once(
        self, game: models.Game, mover: models.Seat
    ) -> None:
        run_outbox()
        raw = b"\n".join(
            line
            for line in reply_from(mover, "roll").split(b"\n")
            if not line.lower().startswith(b"message-id:")
        )
        assert b"Message-ID" not in raw
        seq = game.last_seq
        assert receive.receive(raw, now=NOW).status == "accepted"
        assert receive.receive(raw, now=NOW).status == "duplicate"
        assert models.Event.objects.filter(game=game, seq__gt=seq, cause="player").count() == 1
        assert len(sent_to(mover.user.email)) == 1

    @pytest.mark.parametrize("message_id", ["<same@client.example>", None])
    def test_a_refusal_delivered_twice_is_answered_once(
        self, game: models.Game, mover: models.Seat, message_id: str | None
    ) -> None:
        run_outbox()
        raw = reply_from(mover, "fly to the moon", message_id=message_id or "<x@y>")
        if message_id is None:
            raw = b"\n".join(line for line in raw.split(b"\n") if not line.lower().startswith(b"message-id:"))
        assert receive.receive(raw, now=NOW).status == "refused"
        assert receive.receive(raw, now=NOW).status == "duplicate"
        assert len(sent_to(mover.user.email)) == 1


class TestEnvelopeRecipient:
    def test_when_several_reply_addresses_are_named_the_envelope_recipient_decides(
        self, game: models.Game, mover: models.Seat, waiter: models.Seat
    ) -> None:
        # Ann writes to both seats' addresses (To: Bob's, Cc: hers); the copy delivered to hers plays.
        raw = raw_reply(
            to=reply_address(waiter),
            sender=mover.user.email,
            body="pass",
            headers={"Cc": reply_address(mover)},
        )
        result = receive.receive(raw, now=NOW, envelope_to=reply_address(mover))
        assert result.status == "accepted"
        copy = receive.receive(raw, now=NOW, envelope_to=reply_address(waiter))
        assert copy.code == "wrong_sender"


class TestWebhookSecret:
    def test_the_secret_is_not_accepted_in_the_query_string(
        self, client: Client, game: models.Game, mover: models.Seat, settings: Any
    ) -> None:
        settings.INBOUND_EMAIL_SECRET = "s3cret"
        before = event_count()
        response = client.post(
            reverse("mail:inbound") + "?secret=s3cret",
            reply_from(mover, "pass"),
            content_type="message/rfc822",
        )
        assert response.status_code == 403
        assert event_count() == before

    def test_the_envelope_sender_header_is_checked(
        self, client: Client, game: models.Game, mover: models.Seat, settings: Any
    ) -> None:
        settings.INBOUND_EMAIL_SECRET = "s3cret"
        before = event_count()
        response = client.post(
            reverse("mail:inbound"),
            reply_from(mover, "pass"),
            content_type="message/rfc822",
            headers={"X-Inbound-Secret": "s3cret", "X-Envelope-From": "attacker@evil.example"},
        )
        assert response.json()["code"] == "wrong_sender"
        assert event_count() == before


def test_an_unexpected_error_before_the_commit_exits_75_without_writing_to_stderr(
    game: models.Game, mover: models.Seat, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io
    import sys

    from django.core.management import call_command

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(receive, "receive", broken)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(reply_from(mover, "pass"))))
    with pytest.raises(SystemExit) as exit_:
        call_command("receive_email")
    assert exit_.value.code == 75
    assert capsys.readouterr().err == ""


def test_an_unexpected_error_in_the_webhook_is_a_503_not_a_500(
    client: Client, game: models.Game, mover: models.Seat, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.INBOUND_EMAIL_SECRET = "s3cret"

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(receive, "receive", broken)
    response = client.post(
        reverse("mail:inbound"),
        reply_from(mover, "pass"),
        content_type="message/rfc822",
        headers={"X-Inbound-Secret": "s3cret"},
    )
    assert response.status_code == 503
