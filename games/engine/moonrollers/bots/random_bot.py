"""The random bot: one of ``legal``'s specs chosen uniformly, then random values for its params.

It is the fuzzer of the property tests and the benchmark's player; it always answers a legal command.
"""

from __future__ import annotations

from games.engine.core import CommandSpec, Rng
from games.engine.moonrollers.legal import (
    legal,
)
from games.engine.moonrollers.state import GameState

# decide() is deterministic apart from the dice it rolls: a fixed stream is enough to check a command.


# ==== the random bot ============================================================================


def _sample(options: list[str], k: int, rng: Rng) -> list[str]:
    """``k`` of ``options`` drawn uniformly without replacement (a partial Fisher-Yates: k draws)."""
    out = list(options)
    for i in range(k):
        j = i + rng.randbelow(len(out) - i)
        out[i], out[j] = out[j], out[i]
    return out[:k]


def _fill(state: GameState, spec: CommandSpec, rng: Rng) -> str:
    values: dict[str, list[str]] = {}
    for param in spec.params:
        options = [c.value for c in param.choices]
        if param.multiple:
            # The spec's own bounds: a plain lock takes no more dice than the requirement still
            # needs, Vila Noir rerolls at most 2 (tests/engine/test_spec_limits.py holds them true).
            values[param.name] = _sample(options, rng.randint(param.min_count, param.most), rng)
        else:
            values[param.name] = [options[rng.randbelow(len(options))]]
    return spec.build(values)


def random_command(state: GameState, seat: int, rng: Rng) -> str:
    """A random legal command for ``seat``: a spec of ``legal`` chosen uniformly, then random values
    for its params, as many as each param's ``min_count`` to ``most`` allow.

    The keep decision, a fixed menu, is answered without building the specs: same menu, same odds,
    less work.
    """
    turn = state.turn
    if not state.finished and seat == turn.seat and turn.drawn:
        return f"keep {1 + rng.randbelow(len(turn.drawn))}"
    specs = legal(state, seat)
    if not specs:
        raise ValueError(f"seat {seat} has nothing to decide now")
    return _fill(state, specs[rng.randbelow(len(specs))], rng)
