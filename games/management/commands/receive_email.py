"""Read one raw email on standard input and play it: for an MTA pipe (Postfix, Exim...).

    reply+*@REPLY_DOMAIN  ->  | manage.py receive_email [--to "$RECIPIENT"]

Exit status: 0 once the message was handled (played, refused with an answer, or dropped), so the
MTA does not bounce or retry it; 75 (EX_TEMPFAIL) when the database could not be reached, so the
MTA keeps the message and tries again later.
"""

from __future__ import annotations

import sys
from typing import Any, BinaryIO

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db import DatabaseError
from django.utils import timezone

from games.mail import receive

EX_TEMPFAIL = 75
CHUNK = 64 * 1024


def read_limited(stream: BinaryIO, limit: int) -> bytes:
    """Up to ``limit + 1`` bytes (enough to see it is too big); the rest is read and thrown away,
    so the MTA writing into the pipe never sees it break."""
    data = stream.read(limit + 1)
    while stream.read(CHUNK):
        pass
    return data


class Command(BaseCommand):
    help = "Play an email reply read from standard input (raw message, as an MTA pipes it)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--to", default="", help="the envelope recipient, if the MTA passes it")

    def handle(self, *args: Any, **options: Any) -> None:
        raw = read_limited(sys.stdin.buffer, settings.MAX_INBOUND_BYTES)
        try:
            result = receive.receive(raw, now=timezone.now(), envelope_to=options["to"])
        except DatabaseError as exc:
            self.stderr.write(f"temporary failure, try again later: {exc}")
            sys.exit(EX_TEMPFAIL)
        line = f"{result.status}"
        if result.code:
            line += f" ({result.code})"
        if result.applied:
            line += ": " + ", ".join(result.applied)
        self.stdout.write(line)
