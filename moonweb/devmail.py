"""The development mailbox pages under /dev/mail/: read what MailboxBackend stored, when DEBUG is on.

Messages are shown as a reader would get them: headers, the plain-text part with its links made
clickable, and the HTML part in a sandboxed frame served with a restrictive Content-Security-Policy.
"""

from __future__ import annotations

import email.policy
from dataclasses import dataclass
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.clickjacking import xframe_options_sameorigin

from moonweb.mailbox import NAME_RE, mailbox_dir

# The newest messages are what a developer looks for; a long-running var/ may hold thousands.
LIST_LIMIT = 200
# The HTML part may load images and styles inline, nothing else: no scripts, no forms, no fetches.
HTML_PART_CSP = (
    "default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'; frame-ancestors 'self'"
)

# What a reader looks at first; every header is shown below them, folded.
MAIN_HEADERS = ("From", "To", "Cc", "Reply-To", "Date", "Subject")


@dataclass(frozen=True)
class Summary:
    name: str
    to: str
    subject: str
    date: str


def _require_debug() -> None:
    if not settings.DEBUG:
        raise Http404("The development mailbox exists only when DEBUG is on.")


def _parse(path: Path, headers_only: bool = False) -> EmailMessage:
    with path.open("rb") as fh:
        message = BytesParser(policy=email.policy.default).parse(fh, headersonly=headers_only)
    assert isinstance(message, EmailMessage)
    return message


def _message_path(name: str) -> Path:
    # The name comes from the URL: only our own file names, so no path can escape the folder.
    path = mailbox_dir() / name
    if not NAME_RE.match(name) or not path.is_file():
        raise Http404("No such message.")
    return path


def _part_text(message: EmailMessage, subtype: str) -> str | None:
    part = message.get_body(preferencelist=(subtype,))
    if part is None or part.get_content_subtype() != subtype:
        return None
    content = part.get_content()
    return content if isinstance(content, str) else None


def mail_list(request: HttpRequest) -> HttpResponse:
    _require_debug()
    folder = mailbox_dir()
    names = (
        sorted((p.name for p in folder.glob("*.eml") if NAME_RE.match(p.name)), reverse=True)
        if folder.is_dir()
        else []
    )
    summaries = []
    for name in names[:LIST_LIMIT]:
        headers = _parse(folder / name, headers_only=True)
        summaries.append(
            Summary(
                name=name,
                to=str(headers.get("To", "")),
                subject=str(headers.get("Subject", "")),
                date=str(headers.get("Date", "")),
            )
        )
    context = {"messages_found": summaries, "total": len(names), "limit": LIST_LIMIT, "folder": folder}
    return render(request, "dev/mail_list.html", context)


def mail_detail(request: HttpRequest, name: str) -> HttpResponse:
    _require_debug()
    message = _parse(_message_path(name))
    context = {
        "name": name,
        "main_headers": [(key, str(message[key])) for key in MAIN_HEADERS if message[key] is not None],
        "headers": [(key, str(value)) for key, value in message.items()],
        "subject": str(message.get("Subject", "")),
        "text": _part_text(message, "plain"),
        "has_html": _part_text(message, "html") is not None,
        "attachments": [
            part.get_filename() or part.get_content_type() for part in message.iter_attachments()
        ],
    }
    return render(request, "dev/mail_detail.html", context)


@xframe_options_sameorigin
def mail_html(request: HttpRequest, name: str) -> HttpResponse:
    _require_debug()
    html = _part_text(_parse(_message_path(name)), "html")
    if html is None:
        raise Http404("This message has no HTML part.")
    # Links open in the top window rather than inside the small frame.
    response = HttpResponse('<base target="_top">' + html, content_type="text/html; charset=utf-8")
    response["Content-Security-Policy"] = HTML_PART_CSP
    return response
