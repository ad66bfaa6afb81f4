"""What the accounts tests share besides fixtures: the password, and reading links from emails."""

from __future__ import annotations

import re

from django.core import mail

PASSWORD = "moon dice 4 ever"  # not a common password, so the validators accept it
LINK_RE = re.compile(r"https?://testserver(/\S+)")


def link_in_last_email(path_prefix: str) -> str:
    """The path of the first link in the newest sent email that starts with path_prefix."""
    assert mail.outbox, "no email was sent"
    body = str(mail.outbox[-1].body)
    for path in LINK_RE.findall(body):
        if path.startswith(path_prefix):
            return str(path)
    raise AssertionError(f"no {path_prefix} link in:\n{body}")
