"""The development mailbox: an email backend that stores each message as a file under var/mail/.

File names start with the UTC time of sending, so sorting names sorts messages by time; the
/dev/mail/ pages (moonweb.devmail) list and show them.
"""

from __future__ import annotations

import datetime as dt
import re
import uuid
from collections.abc import Sequence
from pathlib import Path

from django.conf import settings
from django.core.mail.backends.base import BaseEmailBackend
from django.core.mail.message import EmailMessage

# 20261122T101530123456Z-<12 hex>.eml: what mailbox_name() makes and the dev pages accept.
NAME_RE = re.compile(r"^\d{8}T\d{12}Z-[0-9a-f]{12}\.eml$")


def mailbox_name(now: dt.datetime) -> str:
    return f"{now.astimezone(dt.UTC):%Y%m%dT%H%M%S%fZ}-{uuid.uuid4().hex[:12]}.eml"


def mailbox_dir() -> Path:
    return Path(settings.MAILBOX_DIR)


class MailboxBackend(BaseEmailBackend):
    """Writes every message as an .eml file (what an SMTP server would have received)."""

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        folder = mailbox_dir()
        folder.mkdir(parents=True, exist_ok=True)
        sent = 0
        for message in email_messages:
            if not message.recipients():
                continue
            name = mailbox_name(dt.datetime.now(dt.UTC))
            # Written under a temporary name, then renamed, so a reader never sees half a message.
            tmp = folder / f".{name}.tmp"
            try:
                tmp.write_bytes(message.message().as_bytes())
                tmp.rename(folder / name)
            except OSError:
                tmp.unlink(missing_ok=True)
                if not self.fail_silently:
                    raise
                continue
            sent += 1
        return sent
