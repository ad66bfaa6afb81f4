"""Record a game's bot choices again, after a deliberate change of its heuristic bot.

    .venv/bin/python -m tests.engine.record_bot_choices moonrakers

``tests/engine/<game>/test_<game>_bot_choices.py`` replays seeded games and checks that the bot
chooses what ``tests/engine/<game>/data/bot_choices.json`` recorded, so that a faster bot is the
same player. A change meant to make it play differently re-records the file with this: the same
cases (players, options, driver, limit) and seeds as the test, only the count and digest of the
choices written anew. Run on an unchanged bot, it rewrites the file byte for byte.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from games.engine.core import get_engine
from games.engine.simulation import bot_choices, game_seed


def record(engine_name: str) -> Path:
    engine = get_engine(engine_name)
    path = Path(__file__).parent / engine_name / "data" / "bot_choices.json"
    cases = json.loads(path.read_text())
    for index, case in enumerate(cases):
        chosen = bot_choices(
            engine,
            case["players"],
            seed=game_seed("bot-choices", index),  # as the test replays them
            options=case["options"],
            driver=case["driver"],
            limit=case["limit"],
        )
        case["choices"] = len(chosen)
        case["sha256"] = hashlib.sha256("\n".join(chosen).encode()).hexdigest()
    path.write_text(json.dumps(cases, indent=1))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("engine", help="the game whose bot changed, e.g. moonrakers")
    print(f"recorded {record(parser.parse_args().engine)}")


if __name__ == "__main__":
    main()
