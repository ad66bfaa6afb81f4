"""The rulebook's examples and rules as scenarios (spec §6, T-01 ... T-46), each quoting its sentence."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from moonrakers_scenario import Table, fresh, position

from games.engine.core import Rng
from games.engine.moonrakers import ENGINE
from games.engine.moonrakers.cards import CONTRACTS
from games.engine.moonrakers.setup import first_player
from games.engine.moonrakers.state import BUYING, EXECUTION, PLANNING

FILLER = ("miss",) * 10


def test_t01_ready_to_play() -> None:
    """001 READY TO PLAY: "A shuffled Action Deck of 10 cards (five face down in a draw pile, five drawn
    into their Active Hand)", "2 Credits and 2 Objective cards"; 8 Contracts, 6 parts, 3 Crew."""
    state, _ = fresh(4)
    for p in state.players:
        assert Counter(p.hand + p.draw) == Counter(
            {"damage-1": 2, "reactor": 3, "shield": 2, "thruster": 2, "miss": 1}
        )
        assert len(p.hand) == 5 and len(p.draw) == 5
        assert p.credits == 2 and len(p.objectives) == 2 and p.prestige == 0
    assert len(state.contract_row) == 8 and len(state.part_row) == 6 and len(state.crew_row) == 3
    assert state.phase == PLANNING


def test_t02_no_3_or_4_dice_contracts_in_the_first_row() -> None:
    """001 DISPATCH NOTE: "During setup, remove Contracts with 3 or 4 Hazard Dice and shuffle them back"."""
    for i in range(20):
        state, _ = fresh(3, seed=bytes([i]) * 8)
        assert all(CONTRACTS[c].dice <= 2 for c in state.contract_row if c)
        assert len(state.contract_deck) == 32
        assert sum(1 for c in state.contract_deck if CONTRACTS[c].dice >= 3) == 11


def test_t03_least_hazard_goes_first_and_only_ties_reroll() -> None:
    """001 MISSION LEADER: "The player that rolls the least Hazard goes first. In the event of a tie, roll
    again."""
    for i in range(30):
        rolled = first_player(4, Rng(bytes([i + 1]) * 8, 1, 1))
        lowest = [s for s, faces in enumerate(rolled.rolls[-1]) if faces]
        assert rolled.first in lowest
        for before, after in zip(rolled.rolls, rolled.rolls[1:], strict=False):
            low = min(sum(f) for f in before if f)
            assert {s for s, f in enumerate(after) if f} == {
                s for s, f in enumerate(before) if f and sum(f) == low
            }


def test_t04_keep_two_objectives_third_to_the_bottom() -> None:
    """001 setup step 3: "Players each secretly choose 2 and discard the 3rd to the bottom of the Objective
    deck."""
    events = ENGINE.setup(3, {}, Rng(b"t04", 1, 1))
    state = None
    for e in events:
        state = ENGINE.evolve(state, e)
    assert state is not None
    dealt = state.players[1].choosing
    t = Table(state)
    t(1, f"keep {dealt[2]} {dealt[0]}")
    assert t.p(1).objectives == (dealt[2], dealt[0])
    assert t.state.objective_deck[-1] == dealt[1]
    assert {p.seat for p in ENGINE.pending(t.state)} == {0, 2}


def claim_bounty_example() -> Table:
    state = position(
        3,
        hands={0: ["thruster", "reactor", "miss", "damage-1", "shield"]},
        draws={0: ["reactor", "damage-3", *FILLER]},
        row=["claim-bounty"],
        credits={0: 2},
    )
    t = Table(state)
    t(0, "contract claim-bounty solo", dice=[1])
    return t


def test_t05_the_worked_example_claim_bounty() -> None:
    """001 GAMEPLAY > EXAMPLE [1]-[8]: "The Mission Leader is soloing the contract "Claim Bounty". It
    requires 2 Damage and 2 Reactors, with 1 Hazard Dice." """
    t = claim_bounty_example()
    assert CONTRACTS["claim-bounty"].requirements == (("reactor", 2), ("damage", 2))
    assert t.part(0).dice == (1,)  # [2] "They roll a single Hazard icon"
    t(0, "play reactor")  # [4] "uses their starting Action, but adds 2 additional Actions"
    assert t.part(0).actions == 2
    t(0, "play thruster")  # [5] "They draw the top 2 cards of their draw pile: a Reactor and a Damage III."
    assert t.part(0).actions == 1
    assert t.p(0).hand.count("reactor") == 1 and "damage-3" in t.p(0).hand
    t(0, "play reactor")  # [6]
    assert t.part(0).actions == 2
    t(0, "play damage-3")  # [7] "fulfilling the Contract's 2 Damage requirement"
    assert t.part(0).actions == 1
    t(0, "play shield")  # [8] "blocking the Hazard rolled in Step 2"
    assert t.part(0).actions == 0 and t.part(0).blocked == 1
    t.refused(0, "play miss")
    t(0, "done")
    assert t.p(0).prestige == 1 and t.p(0).credits == 5
    assert "claim-bounty" in t.state.contract_discard and "claim-bounty" not in t.state.contract_row
    assert Counter(t.p(0).discard) >= Counter(
        ["miss", "damage-1", "reactor", "reactor", "thruster", "shield"]
    )
    assert t.state.phase == BUYING


def test_t06_unblocked_hazard_cancels_the_reward() -> None:
    """001 example [2]: "they'll be losing a Prestige point at the end of the Contract if they are unable
    to play a Shield"."""
    t = claim_bounty_example()
    for card in ("reactor", "thruster", "reactor", "damage-3"):
        t(0, f"play {card}")
    t(0, "done")
    assert t.p(0).prestige == 0


def test_t07_no_play_without_an_action() -> None:
    """001: "Players may not: Play additional Action Cards after they've run out of Actions"."""
    t = Table(position(3, hands={0: ["shield", "reactor"]}, row=["claim-bounty"]))
    t(0, "contract 1 solo")
    t(0, "play shield")
    refused = t.refused(0, "play reactor")
    assert refused.reason.key == "moonrakers.refused.no_action_left"


def test_t09_draw_reshuffles_the_discard_pile_only() -> None:
    """001 Glossary II Draw: "shuffle their discard pile (not including cards in the Play Area or Active
    Hand)"."""
    t = Table(
        position(
            3,
            hands={0: ["reactor", "thruster"]},
            draws={0: ["reactor"]},
            discards={0: ["shield", "miss", "damage-1"]},
            row=["claim-bounty"],
        )
    )
    t(0, "contract 1 solo")
    t(0, "play reactor")
    t(0, "play thruster")
    p = t.p(0)
    assert "deck_reshuffled" in t.types()
    assert p.hand[0] == "reactor" and len(p.hand) == 2
    assert p.play == ("reactor", "thruster") and len(p.draw) == 2 and p.discard == ()


def test_t10_escape_pods_minus_three() -> None:
    """001 CONTRACT.IMG: "the dice below amount to -3 Prestige" (dice 2 and 1, no Shield)."""
    t = Table(position(3, hands={0: ["miss"]}, prestige={0: 5}, row=["escape-pods"]))
    t(0, "contract 1 solo", dice=[2, 1])
    t(0, "done")
    assert t.p(0).prestige == 2


def test_t11_ancient_ruins_rewards() -> None:
    """001 CONTRACT_2.IMG: "Ancient Ruins provides 2 Prestige upon successfully completing the Contract."""
    hand = ["reactor"] * 4 + ["thruster"] * 4
    t = Table(
        position(3, hands={0: hand}, draws={0: list(FILLER) * 2}, row=["ancient-ruins"], credits={0: 0})
    )
    t(0, "contract 1 solo", dice=[0, 0])
    for card in ["reactor"] * 4 + ["thruster"] * 4:
        t(0, f"play {card}")
    t(0, "done")
    assert t.p(0).prestige == 2 and t.p(0).credits == 7


@pytest.mark.parametrize(("crew", "success"), [(True, True), (False, False)])
def test_t12_escort_duty_needs_its_crew(crew: bool, success: bool) -> None:
    """001 CONTRACT.IMG: "Players need to play 3 Thrusters and 1 Crew to complete the Contract." (Escort
    Duty: 3T 1C)"""
    hand = ["reactor"] * 3 + ["thruster"] * 3 + (["nella-van-daval"] if crew else [])
    t = Table(position(3, hands={0: hand}, draws={0: list(FILLER) * 2}, row=["escort-duty"]))
    t(0, "contract 1 solo", dice=[0])
    for card in hand:
        t(0, f"play {card}")
    t(0, "done")
    assert (t.p(0).prestige == 1) is success


def test_t16_buying_a_part_adds_its_cards() -> None:
    """001 BUYING NOTE: "the Predator mk1 adds 1 Miss card, and 1 Damage II card"."""
    state = position(3, credits={0: 3})
    from dataclasses import replace

    state = replace(state, part_row=("predator-mk1", *state.part_row[1:]), phase=BUYING)
    t = Table(state)
    t(0, "buy predator-mk1")
    assert t.p(0).credits == 0 and t.p(0).parts == ("predator-mk1",)
    assert Counter(t.p(0).discard) == Counter(["miss", "damage-2"])
    assert t.state.part_row[0] != "predator-mk1"


def test_t17_fifth_part_replaces_one_its_cards_stay() -> None:
    """001 Removing Ship Parts: "The Action Cards provided by the removed Ship Part remain"."""
    from dataclasses import replace

    state = position(
        3,
        credits={0: 6},
        parts={0: ["titan-3000", "sapphire-mk2", "barrier-a3", "twin-jets-e4"]},
        discards={0: ["shield"]},
    )
    state = replace(state, part_row=("flash", *state.part_row[1:]), phase=BUYING)
    t = Table(state)
    t.refused(0, "buy flash")
    t(0, "buy flash replace titan-3000")
    assert "titan-3000" not in t.p(0).parts and "titan-3000" in t.state.removed and "flash" in t.p(0).parts
    assert "shield" in t.p(0).discard
    from games.engine.moonrakers.objectives import met

    assert met(t.state, 0, "tinker")


def test_t18_meg_gallak() -> None:
    """001 CREW_MEMBER.IMG: "'Meg Gallak' costs 3 Credits ... must trash an Action card from their hand ...
    subtracts 2 from any 1 requirement on the current Contract and gains an Action."""
    from games.engine.moonrakers.cards import CREW

    assert CREW["meg-gallak"].cost == 3
    t = Table(position(3, hands={0: ["meg-gallak", "miss", "shield"]}, row=["escape-pods"]))
    supply = t.state.supply_of("miss")
    t(0, "contract 1 solo", dice=[0, 0])
    t(0, "play meg-gallak trash miss reduce damage")
    assert t.part(0).actions == 1
    assert "miss" not in t.p(0).deck_cards() and t.state.supply_of("miss") == supply + 1
    from games.engine.moonrakers.state import requirement_totals

    needed, got = requirement_totals(t.state)
    assert needed["damage"] == 1 and got["crew"] == 1


def test_t19_flash_hand_of_six() -> None:
    """001 Glossary II Hand Limit: "That player always begins with 6 cards on every Contract as the Mission
    Leader or as an Ally"."""
    state = position(
        3,
        hands={0: ["miss"], 1: ["miss"]},
        draws={0: list(FILLER), 1: list(FILLER)},
        parts={1: ["flash"], 0: ["flash"]},
        row=["claim-bounty"],
    )
    t = Table(state)
    t(0, "contract 1")
    t(0, "offer p2 1c")
    t(1, "accept")
    t(0, "launch", dice=[0])
    t(0, "done")
    t(1, "done")
    assert len(t.p(1).hand) == 6
    t(0, "done")
    assert len(t.p(0).hand) == 6


def test_t20_stay_at_base() -> None:
    """001 Stay At Base: "1) Draw two new Objective cards. Keep one, and discard the other to the bottom of
    the Objective deck. 2) Collect 1 Credit for protecting the base. 3) Skip the Execution Phase ... 4) If
    desired, replace an available Contract ... 5) Discard the active hand of Action Cards and draw 5
    more." """
    t = Table(position(3, hands={0: ["miss", "miss"]}, draws={0: list(FILLER)}, credits={0: 3}))
    slot2 = t.state.contract_row[1]
    t(0, "base")
    drawn = t.p(0).choosing
    assert len(drawn) == 2 and t.p(0).credits == 4
    t(0, f"keep {drawn[0]} replace 2")
    assert drawn[0] in t.p(0).objectives and t.state.objective_deck[-1] == drawn[1]
    assert t.state.contract_deck[-1] == slot2 and t.state.contract_row[1] != slot2
    assert len(t.p(0).hand) == 5 and t.p(0).discard == ("miss", "miss")
    assert t.state.phase == BUYING
    t(0, "done")
    assert len(t.p(0).hand) == 5  # A9: no second draw


def test_flash_bought_while_staying_at_base_makes_the_new_hand_six() -> None:
    """001 Glossary II Hand Limit: Flash's owner "always begins with 6 cards on every Contract". Staying
    at Base draws the new hand of 5 before the Buying Phase (A9); a Flash bought then tops it up to 6
    at the end of the turn, from the same draw pile (the card bought is in the discard pile, not drawn).
    Without Flash the hand stays at 5: no second draw."""
    state = position(3, hands={0: ["miss"]}, draws={0: list(FILLER)}, credits={0: 9})
    t = Table(replace(state, part_row=("flash", *state.part_row[1:])))
    t(0, "base")
    t(0, f"keep {t.p(0).choosing[0]}")
    assert len(t.p(0).hand) == 5 and t.state.phase == BUYING
    draw_pile = t.p(0).draw
    t(0, "buy flash")
    t(0, "done")
    assert len(t.p(0).hand) == 6 and t.p(0).hand[-1] == draw_pile[0]
    assert "flash" not in t.p(0).hand and t.p(0).parts == ("flash",)


def test_t21_paid_swap_once_per_turn() -> None:
    """001 PLANNING NOTE: "pay 1 Credit to return an available Contract to the bottom ... only be done once
    per turn"."""
    t = Table(position(3, credits={0: 2}))
    old = t.state.contract_row[3]
    t(0, "swap 4")
    assert t.p(0).credits == 1 and t.state.contract_deck[-1] == old
    assert t.refused(0, "swap 5").reason.key == "moonrakers.refused.swap_used"
    t2 = Table(position(3, credits={0: 0}))
    assert t2.refused(0, "swap 1").reason.key == "moonrakers.refused.no_credit"


def test_t22_third_contract_only_solo() -> None:
    """001: "they can only negotiate for help on up to two Contracts per turn. They must solo a Contract for
    their third selection or choose to Stay at Base."""
    t = Table(position(3))
    t(0, "contract 1")
    t(0, "offer p2 1c")
    t(1, "decline")
    t(0, "contract 2")
    t(0, "offer p2 1c")
    t(1, "decline")
    t(0, "contract 3")
    assert t.refused(0, "offer p2 1c").reason.key == "moonrakers.refused.solo_only"
    t(0, "solo", dice=[0, 0, 0, 0])
    assert t.state.phase == EXECUTION
    assert t.refused(0, "contract 4").reason.key == "moonrakers.refused.not_planning"


def test_t23_no_negotiation_after_the_roll() -> None:
    """001: "All negotiations are locked and no additional Allies may join a Contract after the Hazard Dice
    have been rolled."""
    t = Table(position(3, row=["claim-bounty"]))
    t(0, "contract 1")
    t(0, "launch")
    for seat, text in ((0, "offer p2 1c"), (1, "propose 1c"), (1, "accept"), (1, "leave")):
        t.refused(seat, text)


def test_t24_dice_follow_the_deal() -> None:
    """001: "Players each take the number of dice they negotiated for. If there are no Allies, the Mission
    Leader rolls all the dice listed on the Contract."""
    t = Table(position(3, row=["escape-pods"]))
    t(0, "contract 1")
    t(0, "offer p2 2d 2c")
    t(1, "accept")
    t(0, "launch", dice=[1, 2])
    assert t.part(0).targeting == 0 and t.part(1).targeting == 2
    t2 = Table(position(3, row=["escape-pods"]))
    t2(0, "contract 1 solo")
    assert t2.part(0).targeting == 2


def deal_on_abandoned_vessel(success: bool) -> Table:
    hand0 = ["reactor", "reactor", "reactor", "damage-3", "miss"] if success else ["miss"]
    state = position(
        3,
        hands={0: hand0, 1: ["miss"]},
        draws={0: list(FILLER), 1: list(FILLER)},
        row=["abandoned-vessel"],
        credits={0: 0, 1: 0},
    )
    t = Table(state)
    t(0, "contract 1")
    t(0, "offer p2 1p 1c bonus")
    t(1, "accept")
    t(0, "launch", dice=[0, 0])
    if success:
        for card in ("reactor", "reactor", "reactor", "damage-3"):
            t(0, f"play {card}")
    t(0, "done")
    t(1, "done")
    return t


def test_t25_rewards_per_the_deal() -> None:
    """001 Completing a Contract: "players collect the rewards ... per the previously negotiated terms."""
    t = deal_on_abandoned_vessel(True)
    assert t.p(1).prestige == 1 and t.p(1).credits == 1
    assert t.p(0).prestige == 0 and t.p(0).credits == 3
    assert [p.seat for p in ENGINE.pending(t.state)] == [1]
    assert ENGINE.pending(t.state)[0].kind == "bonus_deck"


def test_t26_failure_pays_nothing_allies_redraw() -> None:
    """001 Contract Failure: "players receive none of the rewards"; "All Allies draw 5 cards"."""
    t = deal_on_abandoned_vessel(False)
    assert t.p(1).credits == 0 and t.p(0).credits == 0
    assert len(t.p(1).hand) == 5 and t.state.phase == BUYING
    assert "abandoned-vessel" in t.state.contract_discard


def test_t27_shields_only_for_oneself() -> None:
    """001: "Players may not block Hazards for their Allies." """
    state = position(
        3, hands={0: ["miss"], 1: ["reactor", "shield", "shield"]}, prestige={0: 3}, row=["escape-pods"]
    )
    t = Table(state)
    t(0, "contract 1")
    t(0, "offer p2 1c")
    t(1, "accept")
    t(0, "launch", dice=[1, 1])
    t(1, "play reactor")
    t(1, "play shield")
    t(1, "play shield")
    t(0, "done")
    t(1, "done")
    assert t.p(0).prestige == 1


def test_t28_never_below_zero() -> None:
    """001: "Players cannot drop below zero Prestige." """
    t = Table(position(3, hands={0: ["miss"]}, prestige={0: 1}, row=["escape-pods"]))
    t(0, "contract 1 solo", dice=[2, 1])
    t(0, "done")
    assert t.p(0).prestige == 0


def test_t29_non_participants_keep_their_hand() -> None:
    """001 "Regardless of Success": Allies draw 5; the ML after buying; others keep their hands."""
    t = deal_on_abandoned_vessel(False)
    before = t.p(2).hand
    t(0, "done")
    assert t.p(2).hand == before


def test_t30_allies_do_not_buy() -> None:
    """001 BUYING NOTE: "Allies do not receive a Buying Phase." """
    t = deal_on_abandoned_vessel(False)
    card = next(c for c in t.state.crew_row if c)
    assert t.refused(1, f"buy {card}").reason.key == "moonrakers.refused.allies_do_not_buy"


def test_t31_ten_prestige_only_at_the_end_of_the_turn() -> None:
    """001 Ending the Game: "The first player to have 10 Prestige at the end of any player's turn wins the
    game."""
    t = Table(position(3, hands={0: ["miss"]}, prestige={0: 10}, row=["escape-pods"]))
    t(0, "contract 1 solo", dice=[1, 0])
    t(0, "done")
    t(0, "done")
    assert not t.state.finished and t.p(0).prestige == 9
    t2 = Table(position(3, prestige={0: 10}))
    t2(0, "base")
    t2(0, f"keep {t2.p(0).choosing[0]}")
    t2(0, "done")
    assert t2.state.finished and t2.state.winners == (0,)


def test_t32_net_worth_tie_break() -> None:
    """001 Tiebreaker: "the tie is broken by the player with the highest net worth" (A12: any Prestige >=
    10)."""
    t = Table(position(3, prestige={0: 10, 2: 11}, credits={0: 14, 2: 12}))
    t(0, "base")
    t(0, f"keep {t.p(0).choosing[0]}")
    t(0, "done")
    assert t.state.winners == (0,)


def test_t37_bonus_card_keep_or_refuse() -> None:
    """001 Glossary I Bonus Cards: "draws the top card of the Crew or Ship Part decks. They may discard it
    if unwanted."""
    t = deal_on_abandoned_vessel(True)
    top = t.state.crew_deck[0]
    t(1, "bonus crew")
    t(1, "keep")
    assert top in t.p(1).discard and t.state.phase == BUYING
    t2 = deal_on_abandoned_vessel(True)
    top = t2.state.crew_deck[0]
    t2(1, "bonus crew")
    t2(1, "refuse")
    assert t2.state.crew_deck[-1] == top


def test_t45_reduce_only_printed_requirements() -> None:
    """001 Glossary II: "Reduce 1 of a Contract's requirements" (A24: a type printed on the Contract)."""
    t = Table(position(3, hands={0: ["moro-mada"]}, row=["claim-bounty"]))
    t(0, "contract 1 solo", dice=[0])
    assert t.refused(0, "play moro-mada reduce crew").reason.key == "moonrakers.refused.not_a_requirement"
    t(0, "play moro-mada reduce damage")


def test_t46_jump_jets_of_an_ally() -> None:
    """001 Glossary I Allies: "anyone on a Contract who is not the Ship Part's owner"."""
    state = position(
        3,
        hands={0: ["miss"], 1: ["miss"]},
        draws={0: list(FILLER), 1: list(FILLER)},
        parts={1: ["jump-jets-e2"]},
        row=["claim-bounty"],
    )
    t = Table(state)
    t(0, "contract 1")
    t(0, "offer p2 nothing")
    t(1, "accept")
    t(0, "launch", dice=[0])
    assert len(t.p(0).hand) == 2 and len(t.p(1).hand) == 1


def test_t13_and_t14_objectives_after_hazard() -> None:
    """001 SCORING PRESTIGE: "if a player drops to 0 Prestige from Hazard ... will still gain 1 Prestige
    from the Objective"."""
    state = position(
        3,
        hands={0: ["miss"], 1: ["reactor", "damage-3", "damage-2"]},
        prestige={1: 1},
        objectives={1: ["barrage"]},
        row=["elite-squadron"],
    )
    t = Table(state)
    t(0, "contract 1")
    t(0, "offer p2 3d")
    t(1, "accept")
    t(0, "launch", dice=[2, 1, 0])
    t(1, "play reactor")
    t(1, "play damage-3")
    t(1, "play damage-2")
    t(1, "done")
    t(0, "done")
    assert t.p(1).prestige == 0
    t(0, "done")
    assert t.p(1).prestige == 1 and "barrage" in t.p(1).scored


def test_t15_forgotten_objective_must_be_met_again() -> None:
    """001 NOTE: "If a player forgets to claim an Objective, they have to meet its conditions again to
    claim it."""
    from dataclasses import replace

    state = position(
        3,
        credits={0: 9},
        parts={0: ["barrier-a3", "escape-jets-e1"]},
        objectives={0: ["speed-demon"]},
        options={"auto_claim": False},
    )
    state = replace(state, part_row=("flash", "twin-jets-e4", *state.part_row[2:]), phase=BUYING)
    t = Table(state)
    t(0, "buy flash")
    t(0, "done")
    assert "speed-demon" in t.p(0).objectives
    for seat in (1, 2):
        t(seat, "base")
        t(seat, f"keep {t.p(seat).choosing[0]}")
        t(seat, "done")
    assert t.refused(0, "claim speed-demon").reason.key == "moonrakers.refused.objective_not_met"
    t(0, "base")
    t(0, f"keep {t.p(0).choosing[0]}")
    t(0, "buy twin-jets-e4")
    t(0, "claim speed-demon")
    t(0, "done")
    assert "speed-demon" in t.p(0).scored
