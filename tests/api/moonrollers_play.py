"""Drive a real Moonrollers game to a wanted position through the services, quickly.

Random play reaches "seat 0 holds a Hazard token" only after tens of moves, each a full service
call. The dice of the move at seq n come from (seed, game id, n) only, so the path can be found
in memory first, exactly as the services will play it, and then played for real: only the moves
of the shortest path found cost a database round trip.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games import models, services, store
from games.engine.core import Rng, fold, get_engine
from tests.factories import NOW

Path = list[tuple[int, str]]


def plan(
    game: models.Game,
    goal: Callable[[Any], bool],
    *,
    passer: int | None = None,
    max_moves: int = 60,
    tries: int = 300,
) -> Path:
    """The shortest command path (seat, notation) found from the game's position to ``goal``.

    ``passer`` passes at the start of each of its turns, so the other seats get the dice.
    """
    engine = get_engine(game.kind)
    start = store.load(game)
    best: Path | None = None
    for attempt in range(tries):
        choices = Rng(b"api-test-plan", attempt, 0, "plan")
        state, seq, path = start.state, start.seq, []
        for _ in range(max_moves if best is None else len(best) - 1):
            pending = engine.pending(state)
            if not pending or engine.outcome(state) is not None:
                break
            seat = pending[0].seat
            can_pass = any(spec.action == "pass" for spec in engine.legal(state, seat))
            text = "pass" if seat == passer and can_pass else engine.random_command(state, seat, choices)
            events = engine.decide(state, seat, engine.parse(text), Rng(bytes(game.seed), game.pk, seq + 1))
            state, seq = fold(engine, events, state), seq + len(events)
            path.append((seat, text))
            if goal(state):
                best = path
                break
    if best is None:
        raise AssertionError("no path to the wanted position found: raise tries or max_moves")
    return best


def play(game: models.Game, path: Path) -> None:
    """Each command of the path, by the player of its seat, through the same service as the API."""
    users = {s.position: s.user for s in game.seats.select_related("user")}
    for seat, text in path:
        services.command_submit(game=game, user=users[seat], text=text, expected_seq=game.last_seq, now=NOW)
    game.refresh_from_db()


def holds_hazard(seat: int) -> Callable[[Any], bool]:
    return lambda state: bool(state.players[seat].hazard) and not state.finished
