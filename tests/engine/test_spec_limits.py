"""A legal command's params say how many values each takes, and a bot that believes them is never
refused: fill every spec of every decision with as few values as its ``min_count`` and as many as
its ``max_count`` (API) / ``most`` (engine) allow, chosen at random, and the engine accepts it.

This is what a bot written against the API does with nothing but ``GET .../legal/``; before the
specs carried their maximum, Moonrollers' plain lock listed every matching die and refused more
than the requirement still needed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from games.engine.core import CommandError, CommandSpec, Engine, Rng, get_engine
from games.engine.simulation import game_seed

GAMES = {"moonrollers": (2, 3, 4), "moonrakers": (2, 3, 4, 5)}


def decisions(engine: Engine, players: int, seed: bytes) -> Iterator[tuple[Any, int, int]]:
    """(state, seat, seq) at every decision of a game the random bots play to the end."""
    state: Any = None
    events = engine.setup(players, {}, Rng(seed, 1, 1))
    for event in events:
        state = engine.evolve(state, event)
    seq = len(events)
    while engine.outcome(state) is None:
        seat = engine.pending(state)[0].seat
        yield state, seat, seq + 1
        command = engine.parse(engine.random_command(state, seat, Rng(seed, 1, seq + 1, "bot")))
        new_events = engine.decide(state, seat, command, Rng(seed, 1, seq + 1))
        for event in new_events:
            state = engine.evolve(state, event)
        seq += len(new_events)


def filled(spec: CommandSpec, pick: random.Random, *, most: bool) -> str:
    values = {}
    for param in spec.params:
        options = [c.value for c in param.choices]
        count = param.most if most else param.min_count
        values[param.name] = pick.sample(options, min(count, len(options)))
    return spec.build(values)


@pytest.mark.parametrize(("kind", "players"), [(k, n) for k, ns in GAMES.items() for n in ns])
def test_a_spec_filled_within_its_counts_is_never_refused(kind: str, players: int) -> None:
    engine = get_engine(kind)
    pick = random.Random(f"{kind}-{players}")
    tried = refused = 0
    failures: list[str] = []
    for game in range(3):
        for state, seat, seq in decisions(engine, players, game_seed("spec-limits", game)):
            for spec in engine.legal(state, seat):
                for most in (True, False):
                    text = filled(spec, pick, most=most)
                    tried += 1
                    try:
                        engine.decide(state, seat, engine.parse(text), Rng(b"x" * 32, 1, seq))
                    except CommandError as refusal:
                        refused += 1
                        if len(failures) < 400:
                            failures.append(f"{text!r}: {refusal}")
    assert tried > 100
    assert refused == 0, failures


def test_a_spec_says_its_maximum_and_building_more_is_refused() -> None:
    """The engine's own check agrees with the count it publishes: one value more is refused."""
    engine = get_engine("moonrollers")
    seen = 0
    for state, seat, _seq in decisions(engine, 2, game_seed("spec-limits-most", 0)):
        for spec in engine.legal(state, seat):
            for param in spec.params:
                if param.multiple and param.most < len(param.choices):
                    seen += 1
                    values = {p.name: [c.value for c in p.choices][: p.most] for p in spec.params}
                    values[param.name] = [c.value for c in param.choices][: param.most + 1]
                    with pytest.raises(CommandError):
                        spec.build(values)
    assert seen > 0
