"""Reading replies: only the player's own lines are commands; quotes and signatures are ignored."""

from __future__ import annotations

import pytest

from games.mail import inbound
from tests.mail.helpers import raw_reply

DOMAIN = "moonweb.test"
TO = f"reply+abcdefgh12345678@{DOMAIN}"


def parse(raw: bytes, **kwargs: object) -> inbound.Parsed:
    return inbound.parse(raw, max_bytes=10_000, reply_domain=DOMAIN, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("body", "lines"),
    [
        ("roll\nstop\n", ["roll", "stop"]),
        ("\n\n  roll  \n\n\nstop\n", ["roll", "stop"]),
        ("roll\n\n> It is your move\n> pass\n", ["roll"]),
        ("roll\n-- \nAnn\nstop", ["roll"]),
        ("roll\n\nOn Mon, 23 Nov 2026 at 12:00, Moonweb <play@moonweb.test> wrote:\n> pass", ["roll"]),
        ("roll\nOn Mon, 23 Nov 2026 at 12:00, Moonweb <reply+x@moonweb.test>\nwrote:\n> pass", ["roll"]),
        ("roll\nLe lun. 23 nov. 2026 à 12:00, Moonweb a écrit :\n> pass", ["roll"]),
        ("stop\n\nSent from my iPhone", ["stop"]),
        ("stop\nEnvoyé de mon iPhone", ["stop"]),
        ("stop\n________________________________\nFrom: Moonweb\nSent: Monday\npass", ["stop"]),
        ("stop\n-----Original Message-----\npass", ["stop"]),
        ("lock   2\u00a0shield\n", ["lock 2 shield"]),
    ],
)
def test_it_keeps_only_the_players_own_lines(body: str, lines: list[str]) -> None:
    assert parse(raw_reply(to=TO, sender="ann@example.com", body=body)).lines == lines


def test_an_html_only_reply_is_read_without_its_quoted_part() -> None:
    message = raw_reply(to=TO, sender="ann@example.com", body="placeholder")
    html = (
        "<html><body><div>roll</div><div>stop<br></div>"
        '<div class="gmail_quote">On Mon, Moonweb wrote:<blockquote>pass</blockquote></div></body></html>'
    )
    from email import message_from_bytes, policy

    parsed_message = message_from_bytes(message, policy=policy.default)
    parsed_message.set_content(html, subtype="html")
    assert parse(parsed_message.as_bytes()).lines == ["roll", "stop"]


def test_the_token_is_found_in_to_or_delivery_headers_and_on_our_domain_only() -> None:
    raw = raw_reply(to="Moonweb <reply+abcdefgh12345678@MOONWEB.TEST>", sender="ann@example.com", body="roll")
    assert parse(raw).tokens == ["abcdefgh12345678"]
    raw = raw_reply(
        to="someone@example.com", sender="ann@example.com", body="roll", headers={"Delivered-To": TO}
    )
    assert parse(raw).tokens == ["abcdefgh12345678"]
    raw = raw_reply(to="reply+abcdefgh12345678@elsewhere.example", sender="ann@example.com", body="roll")
    with pytest.raises(inbound.Refusal) as refusal:
        parse(raw)
    assert refusal.value.code == "forged" and refusal.value.sender == "ann@example.com"


def test_the_envelope_recipient_given_by_the_mta_counts() -> None:
    raw = raw_reply(to="undisclosed-recipients:;", sender="ann@example.com", body="roll")
    assert parse(raw, envelope_to=TO).tokens == ["abcdefgh12345678"]


def test_an_oversized_message_is_refused_but_its_sender_is_known() -> None:
    raw = raw_reply(to=TO, sender="Ann <ann@example.com>", body="roll\n" + "x" * 20_000)
    with pytest.raises(inbound.Refusal) as refusal:
        parse(raw)
    assert (refusal.value.code, refusal.value.sender) == ("oversized", "ann@example.com")


@pytest.mark.parametrize(
    ("raw", "code", "sender"),
    [
        (b"", "malformed", ""),
        (b"this is not an email at all", "malformed", ""),
        (
            b"From: ann@example.com\r\nTo: " + TO.encode() + b"\r\nContent-Type: image/png\r\n\r\n\x89PNG",
            "malformed",
            "ann@example.com",
        ),
    ],
)
def test_unreadable_messages_are_refused(raw: bytes, code: str, sender: str) -> None:
    with pytest.raises(inbound.Refusal) as refusal:
        parse(raw)
    assert (refusal.value.code, refusal.value.sender) == (code, sender)


@pytest.mark.parametrize(
    "headers",
    [{"Auto-Submitted": "auto-replied"}, {"Precedence": "bulk"}, {"X-Autoreply": "yes"}],
)
def test_autoresponders_are_recognised(headers: dict[str, str]) -> None:
    raw = raw_reply(to=TO, sender="ann@example.com", body="I am on holiday", headers=headers)
    assert parse(raw).automatic
    assert not parse(raw_reply(to=TO, sender="ann@example.com", body="roll")).automatic
