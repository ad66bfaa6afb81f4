"""Read one raw email on standard input and play it: for an MTA pipe (Postfix, Exim...).

    reply+*@REPLY_DOMAIN  ->  | manage.py receive_email --to "$RECIPIENT" --sender "$SENDER"

(bin/moonweb-receive-email is the wrapper Postfix runs; README: "Receiving replies with Postfix".)

Exit status, the only thing the MTA reads:

- 0 once the message was handled: played, refused with an answer, or dropped on purpose. Once a
  move is committed nothing changes that, a broker that cannot be reached included (the answer
  waits in the outbox for the catch-up task).
- 75 (EX_TEMPFAIL) for any failure before that (the database is down, a bug): the MTA keeps the
  message and tries again later, never bounces it. A retry after a partial commit plays nothing
  twice: every command carries an idempotency key derived from the message.

Nothing else, ever. Diagnostics go to the log (RECEIVE_EMAIL_LOG: a file, or syslog), never to
standard error: the MTA would put them in a bounce to the player, and a long traceback overflows
the pipe. Standard output gets one line saying what happened.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path
from typing import Any, BinaryIO

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from games import outbox
from games.mail import receive

# How long the process waits, at its end, for its emails to reach the broker (a broker that is down
# does not hold the MTA longer than this: the catch-up task sends them later).
DRAIN_SECONDS = 5

EX_OK = 0
EX_TEMPFAIL = 75
CHUNK = 64 * 1024
log = logging.getLogger("games.mail.receive_email")


def read_limited(stream: BinaryIO, limit: int) -> bytes:
    """Up to ``limit + 1`` bytes (enough to see it is too big); the rest is read and thrown away,
    so the MTA writing into the pipe never sees it break."""
    data = stream.read(limit + 1)
    while stream.read(CHUNK):
        pass
    return data


def log_away_from_stderr() -> None:
    """Send every log record to RECEIVE_EMAIL_LOG instead of standard error (see the module doc)."""
    target = settings.RECEIVE_EMAIL_LOG
    handler: logging.Handler
    try:
        if target == "syslog":
            handler = logging.handlers.SysLogHandler(address="/dev/log")
        else:
            Path(target).parent.mkdir(parents=True, exist_ok=True)
            handler = logging.FileHandler(target, encoding="utf-8")
    except OSError:
        handler = logging.NullHandler()  # nowhere to write: silence beats a bounce
    handler.setFormatter(logging.Formatter("%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s"))
    streams = {sys.stderr, sys.__stderr__, sys.stdout, sys.__stdout__}
    for logger in [logging.getLogger(), *map(logging.getLogger, logging.root.manager.loggerDict)]:
        for old in list(getattr(logger, "handlers", [])):
            if getattr(old, "stream", None) in streams or getattr(old, "moonweb_receive_email", False):
                logger.removeHandler(old)
    setattr(handler, "moonweb_receive_email", True)  # noqa: B010 (marks it: a second call replaces it)
    logging.getLogger().addHandler(handler)
    logging.captureWarnings(True)  # warnings too, which Python would print on standard error


class Command(BaseCommand):
    help = "Play an email reply read from standard input (raw message, as an MTA pipes it)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--to", default="", help="the envelope recipient (Postfix: ${recipient})")
        parser.add_argument(
            "--sender",
            default=None,
            help='the envelope sender (Postfix: ${sender}; "" for a bounce\'s null sender)',
        )

    def handle(self, *args: Any, **options: Any) -> None:
        log_away_from_stderr()
        try:
            raw = read_limited(sys.stdin.buffer, settings.MAX_INBOUND_BYTES)
            result = receive.receive(
                raw, now=timezone.now(), envelope_to=options["to"], envelope_from=options["sender"]
            )
        except Exception:
            # Nothing was committed, or what was is idempotent: the MTA keeps the message and retries.
            log.exception("temporary failure, the MTA will retry")
            sys.exit(EX_TEMPFAIL)
        # This process ends with the message: the reply (and any turn emails) must reach the broker
        # first, or they would wait for the catch-up task.
        outbox.drain(timeout=DRAIN_SECONDS)
        line = f"{result.status}"
        if result.code:
            line += f" ({result.code})"
        if result.applied:
            line += ": " + ", ".join(result.applied)
        log.info("to %r from %r: %s", options["to"], options["sender"], line)
        try:
            self.stdout.write(line)
            self.stdout.flush()
        except Exception:  # noqa: S110 (the MTA stopped reading: the message was handled all the same)
            pass
