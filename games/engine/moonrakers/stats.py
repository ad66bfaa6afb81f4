"""Figures ``simulate moonrakers`` adds to its summary: turns, Contracts attempted, success rate."""

from __future__ import annotations

from typing import Any


def simulation_stats(played: list[Any]) -> dict[str, float]:
    games = max(len(played), 1)
    turns = attempts = successes = bases = allied = 0
    for game in played:
        for event in game.events:
            if event.type == "turn_started":
                turns += 1
            elif event.type == "stayed_at_base":
                bases += 1
            elif event.type == "deal_locked":
                attempts += 1
                allied += len(event.payload["shares"]) > 1
            elif event.type == "contract_resolved":
                successes += bool(event.payload["success"])
    return {
        "turns per game": turns / games,
        "contracts per game": attempts / games,
        "contract success rate": successes / max(attempts, 1),
        "allied share of contracts": allied / max(attempts, 1),
        "stay at base per game": bases / games,
    }
