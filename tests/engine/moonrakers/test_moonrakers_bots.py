"""Bots: every command they send is legal; the heuristic beats purely random players clearly; a table
of heuristic bots finishes its game."""

from __future__ import annotations

from typing import Any

from games.engine import simulation
from games.engine.core import Rng
from games.engine.moonrakers import ENGINE
from games.engine.moonrakers.bots.random_bot import uniform_command
from games.engine.simulation import game_seed

MAX_COMMANDS = 20000
MAX_TURNS = 90  # 30 turns each: enough to separate the players, short enough for the suite


def mixed_game(players: int, heuristic_seat: int, seed: int) -> list[int]:
    """The winners, or after MAX_TURNS the seats with the most Prestige."""
    key = f"mixed:{players}:{heuristic_seat}:{seed}".encode()
    events = ENGINE.setup(players, {}, Rng(key, 1, 1))
    state: Any = None
    for e in events:
        state = ENGINE.evolve(state, e)
    for _ in range(MAX_COMMANDS):
        outcome = ENGINE.outcome(state)
        if outcome is not None:
            return outcome.winners
        if state.turn > MAX_TURNS:
            best = max(p.prestige for p in state.players)
            return [s for s, p in enumerate(state.players) if p.prestige == best]
        seat = ENGINE.pending(state)[0].seat
        seq = len(events) + 1
        bot_rng = Rng(key, 1, seq, "bot")
        if seat == heuristic_seat:
            text = ENGINE.bot_command(state, seat, bot_rng)
        else:
            text = uniform_command(state, seat, bot_rng, finish_with_guard=True)
        new = ENGINE.decide(state, seat, ENGINE.parse(text), Rng(key, 1, seq))
        for e in new:
            state = ENGINE.evolve(state, e)
        events += new
    return []  # unfinished: counts as no win for the heuristic


def test_heuristic_beats_random_players_from_every_seat() -> None:
    """Against two uniformly random players, from each seat, 4 games each: the heuristic alone wins
    (or alone leads after 30 turns each) at least 9 games of 12, where chance would give it 4."""
    results = {seat: [mixed_game(3, seat, seed) == [seat] for seed in range(4)] for seat in range(3)}
    assert all(any(r) for r in results.values()), results
    assert sum(sum(r) for r in results.values()) >= 9, results


# Seeds of 4-player games a table of heuristic bots once dragged on as Hazard took back the Prestige
# they won: "lengths" 5, 23, 48 and 51 past 4,000 commands (4,460 to 6,273), and "0-throughput" 9
# never ended (not in 20,000), so a game the site hands to bots would never end. Now they last 900 to
# 1,900 commands.
ONCE_TOO_LONG = [game_seed("0-throughput", 9), *(game_seed("lengths", i) for i in (5, 23, 48, 51))]
MOST_COMMANDS = 4000  # the median game is about 1,000 commands, the longest of 420 seeded ones 3,214


def test_four_heuristic_bots_end_the_games_they_once_dragged_on_or_never_ended() -> None:
    # simulation.play raises GameDidNotEnd for a game that never ends.
    lengths = [simulation.play(ENGINE, 4, seed=seed).commands for seed in ONCE_TOO_LONG]
    assert max(lengths) <= MOST_COMMANDS, lengths


def test_a_bot_mission_leader_whose_offer_was_accepted_launches() -> None:
    """A captain who accepted a bot's offer is not left standing: once an Ally has accepted and no
    offer is still open, the bot launches (it once stayed at Base a third of the time, having asked
    for help it then did not use)."""
    decisions: list[str] = []

    def watched(state: Any, seat: int, rng: Rng) -> str:
        text = ENGINE.bot_command(state, seat, rng)
        neg = state.negotiation
        if (
            neg is not None
            and seat == state.leader
            and any(o.status == "accepted" for o in neg.offers)
            and not any(o.status == "open" for o in neg.offers)
        ):
            decisions.append(text)
        return text

    for index in range(3):
        simulation.play(ENGINE, 4, seed=game_seed("accepted-allies", index), choose=watched)
    assert len(decisions) > 20  # the situation is common: the test sees it
    assert set(decisions) == {"launch"}, sorted(set(decisions))
