"""The solo game and the 2-player variant, rule by rule (001 GAMEPLAY > SINGLE PLAYER, TWO PLAYERS)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from moonrakers_scenario import Table, fresh, position

from games.engine.core import Rng
from games.engine.messages import Message, render
from games.engine.moonrakers import ENGINE
from games.engine.moonrakers.cards import CONTRACTS, CREW
from games.engine.moonrakers.state import BUYING
from games.engine.moonrakers.turnflow import solo_rank
from games.engine.moonrakers.view import log_message

MISSES = ["miss"] * 20


def test_solo_mercenary_deck_is_the_printed_one() -> None:
    """001: "Create this deck from: 2 Damage I cards, 1 Damage II cards, 3 Reactors, 3 Shields, 3 Thrusters,
    3 random Crew cards"; "deal 5 random cards from the Mercenary Deck in a row"."""
    for players in (1, 2):
        state, _ = fresh(players)
        merc = Counter(c for c in (*state.merc_row, *state.merc_deck) if c)
        basics = Counter({c: n for c, n in merc.items() if c not in CREW})
        assert basics == Counter({"damage-1": 2, "damage-2": 1, "reactor": 3, "shield": 3, "thruster": 3})
        assert sum(n for c, n in merc.items() if c in CREW) == 3 and len(state.merc_row) == 5
    state, _ = fresh(3)
    assert state.merc_row == () and state.merc_deck == ()


def test_solo_has_no_ten_prestige_win_and_counts_rounds() -> None:
    """001: "The player is trying to score as many points as possible in 10 rounds"; "After each Buying
    Phase, move the second Ship Token up 1 space. After the 10th round ends, the game is immediately
    over." Players "can obtain more than 10 Prestige"."""
    t = Table(replace(position(1, prestige={0: 12}), phase=BUYING))
    assert t.state.round == 1
    for rnd in range(2, 11):
        t(0, "done")
        assert not t.state.finished and t.state.round == rnd and t.state.leader == 0
        t(0, "base")
        t(0, f"keep {t.p(0).choosing[0]}")
    last = t(0, "done")
    assert t.state.finished and t.state.end_reason == "solo_rounds"
    # "Each Prestige point is worth 10 points": the log gives the score and its rank, and no winner.
    ended = next(e for e in last if e.type == "game_ended")
    line = log_message(ended, True)
    score = ended.payload["solo_score"]
    assert score >= 120
    rank = render(Message(f"moonrakers.rank.{solo_rank(score)}"), "en")
    assert render(line, "en") == f"The game is over: {score} points, rank {rank}."
    assert "Vainqueur" not in render(line, "fr") and f"{score} points, rang" in render(line, "fr")


@pytest.mark.parametrize(
    ("score", "rank"),
    [
        (0, "beginner"),
        (99, "beginner"),
        (100, "novice"),
        (149, "novice"),
        (150, "advanced"),
        (199, "advanced"),
        (200, "mastery"),
        (250, "mastery"),
        (251, "chosen-one"),
    ],
)
def test_solo_rank_table(score: int, rank: str) -> None:
    """001 Scoring: "<100 Beginner, 100-150 Novice, 150-200 Advanced, 200-250 Mastery, >250 Chosen one"
    (A35: the lower bound of each range belongs to it)."""
    assert solo_rank(score) == rank


def test_solo_option_removes_the_four_dice_contracts() -> None:
    """001: "Players may choose to remove 4 Hazard Dice Contracts from the deck." (solo only)"""
    state, _ = fresh(1, {"solo_remove_4_dice": True})
    contracts = [c for c in (*state.contract_row, *state.contract_deck) if c]
    assert len(contracts) == 36 and all(CONTRACTS[c].dice < 4 for c in contracts)
    state, _ = fresh(3, {"solo_remove_4_dice": True})
    assert len([c for c in (*state.contract_row, *state.contract_deck) if c]) == 40


def test_solo_player_rolls_every_die() -> None:
    """001 Glossary I Hazard: "If a player solos a Contract, they must roll them all." (A34)"""
    t = Table(position(1, row=["escape-pods"]))
    t(0, "contract 1", dice=[1, 2])
    assert t.part(0).dice == (1, 2) and t.part(0).targeting == 2


def test_mercenary_crew_costs_prestige_from_the_contract_only() -> None:
    """001: "Each Crew costs 1 Prestige to use"; "Players may not use Credits from their supply or Prestige
    they have already won to hire Mercenary Cards" (Kill Slavers gives no Prestige)."""
    state = position(1, prestige={0: 5}, credits={0: 9}, hands={0: ["miss"]}, row=["kill-slavers"])
    t = Table(replace(state, merc_row=("moro-mada", "reactor", "thruster", "damage-1", "shield")))
    t(0, "contract 1")
    assert t.refused(0, "merc 1 reduce damage").reason.key == "moonrakers.refused.mercenary_too_dear"
    t(0, "merc 3")  # 1 Credit out of the Contract's 4
    t(0, "merc 4")  # 2 more: 3 of 4
    assert t.refused(0, "merc 2").reason.key == "moonrakers.refused.mercenary_too_dear"  # 3 more: 1 left
    t(0, "done")
    assert t.p(0).credits == 9 + 4 - 3 and t.p(0).prestige == 5


def test_a_mercenary_card_takes_only_the_options_it_reads() -> None:
    """A Mercenary Crew's ability acts "as if they had played it themselves" (A60): its options are
    those of the card, and an option it does not read is refused, as for a card from the hand (the
    player would believe Ada Massa lowered the Damage). Nor is a Mercenary card the player's own
    Damage 1 to convert. A refusal changes nothing."""
    state = position(1, hands={0: ["miss"]}, row=["claim-bounty"])
    t = Table(replace(state, merc_row=("ada-massa", "damage-1", "meg-gallak", "thruster", "shield")))
    t(0, "contract 1")
    before = t.state
    assert t.refused(0, "merc 1 reduce damage").reason.key == "moonrakers.refused.option_not_for_card"
    assert t.refused(0, "merc 2 trash miss").reason.key == "moonrakers.refused.option_not_for_card"
    refused = t.refused(0, "merc 2 with the-quantum-driver")
    assert refused.reason.key == "moonrakers.refused.cannot_convert"
    assert t.state == before
    t(0, "merc 1")  # Ada Massa as she is: Reactor -1
    assert t.state.attempt is not None and t.state.attempt.merc_used == (0,)


@pytest.mark.parametrize("merc", [False, True])
def test_solo_alone_means_without_the_mercenary_deck(merc: bool) -> None:
    """001: "if any Objective says to complete a Contract alone, players may not use the Mercenary Deck
    on that Contract if you want to accomplish the Objective." (Santa Maria: an Explore alone)"""
    state = position(
        1, hands={0: ["reactor", "damage-1"]}, objectives={0: ["santa-maria"]}, row=["space-anomaly"]
    )
    t = Table(replace(state, merc_row=("damage-1", "reactor", "thruster", "damage-2", "shield")))
    t(0, "contract 1")
    if merc:
        t(0, "merc 1")
        t(0, "play reactor")
    else:
        t(0, "play reactor")
        t(0, "play damage-1")
    t(0, "done")
    assert t.state.phase == BUYING and t.p(0).credits == 2 + 3 - (1 if merc else 0)
    t(0, "done")
    assert ("santa-maria" in t.p(0).scored) is not merc


def test_mercenary_crew_rotates_even_when_the_crew_deck_is_empty() -> None:
    """001: "return it to the bottom of the Crew deck on the Armory Board. Then place the top Crew card of
    the Crew deck in the discard pile of the Mercenary deck": with the Crew deck empty, the card returned
    is the top card, so it comes straight back to the Mercenary discard pile."""
    state = position(1)
    cards = [c for c in (*state.merc_row, *state.merc_deck) if c]
    crew = next(c for c in cards if c in CREW)
    basics = [c for c in cards if c not in CREW]
    others = [c for c in cards if c in CREW and c != crew]
    row = (crew, *basics[:4])
    rest = (*basics[4:], *others)
    hired = state.crew_deck
    state = replace(
        state, merc_row=row, merc_deck=rest[:3], merc_discard=rest[3:], crew_deck=(), phase=BUYING
    )
    # the Crew deck was hired out
    state = state.with_player(0, discard=state.players[0].discard + hired)
    t = Table(state)
    t(0, "done")
    merc = Counter(c for c in (*t.state.merc_row, *t.state.merc_deck, *t.state.merc_discard) if c)
    assert merc[crew] == 1 and sum(merc.values()) == 15 and t.state.crew_deck == ()


def test_two_players_mercenary_row_stays_out_for_both_turns_then_is_replaced() -> None:
    """001 TWO PLAYERS 2): "The same Mercenary Deck cards stay out until both players have had their turn.
    ... After the second player has had their turn, discard the 5 next to the pile and deal 5 more."""
    state = replace(position(2), phase=BUYING)
    row, top = state.merc_row, state.merc_deck[:5]
    t = Table(state)
    t(0, "done")
    assert t.state.merc_row == row and t.state.leader == 1
    t(1, "base")
    t(1, f"keep {t.p(1).choosing[0]}")
    t(1, "done")
    assert t.state.merc_row == top
    assert Counter(t.state.merc_discard) == Counter(c for c in row if c not in CREW) + Counter(
        c for c in t.state.merc_discard if c in CREW
    )


def test_two_players_only_the_leaders_share_pays_the_mercenaries() -> None:
    """001 TWO PLAYERS 1): "Payment for using the Mercenary Deck comes out of what the Mission Leader
    negotiated for. The Ally cannot use the Mercenary Deck or contribute to the payment for using it."""
    state = position(2, hands={0: ["miss"], 1: ["miss"]}, draws={0: MISSES, 1: MISSES}, row=["fuel-shortage"])
    t = Table(replace(state, merc_row=("damage-1", "reactor", "thruster", "damage-2", "shield")))
    t(0, "contract 1")
    t(0, "offer p2 3c")  # the Ally takes every Credit
    t(1, "accept")
    t(0, "launch", dice=[0])
    assert t.refused(0, "merc 3").reason.key == "moonrakers.refused.mercenary_too_dear"
    assert t.refused(1, "merc 3").reason.key == "moonrakers.refused.no_mercenaries"


@pytest.mark.parametrize("ally", [True, False])
def test_two_players_utopia_is_the_other_player_as_ally(ally: bool) -> None:
    """Utopia: "As mission leader, complete a contract in which every other player took part" (A40)."""
    hand = ["reactor", "reactor", "damage-1", "damage-1"]
    state = position(
        2,
        hands={0: hand, 1: ["miss"]},
        draws={0: MISSES, 1: MISSES},
        objectives={0: ["utopia"]},
        row=["claim-bounty"],
    )
    t = Table(state)
    t(0, "contract 1")
    if ally:
        t(0, "offer p2 nothing")
        t(1, "accept")
    t(0, "launch", dice=[0])
    assert t.state.attempt is not None
    t.state = replace(t.state, attempt=t.state.attempt.replace_part(0, actions=4))
    for card in hand:
        t(0, f"play {card}")
    for seat in (0, 1) if ally else (0,):
        t(seat, "done")
    t(0, "done")
    assert ("utopia" in t.p(0).scored) is ally


def test_the_first_player_is_rolled_in_two_player_games_too() -> None:
    """001 MISSION LEADER: "all players roll all 4 Hazard Dice. The player that rolls the least Hazard
    goes first." (The solo player is always the Mission Leader.)"""
    for seed in range(10):
        events = ENGINE.setup(2, {}, Rng(bytes([seed]) * 8, 1, 1))
        rolled = next(e for e in events if e.type == "first_player_rolled")
        last = rolled.payload["rolls"][-1]
        sums = {s: sum(f) for s, f in enumerate(last) if f}
        assert (
            sums[rolled.payload["first"]] == min(sums.values())
            and list(sums.values()).count(min(sums.values())) == 1
        )
