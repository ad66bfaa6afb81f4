"""Reading a reply by email: raw MIME in, the sender, the seat token and the command lines out.

Pure parsing, no database: ``games.mail.receive`` decides what to do with the result. Anything
that cannot be read raises ``Refusal`` carrying what is known of the sender, so they can be told.
"""

from __future__ import annotations

import email.policy
import email.utils
import re
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.parser import BytesHeaderParser, BytesParser
from html.parser import HTMLParser

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
        r"^-{3,}\s*(original message|message d'origine|forwarded message|message transféré)\s*-{3,}",
        r"^_{10,}\s*$",  # Outlook's rule above the quoted message
        r"^(from|de|sent|envoyé|date|to|à)\s*:\s",  # Outlook and Apple Mail quote headers
        r"^(on|le)\s.*(wrote|a écrit)\s*:?\s*$",  # "On <date>, <name> wrote:"
        r"^(sent from|sent with|envoyé de|envoyé avec|get outlook|obtenir outlook|téléchargez outlook)\b",
    )
]
# The start of an "On ... wrote:" line that clients wrap over two lines.
WROTE_START = re.compile(r"^(on|le)\s", re.IGNORECASE)
WROTE_END = re.compile(r"(wrote|a écrit)\s*:?\s*$", re.IGNORECASE)
AUTO_PRECEDENCE = {"bulk", "junk", "list", "auto_reply"}


class Refusal(Exception):
    """The message cannot be used; ``code`` names why (see games/mail/receive.py)."""

    def __init__(
        self, code: str, reason: str, *, sender: str = "", subject: str = "", message_id: str = ""
    ) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason
        self.sender = sender
        self.subject = subject
        self.message_id = message_id


@dataclass
class Parsed:
    sender: str
    tokens: list[str]
    # The decision seq each token's address carried (absent in addresses from older emails).
    decision_seqs: dict[str, int] = field(default_factory=dict)
    subject: str = ""
    message_id: str = ""
    automatic: bool = False  # an autoresponder or a bounce, never answered
    lines: list[str] = field(default_factory=list)


def parse(raw: bytes, *, max_bytes: int, reply_domain: str, envelope_to: str = "") -> Parsed:
    """Read a raw message. Raises Refusal for oversized, unreadable or unaddressed mail."""
    if not raw.strip():
        raise Refusal("malformed", "the message is empty")
    head = _headers(raw[:HEADER_PEEK_BYTES])
    sender = _sender(head)
    subject = _header(head, "Subject")
    message_id = _header(head, "Message-ID")
    known = {"sender": sender, "subject": subject, "message_id": message_id}
    if len(raw) > max_bytes:
        raise Refusal("oversized", f"the message is larger than {max_bytes} bytes", **known)
    if not sender:
        raise Refusal("malformed", "the message has no sender address", **known)
    try:
        message = BytesParser(policy=email.policy.default).parsebytes(raw)
    except Exception:
        raise Refusal("malformed", "the message is not valid email", **known) from None
    assert isinstance(message, EmailMessage)
    addressed = _tokens(message, reply_domain, envelope_to)
    tokens = [token for token, _seq in addressed]
    if not tokens:
        raise Refusal("forged", "the message was not sent to a reply address", **known)
    text = _text(message)
    if text is None:
        raise Refusal("malformed", "the message has no text", **known)
    return Parsed(
        sender=sender,
        tokens=tokens,
        decision_seqs={token: seq for token, seq in addressed if seq is not None},
        subject=subject,
        message_id=message_id,
        automatic=_automatic(message, sender),
        lines=command_lines(text),
    )


def _headers(raw: bytes) -> EmailMessage:
    message = BytesHeaderParser(policy=email.policy.default).parsebytes(raw)
    assert isinstance(message, EmailMessage)
    return message


def _header(message: EmailMessage, name: str) -> str:
    try:
        value = message.get(name)
    except Exception:  # a header too broken to decode is as good as absent
        return ""
    return " ".join(str(value).split()) if value is not None else ""


def _sender(message: EmailMessage) -> str:
    raw = _header(message, "From")
    for _name, address in email.utils.getaddresses([raw]):
        if "@" in address and " " not in address:
            return address.strip()
    return ""


def _tokens(message: EmailMessage, reply_domain: str, envelope_to: str) -> list[tuple[str, int | None]]:
    candidates = [envelope_to] if envelope_to else []
    for name in RECIPIENT_HEADERS:
        try:
            values = message.get_all(name) or []
        except Exception:  # noqa: S112 (a header too broken to decode names nobody)
            continue
        candidates += [str(v) for v in values]
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
    return local in {"mailer-daemon", "postmaster"}


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
    for i, raw in enumerate(lines):
        line = raw.replace("\u00a0", " ").replace("\ufeff", "").strip()
        if raw.rstrip("\n") == "-- " or any(p.search(line) for p in STOP_LINES):
            break
        if WROTE_START.match(line) and i + 1 < len(lines) and WROTE_END.search(lines[i + 1].strip()):
            break  # "On Mon, 23 Nov 2026 at 12:00, Moonweb <reply+...@...>" / "wrote:"
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
