"""Is a command legal for a seat now? Asked by both bots before they answer."""

from __future__ import annotations

from games.engine.checked import LastChecked
from games.engine.core import CommandError, Rng

# The engine module imports the bots: by the time a bot asks, it is whole (a module reference, not
# an import in every call).
from games.engine.moonrollers import engine
from games.engine.moonrollers.notation import parse
from games.engine.moonrollers.state import GameState


class _Drew(Exception):
    """The command asked for randomness: every check that can refuse it is behind it."""


class _ProbeRng(Rng):
    """An rng that stops the command at its first draw. A handler checks everything that can refuse
    the command before it draws (dice, a token's place in the pile), so a command that reaches a
    draw is legal, and the rest of its work (rolling, building its events) would be thrown away:
    the decide that plays it rolls the real dice."""

    __slots__ = ()

    def __init__(self) -> None:
        # No key nor stream: every draw goes through ``randbelow`` below.
        pass

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        raise _Drew


_PROBE = _ProbeRng()

# The last command found legal whose events owe nothing to chance (the probe drew nothing): the
# decide that plays it next takes them. Only the last check: a bot checks the command it then plays.
CHECKED = LastChecked()


def is_legal(state: GameState, seat: int, text: str) -> bool:
    """Would ``decide`` accept ``text`` from ``seat`` now? (For bots and tests.) It runs only the
    part of decide that can refuse: what follows a command by itself is never refused."""
    CHECKED.forget()
    try:
        command = parse(text)
        events = engine.handle(state, seat, command, _PROBE)
    except _Drew:
        return True
    except CommandError:
        return False
    CHECKED.keep(state, seat, command, events)
    return True
