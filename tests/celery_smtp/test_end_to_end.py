"""The whole play-by-email loop on real parts: API move -> outbox -> Redis -> Celery worker -> SMTP
-> reply piped into ``manage.py receive_email`` -> next move -> next email.

Runs a real worker subprocess on the pytest-django test database (committed data: transactional
test), an aiosmtpd server on loopback, and Moonrollers (the worker imports the real engines only).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import models
from tests.celery_smtp import harness
from tests.factories import make_game, make_user

pytestmark = [pytest.mark.celery_smtp, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="module")
def pipeline(django_db_setup: None) -> Iterator[tuple[harness.SmtpSink, dict[str, str]]]:
    """One worker and SMTP server for the module (after the test database exists: it is theirs too)."""
    broker, queue = harness.broker_url(), harness.new_queue()
    try:
        with harness.smtp_server() as (sink, port):
            env = harness.child_env(broker=broker, queue=queue, smtp_port=port)
            with harness.celery_worker(env), harness.local_app_publishing_to(broker, queue):
                yield sink, env
    finally:
        harness.forget_queue(broker, queue)


def to(address: str, subject_part: str) -> Any:
    return lambda r: r.to == [address.lower()] and subject_part in str(r.message["Subject"])


def body_of(message: Any) -> str:
    return str(message.get_body(preferencelist=("plain",)).get_content())


def test_a_move_by_api_emails_the_next_player_whose_reply_plays_and_emails_the_first(
    pipeline: tuple[harness.SmtpSink, dict[str, str]],
) -> None:
    sink, env = pipeline
    ann, bob = make_user("Ann"), make_user("Bob")
    game = make_game(ann, bob, kind="moonrollers")
    first = game.seats.select_related("user").get(is_pending=True)
    second = game.seats.select_related("user").get(is_pending=False)
    a, b = first.user, second.user

    # The start's turn email reaches A through the worker.
    sink.wait_for(to(a.email, "your move"))

    # Seat A moves through the API: it rolls, then settles (locks one die and ends its turn),
    # unless the roll already busted.
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=a).key}")
    seen = len(sink.messages)
    moved_at = time.time()
    for command in ("roll", "settle"):
        game.refresh_from_db()
        if not game.seats.get(position=first.position).is_pending:
            break
        response = client.post(
            f"/api/games/{game.pk}/commands/",
            {"command": command, "expected_seq": game.last_seq},
            format="json",
        )
        assert response.status_code == 201, response.content

    # Seat B receives the turn email by SMTP, with a Reply-To naming B's seat and decision.
    turn = sink.wait_for(to(b.email, "your move"), after=seen)
    latency = turn.at - moved_at
    reply_to = str(turn.message["Reply-To"])
    second.refresh_from_db()
    assert reply_to == f"reply+{second.reply_token}.{second.decision_seq}@{env['REPLY_DOMAIN']}"
    text = body_of(turn.message)
    assert "It is your move in Moonrollers" in text and a.public_name in text
    assert re.search(r"/mail/act/\S+/", text)  # one-click links

    # B answers from their mail client: the commands on top, the quoted email below.
    quoted = "\n".join("> " + line for line in text.splitlines())
    raw = (
        f"From: Bob <{b.email}>\r\nTo: {reply_to}\r\nSubject: Re: {turn.message['Subject']}\r\n"
        f"Message-ID: <e2e-{game.pk}@client.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
        f"roll\r\nsettle\r\n\r\nOn Mon, Moonweb wrote:\r\n{quoted}\r\n"
    ).encode()
    seen = len(sink.messages)
    result = harness.receive_email(raw, env)
    assert result.returncode == 0, result.stderr.decode()
    out = result.stdout.decode().strip()
    # Both lines played; or, rarely, the roll busted and ended B's turn, so "settle" was refused.
    assert out in ("accepted: roll, settle", "refused (command): roll"), out

    # The game advanced: B's commands are recorded as B's moves, and B's turn is over.
    game.refresh_from_db()
    played = models.Event.objects.filter(game=game, cause="player", actor=second.position).order_by("seq")
    assert played.first() is not None and played.first().command == "roll"
    assert not game.seats.get(position=second.position).is_pending

    # A receives the next turn email, and B the answer to their commands.
    sink.wait_for(to(a.email, "your move"), after=seen)
    answer = sink.wait_for(
        lambda r: (
            r.to == [b.email.lower()]
            and "Moonrollers" in str(r.message["Subject"])
            and r.message["In-Reply-To"] is not None
        ),
        after=seen,
    )
    assert "Played: Roll" in body_of(answer.message)  # in words: "Roll 5 dice", "Roll 6 dice"
    assert str(answer.message["In-Reply-To"]) == f"<e2e-{game.pk}@client.example>"
    # Everything left the outbox (the worker marks a row sent just after the SMTP server has it).
    assert harness.wait_until(lambda: not models.Notification.objects.filter(sent_at__isnull=True).exists())
    turn_emails_to_b = [
        r
        for r in sink.messages
        if r.to == [b.email.lower()] and str(r.message["Subject"]).startswith("Moonrollers")
    ]
    assert len(turn_emails_to_b) == 1  # sent once, however many times the task ran
    assert latency < 10


def test_every_refusal_to_a_player_is_answered_by_smtp_and_writes_no_event(
    pipeline: tuple[harness.SmtpSink, dict[str, str]],
) -> None:
    sink, env = pipeline
    ann, bob = make_user("Ann"), make_user("Bob")
    game = make_game(ann, bob, kind="moonrollers")
    seat = game.seats.select_related("user").get(user=bob)
    address = f"reply+{seat.reply_token}@{env['REPLY_DOMAIN']}"
    header = "Content-Type: text/plain\r\n"
    forged = f"reply+NotAToken12345@{env['REPLY_DOMAIN']}"
    cases = {
        # Mail to no reply address names no game: nobody to answer (issue 12: no reflection).
        "forged": (f"From: {bob.email}\r\nTo: {forged}\r\n{header}\r\nroll\r\n", "dropped", ""),
        # Another player of the game, writing to Bob's address, is told (a stranger would not be).
        "wrong_sender": (f"From: {ann.email}\r\nTo: {address}\r\n{header}\r\nroll\r\n", "refused", ann.email),
        "malformed": (
            f"From: {bob.email}\r\nTo: {address}\r\nContent-Type: image/png\r\n\r\nxxxx\r\n",
            "refused",
            bob.email,
        ),
    }
    before = models.Event.objects.count()
    for code, (raw, status, sender) in cases.items():
        seen = len(sink.messages)
        result = harness.receive_email(raw.encode(), env)
        assert result.returncode == 0 and result.stdout.decode().strip() == f"{status} ({code})"
        if sender:
            sink.wait_for(to(sender, "Refused"), after=seen)
    assert harness.wait_until(lambda: not models.Notification.objects.filter(sent_at__isnull=True).exists())
    refusals = [r for r in sink.messages if str(r.message["Subject"]).startswith("Refused")]
    assert sorted(r.to[0] for r in refusals) == sorted([ann.email.lower(), bob.email.lower()])
    assert models.Event.objects.count() == before
