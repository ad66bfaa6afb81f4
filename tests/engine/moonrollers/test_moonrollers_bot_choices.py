"""The heuristic bot chooses exactly what it chose before it was made faster (issue 13): every
position of seeded games, played by the bot itself and by random players (positions the bot avoids),
against the choices recorded in data/bot_choices.json before the change."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from games.engine.core import CommandError, Rng
from games.engine.moonrollers import ENGINE
from games.engine.moonrollers.bots import is_legal
from games.engine.moonrollers.state import GameState
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


# Texts legal in some positions and refused in most: what the legality check must tell apart.
_PROBES = (
    "roll",
    "stop",
    "settle",
    "bust",
    "lock wild",
    "lock 2 shields",
    "lock damage",
    "commit shield",
    "commit reactor 3",
    "choose namari",
    "keep 1",
    "keep 2",
    "stack top",
    "stack under",
    "return none",
    "return 1",
    "use salatar",
    "save wild with meg-gallak",
    "not a command",
)


def _decide_accepts(state: GameState, seat: int, text: str) -> bool:
    try:
        ENGINE.decide(state, seat, ENGINE.parse(text), Rng(b"probe", 1, 1))
    except CommandError:
        return False
    return True


def test_the_legality_check_agrees_with_decide_on_legal_and_illegal_commands() -> None:
    """``is_legal`` runs only the part of decide that can refuse, with free dice: it must answer
    what the whole of decide answers, for every seat, in positions of random games."""
    checked = refused = 0
    for index in range(6):
        seed = game_seed("legality", index)
        events = ENGINE.setup(2 + index % 3, {}, Rng(seed, 1, 1))
        state: GameState | None = None
        for e in events:
            state = ENGINE.evolve(state, e)
        assert state is not None
        for _ in range(150):
            if state.finished:
                break
            seq = len(events) + 1
            mover = ENGINE.pending(state)[0].seat
            texts = (*_PROBES, ENGINE.random_command(state, mover, Rng(seed, 1, seq, "bot")))
            for seat in range(state.seats):
                for text in texts:
                    expected = _decide_accepts(state, seat, text)
                    assert is_legal(state, seat, text) == expected, (text, seat)
                    checked += 1
                    refused += not expected
            new = ENGINE.decide(state, mover, ENGINE.parse(texts[-1]), Rng(seed, 1, seq))
            for e in new:
                state = ENGINE.evolve(state, e)
            events += new
    assert checked > 5000 and 0 < refused < checked
