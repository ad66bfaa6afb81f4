"""A random legal player: a random command among the candidates ``decide`` accepts.

Uniform over the kinds of command (offer, play, buy...), then over the commands of that kind, with
one bias so that random games end: while a participant still has a card it may play, it finishes
(``done``/``guard``) only one time in ten. The pending seat's default is always a fallback.
"""

from __future__ import annotations

from games.engine.core import Command, Rng
from games.engine.moonrakers.commands import Done, Guard, PlayCard, UseMercenary, UsePart
from games.engine.moonrakers.legal import candidates, pending
from games.engine.moonrakers.notation import format_command
from games.engine.moonrakers.state import EXECUTION, GameState


def legal_commands(state: GameState, seat: int) -> list[Command]:
    from games.engine.moonrakers.engine import accepts

    return [c for c in candidates(state, seat) if accepts(state, seat, c)]


def random_command(state: GameState, seat: int, rng: Rng) -> str:
    cmds = legal_commands(state, seat)
    if not cmds:
        for p in pending(state):
            if p.seat == seat:
                return format_command(p.default)
        return "done"
    if state.phase == EXECUTION:
        plays: list[Command] = [c for c in cmds if isinstance(c, PlayCard | UsePart | UseMercenary)]
        ends = [c for c in cmds if isinstance(c, Done | Guard)]
        if plays and (not ends or rng.randbelow(10)):
            cmds = plays
    kinds: dict[str, list[Command]] = {}
    for c in cmds:
        kinds.setdefault(type(c).__name__, []).append(c)
    group = kinds[rng.choice(sorted(kinds))]
    return format_command(rng.choice(group))
