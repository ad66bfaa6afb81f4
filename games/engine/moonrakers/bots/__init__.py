"""Bots: a uniformly random legal player and a heuristic one, both answering in the notation."""

from __future__ import annotations

from games.engine.core import Rng
from games.engine.moonrakers.bots.heuristic import bot_command
from games.engine.moonrakers.bots.random_bot import random_command
from games.engine.moonrakers.state import GameState

__all__ = ["GameState", "Rng", "bot_command", "random_command"]
