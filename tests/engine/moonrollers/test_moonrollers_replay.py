"""Replay, JSON round trips, determinism, and illegal commands leaving the state alone."""

from __future__ import annotations

import json

import pytest

from games.engine.core import CannotParse, Event, IllegalCommand, Rng, fold
from games.engine.moonrollers import ENGINE
from games.engine.moonrollers.state import GameState


def play_random_game(seed: int, players: int = 4, steps: int = 400) -> tuple[list[Event], GameState]:
    events = ENGINE.setup(players, {}, Rng(b"replay", seed, 0))
    state: GameState = fold(ENGINE, events)
    for n in range(1, steps):
        if state.finished:
            break
        seat = state.turn.seat
        text = ENGINE.random_command(state, seat, Rng(b"bot", seed, n))
        new = ENGINE.decide(state, seat, ENGINE.parse(text), Rng(b"replay", seed, n))
        for e in new:
            state = ENGINE.evolve(state, e)
        events += new
    return events, state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_events_folded_from_nothing_equal_the_live_state(seed: int) -> None:
    events, live = play_random_game(seed)
    stored = [Event.from_json(json.loads(json.dumps(e.to_json()))) for e in events]
    assert fold(ENGINE, stored) == live


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_state_survives_a_json_round_trip(seed: int) -> None:
    events, _ = play_random_game(seed, steps=150)
    state = None
    for e in events:
        state = ENGINE.evolve(state, e)
        assert ENGINE.load_state(json.loads(json.dumps(ENGINE.dump_state(state)))) == state


def test_the_same_seed_and_commands_give_the_same_events() -> None:
    assert play_random_game(7)[0] == play_random_game(7)[0]
    assert play_random_game(7)[0] != play_random_game(8)[0]


def test_random_commands_are_always_legal_until_the_game_ends() -> None:
    for seed in range(3):
        _, state = play_random_game(seed, players=2, steps=20000)
        assert state.finished


@pytest.mark.parametrize(
    "text",
    [
        "roll",
        "stop",
        "roll without avari",
        "bust",
        "lock wild",
        "commit shield",
        "choose namari",
        "keep 1",
        "stack top",
        "return none",
        "use salatar",
        "save wild",
        "reroll shield with vila-noir",
        "treat wild as extra with ft-1000",
    ],
)
def test_illegal_commands_raise_and_leave_the_state_unchanged(text: str) -> None:
    _, state = play_random_game(5, steps=60)
    before = ENGINE.dump_state(state)
    for seat in range(state.seats):
        try:
            ENGINE.decide(state, seat, ENGINE.parse(text), Rng(b"x", 1, 1))
        except IllegalCommand as refused:
            assert refused.reason
    assert ENGINE.dump_state(state) == before


def test_random_text_cannot_be_parsed() -> None:
    for text in ["", "hello", "lock 99 wild", "commit", "keep", "return x", "stack", "choose", "use"]:
        with pytest.raises(CannotParse):
            ENGINE.parse(text)
