"""Measure an engine's speed on one core: decide+evolve per command, and whole games per second."""

from __future__ import annotations

import os
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.engine import core, simulation


class Command(BaseCommand):
    help = (
        "Print median microseconds per decide+evolve (random play) and full games per second "
        "(the heuristic bot in every seat, or --bot random) with the median and 95th percentile of the bot's "
        "choice (bot_command), on one core."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("engine", nargs="?", default="moonrollers")
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument("--games", type=int, default=200)
        parser.add_argument("--seed", default="0")
        parser.add_argument("--bot", choices=("heuristic", "random"), default="heuristic")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            engine = core.get_engine(options["engine"])
        except LookupError as missing:
            raise CommandError(str(missing)) from None
        pinned = hasattr(os, "sched_setaffinity")
        if pinned:
            cores = os.sched_getaffinity(0)
            os.sched_setaffinity(0, {min(cores)})  # one core, as the figures promise
        try:
            result = simulation.benchmark(
                engine, options["players"], games=options["games"], seed=options["seed"], bot=options["bot"]
            )
        finally:
            if pinned:
                os.sched_setaffinity(0, cores)
        self.stdout.write(
            f"engine: {engine.NAME}, players: {options['players']}, one core, "
            # The interpreter's build counts: an optimised one is about 1.12x faster (README).
            f"Python {sys.version.split()[0]} ({os.path.realpath(sys.executable)})"
        )
        for line in result.lines():
            self.stdout.write(line)
