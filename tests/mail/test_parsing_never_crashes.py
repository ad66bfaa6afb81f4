"""Whatever bytes arrive, reading them either succeeds or is a Refusal: never another exception
(issue 12: a NUL byte or an undecodable header used to crash the webhook and the pipe)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.mail import inbound
from tests.mail.helpers import raw_reply

TO = "reply+abcdefgh12345678.7@moonweb.test"
BASE = raw_reply(to=TO, sender="Ann <ann@example.com>", body="roll\n\n> quoted\n-- \nAnn", subject="Re: move")


def read(raw: bytes) -> inbound.Parsed | inbound.Refusal:
    try:
        return inbound.parse(raw, max_bytes=64 * 1024, reply_domain="moonweb.test", authserv_id="mx.test")
    except inbound.Refusal as refusal:
        return refusal


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000))
def test_any_bytes_are_read_or_refused(raw: bytes) -> None:
    result = read(raw)
    assert isinstance(result, inbound.Parsed | inbound.Refusal)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=len(BASE) - 1), st.binary(min_size=1, max_size=8))
def test_a_real_reply_with_any_bytes_spliced_in_is_read_or_refused(at: int, junk: bytes) -> None:
    result = read(BASE[:at] + junk + BASE[at:])
    known = result.known if isinstance(result, inbound.Refusal) else result
    # Nothing that reaches the database or an answer keeps a NUL, a control character or a surrogate.
    for text in [known.sender, known.subject, known.message_id, *known.lines]:
        assert all(ch.isprintable() or ch == "\t" for ch in text), repr(text)
