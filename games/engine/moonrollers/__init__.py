"""Moonrollers (IV Studio), the push-your-luck dice game, as a pure rules engine.

``ENGINE`` implements games.engine.core's protocol. API.md next to this file describes the state,
the events, the commands and their notation, and how tests build positions. Where to look:
setup.py (setup), turn.py (rolling, stopping, busting, what follows by itself), locking.py (locking
and completing requirements), abilities.py / ability_commands.py (the 30 crew abilities),
hazards.py, hiring.py, scoring.py, notation.py, legal.py (pending, legal), view.py (view, redact),
events.py (typed payloads, evolve), texts.py and locale/ (the messages), bots/ (random and heuristic
players).
"""

from __future__ import annotations

from games.engine.core import Engine
from games.engine.moonrollers.engine import MoonrollersEngine

# Typed as the protocol so that mypy checks every member against games.engine.core.Engine.
ENGINE: Engine = MoonrollersEngine()

__all__ = ["ENGINE", "MoonrollersEngine"]
