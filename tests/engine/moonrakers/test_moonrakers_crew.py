"""One scenario per Crew card (spec §2.3), each failing if the card's effect were wrong."""

from __future__ import annotations

from collections.abc import Sequence

from moonrakers_scenario import Table, position

from games.engine.moonrakers.state import requirement_totals

MISSES = ["miss"] * 12


def solo(
    contract: str,
    hand: Sequence[str],
    *,
    draw: Sequence[str] = MISSES,
    discard: Sequence[str] = (),
    parts: Sequence[str] = (),
    dice: Sequence[int] = (0, 0, 0, 0),
    players: int = 3,
) -> Table:
    state = position(
        players,
        hands={0: list(hand)},
        draws={0: list(draw)},
        discards={0: list(discard)},
        parts={0: list(parts)},
        row=[contract],
    )
    t = Table(state)
    t(0, "contract 1 solo", dice=dice)
    return t


def needed(t: Table) -> dict[str, int]:
    return requirement_totals(t.state)[0]


def got(t: Table) -> dict[str, int]:
    return requirement_totals(t.state)[1]


def test_ada_massa_three_actions_and_one_reactor_less() -> None:
    t = solo("claim-bounty", ["ada-massa"])
    t(0, "play ada-massa")
    assert t.part(0).actions == 3 and needed(t)["reactor"] == 1 and got(t)["crew"] == 1


def test_at_0k_discards_a_die_and_counts_its_icons_as_damage() -> None:
    t = solo("escape-pods", ["at-0k"], dice=[2, 1])
    t(0, "play at-0k die 1")
    assert t.part(0).dice == (1,) and got(t)["damage"] == 2 and got(t)["crew"] == 1


def test_b3_ar_takes_back_a_crew_card_not_itself() -> None:
    t = solo("claim-bounty", ["b3-ar"], discard=["moro-mada", "b3-ar"])
    assert t.refused(0, "play b3-ar take b3-ar").reason.key == "moonrakers.refused.b3ar_crew_only"
    t(0, "play b3-ar take moro-mada")
    assert "moro-mada" in t.p(0).hand and t.part(0).actions == 1


def test_b3_ar_with_nothing_to_take_still_gives_its_action() -> None:
    """T-41 Glossary II "Search Your Discard Pile": "If there are no cards ... this special ability is
    ignored."""
    t = solo("claim-bounty", ["b3-ar"])
    t(0, "play b3-ar")
    assert t.part(0).actions == 1


def test_bill_bendo_blocks_reduces_then_draws_or_acts() -> None:
    t = solo("escape-pods", ["bill-bendo"], draw=["reactor", *MISSES], dice=[1, 0])
    t(0, "play bill-bendo draw")
    assert t.part(0).blocked == 1 and needed(t)["shield"] == 2 and t.p(0).hand == ("reactor",)
    t2 = solo("escape-pods", ["bill-bendo"], dice=[1, 0])
    t2(0, "play bill-bendo action")
    assert t2.part(0).actions == 1 and t2.p(0).hand == ()


def test_crusse_parke_four_damage_trashes_the_top_card() -> None:
    t = solo("claim-bounty", ["crusse-parke"], draw=["reactor", *MISSES])
    reactors = t.state.supply_of("reactor")
    t(0, "play crusse-parke")
    assert got(t)["damage"] == 4 and t.p(0).draw[0] == "miss" and t.state.supply_of("reactor") == reactors + 1


def test_dana_powalki_damage_three_and_an_action() -> None:
    t = solo("claim-bounty", ["dana-powalki"])
    t(0, "play dana-powalki")
    assert got(t)["damage"] == 3 and t.part(0).actions == 1


def test_kal_damar_draws_two_then_may_trash() -> None:
    t = solo("claim-bounty", ["kal-damar"], draw=["miss", "reactor", *MISSES])
    t(0, "play kal-damar")
    assert t.p(0).hand == ("miss", "reactor") and t.part(0).followup is not None
    t.refused(0, "play reactor")
    t(0, "trash miss")
    assert t.p(0).hand == ("reactor",) and t.part(0).followup is None


def test_kary_powalk_every_damage_card_plus_one_once() -> None:
    """Ruling A13: before or after Kary, every Damage card of the Contract is +1."""
    t = solo("assault-on-vilonia", ["reactor", "damage-1", "kary-powalk", "damage-2"])
    for card in ("reactor", "damage-1", "kary-powalk", "damage-2"):
        t(0, f"play {card}")
    assert got(t)["damage"] == 1 + 2 + 2


def test_lee_van_cribb_plays_one_of_three_free_discards_the_rest() -> None:
    t = solo("claim-bounty", ["lee-van-cribb"], draw=["shield", "reactor", "miss", *MISSES])
    t(0, "play lee-van-cribb")
    assert t.part(0).looking == ("shield", "reactor", "miss")
    t(0, "pick reactor")
    assert t.part(0).actions == 1 + 2 and got(t)["reactor"] == 1
    assert "shield" in t.p(0).discard and "miss" in t.p(0).discard and t.part(0).looking == ()


def test_lila_al_bindar_trashes_and_adds_a_reactor() -> None:
    t = solo("claim-bounty", ["lila-al-bindar", "miss"])
    reactors = t.state.supply_of("reactor")
    t.refused(0, "play lila-al-bindar")
    t(0, "play lila-al-bindar trash miss")
    assert (
        t.p(0).hand == () and t.p(0).discard == ("reactor",) and t.state.supply_of("reactor") == reactors - 1
    )
    assert t.part(0).actions == 1


def test_moro_mada_minus_two_on_a_chosen_requirement() -> None:
    t = solo("claim-bounty", ["moro-mada"])
    t(0, "play moro-mada reduce reactor")
    assert needed(t)["reactor"] == 0 and t.part(0).actions == 0


def test_myla_dystra_discards_and_draws_as_many() -> None:
    t = solo("claim-bounty", ["myla-dystra", "miss", "miss", "shield"], draw=["reactor", "reactor", *MISSES])
    t(0, "play myla-dystra discard miss miss")
    assert sorted(t.p(0).hand) == ["reactor", "reactor", "shield"] and t.part(0).actions == 1


def test_nella_van_daval_draws_three_thruster_minus_one() -> None:
    t = solo("escort-duty", ["nella-van-daval"])
    t(0, "play nella-van-daval")
    assert len(t.p(0).hand) == 3 and needed(t)["thruster"] == 2


def test_redacted_is_a_shield_and_rerolls() -> None:
    t = solo("escape-pods", ["redacted"], dice=[2, 0])
    t(0, "play redacted reroll 1", dice=[0])
    assert t.part(0).dice == (0, 0) and got(t)["shield"] == 1 and t.part(0).blocked == 1


def test_ryan_rogal_plays_a_drawn_damage_as_five() -> None:
    t = solo("assault-on-vilonia", ["ryan-rogal"], draw=["damage-1", "miss", *MISSES])
    t(0, "play ryan-rogal")
    t(0, "pick damage-1")
    assert got(t)["damage"] == 5 and t.part(0).actions == 0


def test_ryle_al_wren_blocks_two_or_lowers_shields_by_two() -> None:
    t = solo("escape-pods", ["ryle-al-wren"], dice=[2, 0])
    t(0, "play ryle-al-wren block")
    assert t.part(0).blocked == 2  # T-39: both icons of one die
    t2 = solo("escape-pods", ["ryle-al-wren"])
    t2(0, "play ryle-al-wren shield")
    assert needed(t2)["shield"] == 1 and t2.part(0).blocked == 0


def test_sella_pelleon_minus_one_draw_one_action() -> None:
    t = solo("claim-bounty", ["sella-pelleon"])
    t(0, "play sella-pelleon reduce damage")
    assert needed(t)["damage"] == 1 and len(t.p(0).hand) == 1 and t.part(0).actions == 1


def test_tantin_al_vale_damage_two_or_a_shield() -> None:
    t = solo("envoy-in-distress", ["tantin-al-vale"], dice=[1, 0])
    t(0, "play tantin-al-vale as damage")
    assert got(t)["damage"] == 2 and got(t)["shield"] == 0
    t2 = solo("envoy-in-distress", ["tantin-al-vale"], dice=[1, 0])
    t2(0, "play tantin-al-vale as shield")
    assert got(t2)["shield"] == 1 and t2.part(0).blocked == 1


def test_zek_zarag_plays_any_card_of_the_draw_pile() -> None:
    """T-40: an empty draw pile is first rebuilt from the discard pile."""
    t = solo("claim-bounty", ["zek-zarag"], draw=[], discard=["miss", "reactor", "miss"])
    t(0, "play zek-zarag")
    assert sorted(t.p(0).draw) == ["miss", "miss", "reactor"]
    t(0, "pick reactor")
    assert got(t)["reactor"] == 1 and t.part(0).actions == 2 and sorted(t.p(0).draw) == ["miss", "miss"]
