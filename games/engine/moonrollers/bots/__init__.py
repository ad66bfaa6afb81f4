"""Bots that play a seat, both answering in the notation.

``random_command`` (random_bot.py) answers a uniformly random legal command; ``bot_command``
(heuristic.py) plays sensibly, weighing bust risk with the odds of odds.py and the values of
worth.py. Both read only what their seat may see.
"""

from games.engine.moonrollers.bots.heuristic import bot_command, heuristic_command, lock_chance, should_roll
from games.engine.moonrollers.bots.legality import is_legal
from games.engine.moonrollers.bots.odds import (
    RESCUE_ABILITIES,
    _compositions,
    complete_chance,
    roll_lock_chance,
    saved_by_ability,
)
from games.engine.moonrollers.bots.random_bot import random_command
from games.engine.moonrollers.bots.worth import hazard_gain

__all__ = [
    "RESCUE_ABILITIES",
    "_compositions",
    "bot_command",
    "complete_chance",
    "hazard_gain",
    "heuristic_command",
    "is_legal",
    "lock_chance",
    "random_command",
    "roll_lock_chance",
    "saved_by_ability",
    "should_roll",
]
