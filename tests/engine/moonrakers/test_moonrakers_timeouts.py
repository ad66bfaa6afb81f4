"""Timeouts: absent seats first take their defaults, then the platform's bot plays them; the game ends.

A 3-5 player table where every seat always takes the default never reaches 10 Prestige (Stay at
Base gives none, and no default commits a seat to a Contract): the platform hands a seat to the bot
after a number of timeouts (DESIGN.md), and that is what ends an abandoned table. This test plays
exactly that from many reachable states.
"""

from __future__ import annotations

from collections import Counter

import pytest
from test_moonrakers_properties import play_random

from games.engine.core import Rng
from games.engine.moonrakers import ENGINE

TIMEOUTS_BEFORE_BOT = 3
MAX_COMMANDS = 12000


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_defaults_then_bots_end_the_game_from_many_reachable_states(players: int) -> None:
    for seed in range(2):
        state, _ = play_random(players, 100 * players + seed, 15 + 20 * seed)
        timeouts: Counter[int] = Counter()
        turn = state.turn
        for step in range(MAX_COMMANDS):
            if state.finished:
                break
            pending = ENGINE.pending(state)
            assert pending, "a game that is not over always waits for someone"
            p = pending[0]
            if timeouts[p.seat] < TIMEOUTS_BEFORE_BOT:
                timeouts[p.seat] += 1
                cmd = p.default
            else:
                cmd = ENGINE.parse(ENGINE.bot_command(state, p.seat, Rng(b"bot", seed, step)))
            for e in ENGINE.decide(state, p.seat, cmd, Rng(b"timeouts", seed, step)):
                state = ENGINE.evolve(state, e)
        assert state.finished, (players, seed, state.turn)
        assert state.turn > turn
        outcome = ENGINE.outcome(state)
        assert outcome is not None and outcome.winners


@pytest.mark.parametrize("players", [2, 4])
def test_no_seat_sees_a_draw_pile_order_not_even_its_own(players: int) -> None:
    """001 "shuffles an Action Deck ... face down"; the order of a draw pile is nobody's (spec §4.5), the
    hand and the unclaimed Objectives are their owner's only; a spectator sees neither."""
    import json

    for seed in range(4):
        state, _ = play_random(players, 7000 + seed, 40 + 25 * seed)
        if state.finished:
            continue
        for reader in [None, *range(players)]:
            seen = ENGINE.view(state, reader)
            for seat, entry in enumerate(seen["players"]):
                p = state.players[seat]
                assert "draw" not in entry and entry["draw_count"] == len(p.draw)
                mine = reader == seat
                assert ("hand" in entry) is mine and ("objectives" in entry) is mine
                if mine:
                    assert entry["hand"] == list(p.hand) and entry["objectives"] == list(p.objectives)
            if reader is None:
                text = json.dumps(seen)
                for p in state.players:
                    assert not any(f'"{o}"' in text for o in p.objectives)
