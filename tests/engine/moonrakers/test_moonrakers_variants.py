"""The solo game and the 2-player variant with the Mercenary Deck (001 SINGLE PLAYER, TWO PLAYERS)."""

from __future__ import annotations

from dataclasses import replace

from moonrakers_scenario import Table, fresh, position

from games.engine.moonrakers import ENGINE
from games.engine.moonrakers.cards import CREW
from games.engine.moonrakers.state import BUYING
from games.engine.moonrakers.turnflow import solo_rank, solo_score

MISSES = ["miss"] * 12


def test_solo_setup_mercenary_deck_and_round_counter() -> None:
    """001: "Create this deck from: 2 Damage I, 1 Damage II, 3 Reactors, 3 Shields, 3 Thrusters, 3 random
    Crew"."""
    state, _ = fresh(1)
    merc = [c for c in (*state.merc_row, *state.merc_deck) if c]
    assert len(state.merc_row) == 5 and len(merc) == 15 and sum(1 for c in merc if c in CREW) == 3
    assert state.round == 1 and state.leader == 0
    assert "saboteur" not in state.objective_deck + state.players[0].objectives  # ruling A40


def test_t33_mercenary_costs_come_out_of_the_rewards() -> None:
    """001: "each Action Deck card requires 1 Credit to use and an additional Credit for each card you've
    used that round"; "Each Crew costs 1 Prestige"; "Mercenary cards do not cost an Action to use"."""
    state = position(
        1,
        hands={0: ["reactor"] * 3 + ["thruster"] * 2},
        draws={0: MISSES},
        row=["ancient-ruins"],
        credits={0: 0},
    )
    state = replace(state, merc_row=("reactor", "thruster", "shield", "thruster", "moro-mada"))
    t = Table(state)
    t(0, "contract 1", dice=[1, 0])  # one Hazard icon, which no Mercenary Shield could block
    for card in ("reactor", "reactor", "reactor", "thruster", "thruster"):
        t(0, f"play {card}")
    hand = t.p(0).hand
    actions = t.part(0).actions
    t(0, "merc 1")
    t(0, "merc 2")
    assert t.p(0).hand == hand and t.part(0).actions == actions  # no draw, no Action spent
    t(0, "merc 4")
    t(0, "merc 5 reduce reactor")
    assert t.refused(0, "merc 3").reason.key == "moonrakers.refused.mercenary_too_dear"
    assert t.part(0).blocked == 0
    t(0, "guard")
    # 2 Prestige - 1 for the Crew = 1, then - 1 for the unblocked icon; 7 Credits - (1 + 2 + 3) = 1.
    assert t.p(0).prestige == 0 and t.p(0).credits == 1
    assert t.state.phase == BUYING


def test_t34_mercenary_crew_rotates_through_the_armory_crew_deck() -> None:
    """001: "Instead of discarding a Crew member card from the Mercenary deck, return it to the bottom of
    the Crew deck on the Armory Board. Then place the top Crew card ... in the discard pile of the
    Mercenary deck."""
    state = position(1)
    crew = next(
        c
        for c in (*state.merc_row, *state.merc_deck, *state.crew_deck)
        if c in CREW and c not in state.crew_row
    )
    deck = tuple(c for c in state.crew_deck if c != crew)
    state = replace(
        state,
        merc_row=("reactor", crew, "shield", "miss", "thruster"),
        crew_deck=deck,
        merc_deck=tuple(c for c in state.merc_deck if c != crew) + ("reactor",) * 0,
        phase=BUYING,
    )
    top = state.crew_deck[0]
    t = Table(state)
    t(0, "done")
    assert t.state.crew_deck[-1] == crew and top in t.state.merc_discard
    assert len(t.state.merc_row) == 5 and t.state.round == 2


def test_t35_solo_score_and_rank() -> None:
    """001 Scoring: "Each Prestige point is worth 10 points"; "Each Credit is worth 1 point. At the end of
    the game, add the total value of Ship Parts and Crew with any remaining unspent Credits": 143 is
    Novice."""
    state = position(
        1,
        prestige={0: 12},
        credits={0: 5},
        parts={0: ["titan-3000", "the-pursuer", "predator-mk1"]},  # 3 + 6 + 3... replaced below
        hands={0: ["b3-ar", "ada-massa"]},
        draws={0: []},
    )
    state = state.with_player(0, parts=("titan-3000", "mg2-quad-laser", "flash"), discard=())
    assert solo_score(state) == 120 + 5 + (3 + 4 + 6) + (2 + 3) == 143
    assert solo_rank(143) == "novice" and solo_rank(99) == "beginner" and solo_rank(250) == "mastery"
    assert solo_rank(251) == "chosen-one"


def test_solo_game_ends_after_round_ten() -> None:
    state = replace(position(1), round=10, turn=10, phase=BUYING)
    t = Table(state)
    t(0, "done")
    assert t.state.finished and t.state.end_reason == "solo_rounds"
    outcome = ENGINE.outcome(t.state)
    assert outcome is not None and outcome.details["rank"]["key"].startswith("moonrakers.rank.")


def test_solo_free_discard_of_ally_cards() -> None:
    """001: "Any Ship Part or Crew referencing Allies can be discarded for free." (ruling A33)"""
    state = replace(position(1), phase=BUYING)
    state = replace(state, part_row=("the-leech", *state.part_row[1:]))
    t = Table(state)
    credits = t.p(0).credits
    t(0, "scrap the-leech")
    assert t.state.part_deck[-1] == "the-leech" and t.p(0).credits == credits
    t3 = Table(replace(position(3), phase=BUYING))
    assert t3.refused(0, "scrap the-leech").reason.key in ("moonrakers.refused.scrap_solo_only",)
    # With the Ship Part deck empty, nothing would replace it: refused, the row stays whole.
    empty = Table(replace(state, part_deck=()))
    assert empty.refused(0, "scrap the-leech").reason.key == "moonrakers.refused.armory_deck_empty"
    assert empty.state.part_row[0] == "the-leech"


def test_t36_two_players_mercenaries_for_the_mission_leader_only() -> None:
    """001 TWO PLAYERS: "Only the Mission Leader can use the Mercenary Deck"; "The same Mercenary Deck cards
    stay out until both players have had their turn"."""
    state = position(
        2,
        hands={0: ["miss"], 1: ["miss"]},
        draws={0: MISSES, 1: MISSES},
        row=["claim-bounty", "fuel-shortage"],
    )
    state = replace(state, merc_row=("reactor", "reactor", "damage-2", "thruster", "shield"))
    t = Table(state)
    t(0, "contract 1")
    t(0, "offer p2 1c")
    t(1, "accept")
    t(0, "launch", dice=[0])
    assert t.refused(1, "merc 3").reason.key == "moonrakers.refused.no_mercenaries"
    t(0, "merc 3")  # 1 Credit out of the leader's 2
    assert t.refused(0, "merc 1").reason.key == "moonrakers.refused.mercenary_too_dear"  # 2 more: only 1 left
    t(0, "done")
    t(1, "done")
    t(0, "done")
    row = t.state.merc_row
    assert row == ("reactor", "reactor", "damage-2", "thruster", "shield")  # still out for player 2
    t(1, "contract 1 solo", dice=[0, 0])
    t(1, "merc 3")
    t(1, "done")
    t(1, "done")
    assert t.state.merc_row != row or t.state.merc_deck != state.merc_deck  # refreshed after both turns


def test_a_mercenary_crew_played_as_a_shield_blocks_like_the_players_own() -> None:
    """001: "The player does get to use the special ability of any Crew hired for the Contract as if
    they had played it themselves" — Tantin al Vale hired as a Shield blocks a Hazard icon, whereas a
    Mercenary Shield card (an Action Deck card, "they only apply to the Contract requirement") does not."""
    state = position(
        1,
        hands={0: ["reactor"] * 3 + ["thruster"] * 2},
        draws={0: MISSES},
        row=["ancient-ruins"],
        credits={0: 0},
    )
    state = replace(state, merc_row=("shield", "thruster", "reactor", "thruster", "tantin-al-vale"))
    t = Table(state)
    t(0, "contract 1", dice=[1, 0])
    t(0, "merc 1")
    assert t.part(0).blocked == 0  # the Mercenary Shield card only counts toward the requirement
    t(0, "merc 5 as shield")
    assert t.part(0).blocked == 1
