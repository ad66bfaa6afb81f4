"""One scenario per Crew card (spec §2.3), each failing if the card's effect were wrong."""

from __future__ import annotations

from collections.abc import Sequence

from moonrakers_scenario import Table, position

from games.engine.moonrakers import ENGINE
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
    """Ada Massa: "+3 Actions. Reduce the mission requirement for Blue Reactors by 1 to a minimum of 0." """
    t = solo("claim-bounty", ["ada-massa"])
    t(0, "play ada-massa")
    assert t.part(0).actions == 3 and needed(t)["reactor"] == 1 and got(t)["crew"] == 1


def test_at_0k_discards_a_die_and_counts_its_icons_as_damage() -> None:
    """AT-0K: "Discard 1 of your rolled Hazard Dice. Play this card as an amount of Damage equal to the
    number of Hazard icons on the discarded die."
    """
    t = solo("escape-pods", ["at-0k"], dice=[2, 1])
    t(0, "play at-0k die 1")
    assert t.part(0).dice == (1,) and got(t)["damage"] == 2 and got(t)["crew"] == 1


def test_b3_ar_takes_back_a_crew_card_not_itself() -> None:
    """B3-AR: "Take a Crew Card from your played or discarded cards back into your hand and gain 1
    Action." Ruling A16: never itself."""
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
    """Bill Bendo: "Ignore 1 Hazard icon. The requirements for Shields is reduced by 1 to a minimum of
    0. Draw 1 Card or gain 1 Action."
    """
    t = solo("escape-pods", ["bill-bendo"], draw=["reactor", *MISSES], dice=[1, 0])
    t(0, "play bill-bendo draw")
    assert t.part(0).blocked == 1 and needed(t)["shield"] == 2 and t.p(0).hand == ("reactor",)
    t2 = solo("escape-pods", ["bill-bendo"], dice=[1, 0])
    t2(0, "play bill-bendo action")
    assert t2.part(0).actions == 1 and t2.p(0).hand == ()


def test_crusse_parke_four_damage_trashes_the_top_card() -> None:
    """Crusse Parke: "Play as 4 Damage. Trash the top card of your draw pile (without first seeing what
    it is)." Glossary II "Trash": the card "returns it to the Supply"."""
    t = solo("claim-bounty", ["crusse-parke"], draw=["reactor", *MISSES])
    reactors = t.state.supply_of("reactor")
    t(0, "play crusse-parke")
    assert got(t)["damage"] == 4 and t.p(0).draw[0] == "miss" and t.state.supply_of("reactor") == reactors + 1
    t2 = solo("claim-bounty", ["crusse-parke"], draw=[], discard=["shield"])  # A26: reshuffle first
    t2(0, "play crusse-parke")
    assert got(t2)["damage"] == 4 and t2.p(0).draw == () and t2.p(0).discard == ()


def test_dana_powalki_damage_three_and_an_action() -> None:
    """Dana Powalki: "Play as 1 Damage 3 Card, and gain 1 Action." """
    t = solo("claim-bounty", ["dana-powalki"])
    t(0, "play dana-powalki")
    assert got(t)["damage"] == 3 and t.part(0).actions == 1


def test_kal_damar_draws_two_then_may_trash() -> None:
    """Kal Damar: "Draw 2 Cards. Afterwards, if you wish, you may trash 1 Card from your hand." """
    t = solo("claim-bounty", ["kal-damar"], draw=["miss", "reactor", *MISSES])
    t(0, "play kal-damar")
    assert t.p(0).hand == ("miss", "reactor") and t.part(0).followup is not None
    t.refused(0, "play reactor")
    t(0, "trash miss")
    assert t.p(0).hand == ("reactor",) and t.part(0).followup is None


def test_kary_powalk_every_damage_card_plus_one_once() -> None:
    """Kary Powalk: "All players' Damage Cards are +1 Damage. Gain 1 Action."
    Ruling A13: before or after Kary, every Damage card of the Contract is +1."""
    t = solo("assault-on-vilonia", ["reactor", "damage-1", "kary-powalk", "damage-2"])
    for card in ("reactor", "damage-1", "kary-powalk", "damage-2"):
        t(0, f"play {card}")
    assert got(t)["damage"] == 1 + 2 + 2


def test_lee_van_cribb_plays_one_of_three_free_discards_the_rest() -> None:
    """Lee van Cribb: "Look at the next 3 Cards in your Draw Pile. Play 1 as a free action and discard
    the other 2 cards. Then, gain 1 Action."
    """
    t = solo("claim-bounty", ["lee-van-cribb"], draw=["shield", "reactor", "miss", *MISSES])
    t(0, "play lee-van-cribb")
    assert t.part(0).looking == ("shield", "reactor", "miss")
    # The choices are named by their cards, as a form or an email lists them.
    from games.engine.messages import render

    labels = {render(spec.label, "en") for spec in ENGINE.legal(t.state, 0)}
    assert {"Play Shield", "Play Reactor", "Play Miss"} <= labels, labels
    t(0, "pick reactor")
    assert t.part(0).actions == 1 + 2 and got(t)["reactor"] == 1
    assert "shield" in t.p(0).discard and "miss" in t.p(0).discard and t.part(0).looking == ()


def test_lila_al_bindar_trashes_and_adds_a_reactor() -> None:
    """Lila al Bindar: "Trash a card from your hand and add a basic Blue Reactor to your discard pile.
    Also, gain 1 Action. (Trashing a card is not optional.)"
    """
    t = solo("claim-bounty", ["lila-al-bindar", "miss"])
    reactors = t.state.supply_of("reactor")
    t.refused(0, "play lila-al-bindar")
    t(0, "play lila-al-bindar trash miss")
    assert (
        t.p(0).hand == () and t.p(0).discard == ("reactor",) and t.state.supply_of("reactor") == reactors - 1
    )
    assert t.part(0).actions == 1


def test_moro_mada_minus_two_on_a_chosen_requirement() -> None:
    """Moro Mada: "Subtract 2 from any one requirement for the current Contract (to a minimum of 0)." No
    Action."""
    t = solo("claim-bounty", ["moro-mada"])
    t(0, "play moro-mada reduce reactor")
    assert needed(t)["reactor"] == 0 and t.part(0).actions == 0


def test_myla_dystra_discards_and_draws_as_many() -> None:
    """Myla Dystra: "Discard any number of Cards from your hand to draw an equal number of cards to
    replace them. Gain 1 Action."
    """
    t = solo("claim-bounty", ["myla-dystra", "miss", "miss", "shield"], draw=["reactor", "reactor", *MISSES])
    t(0, "play myla-dystra discard miss miss")
    assert sorted(t.p(0).hand) == ["reactor", "reactor", "shield"] and t.part(0).actions == 1


def test_nella_van_daval_draws_three_thruster_minus_one() -> None:
    """Nella van Daval: "Draw 3 Cards. Reduce the requirement of this Contract's Thruster requirement by 1
    (to a minimum of 0)." No Action."""
    t = solo("escort-duty", ["nella-van-daval"])
    t(0, "play nella-van-daval")
    assert len(t.p(0).hand) == 3 and needed(t)["thruster"] == 2


def test_redacted_is_a_shield_and_rerolls() -> None:
    """[REDACTED]: "Play this card as a Green Shield. Re-roll any number of your Hazard Dice once." """
    t = solo("escape-pods", ["redacted"], dice=[2, 0])
    t(0, "play redacted reroll 1", dice=[0])
    assert t.part(0).dice == (0, 0) and got(t)["shield"] == 1 and t.part(0).blocked == 1


def test_ryan_rogal_plays_a_drawn_damage_as_five() -> None:
    """Ryan Rogal: "Draw 2 Cards. If you draw a Damage card, play one as a Damage 5 without spending an
    action."
    """
    t = solo("assault-on-vilonia", ["ryan-rogal"], draw=["damage-1", "miss", *MISSES])
    t(0, "play ryan-rogal")
    t(0, "pick damage-1")
    assert got(t)["damage"] == 5 and t.part(0).actions == 0


def test_ryle_al_wren_blocks_two_or_lowers_shields_by_two() -> None:
    """Ryle al Wren: "Ignore 2 Hazard icons, OR reduce the current Contract's Shield requirement by 2 (to a
    minimum of 0)."
    """
    t = solo("escape-pods", ["ryle-al-wren"], dice=[2, 0])
    t(0, "play ryle-al-wren block")
    assert t.part(0).blocked == 2  # T-39: both icons of one die
    t2 = solo("escape-pods", ["ryle-al-wren"])
    t2(0, "play ryle-al-wren shield")
    assert needed(t2)["shield"] == 1 and t2.part(0).blocked == 0


def test_sella_pelleon_minus_one_draw_one_action() -> None:
    """Sella Pelleon: "Subtract 1 from any 1 requirement (to a minimum of 0). Draw 1 Card and gain 1
    Action."
    """
    t = solo("claim-bounty", ["sella-pelleon"])
    t(0, "play sella-pelleon reduce damage")
    assert needed(t)["damage"] == 1 and len(t.p(0).hand) == 1 and t.part(0).actions == 1


def test_tantin_al_vale_damage_two_or_a_shield() -> None:
    """Tantin al Vale: "Play this card as a Damage 2 or a Green Shield." """
    t = solo("envoy-in-distress", ["tantin-al-vale"], dice=[1, 0])
    t(0, "play tantin-al-vale as damage")
    assert got(t)["damage"] == 2 and got(t)["shield"] == 0
    t2 = solo("envoy-in-distress", ["tantin-al-vale"], dice=[1, 0])
    t2(0, "play tantin-al-vale as shield")
    assert got(t2)["shield"] == 1 and t2.part(0).blocked == 1


def test_zek_zarag_plays_any_card_of_the_draw_pile() -> None:
    """Zek Zarag: "Search you draw pile for any Card, and play that card without spending an Action.
    Afterwards, shuffle your draw pile."
    T-40: an empty draw pile is first rebuilt from the discard pile."""
    t = solo("claim-bounty", ["zek-zarag"], draw=[], discard=["miss", "reactor", "miss"])
    t(0, "play zek-zarag")
    assert sorted(t.p(0).draw) == ["miss", "miss", "reactor"]
    assert t.refused(0, "pick none").reason.key == "moonrakers.refused.must_pick"
    t(0, "pick reactor")
    assert got(t)["reactor"] == 1 and t.part(0).actions == 2 and sorted(t.p(0).draw) == ["miss", "miss"]


def ally_table(contract: str, ally_hand: Sequence[str], ally_parts: Sequence[str] = ()) -> Table:
    """Seat 0 leads ``contract`` and takes every Hazard Die; seat 1 joins for nothing."""
    state = position(
        3,
        hands={0: ["miss"], 1: list(ally_hand), 2: ["miss"]},
        draws={0: MISSES, 1: MISSES, 2: MISSES},
        parts={1: list(ally_parts)},
        row=[contract],
    )
    t = Table(state)
    t(0, "contract 1")
    t(0, "offer p2 nothing")
    t(1, "accept")
    t(0, "launch", dice=[1, 1, 1, 1])
    return t


def test_at_0k_without_a_rolled_die_is_no_damage_card() -> None:
    """AT-0K: "Play this card as an amount of Damage equal to the number of Hazard icons on the
    discarded die." An Ally who rolled no die discards none: the card is 1 Crew and no Damage card, so
    Kary Powalk's "+1 Damage" and MG Warp's "when you play your first Damage card" do not apply."""
    t = ally_table("assault-on-vilonia", ["reactor", "kary-powalk", "at-0k"], ["mg-warp"])
    assert t.part(1).dice == ()
    for card in ("reactor", "kary-powalk", "at-0k"):
        t(1, f"play {card}")
    assert got(t)["damage"] == 0 and got(t)["crew"] == 2 and t.p(1).hand == ()


def test_ryan_rogal_damage_five_with_kary_and_optional() -> None:
    """Ryan Rogal: "If you draw a Damage card, play one as a Damage 5 without spending an action."
    Ruling A29: a Damage card of value 5, so Kary Powalk's "+1 Damage" makes it 6; playing it is
    optional, and the card then stays in the hand."""
    hand = ["reactor", "kary-powalk", "ryan-rogal"]
    t = solo("assault-on-vilonia", hand, draw=["damage-1", "damage-3", *MISSES])
    for card in hand:
        t(0, f"play {card}")
    actions = t.part(0).actions
    t(0, "pick damage-1")
    assert got(t)["damage"] == 6 and t.part(0).actions == actions and t.p(0).hand == ("damage-3",)
    t2 = solo("assault-on-vilonia", ["ryan-rogal"], draw=["damage-1", "miss", *MISSES])
    t2(0, "play ryan-rogal")
    t2(0, "pick none")
    assert got(t2)["damage"] == 0 and t2.p(0).hand == ("damage-1", "miss")


def test_b3_ar_takes_back_a_played_crew_card_which_counts_again() -> None:
    """B3-AR: "Take a Crew Card from your played ... cards back into your hand". Ruling A17: what the
    first play contributed stays; played again, the card counts and acts again."""
    t = solo("assault-on-vilonia", ["reactor", "dana-powalki", "b3-ar"])
    for card in ("reactor", "dana-powalki", "b3-ar take dana-powalki"):
        t(0, f"play {card}")
    assert t.p(0).hand == ("dana-powalki",) and got(t)["damage"] == 3
    t(0, "play dana-powalki")
    assert got(t)["damage"] == 6 and got(t)["crew"] == 3 and t.part(0).actions == 2


def test_meg_gallak_with_an_empty_hand_still_reduces_and_acts() -> None:
    """Meg Gallak: "Trash a card from your hand. Subtract 2 from any 1 requirement ... Gain 1 Action.
    (Trashing a card is not optional.)" Ruling A25: with nothing left in the hand the trash is skipped,
    the rest applies; with a card in hand the trash is required."""
    t = solo("claim-bounty", ["meg-gallak"])
    t(0, "play meg-gallak reduce damage")
    assert needed(t)["damage"] == 0 and t.part(0).actions == 1
    t2 = solo("claim-bounty", ["meg-gallak", "miss"])
    assert t2.refused(0, "play meg-gallak reduce damage").reason.key == "moonrakers.refused.must_trash"


def test_a_line_of_cards_refused_after_its_first_says_which_card_and_plays_nothing() -> None:
    # "play shield damage-1" with 1 Action was refused "You have no Action left.", which read as
    # if the Shield could not be played either.
    from games.engine.messages import render

    t = solo("claim-bounty", ["shield", "damage-1"])
    before = t.state
    refused = t.refused(0, "play shield damage-1")
    assert render(refused.reason, "en") == (
        "Damage I cannot follow the card before it: You have no Action left. Nothing of this line was played."
    )
    assert t.state == before
    assert render(t.refused(0, "play miss shield").reason, "en") == "Miss is not in your hand."
