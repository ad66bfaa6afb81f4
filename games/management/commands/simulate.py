"""Play bot games inside an engine and print how they went: balance by seat, length, scores."""

from __future__ import annotations

import importlib
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.engine import core, simulation


class Command(BaseCommand):
    help = "Play K bot games of an engine with N players and print win rates by seat and game statistics."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("engine", help="engine name, e.g. moonrollers")
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--seed", default="0", help="the run's seed: the same seed plays the same games")
        parser.add_argument("--bot", choices=["heuristic", "random"], default="heuristic")
        parser.add_argument("--option", action="append", default=[], help="turn on a variant (repeatable)")
        parser.add_argument(
            "--jobs",
            type=int,
            default=1,
            help="play the games in this many processes, one core each (the same games, the same figures)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            engine = core.get_engine(options["engine"])
        except LookupError as missing:
            raise CommandError(str(missing)) from None
        players = options["players"]
        if not engine.MIN_PLAYERS <= players <= engine.MAX_PLAYERS:
            raise CommandError(f"{engine.TITLE} takes {engine.MIN_PLAYERS} to {engine.MAX_PLAYERS} players")
        known = {o.name for o in engine.OPTIONS}
        unknown = set(options["option"]) - known
        if unknown:
            raise CommandError(f"unknown option(s) {sorted(unknown)}; {engine.TITLE} offers {sorted(known)}")
        if options["games"] < 1:
            raise CommandError("--games must be at least 1")
        if options["jobs"] < 1:
            raise CommandError("--jobs must be at least 1")
        started = time.perf_counter()
        played = simulation.play_many(
            options["engine"],
            players,
            seed=options["seed"],
            games=options["games"],
            options=dict.fromkeys(options["option"], True),
            bot=options["bot"],
            jobs=options["jobs"],
        )
        elapsed = time.perf_counter() - started
        # An engine may add its own figures (turns, bust rate...) through simulation_stats(played).
        module = importlib.import_module(type(engine).__module__)
        stats = getattr(module, "simulation_stats", None)
        summary = simulation.summarize(played, players, stats)
        for line in summary.lines():
            self.stdout.write(line)
        # Wall time, start-up of the processes included: what the run took.
        processes = f"{options['jobs']} processes" if options["jobs"] > 1 else "1 process"
        self.stdout.write(f"played in {elapsed:.1f} s ({len(played) / elapsed:.1f} games/s, {processes})")
