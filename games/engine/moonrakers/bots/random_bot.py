"""A random player, and a uniformly random one.

``uniform_command`` is uniformly random over the legal commands (over their kinds, then within the
kind). A table of such players never reaches 10 Prestige (Hazard takes more than random play
earns, and random trashing empties decks), so games would not end and ``bench_engine`` could not
time them. ``random_command``, the engine's random player, is therefore random where randomness
cannot stall a table: it takes Bonus Cards uniformly at random and, with an Action to spare,
plays a random basic card one time in four; otherwise it makes the heuristic's move. The
tests pit the heuristic against
``uniform_command``. The pending seat's default is always a fallback.
"""

from __future__ import annotations

from games.engine.core import Command, Rng
from games.engine.moonrakers.cards import BASIC
from games.engine.moonrakers.commands import Done, Guard, PlayCard
from games.engine.moonrakers.legal import candidates, pending
from games.engine.moonrakers.notation import format_command
from games.engine.moonrakers.state import BONUS, EXECUTION, GameState


def legal_commands(state: GameState, seat: int) -> list[Command]:
    from games.engine.moonrakers.engine import accepts

    return [c for c in candidates(state, seat) if accepts(state, seat, c)]


def random_command(state: GameState, seat: int, rng: Rng) -> str:
    if state.phase == BONUS:
        return uniform_command(state, seat, rng)
    att = state.attempt
    spare = att is not None and seat in att.seats and att.part(seat).actions >= 2
    if state.phase == EXECUTION and spare and not rng.randbelow(4):
        plays = [c for c in legal_commands(state, seat) if isinstance(c, PlayCard) and c.card in BASIC]
        if plays:
            return format_command(rng.choice(plays))
    from games.engine.moonrakers.bots.heuristic import bot_command

    return bot_command(state, seat, rng)


def uniform_command(state: GameState, seat: int, rng: Rng, *, finish_with_guard: bool = False) -> str:
    """A uniformly random legal command (uniform over kinds, then within the kind): no floor at all."""
    cmds = legal_commands(state, seat)
    if finish_with_guard and Guard() in cmds:
        cmds = [c for c in cmds if not isinstance(c, Done)]
    if not cmds:
        for p in pending(state):
            if p.seat == seat:
                return format_command(p.default)
        return "done"
    kinds: dict[str, list[Command]] = {}
    for c in cmds:
        kinds.setdefault(type(c).__name__, []).append(c)
    group = kinds[rng.choice(sorted(kinds))]
    return format_command(rng.choice(group))
