"""Is a command legal for a seat now? Asked by both bots before they answer."""

from __future__ import annotations

from games.engine.core import CommandError, Rng
from games.engine.moonrollers.notation import parse
from games.engine.moonrollers.state import GameState

# decide() is deterministic apart from the dice it rolls: a fixed stream is enough to check a command.
_PROBE_SEED = b"moonrollers-legality-probe"


def is_legal(state: GameState, seat: int, text: str) -> bool:
    """Would ``decide`` accept ``text`` from ``seat`` now? (For bots and tests; it runs decide.)"""
    from games.engine.moonrollers.engine import decide

    try:
        decide(state, seat, parse(text), Rng(_PROBE_SEED, "probe", 0))
    except CommandError:
        return False
    return True
