"""Moonrakers (IV Studio), the deck-building game of contracts, alliances and negotiation.

``ENGINE`` implements games.engine.core's protocol. API.md next to this file describes the
notation, the events and the rulings. Where to look: setup.py, planning.py (Planning, Stay at
Base), negotiation.py (offers and the lock), execution.py and effects.py (playing cards; the table
of the 20 Crew and 37 Ship Parts), resolution.py (success, rewards, Bonus Card, Hazard), buying.py,
objectives.py (the 23 Objectives), turnflow.py (end of turn, winning, solo score), legal.py
(pending, legal), notation.py, view.py (view, redact), events.py (evolve), bots/.
"""

from __future__ import annotations

from games.engine.core import Engine
from games.engine.moonrakers.engine import MoonrakersEngine

# Typed as the protocol so that mypy checks every member against games.engine.core.Engine.
ENGINE: Engine = MoonrakersEngine()

__all__ = ["ENGINE", "MoonrakersEngine"]
