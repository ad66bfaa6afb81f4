"""All 30 crew abilities, each with a scenario whose outcome changes because of it, and the
appendix's four ability rules.

Most scenarios work on Namari (Shield 4, Damage 3 Hazard, Thruster 3, Reactor 1 Hazard).
"""

from __future__ import annotations

import pytest
from moonrollers_scenario import Game

from games.engine.moonrollers import ENGINE

DISPLAY = ["namari", "lee-van-cribb", "salatar", "saghari"]
OTHER_DISPLAY = ["aponi", "lee-van-cribb", "salatar", "saghari"]  # when Ann has Namari


def ann_with(*crew: str, display: list[str] | None = None, **kw: object) -> Game:
    return Game.build(["Ann", "Bob"], crew={"Ann": list(crew)}, display=display or DISPLAY, **kw)  # type: ignore[arg-type]


def shield_committed(
    g: Game, first_roll: str = "shield thruster damage reactor reactor", shields: int = 1
) -> Game:
    """Ann locked 1 Shield on Namari's 4 Shield (her next roll has 4 dice), or ``shields``."""
    g.roll(first_roll)
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock" + " shield" * shields)
    return g


def busted(g: Game) -> bool:
    return g.events[-2].type == "busted" and g.turn.phase == "start"


# ---- "exactly 1 <face>: it may be locked as a Wild" --------------------------------------------

AS_WILD = [
    # ability, requirement committed, first roll, second roll (exactly 1 of the face, nothing else fits)
    ("bill-bendo", "thruster", "thruster damage damage reactor reactor", "shield damage damage reactor"),
    ("lee-van-cribb", "shield", "shield damage damage thruster thruster", "reactor damage damage thruster"),
    ("zek-zarag", "shield", "shield damage damage reactor reactor", "thruster damage damage reactor"),
    (
        "tantin-al-vale",
        "shield",
        "shield thruster thruster reactor reactor",
        "damage thruster thruster reactor",
    ),
    (
        "sella-pelleon",
        "shield",
        "shield thruster thruster reactor reactor",
        "extra thruster thruster reactor",
    ),
]


@pytest.mark.parametrize(("ability", "commit", "first", "second"), AS_WILD)
def test_exactly_one_face_may_be_locked_as_a_wild(ability: str, commit: str, first: str, second: str) -> None:
    display = ["namari", "aponi", "salatar", "saghari"] if ability == "lee-van-cribb" else DISPLAY
    face = second.split()[0]
    for crew in ([ability], []):
        g = ann_with(*crew, display=display)
        g.roll(first)
        g.play("choose namari")
        g.play(f"commit {commit}")
        g.play(f"lock {commit}")
        g.roll(second)
        if not crew:
            assert busted(g)  # without the ability, nothing fits
            continue
        g.play(f"lock {face} as wild with {ability}")
        assert g.turn.progress == 2
        assert g.last("dice_locked").payload["dice"] == [
            {"face": face, "as": "wild", "counts": 1, "with": ability}
        ]
        # Locked, it adds no die: 3 dice left for the next roll.
        assert len(g.roll("wild wild wild")[0].payload["faces"]) == 3


@pytest.mark.parametrize(("ability", "commit", "first", "second"), AS_WILD)
def test_two_of_the_face_rolled_is_not_exactly_one(
    ability: str, commit: str, first: str, second: str
) -> None:
    display = ["namari", "aponi", "salatar", "saghari"] if ability == "lee-van-cribb" else DISPLAY
    face = second.split()[0]
    g = ann_with(ability, display=display)
    g.roll(first)
    g.play("choose namari")
    g.play(f"commit {commit}")
    g.play(f"lock {commit}")
    two = second.split()
    two[1] = face
    g.roll(" ".join(two))
    assert busted(g)


def test_exactly_one_is_counted_on_the_roll_not_on_what_is_left_after_locking() -> None:
    g = ann_with("zek-zarag")
    g.roll("thruster thruster shield damage reactor")
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock shield")
    assert "exactly 1 Thruster" in g.illegal("lock thruster as wild with zek-zarag")


def test_a_die_locked_as_a_wild_is_one_per_roll() -> None:
    g = ann_with("vanta-sae")
    shield_committed(g)
    g.roll("damage thruster reactor reactor")
    g.play("lock damage as wild with vanta-sae")
    assert "only 1 die" in g.illegal("lock thruster as wild with vanta-sae")


# ---- Vanta Sae ----------------------------------------------------------------------------------


def test_vanta_sae_locks_any_die_as_a_wild_on_a_roll_without_extra_dice() -> None:
    g = ann_with("vanta-sae")
    shield_committed(g)
    g.roll("damage thruster reactor reactor")
    g.play("lock reactor as wild with vanta-sae")
    assert g.turn.progress == 2
    plain = shield_committed(ann_with())
    plain.roll("damage thruster reactor reactor")
    assert busted(plain)


def test_an_ability_is_not_spent_on_a_die_that_already_fits() -> None:
    # Locking a Wild "as a Wild" would change nothing but use up Vanta Sae for the roll.
    g = ann_with("vanta-sae")
    shield_committed(g)
    g.roll("wild shield reactor reactor")
    assert "already fits" in g.illegal("lock wild as wild with vanta-sae")
    assert "already fits" in g.illegal("lock shield as wild with vanta-sae")
    g.play("lock reactor as wild with vanta-sae")
    assert g.turn.progress == 2


def test_vanta_sae_does_nothing_on_a_roll_with_an_extra_die() -> None:
    g = ann_with("vanta-sae")
    shield_committed(g)
    g.roll("damage thruster reactor extra")
    assert busted(g)


# ---- "Each Extra Die may be locked as 2 <face>" -------------------------------------------------

EXTRA_AS_TWO = [
    ("ada-massa", "reactor", "reactors"),
    ("dana-powalki", "damage", "damage"),
    ("nella-van-daval", "thruster", "thrusters"),
    ("ryle-al-wren", "shield", "shields"),
]


@pytest.mark.parametrize(("ability", "face", "plural"), EXTRA_AS_TWO)
def test_an_extra_die_may_be_locked_as_two(ability: str, face: str, plural: str) -> None:
    # Lee Van Cribb: Reactor 2, Thruster 2 (Hazard), Shield 2, Damage 1 (Hazard).
    other = "reactor" if face != "reactor" else "shield"
    g = ann_with(ability, display=["lee-van-cribb", "namari", "salatar", "saghari"], hazard_pile_top=[1, 1])
    g.roll(f"extra extra {other} {other} {other}")
    g.play("choose lee-van-cribb")
    g.play(f"commit {face}")
    g.play(f"lock extra as 2 {plural} with {ability}")
    # One die completes the requirement (Damage 1 too: a die counting 2 may finish a 1).
    assert g.tokens_on("lee-van-cribb")[face] == 0
    if g.turn.drawn:
        g.play("keep 1")
    # The locked Extra Die adds no die: 4 dice and 1 more for the other Extra Die.
    assert g.roll("damage damage damage damage damage")[0].payload["from_supply"] == 1

    plain = ann_with(display=["lee-van-cribb", "namari", "salatar", "saghari"])
    plain.roll(f"extra extra {other} {other} {other}")
    plain.play("choose lee-van-cribb")
    assert "Nothing in your rolling pool fits" in plain.illegal(f"commit {face}")


def test_an_extra_die_locked_as_two_fits_only_that_requirement() -> None:
    g = ann_with("ada-massa")
    shield_committed(g, "shield extra damage damage thruster")
    assert "fits only that requirement" in g.illegal("lock extra as 2 reactors with ada-massa")


# ---- "While your rolling pool holds 1-3 dice, each Wild or <face> may count as 2" --------------

DOUBLERS = [
    # ability, face, plural, a card with a 4 of that face, the commit text, a face that does not fit
    ("aponi", "reactor", "reactors", "salatar", "commit reactor", "shield"),
    ("dr-umbrage", "damage", "damage", "saghari", "commit damage 4", "thruster"),
    ("redacted", "shield", "shields", "namari", "commit shield", "thruster"),
    ("sol-forst", "thruster", "thrusters", "kal-damar", "commit thruster", "shield"),
]


@pytest.mark.parametrize(("ability", "face", "plural", "card", "commit", "other"), DOUBLERS)
@pytest.mark.parametrize("die", ["same", "wild"])
def test_in_a_pool_of_1_to_3_dice_a_die_may_count_as_two(
    ability: str, face: str, plural: str, card: str, commit: str, other: str, die: str
) -> None:
    locked = face if die == "same" else "wild"
    results = []
    for crew in ([ability], []):
        g = ann_with(*crew, display=[card, "lee-van-cribb", "avari", "imdar-shade"])
        g.roll(f"{face} {face} {other} {other} {other}")
        g.play(f"choose {card}")
        g.play(commit)
        g.play(f"lock {face} {face}")
        g.roll(f"{locked} {other} {other}")  # 3 dice
        g.play(f"lock {locked} with {ability}" if crew else f"lock {locked}")
        results.append("complete" if g.turn.requirement is None else g.turn.progress)
    assert results == ["complete", 3]


@pytest.mark.parametrize(("ability", "face", "plural", "card", "commit", "other"), DOUBLERS)
def test_a_pool_of_more_than_3_dice_does_not_double(
    ability: str, face: str, plural: str, card: str, commit: str, other: str
) -> None:
    g = ann_with(ability, display=[card, "lee-van-cribb", "avari", "imdar-shade"])
    g.roll(f"{face} {face} {other} {other} {other}")
    g.play(f"choose {card}")
    g.play(commit)
    assert "1, 2 or 3 dice" in g.illegal(f"lock {face} as 2 {plural} with {ability}")


# ---- safety from busting: AT-OK, Moro Mada -------------------------------------------------------


def test_at_ok_two_shields_make_the_next_roll_safe_from_busting() -> None:
    g = ann_with("at-ok")
    g.roll("shield shield thruster thruster thruster")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    rolled = g.roll("thruster extra")[0]  # nothing fits Shield 4, Damage 3 or Reactor 1
    assert rolled.payload["safe"] is True
    assert not busted(g)
    assert {"roll", "stop"} <= set(g.legal_texts())
    g.play("stop")  # keeps the completed Thruster
    assert g.tokens_on("namari")["thruster"] == 0

    plain = ann_with()
    plain.roll("shield shield thruster thruster thruster")
    plain.play("choose namari")
    plain.play("commit thruster")
    plain.play("lock thruster thruster thruster")
    plain.roll("thruster extra")
    assert busted(plain) and plain.tokens_on("namari")["thruster"] is None


def test_at_ok_safety_lasts_one_roll_and_allows_rolling_again_without_locking() -> None:
    g = ann_with("at-ok")
    g.roll("shield shield thruster thruster thruster")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    g.roll("thruster extra")
    g.roll("thruster thruster extra")  # rolled again without locking; 2 dice + 1 for the Extra
    assert busted(g)


def test_moro_mada_a_small_pool_with_an_extra_die_is_safe_from_busting() -> None:
    for crew in (["moro-mada"], []):
        g = ann_with(*crew)
        shield_committed(g, "shield shield shield damage reactor", shields=3)
        g.roll("extra damage")
        if not crew:
            assert busted(g)
            continue
        assert not busted(g) and "roll" in g.legal_texts()
        assert len(g.roll("shield damage damage")[0].payload["faces"]) == 3  # the Extra still adds a die


# ---- Avari, Kal Damar: more dice ----------------------------------------------------------------


def test_avari_all_wilds_add_3_dice_when_rolling_again() -> None:
    for crew, added in ((["avari"], 3), ([], 0)):
        g = ann_with(*crew, display=["namari", "lee-van-cribb", "salatar", "saghari"])
        g.roll("wild wild wild wild wild")
        g.play("choose namari")
        g.play("commit shield")
        g.play("lock wild wild wild wild")
        rolled = g.roll(" ".join(["damage"] * (1 + added)))[0]
        assert rolled.payload["from_supply"] == added


def test_kal_damar_starts_the_rolling_pool_with_6_dice() -> None:
    assert len(ann_with("kal-damar").roll("damage " * 6)[0].payload["faces"]) == 6
    assert len(ann_with().roll("damage " * 5)[0].payload["faces"]) == 5


# ---- B3-AR --------------------------------------------------------------------------------------


def test_b3_ar_three_thrusters_complete_the_committed_requirement() -> None:
    g = ann_with("b3-ar")
    shield_committed(g)
    g.roll("thruster thruster thruster damage")
    assert not busted(g)
    assert g.legal_texts() == ["use b3-ar", "bust"]
    g.play("use b3-ar")
    assert g.tokens_on("namari")["shield"] == 0
    assert g.last("requirement_completed").payload["by"] == "b3-ar"
    plain = shield_committed(ann_with())
    plain.roll("thruster thruster thruster damage")
    assert busted(plain)


def test_b3_ar_uncommitted_first_commits_by_locking_a_die() -> None:
    g = ann_with("b3-ar")
    g.roll("thruster thruster thruster shield damage")
    g.play("choose namari")
    g.play("commit shield")
    assert "locking at least 1 die first" in g.illegal("use b3-ar")
    g.play("lock shield")
    g.play("use b3-ar")
    assert g.tokens_on("namari")["shield"] == 0


def test_b3_ar_needs_three_thrusters() -> None:
    g = ann_with("b3-ar")
    shield_committed(g)
    g.roll("thruster thruster wild damage")
    assert "3 or more Thrusters" in g.illegal("use b3-ar")


# ---- treating dice as Extra Dice: FT-1000, Kary Powalk, Myla Dystra -----------------------------


def test_ft_1000_treats_exactly_one_wild_as_an_extra_die() -> None:
    for crew, dice in ((["ft-1000"], 4), ([], 3)):
        g = ann_with(*crew)
        g.roll("wild shield shield damage damage")
        g.play("choose namari")
        g.play("commit shield")
        g.play("lock shield shield")
        if crew:
            g.play("treat wild as extra with ft-1000")
            assert "has 0 Wilds" in g.illegal("lock wild")
        assert len(g.roll("shield " * dice)[0].payload["faces"]) == dice


def test_ft_1000_needs_exactly_one_wild() -> None:
    g = ann_with("ft-1000")
    g.roll("wild wild shield damage damage")
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock shield")
    assert "exactly 1 Wild" in g.illegal("treat wild as extra with ft-1000")


def test_kary_powalk_treats_damage_of_the_first_roll_as_extra_dice() -> None:
    for crew, dice in ((["kary-powalk"], 5), ([], 3)):
        g = ann_with(*crew)
        g.roll("damage damage shield shield thruster")
        g.play("choose namari")
        g.play("commit shield")
        g.play("lock shield shield")
        if crew:
            g.play("treat damage damage as extra with kary-powalk")
        assert len(g.roll("shield " + "damage " * (dice - 1))[0].payload["faces"]) == dice
        if crew:
            assert "first roll" in g.illegal("treat damage as extra with kary-powalk")


def test_myla_dystra_two_thrusters_let_one_die_be_an_extra_die() -> None:
    for crew, dice in ((["myla-dystra"], 5), ([], 4)):
        g = ann_with(*crew)
        g.roll("thruster thruster shield damage damage")
        g.play("choose namari")
        g.play("commit shield")
        g.play("lock shield")
        if crew:
            assert "exactly 1 die" in g.illegal("treat damage damage as extra with myla-dystra")
            g.play("treat damage as extra with myla-dystra")
        assert len(g.roll("shield " + "damage " * (dice - 1))[0].payload["faces"]) == dice


# ---- Imdar Shade, Namari ------------------------------------------------------------------------


def test_imdar_shade_a_roll_without_shields_may_draw_a_hazard_token() -> None:
    g = ann_with("imdar-shade", hazard_pile_top=[5])
    g.roll("thruster damage damage reactor reactor")
    g.play("use imdar-shade")
    assert g.player("Ann").hazard == (5,)
    assert len(g.state.hazard_pile) == 44
    assert "already used" in g.illegal("use imdar-shade")


def test_imdar_shade_can_be_used_before_a_bust_and_the_token_is_kept() -> None:
    g = ann_with("imdar-shade", hazard_pile_top=[2])
    shield_committed(g)
    g.roll("thruster damage damage reactor")
    assert g.legal_texts() == ["use imdar-shade", "bust"]
    events = g.play("use imdar-shade")
    assert [e.type for e in events] == ["hazard_tokens_drawn", "busted", "turn_started"]
    assert g.player("Ann").hazard == (2,)


def test_namari_gains_2_prestige_after_a_bust() -> None:
    for crew, bonus in ((["namari"], 2), ([], 0)):
        g = ann_with(*crew, display=OTHER_DISPLAY)
        g.roll("shield thruster damage damage damage")
        g.play("choose salatar")  # Shield 3
        g.play("commit shield")
        g.play("lock shield")
        g.roll("thruster damage damage damage")
        assert busted(g)
        assert g.prestige("Ann") == bonus


# ---- re-rolls: Salatar, Lila Al Bindar, Vila Noir ------------------------------------------------


def test_salatar_rerolls_the_whole_first_roll() -> None:
    g = Game.build(
        ["Ann", "Bob"],
        crew={"Ann": ["salatar"]},
        display=["aponi", "vila-noir", "imdar-shade", "vanta-sae"],
        tokens={
            "aponi": {"reactor": 1, "thruster": 1, "shield": 1},
            "vila-noir": {"reactor 4": 1, "reactor 3": 1, "reactor 2": 1},
            "imdar-shade": {"shield 4": 1, "shield 3": 1, "shield 2": 1},
            "vanta-sae": {"wild 3": 0, "wild 2": 0, "damage": 0},
        },
    )
    g.roll("damage damage thruster thruster extra")  # nothing fits: would be a bust
    assert g.legal_texts() == ["use salatar", "bust"]
    g.play("use salatar", faces="wild damage damage thruster thruster")
    assert g.pool == ["damage", "damage", "thruster", "thruster", "wild"]
    g.play("choose aponi")
    g.play("commit wild")
    g.play("lock wild")


def test_salatar_only_on_the_first_roll() -> None:
    g = ann_with("salatar", display=OTHER_DISPLAY)
    g.roll("shield shield damage damage thruster")
    g.play("choose aponi")
    assert "Re-roll abilities must be used first" in g.illegal("use salatar")
    g.play("commit shield")
    g.play("lock shield")
    g.roll("shield damage damage thruster")
    assert "first roll" in g.illegal("use salatar")


def test_lila_al_bindar_two_reactors_let_any_dice_be_rerolled() -> None:
    g = ann_with("lila-al-bindar")
    shield_committed(g)
    g.roll("reactor reactor damage thruster")
    assert not busted(g)
    g.play("reroll reactor reactor damage with lila-al-bindar", faces="shield wild damage")
    assert g.pool == ["damage", "thruster", "shield", "wild"]
    g.play("lock shield wild")
    assert g.turn.progress == 3
    plain = shield_committed(ann_with())
    plain.roll("reactor reactor damage thruster")
    assert busted(plain)


def test_vila_noir_no_reactors_let_two_dice_be_rerolled() -> None:
    g = ann_with("vila-noir")
    shield_committed(g)
    g.roll("thruster damage damage extra")
    assert "at most 2 dice" in g.illegal("reroll thruster damage damage with vila-noir")
    g.play("reroll thruster damage with vila-noir", faces="shield damage")
    g.play("lock shield")
    assert g.turn.progress == 2
    plain = shield_committed(ann_with())
    plain.roll("thruster damage damage extra")
    assert busted(plain)


def test_vila_noir_needs_a_roll_without_reactors() -> None:
    g = ann_with("vila-noir")
    shield_committed(g)
    g.roll("reactor damage damage shield")
    assert "no Reactors" in g.illegal("reroll damage with vila-noir")


# ---- adding supply dice: Ryan Rogal, Saghari, and Meg Gallak's saved Wild -----------------------


def test_ryan_rogal_two_damage_roll_2_supply_dice_and_keep_the_wilds() -> None:
    g = ann_with("ryan-rogal")
    shield_committed(g)
    g.roll("damage damage thruster reactor")
    supply = g.state.supply
    g.play("use ryan-rogal", faces="wild reactor")
    assert g.state.supply == supply - 1
    g.play("lock wild")
    assert g.turn.progress == 2
    plain = shield_committed(ann_with())
    plain.roll("damage damage thruster reactor")
    assert busted(plain)


def test_ryan_rogal_without_wilds_changes_nothing_and_the_roll_busts() -> None:
    g = ann_with("ryan-rogal")
    shield_committed(g)
    g.roll("damage damage thruster reactor")
    events = g.play("use ryan-rogal", faces="damage reactor")
    assert [e.type for e in events] == ["supply_dice_rolled", "busted", "turn_started"]


def test_saghari_no_damage_roll_1_supply_die_and_keep_a_wild_or_extra() -> None:
    g = ann_with("saghari", display=["namari", "lee-van-cribb", "salatar", "aponi"])
    shield_committed(g)
    g.roll("thruster thruster reactor reactor")
    g.play("use saghari", faces="wild")
    g.play("lock wild")
    assert g.turn.progress == 2
    extra = shield_committed(ann_with("saghari", display=["namari", "lee-van-cribb", "salatar", "aponi"]))
    extra.roll("thruster shield reactor reactor")
    extra.play("lock shield")
    extra.play("use saghari", faces="extra")
    assert extra.pool == ["reactor", "thruster", "reactor", "extra"][:0] or "extra" in extra.pool
    assert extra.roll("shield damage damage damage damage")[0].payload["from_supply"] == 1


def test_saghari_needs_a_roll_without_damage() -> None:
    g = ann_with("saghari", display=["namari", "lee-van-cribb", "salatar", "aponi"])
    shield_committed(g)
    g.roll("damage shield reactor reactor")
    assert "no Damage" in g.illegal("use saghari")


def test_meg_gallak_saves_a_wild_of_the_first_roll_for_the_next_roll() -> None:
    g = ann_with("meg-gallak")
    g.roll("wild shield shield damage damage")
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock shield shield")
    g.play("save wild with meg-gallak")
    rolled = g.roll("damage damage")[0]  # the Wild is not rolled: it comes back as it was
    assert rolled.payload["kept"] == 1 and len(rolled.payload["faces"]) == 2
    assert "wild" in g.pool and not busted(g)
    g.play("lock wild")
    assert g.turn.progress == 3
    assert "first roll" in g.illegal("save wild")

    plain = ann_with()
    plain.roll("wild shield shield damage damage")
    plain.play("choose namari")
    plain.play("commit shield")
    plain.play("lock shield shield")
    plain.roll("damage damage thruster")
    assert busted(plain)


# ---- the appendix's four ability rules ----------------------------------------------------------


def test_rule_you_bust_only_if_nothing_can_be_locked_after_abilities() -> None:
    g = ann_with("vila-noir")
    shield_committed(g)
    events = g.roll("thruster damage damage extra")
    assert [e.type for e in events] == ["dice_rolled"]  # Vila Noir could still help: no bust yet
    events = g.play("reroll thruster damage with vila-noir", faces="thruster damage")
    assert [e.type for e in events] == ["dice_rerolled", "busted", "turn_started"]


def test_rule_a_face_specific_ability_needs_the_real_rolled_face() -> None:
    # Moro Mada needs a real Extra Die: a die Myla Dystra treats as one does not make the roll safe.
    g = ann_with("moro-mada", "myla-dystra")
    shield_committed(g, "shield shield shield damage reactor", shields=3)
    g.roll("thruster thruster")
    assert busted(g)
    g2 = ann_with("moro-mada", "myla-dystra")
    shield_committed(g2, "shield shield shield damage reactor", shields=3)
    g2.roll("thruster extra")
    assert not busted(g2)


def test_rule_reroll_abilities_come_before_the_others() -> None:
    g = ann_with("lila-al-bindar", "imdar-shade")
    shield_committed(g)
    g.roll("reactor reactor damage wild")
    g.play("lock wild")
    assert "Re-roll abilities must be used first" in g.illegal("reroll damage with lila-al-bindar")
    g2 = ann_with("lila-al-bindar", "imdar-shade")
    shield_committed(g2)
    g2.roll("reactor reactor damage wild")
    g2.play("use imdar-shade")
    assert "Re-roll abilities must be used first" in g2.illegal("reroll damage with lila-al-bindar")


def test_rule_every_ability_is_optional() -> None:
    # A lock ability is a choice next to the plain lock; a rescue is a choice next to bust.
    g = ann_with("zek-zarag", "ada-massa")
    g.roll("thruster shield extra damage damage")
    g.play("choose namari")
    g.play("commit shield")
    assert {"lock", "lock thruster as wild with zek-zarag"} <= set(g.legal_texts())
    g.play("lock shield")
    g2 = ann_with("salatar", display=OTHER_DISPLAY)
    g2.roll("shield shield damage damage thruster")
    assert {"use salatar", "choose"} <= set(g2.legal_texts())
    g2.play("choose aponi")  # Salatar declined
    g3 = ann_with("ryan-rogal")
    shield_committed(g3)
    g3.roll("damage damage thruster reactor")
    assert g3.legal_texts() == ["use ryan-rogal", "bust"]
    g3.play("bust")
    assert busted(g3)


def test_meg_gallak_the_saved_wild_alone_is_a_next_roll() -> None:
    g = ann_with("meg-gallak")
    g.roll("wild shield shield shield shield")
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock shield shield shield shield")
    g.play("save wild with meg-gallak")  # every other die is locked: the saved Wild is still to come
    rolled = g.roll("")[0]
    assert rolled.payload == {"faces": [], "first": False, "from_supply": 0, "kept": 1, "safe": False}
    g.play("commit thruster")
    g.play("lock wild")
    assert g.last("dice_locked").payload["progress"] == 1
    assert g.last("stopped").payload["auto"]  # then no die is left at all


def test_an_extra_die_locked_as_a_wild_is_shown_as_the_wild_it_counts_as() -> None:
    """Sella Pelleon: "If you roll exactly 1 Extra Die, it may be locked as a Wild." The locked
    pool shows that die as a Wild; a plain Shield stays a Shield."""
    g = ann_with("sella-pelleon")
    g.roll("shield thruster thruster reactor reactor")
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock shield")
    g.roll("extra thruster thruster reactor")
    g.play("lock extra as wild with sella-pelleon")

    locked = ENGINE.view(g.state, 0)["dice"]["locked"]
    assert sorted(map(str, locked)) == sorted(["shield", str({"face": "extra", "as": "wild"})])
    assert g.state.turn.extras_locked_as == ("wild",)
