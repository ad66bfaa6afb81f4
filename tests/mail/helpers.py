"""Shared by the mail and deadline tests: run the outbox as a worker would, and write replies."""

from __future__ import annotations

import datetime as dt
from email.message import EmailMessage
from email.utils import make_msgid

from django.conf import settings
from django.core import mail

from games import models, notifications
from tests.factories import NOW


def run_outbox(now: dt.datetime = NOW) -> list[mail.EmailMessage]:
    """Send every unsent row as the on-commit tasks would; the messages this run sent."""
    before = len(mail.outbox)
    for pk in (
        models.Notification.objects.filter(sent_at__isnull=True).order_by("pk").values_list("pk", flat=True)
    ):
        notifications.deliver(pk, now=now)
    return list(mail.outbox[before:])


def text_of(message: mail.EmailMessage) -> str:
    return str(message.body)


def html_of(message: mail.EmailMultiAlternatives) -> str:
    return next(str(content) for content, kind in message.alternatives if kind == "text/html")


def reply_address(seat: models.Seat) -> str:
    return f"reply+{seat.reply_token}@{settings.REPLY_DOMAIN}"


def raw_reply(
    *,
    to: str,
    sender: str,
    body: str,
    subject: str = "Re: your move",
    headers: dict[str, str] | None = None,
    html: str | None = None,
    message_id: str | None = None,
) -> bytes:
    """A reply as a mail client would send it."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = message_id or make_msgid(domain="client.example")
    for name, value in (headers or {}).items():
        message[name] = value
    message.set_content(body)
    if html is not None:
        message.add_alternative(html, subtype="html")
    return message.as_bytes()


def event_count() -> int:
    return models.Event.objects.count()
