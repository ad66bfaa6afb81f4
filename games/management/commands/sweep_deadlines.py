"""Run one deadline sweep by hand: vacation pauses, reminders and timeouts due at ``--now``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games import deadlines
from games.management.commands._clock import parse_now


class Command(BaseCommand):
    help = "Send due reminders and hand due timeouts to the workers once (beat does it every minute)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--now", help="the sweep's clock, ISO 8601 (default: the real time; UTC if naive)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        now = parse_now(options["now"])
        report = deadlines.sweep(now=now)
        counts = report.counts()
        self.stdout.write(
            f"sweep at {now.isoformat()}: {counts['reminders']} reminder(s), "
            f"{counts['timeouts']} timeout(s) handed to the workers, {counts['paused']} vacation pause(s), "
            f"{counts['errors']} error(s)"
        )
        for label, items in (
            ("reminder", report.reminders),
            ("timeout", report.timeouts),
            ("paused", report.paused),
        ):
            for game_id, seat in items:
                self.stdout.write(f"  {label}: game {game_id} seat {seat}")
        for game_id, seat in report.errors:
            self.stderr.write(f"  error: game {game_id} seat {seat} (see the log)")
