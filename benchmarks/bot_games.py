"""Heuristic bot games per second, on one core, for this checkout and optionally another one.

Each round plays the same seeded games (the heuristic bot in every seat) in a fresh process per
checkout, the checkouts taking turns (A B, then B A), and reads each process's CPU time, which a
busy shared machine disturbs less than the wall clock. A process plays ``--games`` games twice
over (other seeds the second time) and times both halves apart:

- **cold**: the first games of a new process, which also fill the bot's tables of odds (its
  caches), as a one-off ``simulate`` run or a freshly started worker does;
- **warm**: the next ones, those tables filled, as a long simulation or a web worker that has
  played for a while runs (the steady state; about a fifth faster for Moonrollers).

It prints, per checkout, the median over the rounds of the games per second (cold and warm), of
the median ``bot_command`` time and of the time per command (warm); with ``--against``, the median
of the per-round ratios (this checkout over the other), cold and warm.

    .venv/bin/python benchmarks/bot_games.py moonrollers --games 40 --rounds 8 --against ../before

No database: the engines are pure Python. ``--against`` takes another checkout (for instance
``git worktree add ../before <commit>``) with its own ``.venv`` or a link to this one.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# Run in the checkout's own directory, with its own engine code.
CHILD = """
import json, os, statistics, sys, time
sys.path.insert(0, os.getcwd())
if hasattr(os, "sched_setaffinity"):
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as the figures promise
from games.engine import core, simulation
engine, players, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
engine = core.get_engine(engine)
out = {}
for half in ("cold", "warm"):
    bot, commands, endless = [], 0, 0
    started = time.process_time()
    for index in range(games):
        try:
            played = simulation.play(
                engine, players, seed=simulation.game_seed(f"{seed}-{half}-throughput", index), time_bot=True
            )
        except simulation.GameDidNotEnd:
            endless += 1
            continue
        bot += played.bot_times
        commands += played.commands
    cpu = time.process_time() - started
    out[half] = games / cpu
out.update({
    "python": f"Python {sys.version.split()[0]} ({os.path.realpath(sys.executable)})",
    "bot_median_us": statistics.median(bot) * 1e6,
    "us_per_command": cpu / max(commands, 1) * 1e6,
    "endless": endless,
})
print(json.dumps(out))
"""


def play(root: Path, args: argparse.Namespace) -> dict[str, Any]:
    python = root / ".venv" / "bin" / "python"
    done = subprocess.run(  # noqa: S603 (a fixed command line)
        [str(python), "-c", CHILD, args.engine, str(args.players), str(args.games), args.seed],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"{root}: {done.stderr.strip()}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("engine", nargs="?", default="moonrollers")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40, help="games per half (cold, warm)")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", default="0")
    parser.add_argument("--against", type=Path, help="another checkout, measured in turn with this one")
    args = parser.parse_args()
    roots = [ROOT] if args.against is None else [ROOT, args.against.resolve()]
    for root in roots[1:]:
        if not (root / ".venv" / "bin" / "python").exists():
            sys.exit(f"{root} has no .venv (link this one: ln -s {ROOT / '.venv'} {root / '.venv'})")
    runs: list[list[dict[str, Any]]] = [[] for _ in roots]
    for round_ in range(args.rounds):
        order = list(range(len(roots)))
        if round_ % 2:
            order.reverse()  # A B, then B A: a drift of the machine falls on both alike
        for side in order:
            runs[side].append(play(roots[side], args))
    print(
        f"{args.engine}, {args.players} players, heuristic bot in every seat; "
        f"{args.rounds} rounds of {args.games} games per checkout, one core, CPU time"
    )
    for root, results in zip(roots, runs, strict=True):
        halves = []
        for half in ("cold", "warm"):
            games = [r[half] for r in results]
            halves.append(
                f"{half} {statistics.median(games):.2f} games/s (rounds {min(games):.2f}-{max(games):.2f})"
            )
        print(
            f"{root} ({results[0]['python']}): {', '.join(halves)}; warm: "
            f"bot_command median {statistics.median(r['bot_median_us'] for r in results):.1f} us, "
            f"{statistics.median(r['us_per_command'] for r in results):.1f} us per command"
            + (f", {int(results[0]['endless'])} games without an end" if results[0]["endless"] else "")
        )
    if len(roots) == 2:
        for half in ("cold", "warm"):
            ratios = [a[half] / b[half] for a, b in zip(runs[0], runs[1], strict=True)]
            print(
                f"{half} games/s, this checkout over the other: median {statistics.median(ratios):.2f}x "
                f"(rounds {min(ratios):.2f}-{max(ratios):.2f})"
            )


if __name__ == "__main__":
    main()
