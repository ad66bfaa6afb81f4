"""A random player: a random legal command, uniform over the kinds of command (offer, play, buy...)
then over the commands of that kind.

A purely random table never reaches 10 Prestige (Hazard takes more than random play earns), so
games would not end and ``bench_engine`` could not time them: it plans and negotiates as the
heuristic does, two times in three it makes the heuristic's move elsewhere too, and it finishes a Contract with ``guard`` (shielding
itself) rather than ``done``. The pending seat's default is always a fallback.
"""

from __future__ import annotations

from games.engine.core import Command, Rng
from games.engine.moonrakers.commands import Done, Guard
from games.engine.moonrakers.legal import candidates, pending
from games.engine.moonrakers.notation import format_command
from games.engine.moonrakers.state import NEGOTIATION, PLANNING, GameState


def legal_commands(state: GameState, seat: int) -> list[Command]:
    from games.engine.moonrakers.engine import accepts

    return [c for c in candidates(state, seat) if accepts(state, seat, c)]


def random_command(state: GameState, seat: int, rng: Rng) -> str:
    if rng.randbelow(3) or state.phase in (PLANNING, NEGOTIATION):
        from games.engine.moonrakers.bots.heuristic import bot_command

        return bot_command(state, seat, rng)
    cmds = [
        c
        for c in legal_commands(state, seat)
        if not isinstance(c, Done) or Guard() not in candidates(state, seat)
    ]
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
