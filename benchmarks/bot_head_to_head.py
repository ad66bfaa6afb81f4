"""Two versions of a game's heuristic bot at one table: this checkout's against another checkout's.

    .venv/bin/python benchmarks/bot_head_to_head.py moonrakers --against ../before [--games 400] [--players 4]

A bot change should not make the bot weaker (or, when that is the point, should make it stronger):
this measures it. Each game seats this checkout's bot in half the seats (rounded down, at least
one) and the other checkout's in the rest; the seats change hands from game to game, so each bot
plays every seat. Both play on this checkout's engine: only the other checkout's
``games/engine/<game>/bots/heuristic.py`` is loaded (what it imports comes from here), so it
compares a change of the bot, not of the rules. Prints the wins of each (a shared win counts its
share), what chance alone would give this checkout's bot, and the median game length.

``--against .`` seats this bot against itself: how far that run strays from chance is the noise
of the number of games (400 four-player Moonrakers games: 189.5 against 210.5 in one run).
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.engine import core, simulation  # noqa: E402 - after the path is set
from games.engine.core import Rng  # noqa: E402


def other_bot(checkout: Path, engine_name: str) -> ModuleType:
    """The heuristic bot module of another checkout, loaded beside this checkout's."""
    path = checkout / "games" / "engine" / engine_name / "bots" / "heuristic.py"
    name = f"games.engine.{engine_name}.bots._heuristic_against"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        sys.exit(f"no heuristic bot at {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def play(engine: Any, players: int, index: int, ours: Any, theirs: Any) -> tuple[set[int], list[int], int]:
    """One game (``simulation.play``, its seeds and rng streams): the seats our bot plays, the
    winners (none if it did not end), its length."""
    ours_seats = {(index + k) % players for k in range(max(1, players // 2))}

    def choose(state: Any, seat: int, rng: Rng) -> str:
        return str((ours if seat in ours_seats else theirs)(state, seat, rng))

    try:
        played = simulation.play(
            engine, players, seed=simulation.game_seed("head-to-head", index), choose=choose
        )
    except simulation.GameDidNotEnd:
        return ours_seats, [], simulation.MAX_COMMANDS
    return ours_seats, list(played.outcome.winners), played.commands


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("engine", choices=("moonrollers", "moonrakers"))
    parser.add_argument("--against", type=Path, required=True, help="another checkout (. for this one)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)
    engine = core.get_engine(args.engine)
    theirs = other_bot(args.against.resolve(), args.engine).bot_command
    ours_wins = theirs_wins = chance = 0.0
    lengths: list[int] = []
    unfinished = 0
    for index in range(args.games):
        ours_seats, winners, commands = play(engine, args.players, index, engine.bot_command, theirs)
        lengths.append(commands)
        chance += len(ours_seats) / args.players
        if not winners:
            unfinished += 1
        for seat in winners:
            if seat in ours_seats:
                ours_wins += 1 / len(winners)
            else:
                theirs_wins += 1 / len(winners)
    print(
        f"{args.engine}, {args.players} players, {args.games} games, this bot in "
        f"{max(1, args.players // 2)} seat(s) of each: this checkout {ours_wins:.1f} wins "
        f"(chance alone: {chance:.1f}), {args.against} {theirs_wins:.1f}; "
        f"median {statistics.median(lengths):.0f} commands a game"
        + (f"; {unfinished} game(s) stopped at {simulation.MAX_COMMANDS} commands" if unfinished else "")
    )


if __name__ == "__main__":
    main()
