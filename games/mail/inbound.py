"""Reading a reply by email: raw MIME in, the sender, the seat token and the command lines out.

Pure parsing, no database: ``games.mail.receive`` decides what to do with the result. Anything
that cannot be read raises ``Refusal`` carrying what is known of the message (``Refusal.known``),
so its sender can be told if they turn out to be a player.

Nothing read from a message reaches the database or an answer as it came: NUL bytes, other control
characters and undecodable bytes (which the email package keeps as lone surrogates) become spaces.
"""

from __future__ import annotations

import email.policy
import email.utils
import hashlib
import re
from dataclasses import dataclass, field
from email.message import EmailMessage, Message
from email.parser import BytesHeaderParser, BytesParser
from html.parser import HTMLParser

import authres

# Headers where the address the message was sent to can be found, most reliable first
# (MTAs add Delivered-To / X-Original-To with the envelope recipient).
RECIPIENT_HEADERS = ("Delivered-To", "X-Original-To", "Envelope-To", "To", "Cc")
# reply+<seat token>[.<decision seq>]@domain: the seq says which decision the email asked about.
TOKEN_RE = re.compile(r"^reply\+([A-Za-z0-9_-]{8,64})(?:\.([0-9]{1,9}))?@(.+)$", re.IGNORECASE)
# Only this much of an oversized message is read, to find who to tell.
HEADER_PEEK_BYTES = 64 * 1024

# Where the player's own text ends: the quoted message or a signature follows.
STOP_LINES = [
    re.compile(p, re.IGNORECASE)
    for p in (
        r"^-{2,}\s*$",  # "-- " signature delimiter (RFC 3676), and bare "--"
        # Outlook's "-----Original Message-----", mutt's "----- Forwarded message from Bob <b@x> -----"
        r"^-{3,}\s*(original message|message d'origine|forwarded message|message transféré)\b",
        r"^(begin forwarded message|début du message réexpédié)\s*:?$",  # Apple Mail's forward
        r"^_{10,}\s*$",  # Outlook's rule above the quoted message
        r"^(from|de|sent|envoyé|date|to|à)\s*:\s",  # Outlook and Apple Mail quote headers
        r"^(sent from|sent with|envoyé de|envoyé avec|get outlook|obtenir outlook|téléchargez outlook)\b",
    )
]
# "On <date>, <name> wrote:", the line above a quote; clients may wrap it over two lines.
WROTE = re.compile(r"^(on|le)\s.*(wrote|a écrit)\s*:?\s*$", re.IGNORECASE)
WROTE_START = re.compile(r"^(on|le)\s", re.IGNORECASE)
WROTE_END = re.compile(r"(wrote|a écrit)\s*:?\s*$", re.IGNORECASE)
AUTO_PRECEDENCE = {"bulk", "junk", "list", "auto_reply"}
# Senders that are mail systems, never people: answering them starts loops.
SYSTEM_SENDERS = {"mailer-daemon", "postmaster"}
# A DSN's status: 5.x.x permanent, 4.x.x temporary (RFC 3464).
STATUS_RE = re.compile(r"^[245]\.\d{1,3}\.\d{1,3}$")


def printable(text: str) -> str:
    """The text with control characters, NUL and undecodable bytes (lone surrogates) as spaces."""
    text = text.replace("\u00a0", " ").replace("\u202f", " ").replace("\ufeff", "")
    return "".join(ch if ch.isprintable() or ch in "\t\n" else " " for ch in text)


class Refusal(Exception):
    """The message cannot be used; ``code`` names why (see games/mail/receive.py)."""

    def __init__(self, code: str, reason: str, known: Parsed | None = None) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason
        self.known = known or Parsed(sender="", tokens=[])

    @property
    def sender(self) -> str:
        return self.known.sender


@dataclass(frozen=True)
class Bounced:
    """One failed recipient of a delivery status notification."""

    address: str
    status: str  # "5.1.1"
    diagnostic: str = ""


@dataclass
class Parsed:
    sender: str
    tokens: list[str]  # reply tokens, the envelope recipient's alone when the MTA gave it
    # The decision seq each token's address carried (absent in addresses from older emails).
    decision_seqs: dict[str, int] = field(default_factory=dict)
    subject: str = ""
    message_id: str = ""
    digest: str = ""  # of the content: duplicates of a message without Message-ID are found by it
    automatic: bool = False  # an autoresponder, a list, a bounce: never answered
    report: bool = False  # a delivery status notification (multipart/report)
    auth_failure: str = ""  # why our MTA's Authentication-Results refuses it ("" when it does not)
    lines: list[str] = field(default_factory=list)
    bounced: list[Bounced] = field(default_factory=list)  # a DSN's failed recipients
    bounced_message_ids: list[str] = field(default_factory=list)  # the Message-IDs it reports on


def parse(
    raw: bytes,
    *,
    max_bytes: int,
    reply_domain: str,
    envelope_to: str = "",
    authserv_id: str = "",
    require_pass: bool = False,
) -> Parsed:
    """Read a raw message. Raises Refusal for oversized, unreadable or unaddressed mail.

    ``envelope_to`` is the envelope recipient when the MTA gives it: then it alone names the seat.
    ``authserv_id`` names the Authentication-Results header to trust (see settings).
    """
    if not raw.strip():
        raise Refusal("malformed", "the message is empty")
    head = _headers(raw[:HEADER_PEEK_BYTES])
    sender = _sender(head)
    addressed = _tokens(head, reply_domain, envelope_to)
    known = Parsed(
        sender=sender,
        tokens=[token for token, _seq in addressed],
        decision_seqs={token: seq for token, seq in addressed if seq is not None},
        subject=_header(head, "Subject"),
        message_id=_header(head, "Message-ID")[:255],
        digest=_digest(head, raw),
        automatic=_automatic(head, sender),
        report=head.get_content_type() == "multipart/report",
        auth_failure=_auth_failure(head, authserv_id, require_pass),
    )
    if len(raw) > max_bytes:
        raise Refusal("oversized", f"the message is larger than {max_bytes} bytes", known)
    try:
        message = BytesParser(policy=email.policy.default).parsebytes(raw)
    except Exception:
        raise Refusal("malformed", "the message is not valid email", known) from None
    assert isinstance(message, EmailMessage)
    if known.report:
        try:
            known.bounced, known.bounced_message_ids = _delivery_status(message)
        except Exception:  # a report too broken to read names nobody: it is still never answered
            known.bounced, known.bounced_message_ids = [], []
        return known
    if not sender:
        raise Refusal("malformed", "the message has no sender address", known)
    if not known.tokens:
        raise Refusal("forged", "the message was not sent to a reply address", known)
    try:
        text = _text(message)
    except Exception:  # any content the email package chokes on is unreadable, not a crash
        text = None
    if text is None:
        raise Refusal("malformed", "the message has no text", known)
    known.lines = command_lines(text)
    return known


def _headers(raw: bytes) -> EmailMessage:
    message = BytesHeaderParser(policy=email.policy.default).parsebytes(raw)
    assert isinstance(message, EmailMessage)
    return message


def _header(message: EmailMessage, name: str) -> str:
    try:
        value = message.get(name)
        text = str(value) if value is not None else ""
    except Exception:  # a header too broken to decode is as good as absent
        return ""
    return " ".join(printable(text).split())


def _all_headers(message: EmailMessage, name: str) -> list[str]:
    try:
        values = [str(v) for v in message.get_all(name) or []]
    except Exception:  # a header too broken to decode is as good as absent
        return []
    return [" ".join(printable(v).split()) for v in values]


def _digest(head: EmailMessage, raw: bytes) -> str:
    """What identifies a message without Message-ID: its author, addressee, subject, date and body
    (not the trace headers each delivery adds)."""
    body = raw.split(b"\r\n\r\n", 1) if b"\r\n\r\n" in raw[:HEADER_PEEK_BYTES] else raw.split(b"\n\n", 1)
    parts = [_header(head, name) for name in ("From", "To", "Subject", "Date")]
    content = "\n".join(parts).encode("utf-8", "replace") + b"\n\n" + (body[1] if len(body) > 1 else b"")
    return hashlib.sha256(content).hexdigest()


def _sender(message: EmailMessage) -> str:
    raw = _header(message, "From")
    for _name, address in email.utils.getaddresses([raw]):
        if "@" in address and " " not in address:
            return address.strip()
    return ""


def _tokens(message: EmailMessage, reply_domain: str, envelope_to: str) -> list[tuple[str, int | None]]:
    """The reply tokens this message was sent to, in order. The envelope recipient, when the MTA
    gives it, is the one address this copy was delivered to: it alone decides the seat."""
    if envelope_to:
        candidates = [printable(envelope_to)]
    else:
        candidates = [value for name in RECIPIENT_HEADERS for value in _all_headers(message, name)]
    found: list[tuple[str, int | None]] = []
    for _name, address in email.utils.getaddresses(candidates):
        match = TOKEN_RE.match(address.strip())
        if not match or match.group(3).lower() != reply_domain.lower():
            continue
        if match.group(1) not in [token for token, _seq in found]:
            found.append((match.group(1), int(match.group(2)) if match.group(2) else None))
    return found


def _automatic(message: EmailMessage, sender: str) -> bool:
    """Autoresponders, bounces and lists: answering them would start a mail loop."""
    if "Return-Path" in message and _header(message, "Return-Path") in ("<>", ""):
        return True  # the MTA wrote the null envelope sender of a bounce
    auto = _header(message, "Auto-Submitted").lower()
    if auto and auto != "no":
        return True
    if _header(message, "Precedence").lower() in AUTO_PRECEDENCE:
        return True
    if any(_header(message, h) for h in ("X-Autoreply", "X-Autorespond", "List-Id")):
        return True
    if message.get_content_type() == "multipart/report":
        return True
    local = sender.split("@", 1)[0].lower()
    return local in SYSTEM_SENDERS


def _auth_failure(message: EmailMessage, authserv_id: str, require_pass: bool) -> str:
    """Why the Authentication-Results of our own MTA (``authserv_id``) refuse the message, or "".

    Only the topmost header with that id counts: ours is added on top, and any other was written
    by whoever sent the message. DMARC decides when present (a forwarder may break SPF or DKIM
    while DMARC still passes); without it, a failed SPF, or a failed DKIM with no passing
    signature, refuses.
    """
    if not authserv_id:
        return ""
    verdicts: dict[str, set[str]] = {}
    for value in _all_headers(message, "Authentication-Results"):
        try:
            header = authres.AuthenticationResultsHeader.parse_value(value)
        except Exception:  # noqa: S112 (a header we cannot read is not our MTA's)
            continue
        if str(header.authserv_id).lower() != authserv_id.lower():
            continue
        for result in header.results:
            verdicts.setdefault(str(result.method).lower(), set()).add(str(result.result).lower())
        break
    dmarc, spf, dkim = (verdicts.get(m, set()) for m in ("dmarc", "spf", "dkim"))
    if "fail" in dmarc:
        return "DMARC"
    if "pass" not in dmarc:
        if "fail" in spf:
            return "SPF"
        if "fail" in dkim and "pass" not in dkim:
            return "DKIM"
    if require_pass and "pass" not in dmarc | spf | dkim:
        return "no SPF, DKIM or DMARC pass"
    return ""


def _delivery_status(message: EmailMessage) -> tuple[list[Bounced], list[str]]:
    """A DSN's failed recipients, and the Message-IDs of the message it reports on (RFC 3464)."""
    bounced: list[Bounced] = []
    message_ids: list[str] = []
    for part in message.walk():
        kind = part.get_content_type()
        if kind == "message/delivery-status":
            blocks = part.get_payload()
            for block in blocks if isinstance(blocks, list) else []:
                if isinstance(block, Message):
                    bounced += _failed_recipient(block)
        elif kind in ("text/rfc822-headers", "message/rfc822"):
            try:
                if kind == "message/rfc822":
                    original = part.get_payload(0)
                else:
                    payload = part.get_payload(decode=True)
                    original = _headers(payload if isinstance(payload, bytes) else b"")
            except Exception:  # noqa: S112 (an unreadable original names no message)
                continue
            if isinstance(original, EmailMessage):
                message_ids += [m for m in [_header(original, "Message-ID")] if m]
    return bounced, message_ids


def _failed_recipient(block: Message) -> list[Bounced]:
    """The failed recipient of one per-recipient block of a DSN (none if it did not fail)."""
    action = str(block.get("Action", "")).strip().lower()
    status = str(block.get("Status", "")).strip().split(" ", 1)[0]
    recipient = str(block.get("Original-Recipient") or block.get("Final-Recipient") or "")
    address = printable(recipient.split(";", 1)[-1]).strip().strip("<>")
    if action != "failed" or not STATUS_RE.match(status) or "@" not in address:
        return []
    diagnostic = printable(str(block.get("Diagnostic-Code", "")))
    return [Bounced(address, status, " ".join(diagnostic.split())[:500])]


def _text(message: EmailMessage) -> str | None:
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return None
    try:
        content = part.get_content()
    except (LookupError, UnicodeError, ValueError, AssertionError):
        return None
    if not isinstance(content, str):
        return None
    if part.get_content_subtype() == "html":
        return html_to_text(content)
    return content


def command_lines(text: str) -> list[str]:
    """The player's own lines: blank lines, quotes and everything from a signature or quote header on go."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out: list[str] = []
    skip_next = False
    for i, raw in enumerate(lines):
        line = printable(raw).strip()
        if skip_next:
            skip_next = False
            continue
        if raw.rstrip("\n") == "-- " or any(p.search(line) for p in STOP_LINES):
            break
        wrapped = (
            bool(WROTE_START.match(line))
            and i + 1 < len(lines)
            and bool(WROTE_END.search(lines[i + 1].strip()))
        )
        if WROTE.match(line) or wrapped:
            # "On Mon, 23 Nov 2026 at 12:00, Moonweb <reply+...@...>" / "wrote:" above the quote.
            if out:
                break  # top-posting: the player's lines were above it
            skip_next = wrapped  # bottom-posting: the quote comes first, the commands below it
            continue
        if not line or line.startswith(">"):
            continue
        out.append(" ".join(line.split()))
    return out


class _HtmlText(HTMLParser):
    """HTML mail to text lines; quoted blocks (blockquote, Gmail/Outlook quote containers) are dropped."""

    BLOCKS = frozenset({"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "pre", "table"})
    SKIP = frozenset({"style", "script", "head", "title", "blockquote"})
    QUOTE_MARKERS = ("gmail_quote", "moz-cite-prefix", "divrplyfwdmsg", "appendonsend", "yahoo_quoted")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip_depth = 0
        self.stopped = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        marker = " ".join(f"{v or ''}" for k, v in attrs if k in ("class", "id")).lower()
        if any(m in marker for m in self.QUOTE_MARKERS):
            self.stopped = True  # the quoted message starts here: nothing after it is the player's
        if tag in self.SKIP:
            self.skip_depth += 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP and self.skip_depth:
            self.skip_depth -= 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skip_depth and not self.stopped:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    parser = _HtmlText()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts)
