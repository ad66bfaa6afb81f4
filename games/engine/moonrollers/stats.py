"""Moonrollers figures for ``manage.py simulate``: turns, busts, Prestige and Hazard, game ends.

``simulation_stats`` is looked up by the simulate command in the engine's module (engine.py imports
it). It reads only the events and outcomes of the played games, so it costs nothing to the games.
"""

from __future__ import annotations

import statistics
from collections import Counter

from games.engine.moonrollers.events import (
    BUSTED,
    DICE_ROLLED,
    GAME_ENDED,
    TURN_STARTED,
    DiceRolled,
    GameEnded,
    TurnStarted,
)
from games.engine.moonrollers.hiring import DECK_EXHAUSTED, ONE_OF_EACH_FACTION, THREE_OF_A_FACTION
from games.engine.simulation import PlayedGame

END_REASONS = (ONE_OF_EACH_FACTION, THREE_OF_A_FACTION, DECK_EXHAUSTED)


class TurnCounts:
    """Turns, turns in which dice were rolled, and busts, by seat, read from a game's events."""

    def __init__(self, game: PlayedGame) -> None:
        self.turns: Counter[int] = Counter()
        self.rolled: Counter[int] = Counter()
        self.busts: Counter[int] = Counter()
        for event in game.events:
            if event.type == TURN_STARTED:
                self.turns[TurnStarted.from_payload(event.payload).seat] += 1
            elif (
                event.type == DICE_ROLLED
                and event.seat is not None
                and DiceRolled.from_payload(event.payload).first
            ):
                self.rolled[event.seat] += 1
            elif event.type == BUSTED and event.seat is not None:
                self.busts[event.seat] += 1


def bust_rate(games: list[PlayedGame], seats: set[int] | None = None) -> float:
    """Busts per turn in which dice were rolled, over ``seats`` (games stored before issue 9 may hold
    passed turns, which were not at risk)."""
    rolled = busts = 0
    for game in games:
        counts = TurnCounts(game)
        rolled += sum(n for s, n in counts.rolled.items() if seats is None or s in seats)
        busts += sum(n for s, n in counts.busts.items() if seats is None or s in seats)
    return busts / rolled if rolled else 0.0


def _last_place_score(game: PlayedGame) -> int:
    return min(game.outcome.scores[s] for s in game.outcome.ranking[-1])


def _winning_score(game: PlayedGame) -> int:
    return game.outcome.scores[game.outcome.winners[0]]


def _end_reasons(game: PlayedGame) -> list[str]:
    for event in reversed(game.events):
        if event.type == GAME_ENDED:
            return list(GameEnded.from_payload(event.payload).reasons)
    return []


def simulation_stats(played: list[PlayedGame]) -> dict[str, float]:
    """Average turns per game, bust rate, Prestige spread (winner minus last, final Prestige with
    Hazard tokens), winning Prestige, share of games ending by each reason (a game may end for two
    at once), Hazard tokens held at the end per player, and the share of players whose Hazard
    tokens scored nothing (the most Hazard symbols)."""
    if not played:
        return {}
    stats: dict[str, float] = {
        "average turns per game": statistics.fmean(sum(TurnCounts(g).turns.values()) for g in played),
        "bust rate (busts / turns with a roll)": bust_rate(played),
        "average Prestige spread (winner - last)": statistics.fmean(
            _winning_score(g) - _last_place_score(g) for g in played
        ),
        "average winning Prestige": statistics.fmean(_winning_score(g) for g in played),
    }
    for reason in END_REASONS:
        share = sum(1 for g in played if reason in _end_reasons(g)) / len(played)
        stats[f"games ended by {reason.replace('_', ' ')}"] = share
    stats["average Hazard tokens held per player"] = statistics.fmean(
        len(tokens) for g in played for tokens in g.outcome.details["hazard_tokens"].values()
    )
    players = sum(len(g.outcome.scores) for g in played)
    stats["share of players scoring no Hazard tokens"] = (
        sum(len(g.outcome.details["hazard_disqualified"]) for g in played) / players
    )
    return stats
