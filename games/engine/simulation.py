"""Play whole games between bots inside the engine, with no database: for simulation and benchmarks.

A game is driven exactly as the platform drives it: ``setup`` with the rng of seq 1, then for each
command the rng of the next event's seq, so a simulated game is a game the site could have stored.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import statistics
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from games.engine.core import Engine, Event, Outcome, Rng, get_engine

# Far above any real game's length: a game still running after this many commands is a bug.
MAX_COMMANDS = 20_000


@dataclass
class PlayedGame:
    events: list[Event]
    outcome: Outcome
    commands: int
    # Wall time of decide+evolve per command, in seconds (only filled when timing was asked).
    step_times: list[float] = field(default_factory=list)
    # Wall time of the bot's choice per command, in seconds (only filled when timing was asked).
    bot_times: list[float] = field(default_factory=list)


class GameDidNotEnd(RuntimeError):
    pass


def game_seed(seed: int | str, index: int) -> bytes:
    """The 32-byte secret seed of simulated game ``index`` of a run started with ``seed``."""
    return hashlib.sha256(f"simulation:{seed}:{index}".encode()).digest()


def play(
    engine: Engine,
    players: int,
    *,
    seed: bytes,
    options: Mapping[str, bool] | None = None,
    bot: str = "heuristic",
    game_id: int = 1,
    timed: bool = False,
    time_bot: bool = False,
    choose: Callable[[Any, int, Rng], str] | None = None,
) -> PlayedGame:
    """Play one game to the end with bots in every seat (``timed``: time decide+evolve;
    ``time_bot``: time the bot's choice). ``choose``, when given, picks every command instead of
    ``bot`` (two bots at one table, a bot watched as it plays)."""
    if choose is None:
        choose = engine.bot_command if bot == "heuristic" else engine.random_command
    events = engine.setup(players, dict(options or {}), Rng(seed, game_id, 1))
    state: Any = None
    for event in events:
        state = engine.evolve(state, event)
    commands = 0
    step_times: list[float] = []
    bot_times: list[float] = []
    clock = time.perf_counter
    while engine.outcome(state) is None:
        if commands >= MAX_COMMANDS:
            raise GameDidNotEnd(f"no end after {MAX_COMMANDS} commands")
        pending = engine.pending(state)
        if not pending:
            raise GameDidNotEnd("nobody is to act but the game is not over")
        seat = pending[0].seat
        seq = len(events) + 1
        if time_bot:
            asked = clock()
            text = choose(state, seat, Rng(seed, game_id, seq, "bot"))
            bot_times.append(clock() - asked)
        else:
            text = choose(state, seat, Rng(seed, game_id, seq, "bot"))
        command = engine.parse(text)
        started = clock() if timed else 0.0
        new_events = engine.decide(state, seat, command, Rng(seed, game_id, seq))
        for event in new_events:
            state = engine.evolve(state, event)
        if timed:
            step_times.append(clock() - started)
        events.extend(new_events)
        commands += 1
    outcome = engine.outcome(state)
    assert outcome is not None
    return PlayedGame(
        events=events, outcome=outcome, commands=commands, step_times=step_times, bot_times=bot_times
    )


def play_many(
    engine_name: str,
    players: int,
    *,
    seed: int | str,
    games: int,
    options: Mapping[str, bool] | None = None,
    bot: str = "heuristic",
    jobs: int = 1,
) -> list[PlayedGame]:
    """Games 0 to ``games - 1`` of the run started with ``seed``, in that order, each its own
    game whatever the others (``game_seed``): with ``jobs`` processes they are the same games, only
    played side by side, one core each (the engines are pure Python: one process runs on one core).

    The engine is named, not passed: each process looks it up in the registry. Processes are
    spawned, not forked: a child starts clean whatever the parent holds (a Django connection,
    threads), and a few hundred milliseconds of start-up weigh nothing beside a run of games."""
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    one = partial(_play_numbered, engine_name, players, str(seed), dict(options or {}), bot)
    if jobs == 1 or games < 2:
        return [one(index) for index in range(games)]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(jobs, games), mp_context=context) as pool:
        # Chunks of a few games: fewer round trips between processes, and still a fair share each.
        return list(pool.map(one, range(games), chunksize=max(1, games // (jobs * 8))))


def _play_numbered(
    engine_name: str, players: int, seed: str, options: dict[str, bool], bot: str, index: int
) -> PlayedGame:
    return play(get_engine(engine_name), players, seed=game_seed(seed, index), options=options, bot=bot)


@dataclass
class Summary:
    games: int
    players: int
    wins_by_seat: dict[int, float]  # share of games won (ties share the win)
    average_commands: float
    average_score_spread: float  # winner's score minus last place's, on average
    extra: dict[str, float]  # engine-specific figures (turns, bust rate...)

    def lines(self) -> list[str]:
        out = [f"games: {self.games}, players: {self.players}"]
        out += [f"seat {seat + 1} wins: {share:.1%}" for seat, share in sorted(self.wins_by_seat.items())]
        out.append(f"average commands per game: {self.average_commands:.1f}")
        out.append(f"average score spread (first - last): {self.average_score_spread:.1f}")
        out += [f"{name}: {value:.3f}" for name, value in self.extra.items()]
        return out


def summarize(
    played: list[PlayedGame],
    players: int,
    stats: Callable[[list[PlayedGame]], dict[str, float]] | None = None,
) -> Summary:
    wins = dict.fromkeys(range(players), 0.0)
    spreads = []
    for game in played:
        winners = game.outcome.winners
        for seat in winners:
            wins[seat] += 1 / len(winners)
        scores = game.outcome.scores.values()
        spreads.append(max(scores) - min(scores))
    n = max(len(played), 1)
    return Summary(
        games=len(played),
        players=players,
        wins_by_seat={seat: count / n for seat, count in wins.items()},
        average_commands=statistics.fmean(g.commands for g in played) if played else 0.0,
        average_score_spread=statistics.fmean(spreads) if spreads else 0.0,
        extra=stats(played) if stats else {},
    )


@dataclass
class Benchmark:
    median_step_us: float
    p95_step_us: float
    games_per_second: float
    commands: int
    games: int
    bot: str = "heuristic"
    unfinished: int = 0  # random timing games that hit MAX_COMMANDS (left out of the timings)
    endless: int = 0  # games of the games-per-second part that hit MAX_COMMANDS
    median_bot_us: float = 0.0  # the bot's choice, per command of the games-per-second part
    p95_bot_us: float = 0.0

    def lines(self) -> list[str]:
        lines = [
            f"commands timed: {self.commands} (random play)",
            f"median decide+evolve: {self.median_step_us:.1f} us",
            f"95th percentile decide+evolve: {self.p95_step_us:.1f} us",
            f"full {self.bot} games: {self.games} at {self.games_per_second:.1f} games/s",
            f"median {self.bot} bot choice (bot_command): {self.median_bot_us:.1f} us",
            f"95th percentile {self.bot} bot choice: {self.p95_bot_us:.1f} us",
        ]
        if self.endless:
            lines.append(
                f"{self.bot} games stopped at {MAX_COMMANDS} commands without an end: {self.endless}"
            )
        if self.unfinished:
            lines.append(f"random games left out (no end after {MAX_COMMANDS} commands): {self.unfinished}")
        return lines


def benchmark(
    engine: Engine, players: int, *, games: int, seed: int | str = 0, bot: str = "heuristic"
) -> Benchmark:
    """Time decide+evolve per command over random games (they reach the most kinds of position),
    then whole games per second played by ``bot`` in every seat.

    Random play is not guaranteed to end (Moonrakers: random captains can lose every Prestige they
    win to Hazard for thousands of turns); such a game is left out of the timings and counted.
    """
    steps: list[float] = []
    unfinished = 0
    for index in range(max(games // 4, 1)):
        try:
            steps += play(engine, players, seed=game_seed(seed, index), bot="random", timed=True).step_times
        except GameDidNotEnd:
            unfinished += 1
    started = time.perf_counter()
    endless = 0
    bot_steps: list[float] = []
    for index in range(games):
        try:
            bot_steps += play(
                engine, players, seed=game_seed(f"{seed}-throughput", index), bot=bot, time_bot=True
            ).bot_times
        except GameDidNotEnd:
            endless += 1  # timed all the same: it is what such a game costs
    elapsed = time.perf_counter() - started
    steps.sort()
    bot_steps.sort()
    return Benchmark(
        median_step_us=statistics.median(steps) * 1e6,
        p95_step_us=steps[int(len(steps) * 0.95)] * 1e6,
        games_per_second=games / elapsed,
        commands=len(steps),
        games=games,
        bot=bot,
        unfinished=unfinished,
        endless=endless,
        median_bot_us=statistics.median(bot_steps) * 1e6 if bot_steps else 0.0,
        p95_bot_us=bot_steps[int(len(bot_steps) * 0.95)] * 1e6 if bot_steps else 0.0,
    )


def bot_choices(
    engine: Engine,
    players: int,
    *,
    seed: bytes,
    options: Mapping[str, bool] | None = None,
    driver: str = "heuristic",
    limit: int = MAX_COMMANDS,
) -> list[str]:
    """What the heuristic bot chooses in every position of one game driven by ``driver`` (the
    heuristic bot itself, or random play, which reaches positions the heuristic avoids), up to
    ``limit`` commands: a record to prove that a faster bot still chooses exactly the same."""
    events = engine.setup(players, dict(options or {}), Rng(seed, 1, 1))
    state: Any = None
    for event in events:
        state = engine.evolve(state, event)
    chosen: list[str] = []
    while engine.outcome(state) is None and len(chosen) < limit:
        seat = engine.pending(state)[0].seat
        seq = len(events) + 1
        text = engine.bot_command(state, seat, Rng(seed, 1, seq, "bot"))
        chosen.append(text)
        if driver != "heuristic":
            text = engine.random_command(state, seat, Rng(seed, 1, seq, "bot"))
        new_events = engine.decide(state, seat, engine.parse(text), Rng(seed, 1, seq))
        for event in new_events:
            state = engine.evolve(state, event)
        events.extend(new_events)
    return chosen
