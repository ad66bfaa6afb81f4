"""Queue today's daily digests (beat does it once a day at DIGEST_HOUR)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.mail import digests
from games.management.commands._clock import parse_now


class Command(BaseCommand):
    help = "Queue one digest email per daily-digest player with games waiting on them (once per day)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--now", help="the clock, ISO 8601 (default: the real time; UTC if naive)")

    def handle(self, *args: Any, **options: Any) -> None:
        queued = digests.queue_digests(now=parse_now(options["now"]))
        self.stdout.write(f"{len(queued)} digest(s) queued")
