"""The heuristic bot chooses exactly what it chose before it was made faster (issue 13): every
position of seeded games, played by the bot itself and by random players (positions the bot avoids),
against the choices recorded in data/bot_choices.json before the change."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from games.engine.moonrakers import ENGINE
from games.engine.simulation import bot_choices, game_seed

CASES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "data" / "bot_choices.json").read_text())


def test_the_record_covers_thousands_of_positions() -> None:
    assert sum(case["choices"] for case in CASES) > 5000
    assert {case["driver"] for case in CASES} == {"heuristic", "random"}


@pytest.mark.parametrize("index", range(len(CASES)))
def test_the_bot_chooses_what_it_chose_before(index: int) -> None:
    case = CASES[index]
    chosen = bot_choices(
        ENGINE,
        case["players"],
        seed=game_seed("bot-choices", index),
        options=case["options"],
        driver=case["driver"],
        limit=case["limit"],
    )
    assert len(chosen) == case["choices"]
    assert hashlib.sha256("\n".join(chosen).encode()).hexdigest() == case["sha256"]
