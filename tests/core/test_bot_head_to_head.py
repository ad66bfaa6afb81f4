"""benchmarks/bot_head_to_head.py seats two versions of a bot at one table and counts their wins."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_bot_against_itself_shares_every_win_and_each_holds_half_the_seats() -> None:
    run = subprocess.run(
        [sys.executable, "benchmarks/bot_head_to_head.py", "moonrollers", "--against", ".", "--games", "4"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(
        r"this checkout ([\d.]+) wins \(chance alone: ([\d.]+)\), \. ([\d.]+); median (\d+) commands",
        run.stdout,
    )
    assert found is not None, run.stdout
    ours, chance, theirs, median = (float(x) for x in found.groups())
    assert ours + theirs == 4  # every game ended and had winners, shared between the two
    assert chance == 2.0  # two seats of four each game
    assert median > 100  # whole games were played
