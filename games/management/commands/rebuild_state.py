"""Refold every game from its events, report each game whose cache differed, and repair it."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games import rebuild


class Command(BaseCommand):
    help = "Refold every game from its events; report and repair state caches that differ."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", type=int, action="append", help="only this game id (repeatable)")
        parser.add_argument("--dry-run", action="store_true", help="report differences without repairing")

    def handle(self, *args: Any, **options: Any) -> None:
        report = rebuild.rebuild_all(game_ids=options["game"], repair=not options["dry_run"])
        for diff in report.differed:
            verb = "differed" if options["dry_run"] else "differed, repaired"
            self.stdout.write(f"game {diff.game_id}: cache {verb} ({diff.reason})")
        self.stdout.write(f"{report.checked} game(s) checked, {len(report.differed)} differed.")
