"""Bot games inside an engine, with no database: simulate and bench_engine print real figures."""

from __future__ import annotations

import platform
import re

import pytest
from django.core.management import CommandError, call_command

from games.engine import core, simulation
from tests.factories import register_engine  # noqa: F401  (registers the tiny "race" engine)

RACE = core.get_engine("race")


def test_a_simulated_game_is_played_to_its_end_and_is_reproducible() -> None:
    one = simulation.play(RACE, 3, seed=simulation.game_seed(7, 0), bot="random")
    two = simulation.play(RACE, 3, seed=simulation.game_seed(7, 0), bot="random")
    assert one.outcome.winners and one.commands > 0
    assert [e.to_json() for e in one.events] == [e.to_json() for e in two.events]
    three = simulation.play(RACE, 3, seed=simulation.game_seed(7, 1), bot="random")
    assert [e.to_json() for e in three.events] != [e.to_json() for e in one.events]


def test_the_summary_shares_wins_between_seats() -> None:
    played = [simulation.play(RACE, 2, seed=simulation.game_seed("s", i)) for i in range(20)]
    summary = simulation.summarize(played, 2)
    assert summary.games == 20
    assert sum(summary.wins_by_seat.values()) == pytest.approx(1.0)


def test_simulate_prints_win_rates_by_seat(capsys: pytest.CaptureFixture[str]) -> None:
    call_command("simulate", "race", "--players", "2", "--games", "10", "--seed", "3")
    out = capsys.readouterr().out
    assert "games: 10, players: 2" in out
    assert "seat 1 wins:" in out and "seat 2 wins:" in out
    assert "average commands per game:" in out


def test_games_played_side_by_side_are_the_same_games() -> None:
    # Two processes play games 0-3 of the run: the very games one process plays, in order. A real
    # engine: a spawned process knows only the registered ones (not the tests' "race").
    alone = simulation.play_many("moonrollers", 2, seed="side", games=4)
    side_by_side = simulation.play_many("moonrollers", 2, seed="side", games=4, jobs=2)
    assert [[e.to_json() for e in g.events] for g in side_by_side] == [
        [e.to_json() for e in g.events] for g in alone
    ]
    assert len({len(g.events) for g in alone}) > 1  # four different games, not one four times
    with pytest.raises(ValueError, match="jobs"):
        simulation.play_many("moonrollers", 2, seed="side", games=4, jobs=0)


def test_simulate_prints_the_same_figures_with_more_processes(capsys: pytest.CaptureFixture[str]) -> None:
    call_command("simulate", "moonrollers", "--players", "2", "--games", "4", "--seed", "5")
    alone = capsys.readouterr().out.splitlines()
    call_command("simulate", "moonrollers", "--players", "2", "--games", "4", "--seed", "5", "--jobs", "2")
    side_by_side = capsys.readouterr().out.splitlines()
    assert alone[:-1] == side_by_side[:-1]
    assert re.fullmatch(r"played in [0-9.]+ s \([0-9.]+ games/s, 1 process\)", alone[-1])
    assert re.fullmatch(r"played in [0-9.]+ s \([0-9.]+ games/s, 2 processes\)", side_by_side[-1])


def test_simulate_refuses_bad_arguments() -> None:
    with pytest.raises(CommandError, match="no game engine"):
        call_command("simulate", "chess")
    with pytest.raises(CommandError, match="takes 2 to 4"):
        call_command("simulate", "race", "--players", "9")
    with pytest.raises(CommandError, match="unknown option"):
        call_command("simulate", "race", "--players", "2", "--option", "turbo")
    with pytest.raises(CommandError, match="--jobs must be at least 1"):
        call_command("simulate", "race", "--players", "2", "--jobs", "0")


def test_bench_engine_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    call_command("bench_engine", "race", "--players", "2", "--games", "8")
    out = capsys.readouterr().out
    # The interpreter that ran them: figures differ by about 1.12x between Python builds.
    assert f"one core, Python {platform.python_version()} (" in out
    assert "median decide+evolve:" in out and " us" in out
    assert "full heuristic games: 8 at" in out and "games/s" in out
    # The bot's own time per choice, timed in those games: a positive figure.
    median = re.search(r"median heuristic bot choice \(bot_command\): ([0-9.]+) us", out)
    assert median is not None and float(median.group(1)) > 0
    assert "95th percentile heuristic bot choice:" in out
    call_command("bench_engine", "race", "--players", "2", "--games", "4", "--bot", "random")
    assert "full random games: 4 at" in capsys.readouterr().out
