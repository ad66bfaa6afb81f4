"""One scenario per Ship Part (spec §2.4), each failing if the part's effect were wrong."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from moonrakers_scenario import Table, position
from test_moonrakers_crew import MISSES, got, needed, solo

from games.engine.moonrakers.legal import legal
from games.engine.moonrakers.notation import format_command, parse
from games.engine.moonrakers.state import BUYING


def with_ally(contract: str, parts0: list[str], parts1: list[str], dice: list[int] | None = None) -> Table:
    state = position(
        3,
        hands={0: ["miss"], 1: ["miss"], 2: ["miss"]},
        draws={0: MISSES, 1: MISSES, 2: MISSES},
        parts={0: parts0, 1: parts1},
        row=[contract],
    )
    t = Table(state)
    t(0, "contract 1")
    t(0, "offer p2 nothing")
    t(1, "accept")
    t(0, "launch", dice=dice or [0, 0, 0, 0])
    return t


@pytest.mark.parametrize(
    ("part", "kind", "n"),
    [
        ("absorption-k2", "reactor", 1),
        ("barrier-a3", "shield", 1),
        ("escape-jets-e1", "thruster", 1),
        ("mg2-quad-laser", "damage-1", 2),
    ],
)
def test_start_draws_when_the_starting_hand_lacks_a_kind(part: str, kind: str, n: int) -> None:
    """Absorption K2, Barrier A3, Escape Jets E1: "At the start of a Contract, draw 1 Card if you have no
    Blue Reactors / Green Shields / Thrusters in your hand."; MG2 Quad Laser: "... draw 2 Cards if you
    have no Damage cards in your hand."
    Glossary II "If You Have No [card] In Your Hand": the starting hand at the start of the Contract."""
    t = solo("claim-bounty", ["miss"], parts=[part])
    assert len(t.p(0).hand) == 1 + n
    t2 = solo("claim-bounty", ["miss", kind], parts=[part])
    assert len(t2.p(0).hand) == 2


def test_absorption_and_projector_read_the_starting_hand() -> None:
    """T-42: both draw, the test is on the starting hand (Projector's draw does not cancel Absorption)."""
    t = solo(
        "claim-bounty", ["miss"], parts=["absorption-k2", "projector-s2"], draw=["reactor", *MISSES], dice=[1]
    )
    assert len(t.p(0).hand) == 3


def test_accelerator_mk3_first_reactor_one_more_action() -> None:
    """Accelerator mk3: "Your first Reactor played gives you an extra Action." """
    t = solo("claim-bounty", ["reactor", "reactor"], parts=["accelerator-mk3"])
    t(0, "play reactor")
    assert t.part(0).actions == 3
    t(0, "play reactor")
    assert t.part(0).actions == 4


def test_cloaking_device_rolls_one_fewer() -> None:
    """Cloaking Device: "Roll 1 fewer Hazard Die." """
    t = solo("escape-pods", ["miss"], parts=["cloaking-device"], dice=[2, 2])
    assert t.part(0).targeting == 1 and t.part(0).dice == (2,)


def test_the_clone_bay_plays_a_crew_card_twice() -> None:
    """The Clone Bay: "Once per Contract, you may play a single Crew Card twice. Each use requires an
    Action." (API.md: `use the-clone-bay CREW` is the second play.)"""
    t = solo("escape-pods", ["reactor", "moro-mada"], parts=["the-clone-bay"])
    t(0, "play reactor")
    t(0, "play moro-mada reduce damage")
    t(0, "use the-clone-bay moro-mada reduce shield")
    assert needed(t) == {"damage": 1, "shield": 1} and got(t)["crew"] == 2 and t.part(0).actions == 0
    t.refused(0, "use the-clone-bay moro-mada reduce shield")
    t2 = solo("escape-pods", ["reactor", "moro-mada"], parts=["the-clone-bay"])
    t2(0, "play reactor")
    refused = t2.refused(0, "use the-clone-bay moro-mada reduce shield")  # not played yet
    assert refused.reason.key == "moonrakers.refused.clone_bay_needs_played_crew"


def test_the_clone_bay_plays_a_crew_card_again_with_the_choice_its_form_offers() -> None:
    """The second play of Bill Bendo ("Draw 1 Card or gain 1 Action") takes its choice as the first
    play does: the form's choices ("draw", "action") read back as the same command."""
    t = solo("escape-pods", ["reactor", "bill-bendo"], parts=["the-clone-bay"], dice=[1, 0])
    t(0, "play reactor")
    t(0, "play bill-bendo action")
    [spec] = [s for s in legal(t.state, 0) if s.prefix.startswith("use the-clone-bay bill-bendo")]
    assert [c.value for p in spec.params for c in p.choices] == ["draw", "action"]
    assert format_command(parse("use the-clone-bay bill-bendo draw")) == "use the-clone-bay bill-bendo draw"
    actions = t.part(0).actions
    t(0, "use the-clone-bay bill-bendo action")
    # The use costs an Action and Bill Bendo's second play gives one back.
    assert got(t)["crew"] == 2 and t.part(0).actions == actions


def test_daburu_mk1_starts_with_two_actions() -> None:
    """Daburu mk1: "Start every Contract with +1 Action." """
    assert solo("claim-bounty", ["miss"], parts=["daburu-mk1"]).part(0).actions == 2


def test_dark_matter_mk3_five_damage_for_a_d1_and_a_d2() -> None:
    """Dark Matter mk3: "As 1 Action, discard a Damage 1 card and a Damage 2 card to deal 5 Damage." """
    t = solo("assault-on-vilonia", ["damage-1", "damage-2"], parts=["dark-matter-mk3"])
    t(0, "use dark-matter-mk3")
    assert got(t)["damage"] == 5 and t.p(0).hand == () and t.part(0).actions == 0
    assert Counter(t.p(0).discard) == Counter(["damage-1", "damage-2"])
    t2 = solo("assault-on-vilonia", ["damage-1", "damage-1"], parts=["dark-matter-mk3"])
    assert t2.refused(0, "use dark-matter-mk3").reason.key == "moonrakers.refused.not_in_hand"


def test_the_dauntless_each_shield_lowers_damage() -> None:
    """The Dauntless: "Each Green Shield that you play also reduces the Damage requirement by 1 (to a
    minimum of 0)."
    """
    t = solo("scout-cruiser", ["reactor", "shield", "shield"], parts=["the-dauntless"])
    for card in ("reactor", "shield", "shield"):
        t(0, f"play {card}")
    assert needed(t)["damage"] == 3


def test_defender_5000_two_non_shields_count_as_a_shield() -> None:
    """Defender 5000: "Spend 1 action to discard any 2 non-Shield cards to play them as a Green Shield." """
    t = solo("envoy-in-distress", ["miss", "thruster", "shield"], parts=["defender-5000"], dice=[1, 0])
    t.refused(0, "use defender-5000 miss shield")
    t(0, "use defender-5000 miss thruster")
    assert got(t)["shield"] == 1 and t.part(0).blocked == 1 and t.p(0).hand == ("shield",)
    assert t.part(0).actions == 0 and Counter(t.p(0).discard) == Counter(["miss", "thruster"])


def test_duo_1000_first_shield_counts_two() -> None:
    """Duo 1000: "Your first Green Shield that you play counts as 2 Shields." Ruling A22: 2 toward the
    requirement and 2 blocks."""
    t = solo("escape-pods", ["reactor", "shield", "shield"], parts=["duo-1000"], dice=[2, 1])
    for card in ("reactor", "shield", "shield"):
        t(0, f"play {card}")
    assert got(t)["shield"] == 3 and t.part(0).blocked == 3


def test_emulator_mk2_first_shield_free() -> None:
    """Emulator mk2: "Play your first Green Shield without spending an Action." """
    t = solo("escape-pods", ["shield", "shield"], parts=["emulator-mk2"])
    t(0, "play shield")
    assert t.part(0).actions == 1
    t(0, "play shield")
    assert t.part(0).actions == 0


def test_flash_hand_limit_six() -> None:
    """Flash: "Your hand limit is now 6 instead of 5." """
    state = replace(position(3, parts={0: ["flash"]}, hands={0: []}, draws={0: MISSES}), phase=BUYING)
    t = Table(state)
    t(0, "done")
    assert len(t.p(0).hand) == 6


def test_the_gatling_laser_damage_minus_one() -> None:
    """The Gatling Laser: "The Contract's requirement for Damage is 1 less (to a minimum of 0)." """
    assert needed(solo("claim-bounty", ["miss"], parts=["the-gatling-laser"]))["damage"] == 1


def test_jump_jets_e2_others_draw_one() -> None:
    """Jump Jets E2: "From now on, Allies draw 1 Card at the start of every Contract you participate
    in."
    """
    t = with_ally("claim-bounty", ["jump-jets-e2"], [])
    assert len(t.p(0).hand) == 1 and len(t.p(1).hand) == 2


def test_the_leech_one_action_per_ally() -> None:
    """The Leech: "As Mission Leader or Ally, gain 1 Action for each Ally participating in the current
    Contract (including you if you're not the Mission Leader)."
    """
    t = with_ally("claim-bounty", [], ["the-leech"])
    assert t.part(1).actions == 2 and t.part(0).actions == 1
    assert solo("claim-bounty", ["miss"], parts=["the-leech"]).part(0).actions == 1


def test_mg_charge_core_d1_as_d3_adds_a_miss() -> None:
    """MG Charge Core: "Spend 1 Action to play a Damage 1 Card as a Damage 3 Card. Then add a Miss Card
    from the supply to your discard pile."
    """
    t = solo("claim-bounty", ["damage-1"], parts=["mg-charge-core"])
    t(0, "play d1 with mg-charge-core")
    assert got(t)["damage"] == 3 and t.p(0).discard == ("miss",) and t.part(0).actions == 0


def lee_looking_at_a_damage_1_with_a_charge_core() -> Table:
    """Lee van Cribb played (his +1 Action back), a Damage 1 among the cards he looks at."""
    t = solo(
        "claim-bounty",
        ["lee-van-cribb"],
        draw=["damage-1", "miss", "miss", *MISSES],
        parts=["mg-charge-core"],
    )
    t(0, "play lee-van-cribb")
    return t


def test_mg_charge_core_always_spends_its_action() -> None:
    """MG Charge Core: "Spend 1 Action to play a Damage 1 Card as a Damage 3 Card." Spec §2.6 #6: that
    Action is the play's own, one in total, so a play that would be free costs it all the same: MG
    Support Core's first Damage card, Predator mk1's Damage 1, a card Lee van Cribb picks."""
    t = solo("claim-bounty", ["damage-1", "damage-1"], parts=["mg-charge-core", "mg-support-core"])
    t(0, "play d1 with mg-charge-core")
    assert got(t)["damage"] == 3 and t.part(0).actions == 0
    t = solo("claim-bounty", ["damage-1", "damage-1"], parts=["mg-charge-core", "predator-mk1"])
    assert t.state.attempt is not None
    t.state = replace(t.state, attempt=t.state.attempt.replace_part(0, actions=2))
    t(0, "play d1 with mg-charge-core")
    assert t.part(0).actions == 1
    t(0, "play d1")  # Predator mk1's free Damage 1 is still to come: the Charge Core paid its own way
    assert got(t)["damage"] == 3 + 1 and t.part(0).actions == 1
    t = lee_looking_at_a_damage_1_with_a_charge_core()
    assert t.part(0).actions == 1
    t(0, "pick d1 with mg-charge-core")
    assert got(t)["damage"] == 3 and t.part(0).actions == 0


def test_mg_charge_core_needs_an_action_left_even_for_a_free_pick() -> None:
    """With no Action left, Lee van Cribb's pick may still be played free, but not through MG Charge
    Core, whose Action cannot be paid; refused, nothing changes."""
    t = lee_looking_at_a_damage_1_with_a_charge_core()
    assert t.state.attempt is not None
    t.state = replace(t.state, attempt=t.state.attempt.replace_part(0, actions=0))
    before = t.state
    assert t.refused(0, "pick d1 with mg-charge-core").reason.key == "moonrakers.refused.no_action_left"
    assert t.state == before
    t(0, "pick d1")
    assert got(t)["damage"] == 1 and t.part(0).actions == 0


def test_mg_phase_core_two_reactors_lower_damage() -> None:
    """MG Phase Core: "If you play 2 or more Blue Reactors, the Damage requirement for this Contract is
    reduced by 1 (to a minimum of 0)."
    """
    t = solo("claim-bounty", ["reactor", "reactor"], parts=["mg-phase-core"])
    t(0, "play reactor")
    assert needed(t)["damage"] == 2
    t(0, "play reactor")
    assert needed(t)["damage"] == 1


def test_mg_support_core_first_damage_free() -> None:
    """MG Support Core: "The first Damage card you play does not cost you an action." """
    t = solo("claim-bounty", ["damage-2", "damage-1"], parts=["mg-support-core"])
    t(0, "play damage-2")
    assert t.part(0).actions == 1
    t(0, "play damage-1")
    assert t.part(0).actions == 0


def test_mg_warp_first_damage_draws_two() -> None:
    """MG Warp: "Draw 2 Cards when you play your first Damage card." """
    t = solo("claim-bounty", ["reactor", "damage-1", "damage-1"], parts=["mg-warp"])
    t(0, "play reactor")
    t(0, "play damage-1")
    assert len(t.p(0).hand) == 3
    t(0, "play damage-1")
    assert len(t.p(0).hand) == 2


def test_mg1_kinetic_trashing_a_d1_lowers_damage_by_three() -> None:
    """MG1 Kinetic: "Every time you trash a Damage 1 card from your hand, reduce the Contract's Damage
    requirement by 3 (to a minimum of 0)."
    """
    t = solo("assault-on-vilonia", ["lila-al-bindar", "damage-1"], parts=["mg1-kinetic"])
    t(0, "play lila-al-bindar trash damage-1")
    assert needed(t)["damage"] == 5


@pytest.mark.parametrize(("shield", "success"), [(False, True), (True, False)])
def test_mg1_rail_gun_minus_two_damage_without_shields(shield: bool, success: bool) -> None:
    """MG1 Rail Gun: "Upon completing the current Contract, reduce its Damage requirement by 2 (to a
    minimum of 0) if you didn't play any Shield cards."
    Ruling A36: evaluated at the success check."""
    hand = ["reactor", "reactor", "damage-1", "shield"] if shield else ["reactor", "reactor", "damage-1"]
    t = solo("claim-bounty", hand, parts=["mg1-rail-gun"], dice=[0])
    for card in hand:
        t(0, f"play {card}")
    t(0, "done")
    assert (t.p(0).prestige == 1) is success


def test_mg2_laser_turrets_four_damage_for_two_d1() -> None:
    """MG2 Laser Turrets: "Spend 1 Action to discard 2 Damage 1 cards deal 4 Damage." """
    t = solo("assault-on-vilonia", ["damage-1", "damage-1"], parts=["mg2-laser-turrets"])
    t(0, "use mg2-laser-turrets")
    assert got(t)["damage"] == 4 and t.p(0).hand == () and t.part(0).actions == 0
    t2 = solo("assault-on-vilonia", ["damage-1", "damage-2"], parts=["mg2-laser-turrets"])
    assert t2.refused(0, "use mg2-laser-turrets").reason.key == "moonrakers.refused.not_in_hand"


def test_multi_stage_m1_others_draw_what_was_discarded() -> None:
    """Multi Stage M1: "Once per Contract, you may discard up to 3 Cards. Allies then draw an equal number
    of cards into their hands."
    """
    t = with_ally("claim-bounty", ["multi-stage-m1"], [])
    t(0, "use multi-stage-m1 miss")
    assert len(t.p(1).hand) == 2 and t.p(0).hand == () and t.part(0).actions == 1
    assert t.refused(0, "use multi-stage-m1").reason.key == "moonrakers.refused.once_per_contract"


def test_predator_mk1_one_free_d1_per_participant() -> None:
    """Predator mk1: "All players can play Damage 1 card without spending an Action."
    Ruling A14."""
    t = solo("claim-bounty", ["damage-1", "damage-1"], parts=["predator-mk1"])
    t(0, "play damage-1")
    assert t.part(0).actions == 1
    t(0, "play damage-1")
    assert t.part(0).actions == 0


def test_projector_s2_draws_per_die() -> None:
    """Projector S2: "At the start of a Contract, draw 1 Card for every Hazard Die targeting you."
    T-43: draws 3 after the roll, before any play."""
    assert len(solo("bomber-screen", [], parts=["projector-s2"], dice=[0, 0, 0]).p(0).hand) == 3


def test_pulsor_mk1_others_one_more_action() -> None:
    """Pulsor mk1: "Allies (excluding you) start every Contract with an extra Action." """
    t = with_ally("claim-bounty", ["pulsor-mk1"], [])
    assert t.part(1).actions == 2 and t.part(0).actions == 1


def test_the_pursuer_discard_and_draw_as_many_once() -> None:
    """The Pursuer: "Once per Contract, you may discard up to 3 Cards, and then draw an equal number of
    cards."
    """
    t = solo("claim-bounty", ["miss", "miss"], parts=["the-pursuer"], draw=["reactor", "shield", *MISSES])
    t(0, "use the-pursuer miss miss")
    assert t.p(0).hand == ("reactor", "shield") and t.part(0).actions == 1
    t.refused(0, "use the-pursuer")
    t2 = solo("claim-bounty", ["miss"] * 4, parts=["the-pursuer"])
    assert t2.refused(0, "use the-pursuer miss miss miss miss").reason.key == "moonrakers.refused.up_to_three"


def test_the_quantum_driver_once_d1_as_d3() -> None:
    """The Quantum Driver: "Once per Contract, play a Damage 1 card as a Damage 3 card." """
    t = solo("claim-bounty", ["reactor", "damage-1", "damage-1"], parts=["the-quantum-driver"])
    t(0, "play reactor")
    t(0, "play d1 with the-quantum-driver")
    assert got(t)["damage"] == 3
    t.refused(0, "play d1 with the-quantum-driver")


def test_replicator_mk1_offers_only_pairs_of_identical_cards() -> None:
    """Glossary II "Same Card": the form lists one choice per pair held (two Reactors, two Misses), never
    a Crew card and never two different cards, so whatever a form or a bot picks is accepted."""
    t = solo(
        "claim-bounty",
        ["damage-1", "damage-2", "reactor", "reactor", "miss", "miss"],
        parts=["replicator-mk1"],
    )
    [spec] = [s for s in legal(t.state, 0) if s.prefix == "use replicator-mk1"]
    pair, _mode = spec.params
    assert [c.value for c in pair.choices] == ["miss miss", "reactor reactor"]
    assert not pair.multiple
    t(0, spec.build({"pair": ["reactor reactor"], "mode": ["as shield"]}))
    assert got(t)["shield"] == 1


def test_replicator_mk1_two_same_cards_as_one() -> None:
    """Replicator mk1: "Discard 2 of the same exact card as 1 Action to play them as a Shield, Thruster,
    Reactor, or Damage 1."
    T-38 Glossary II "Same Card": a Damage I and a Damage II are not the same card."""
    t = solo("claim-bounty", ["damage-1", "damage-2", "reactor", "reactor"], parts=["replicator-mk1"])
    t.refused(0, "use replicator-mk1 d1 d2 as shield")
    t(0, "use replicator-mk1 reactor reactor as reactor")
    assert got(t)["reactor"] == 1 and t.part(0).actions == 2  # A20: with the Reactor's +2


@pytest.mark.parametrize(
    ("part", "kind"), [("sapphire-mk2", "reactor"), ("titan-3000", "shield"), ("twin-jets-e4", "thruster")]
)
def test_passive_reductions(part: str, kind: str) -> None:
    """Sapphire mk2: "The requirement for Reactors is always 1 less ... for every Contract you're
    participating in."; Titan 3000 / Twin Jets E4: "The Shield / Thruster requirement for every
    Contract you participate in is reduced by 1 (to a minimum of 0)."
    """
    contract = {"reactor": "claim-bounty", "shield": "escape-pods", "thruster": "escort-duty"}[kind]
    t = solo(contract, ["miss"], parts=[part])
    base = {"claim-bounty": 2, "escape-pods": 3, "escort-duty": 3}[contract]
    assert needed(t)[kind] == base - 1


def test_swarm_mk1_discarded_d1_gives_two_actions() -> None:
    """Swarm mk1: "Every time you discard a Damage 1 card from your hand, gain 2 Actions." (A15: a
    discard by an effect.)"""
    t = solo("claim-bounty", ["myla-dystra", "damage-1"], parts=["swarm-mk1"])
    t(0, "play myla-dystra discard d1")
    assert t.part(0).actions == 1 + 2


def test_symbiote_9000_trash_to_block_once() -> None:
    """Symbiote 9000: "Once per Contract, you may block 1 Hazard icon by trashing a card from your
    hand."
    """
    t = solo("claim-bounty", ["miss", "miss"], parts=["symbiote-9000"], dice=[1])
    t(0, "use symbiote-9000 trash miss")
    assert t.part(0).blocked == 1 and t.part(0).actions == 1
    t.refused(0, "use symbiote-9000 trash miss")


def test_vector_jets_e3_only_as_mission_leader() -> None:
    """Vector Jets E3: "As Mission Leader, draw 1 Card at the start of every Contract." """
    t = with_ally("claim-bounty", [], ["vector-jets-e3"])
    assert len(t.p(1).hand) == 1
    assert len(solo("claim-bounty", ["miss"], parts=["vector-jets-e3"]).p(0).hand) == 2


def test_duo_1000_doubles_a_first_shield_played_as_a_shield() -> None:
    """Duo 1000: "Your first Green Shield that you play counts as 2 Shields." Ruling A7: a card played
    "as a Green Shield" is a Shield card for every "first Shield" (Defender 5000: "play them as a Green
    Shield"; Replicator mk1: "play them as a Shield"), so it counts and blocks 2; the next Shield 1."""
    t = solo(
        "envoy-in-distress", ["miss", "thruster", "shield"], parts=["defender-5000", "duo-1000"], dice=[2, 1]
    )
    t(0, "use defender-5000 miss thruster")
    assert got(t)["shield"] == 2 and t.part(0).blocked == 2
    t.refused(0, "play shield")  # the Defender's Action was the only one
    t2 = solo(
        "envoy-in-distress", ["reactor", "miss", "miss", "shield"], parts=["replicator-mk1", "duo-1000"]
    )
    t2(0, "play reactor")
    t2(0, "use replicator-mk1 miss miss as shield")
    t2(0, "play shield")
    assert got(t2)["shield"] == 3 and t2.part(0).blocked == 3


def test_predator_mk1_frees_a_damage_1_of_every_participant() -> None:
    """Predator mk1: "All players can play Damage 1 card without spending an Action." The Ally who does
    not own it plays one Damage 1 free too (A14: one per participant per Contract)."""
    t = with_ally("claim-bounty", ["predator-mk1"], [])
    t.state = t.state.with_player(1, hand=("damage-1", "damage-1"))
    t(1, "play damage-1")
    assert t.part(1).actions == 1
    t(1, "play damage-1")
    assert t.part(1).actions == 0
