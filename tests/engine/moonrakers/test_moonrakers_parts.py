"""One scenario per Ship Part (spec §2.4), each failing if the part's effect were wrong."""

from __future__ import annotations

from dataclasses import replace

import pytest
from moonrakers_scenario import Table, position
from test_moonrakers_crew import MISSES, got, needed, solo

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
    """Glossary II "If You Have No [card] In Your Hand": the starting hand at the start of the Contract."""
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
    t = solo("claim-bounty", ["reactor", "reactor"], parts=["accelerator-mk3"])
    t(0, "play reactor")
    assert t.part(0).actions == 3
    t(0, "play reactor")
    assert t.part(0).actions == 4


def test_cloaking_device_rolls_one_fewer() -> None:
    t = solo("escape-pods", ["miss"], parts=["cloaking-device"], dice=[2, 2])
    assert t.part(0).targeting == 1 and t.part(0).dice == (2,)


def test_the_clone_bay_plays_a_crew_card_twice() -> None:
    t = solo("escape-pods", ["reactor", "moro-mada"], parts=["the-clone-bay"])
    t(0, "play reactor")
    t(0, "play moro-mada reduce damage")
    t(0, "use the-clone-bay moro-mada reduce shield")
    assert needed(t) == {"damage": 1, "shield": 1} and got(t)["crew"] == 2 and t.part(0).actions == 0
    t.refused(0, "use the-clone-bay moro-mada reduce shield")


def test_daburu_mk1_starts_with_two_actions() -> None:
    assert solo("claim-bounty", ["miss"], parts=["daburu-mk1"]).part(0).actions == 2


def test_dark_matter_mk3_five_damage_for_a_d1_and_a_d2() -> None:
    t = solo("assault-on-vilonia", ["damage-1", "damage-2"], parts=["dark-matter-mk3"])
    t(0, "use dark-matter-mk3")
    assert got(t)["damage"] == 5 and t.p(0).hand == () and t.part(0).actions == 0


def test_the_dauntless_each_shield_lowers_damage() -> None:
    t = solo("scout-cruiser", ["reactor", "shield", "shield"], parts=["the-dauntless"])
    for card in ("reactor", "shield", "shield"):
        t(0, f"play {card}")
    assert needed(t)["damage"] == 3


def test_defender_5000_two_non_shields_count_as_a_shield() -> None:
    t = solo("envoy-in-distress", ["miss", "thruster", "shield"], parts=["defender-5000"], dice=[1, 0])
    t.refused(0, "use defender-5000 miss shield")
    t(0, "use defender-5000 miss thruster")
    assert got(t)["shield"] == 1 and t.part(0).blocked == 1 and t.p(0).hand == ("shield",)


def test_duo_1000_first_shield_counts_two() -> None:
    t = solo("escape-pods", ["reactor", "shield", "shield"], parts=["duo-1000"], dice=[2, 1])
    for card in ("reactor", "shield", "shield"):
        t(0, f"play {card}")
    assert got(t)["shield"] == 3 and t.part(0).blocked == 3


def test_emulator_mk2_first_shield_free() -> None:
    t = solo("escape-pods", ["shield", "shield"], parts=["emulator-mk2"])
    t(0, "play shield")
    assert t.part(0).actions == 1
    t(0, "play shield")
    assert t.part(0).actions == 0


def test_flash_hand_limit_six() -> None:
    state = replace(position(3, parts={0: ["flash"]}, hands={0: []}, draws={0: MISSES}), phase=BUYING)
    t = Table(state)
    t(0, "done")
    assert len(t.p(0).hand) == 6


def test_the_gatling_laser_damage_minus_one() -> None:
    assert needed(solo("claim-bounty", ["miss"], parts=["the-gatling-laser"]))["damage"] == 1


def test_jump_jets_e2_others_draw_one() -> None:
    t = with_ally("claim-bounty", ["jump-jets-e2"], [])
    assert len(t.p(0).hand) == 1 and len(t.p(1).hand) == 2


def test_the_leech_one_action_per_ally() -> None:
    t = with_ally("claim-bounty", [], ["the-leech"])
    assert t.part(1).actions == 2 and t.part(0).actions == 1
    assert solo("claim-bounty", ["miss"], parts=["the-leech"]).part(0).actions == 1


def test_mg_charge_core_d1_as_d3_adds_a_miss() -> None:
    t = solo("claim-bounty", ["damage-1"], parts=["mg-charge-core"])
    t(0, "play d1 with mg-charge-core")
    assert got(t)["damage"] == 3 and t.p(0).discard == ("miss",)


def test_mg_phase_core_two_reactors_lower_damage() -> None:
    t = solo("claim-bounty", ["reactor", "reactor"], parts=["mg-phase-core"])
    t(0, "play reactor")
    assert needed(t)["damage"] == 2
    t(0, "play reactor")
    assert needed(t)["damage"] == 1


def test_mg_support_core_first_damage_free() -> None:
    t = solo("claim-bounty", ["damage-2", "damage-1"], parts=["mg-support-core"])
    t(0, "play damage-2")
    assert t.part(0).actions == 1


def test_mg_warp_first_damage_draws_two() -> None:
    t = solo("claim-bounty", ["reactor", "damage-1", "damage-1"], parts=["mg-warp"])
    t(0, "play reactor")
    t(0, "play damage-1")
    assert len(t.p(0).hand) == 3
    t(0, "play damage-1")
    assert len(t.p(0).hand) == 2


def test_mg1_kinetic_trashing_a_d1_lowers_damage_by_three() -> None:
    t = solo("assault-on-vilonia", ["lila-al-bindar", "damage-1"], parts=["mg1-kinetic"])
    t(0, "play lila-al-bindar trash damage-1")
    assert needed(t)["damage"] == 5


@pytest.mark.parametrize(("shield", "success"), [(False, True), (True, False)])
def test_mg1_rail_gun_minus_two_damage_without_shields(shield: bool, success: bool) -> None:
    """Ruling A36: evaluated at the success check."""
    hand = ["reactor", "reactor", "damage-1", "shield"] if shield else ["reactor", "reactor", "damage-1"]
    t = solo("claim-bounty", hand, parts=["mg1-rail-gun"], dice=[0])
    for card in hand:
        t(0, f"play {card}")
    t(0, "done")
    assert (t.p(0).prestige == 1) is success


def test_mg2_laser_turrets_four_damage_for_two_d1() -> None:
    t = solo("assault-on-vilonia", ["damage-1", "damage-1"], parts=["mg2-laser-turrets"])
    t(0, "use mg2-laser-turrets")
    assert got(t)["damage"] == 4


def test_multi_stage_m1_others_draw_what_was_discarded() -> None:
    t = with_ally("claim-bounty", ["multi-stage-m1"], [])
    t(0, "use multi-stage-m1 miss")
    assert len(t.p(1).hand) == 2 and t.p(0).hand == ()


def test_predator_mk1_one_free_d1_per_participant() -> None:
    """Ruling A14."""
    t = solo("claim-bounty", ["damage-1", "damage-1"], parts=["predator-mk1"])
    t(0, "play damage-1")
    assert t.part(0).actions == 1
    t(0, "play damage-1")
    assert t.part(0).actions == 0


def test_projector_s2_draws_per_die() -> None:
    """T-43: draws 3 after the roll, before any play."""
    assert len(solo("bomber-screen", [], parts=["projector-s2"], dice=[0, 0, 0]).p(0).hand) == 3


def test_pulsor_mk1_others_one_more_action() -> None:
    t = with_ally("claim-bounty", ["pulsor-mk1"], [])
    assert t.part(1).actions == 2 and t.part(0).actions == 1


def test_the_pursuer_discard_and_draw_as_many_once() -> None:
    t = solo("claim-bounty", ["miss", "miss"], parts=["the-pursuer"], draw=["reactor", "shield", *MISSES])
    t(0, "use the-pursuer miss miss")
    assert t.p(0).hand == ("reactor", "shield") and t.part(0).actions == 1
    t.refused(0, "use the-pursuer")


def test_the_quantum_driver_once_d1_as_d3() -> None:
    t = solo("claim-bounty", ["reactor", "damage-1", "damage-1"], parts=["the-quantum-driver"])
    t(0, "play reactor")
    t(0, "play d1 with the-quantum-driver")
    assert got(t)["damage"] == 3
    t.refused(0, "play d1 with the-quantum-driver")


def test_replicator_mk1_two_same_cards_as_one() -> None:
    """T-38 Glossary II "Same Card": a Damage I and a Damage II are not the same card."""
    t = solo("claim-bounty", ["damage-1", "damage-2", "reactor", "reactor"], parts=["replicator-mk1"])
    t.refused(0, "use replicator-mk1 d1 d2 as shield")
    t(0, "use replicator-mk1 reactor reactor as reactor")
    assert got(t)["reactor"] == 1 and t.part(0).actions == 2  # A20: with the Reactor's +2


@pytest.mark.parametrize(
    ("part", "kind"), [("sapphire-mk2", "reactor"), ("titan-3000", "shield"), ("twin-jets-e4", "thruster")]
)
def test_passive_reductions(part: str, kind: str) -> None:
    contract = {"reactor": "claim-bounty", "shield": "escape-pods", "thruster": "escort-duty"}[kind]
    t = solo(contract, ["miss"], parts=[part])
    base = {"claim-bounty": 2, "escape-pods": 3, "escort-duty": 3}[contract]
    assert needed(t)[kind] == base - 1


def test_swarm_mk1_discarded_d1_gives_two_actions() -> None:
    t = solo("claim-bounty", ["myla-dystra", "damage-1"], parts=["swarm-mk1"])
    t(0, "play myla-dystra discard d1")
    assert t.part(0).actions == 1 + 2


def test_symbiote_9000_trash_to_block_once() -> None:
    t = solo("claim-bounty", ["miss", "miss"], parts=["symbiote-9000"], dice=[1])
    t(0, "use symbiote-9000 trash miss")
    assert t.part(0).blocked == 1 and t.part(0).actions == 1
    t.refused(0, "use symbiote-9000 trash miss")


def test_vector_jets_e3_only_as_mission_leader() -> None:
    t = with_ally("claim-bounty", [], ["vector-jets-e3"])
    assert len(t.p(1).hand) == 1
    assert len(solo("claim-bounty", ["miss"], parts=["vector-jets-e3"]).p(0).hand) == 2
