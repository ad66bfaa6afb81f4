"""Setting up: players, starting crew, the deck, the display by player count, Hazard pile, dice."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine.core import Rng, fold, get_engine
from games.engine.moonrollers import ENGINE
from games.engine.moonrollers.cards import CREW, FACTIONS, HAZARD_TOKEN_COUNTS, STARTING_CREW
from games.engine.moonrollers.state import GameState


def set_up(players: int, seed: int = 1, **options: bool) -> GameState:
    state: GameState = fold(ENGINE, ENGINE.setup(players, options, Rng(b"setup", seed, 0)))
    return state


def test_it_is_registered_as_moonrollers() -> None:
    assert get_engine("moonrollers") is ENGINE
    assert (ENGINE.MIN_PLAYERS, ENGINE.MAX_PLAYERS) == (2, 5)
    assert [o.name for o in ENGINE.OPTIONS] == ["longer_game"]


@pytest.mark.parametrize("players", [1, 6])
def test_it_refuses_player_counts_outside_2_to_5(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 5 players"):
        ENGINE.setup(players, {}, Rng(b"setup", 1, 0))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_player_gets_a_different_starting_crew_and_9_tokens_for_requirements(players: int) -> None:
    # "10 player tokens ... Each player places 1 token on the 0 space of the Prestige board."
    state = set_up(players)
    starters = [p.stacks[0][0] for p in state.players]
    assert len(set(starters)) == players
    assert set(starters) <= set(STARTING_CREW)
    assert all(len(p.stacks) == 1 for p in state.players)
    assert all(state.tokens_left(s) == 9 and state.players[s].prestige == 0 for s in range(players))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_unused_starting_crew_are_shuffled_into_the_deck(players: int) -> None:
    state = set_up(players)
    dealt = {p.stacks[0][0] for p in state.players}
    in_play = set(state.deck) | {c.crew for c in state.display}
    assert in_play == set(CREW) - dealt
    assert len(state.deck) + len(state.display) == 30 - players


@pytest.mark.parametrize(("players", "size"), [(2, 4), (3, 5)])
def test_small_games_show_a_display_with_no_duplicate_faction(players: int, size: int) -> None:
    for seed in range(30):
        state = set_up(players, seed)
        factions = [CREW[c.crew].faction for c in state.display]
        assert len(factions) == size and len(set(factions)) == size


@pytest.mark.parametrize("players", [4, 5])
def test_big_games_show_6_cards_with_every_faction(players: int) -> None:
    for seed in range(30):
        state = set_up(players, seed)
        assert len(state.display) == 6
        assert {CREW[c.crew].faction for c in state.display} == set(FACTIONS)


def test_the_hazard_pile_holds_45_shuffled_tokens_and_the_12_dice_are_the_supply() -> None:
    a, b = set_up(3, 1), set_up(3, 2)
    assert Counter(a.hazard_pile) == Counter(HAZARD_TOKEN_COUNTS)
    assert a.hazard_pile != b.hazard_pile
    assert a.supply == 12


def test_the_first_player_is_random() -> None:
    firsts = {set_up(4, seed).turn.seat for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = set_up(4, 7)
    assert state.turn.phase == "start" and state.first_player == state.turn.seat


def test_the_longer_game_deals_no_starting_crew() -> None:
    state = set_up(2, longer_game=True)
    assert all(p.stacks == () for p in state.players)
    assert len(state.deck) + len(state.display) == 30
    assert state.longer_game


def test_the_same_seed_sets_up_the_same_game() -> None:
    one = ENGINE.setup(4, {}, Rng(b"seed", "g", 0))
    two = ENGINE.setup(4, {}, Rng(b"seed", "g", 0))
    assert one == two
