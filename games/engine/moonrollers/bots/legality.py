"""Is a command legal for a seat now? Asked by both bots before they answer."""

from __future__ import annotations

from games.engine.core import CommandError, Rng
from games.engine.moonrollers.notation import parse
from games.engine.moonrollers.state import GameState

_PROBE_SEED = b"moonrollers-legality-probe"


class _ProbeRng(Rng):
    """Dice that all show the first face, drawn for free: whether a command is legal never
    depends on the dice it rolls, so the check need not pay for real randomness."""

    __slots__ = ()

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        return 0


def is_legal(state: GameState, seat: int, text: str) -> bool:
    """Would ``decide`` accept ``text`` from ``seat`` now? (For bots and tests.) It runs only the
    part of decide that can refuse: what follows a command by itself is never refused."""
    from games.engine.moonrollers.engine import handle

    try:
        handle(state, seat, parse(text), _ProbeRng(_PROBE_SEED, "probe", 0))
    except CommandError:
        return False
    return True
