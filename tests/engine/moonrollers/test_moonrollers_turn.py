"""A turn: roll, choose a crew, commit, lock, roll again or stop, bust."""

from __future__ import annotations

from moonrollers_scenario import Game

# Display used by most tests: Namari (green), Lee Van Cribb (blue), Salatar (blue)...
NAMARI = "namari"  # Shield 4, Damage 3 (Hazard), Thruster 3, Reactor 1 (Hazard)


def game(**kw: object) -> Game:
    return Game.build(["Ann", "Bob"], display=[NAMARI, "kal-damar", "avari", "imdar-shade"], **kw)  # type: ignore[arg-type]


def test_it_starts_a_turn_by_rolling_five_dice_from_the_supply() -> None:
    g = game()
    assert g.legal_texts() == ["roll"]  # "Roll 5 dice": there is no pass
    g.roll("shield wild extra extra thruster")
    assert g.pool == ["thruster", "shield", "wild", "extra", "extra"]
    assert g.state.supply == 7


def test_it_makes_the_player_choose_a_crew_then_commit_then_lock() -> None:
    g = game()
    g.roll("shield wild extra extra thruster")
    assert "Choose a crew card" in g.illegal("commit shield")
    g.play("choose namari")
    assert "Commit to a requirement" in g.illegal("lock shield")
    g.play("commit shield")
    g.play("lock shield wild")
    assert g.turn.progress == 2
    assert g.locked == ["shield", "wild"]
    assert g.pool == ["thruster", "extra", "extra"]


def test_a_wild_face_fits_any_normal_requirement() -> None:
    g = game()
    g.roll("wild damage damage reactor reactor")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock wild")
    assert g.turn.progress == 1


def test_a_wild_requirement_takes_only_real_wild_faces_and_scores_double() -> None:
    # Aponi: Reactor 4 (H), Thruster 3, Shield 3 (H), Wild 2.
    g = Game.build(
        ["Ann", "Bob"],
        display=["aponi", NAMARI, "avari", "kal-damar"],
        tokens={"aponi": {"reactor": "Bob", "thruster": "Bob", "shield": "Bob"}},
        crew={"Ann": ["zek-zarag"]},
    )
    g.roll("wild thruster damage damage reactor")
    g.play("choose aponi")
    g.play("commit wild")
    assert "only real Wild" in g.illegal("lock thruster as wild with zek-zarag")
    assert "only real Wild" in g.illegal("lock thruster")
    g.play("lock wild")
    g.roll("wild shield shield damage")
    g.play("lock wild")
    # Aponi complete: Bob 4 + 3 + 3, Ann 2 x 2 = 4.
    assert g.prestige("Ann") == 4
    assert g.prestige("Bob") == 10
    assert g.player("Ann").stacks[-1] == ("aponi",)


def test_it_cannot_commit_to_a_requirement_with_a_token_on_it() -> None:
    g = game(tokens={NAMARI: {"reactor": "Bob"}})
    g.roll("reactor shield damage damage damage")
    g.play("choose namari")
    assert "already has a token" in g.illegal("commit reactor")


def test_locked_dice_that_reach_the_requirement_number_complete_it() -> None:
    g = game()
    g.roll("thruster thruster wild reactor damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster wild")
    assert g.tokens_on(NAMARI)["thruster"] == 0
    assert g.turn.requirement is None
    assert "requirement_completed" in g.types()


def test_it_refuses_dice_beyond_the_requirement_number() -> None:
    g = game()
    g.roll("thruster thruster thruster wild damage")
    g.play("choose namari")
    g.play("commit thruster")
    assert "needs only 3 more" in g.illegal("lock thruster thruster thruster wild")
    g.play("lock thruster thruster")
    assert "needs only 1 more" in g.illegal("lock thruster wild")


def test_after_completing_a_requirement_the_next_one_waits_for_the_next_roll() -> None:
    g = game()
    g.roll("thruster thruster thruster shield shield")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    assert "roll again" in g.illegal("commit shield")
    g.roll("shield damage")
    g.play("commit shield")
    g.play("lock shield")
    assert g.turn.progress == 1


def test_it_asks_for_the_requirement_number_when_a_card_has_several_of_a_face() -> None:
    g = Game.build(["Ann", "Bob"], display=["vila-noir", NAMARI, "avari", "kal-damar"])
    g.roll("reactor reactor damage damage shield")
    g.play("choose vila-noir")
    assert "commit reactor 4" in g.illegal("commit reactor")
    g.play("commit reactor 3")
    assert g.turn.requirement == 1


def test_it_must_lock_at_least_one_die_before_rolling_again() -> None:
    g = game()
    g.roll("shield wild extra extra thruster")
    g.play("choose namari")
    g.play("commit shield")
    assert "Lock at least one die" in g.illegal("roll")


def test_before_rolling_again_it_adds_one_supply_die_per_extra_face() -> None:
    g = game()
    g.roll("shield wild extra extra thruster")
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock shield wild")
    events = g.roll("damage damage reactor shield thruster")
    assert events[0].payload["from_supply"] == 2
    assert len(events[0].payload["faces"]) == 5
    assert g.state.supply == 5


def test_extra_dice_are_added_only_while_the_supply_lasts() -> None:
    g = game()
    g.roll("extra extra extra extra shield")
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock shield")
    g.roll("extra extra extra extra extra extra extra shield")  # 4 + 4 from the supply
    assert g.state.supply == 3
    g.play("lock shield")
    events = g.roll("shield" + " damage" * 9)  # 7 Extra faces, but only 3 dice left in the supply
    assert events[0].payload["from_supply"] == 3
    assert g.state.supply == 0


def test_stopping_takes_back_an_uncompleted_commitment_and_keeps_completed_ones() -> None:
    g = game()
    g.roll("thruster thruster thruster shield extra")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    g.roll("shield damage damage")
    g.play("commit shield")
    g.play("lock shield")
    g.play("stop")
    assert g.tokens_on(NAMARI) == {"shield": None, "damage": None, "thruster": 0, "reactor": None}
    assert g.state.tokens_out(0) == 1
    assert g.turn.seat == 1 and g.turn.phase == "start"
    assert g.state.supply == 12


def test_a_bust_happens_when_no_die_can_be_locked() -> None:
    g = game()
    g.roll("thruster thruster thruster shield extra")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    g.roll("shield extra damage")
    g.play("commit shield")
    g.play("lock shield")
    events = g.roll("damage reactor reactor")  # 2 dice left + 1 for the Extra: no Shield, no Wild
    assert [e.type for e in events] == ["dice_rolled", "busted", "turn_started"]
    # Every token placed this turn comes back, the completed Thruster's too.
    assert g.tokens_on(NAMARI)["thruster"] is None
    assert g.state.tokens_out(0) == 0
    assert g.turn.seat == 1


def test_a_bust_on_the_first_roll_when_nothing_fits_any_open_requirement() -> None:
    g = Game.build(
        ["Ann", "Bob"],
        display=["aponi", "vila-noir", "imdar-shade", "vanta-sae"],
        tokens={
            "aponi": {"reactor": 1, "thruster": 1, "shield": 1},
            "vila-noir": {"reactor 4": 1, "reactor 3": 1, "reactor 2": 1},
            "imdar-shade": {"shield 4": 1, "shield 3": 1, "shield 2": 1},
            "vanta-sae": {"wild 3": 0, "wild 2": 0, "damage": 0},
        },
    )
    # Open: Aponi Wild 2, Vila Reactor 1, Imdar Shield 1, Vanta Wild 1.
    events = g.roll("damage damage thruster thruster extra")
    assert [e.type for e in events] == ["dice_rolled", "busted", "turn_started"]


def test_a_bust_keeps_the_hazard_tokens_drawn_this_turn() -> None:
    g = game(hazard_pile_top=[5, 2])
    g.roll("damage damage damage reactor extra")
    g.play("choose namari")
    g.play("commit damage")
    g.play("lock damage damage damage")
    g.play("keep 1")
    events = g.roll("damage damage extra")  # nothing fits Shield 4, Thruster 3 or Reactor 1
    assert "busted" in [e.type for e in events]
    assert g.player("Ann").hazard == (5,)


def test_completing_a_cards_last_requirement_ends_the_turn() -> None:
    g = game(tokens={NAMARI: {"shield": "Bob", "damage": "Bob", "reactor": "Bob"}})
    g.roll("thruster thruster thruster damage damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    assert g.turn.seat == 1 and g.turn.phase == "start"
    assert g.player("Ann").stacks == (("namari",),)


def test_the_turn_ends_by_itself_when_every_die_is_locked() -> None:
    g = game()
    g.roll("thruster thruster thruster wild wild")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    g.roll("shield shield")
    g.play("commit shield")
    events = g.play("lock shield shield")
    assert [e.type for e in events] == ["dice_locked", "stopped", "turn_started"]
    assert events[1].payload["auto"] is True


def test_it_is_not_your_turn() -> None:
    g = game()
    assert "not your turn" in g.illegal("roll", seat=1)


def test_stop_is_refused_when_nothing_can_be_locked_but_an_ability_could_help() -> None:
    g = game(crew={"Ann": ["vila-noir"]})
    g.roll("thruster thruster thruster shield shield")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    events = g.roll("extra extra")  # no Reactors rolled: Vila Noir may re-roll 2 dice
    assert [e.type for e in events] == ["dice_rolled"]
    assert "would be a bust" in g.illegal("stop")
    assert g.legal_texts() == ["reroll with vila-noir", "bust"]
    events = g.play("bust")
    assert [e.type for e in events] == ["busted", "turn_started"]
    assert g.tokens_on(NAMARI)["thruster"] is None


def test_commands_out_of_their_moment_are_refused() -> None:
    g = game()
    assert "Roll first" in g.illegal("choose namari")
    assert "not rolled yet" in g.illegal("stop")
    assert "no Hazard tokens to choose" in g.illegal("keep 1")
    assert "no crew card to stack" in g.illegal("stack top")
    g.roll("shield wild extra extra thruster")
    assert "no crew card to stack" in g.illegal("stack top")
    assert "only just after hiring" in g.illegal("return none")
    assert "not in the display" in g.illegal("choose salatar")
    g.play("choose namari")
    assert "already working on Namari" in g.illegal("choose avari")
    g.play("commit shield")
    assert "already committed" in g.illegal("commit thruster")
    assert g.illegal("lock damage") == "Your rolling pool has 0 Damage to lock, not 1."
    assert "does not fit" in g.illegal("lock thruster")
    assert "An Extra Die is not locked" in g.illegal("lock extra")
    assert "You have not hired Zek Zarag" in g.illegal("lock thruster as wild with zek-zarag")


def test_a_player_with_all_9_tokens_on_cards_cannot_commit_so_the_roll_busts() -> None:
    # "10 player tokens ... Each player places 1 token on the 0 space of the Prestige board": 9 left.
    g = Game.build(
        ["Ann", "Bob"],
        display=["vila-noir", "imdar-shade", "saghari", "b3-ar"],
        tokens={
            "vila-noir": {"reactor 4": "Ann", "reactor 3": "Ann", "reactor 2": "Ann"},
            "imdar-shade": {"shield 4": "Ann", "shield 3": "Ann", "shield 2": "Ann"},
            "saghari": {"damage 4": "Ann", "damage 3": "Ann", "damage 2": "Ann"},
        },
    )
    assert g.state.tokens_left(0) == 0
    events = g.roll("wild wild reactor shield damage")
    assert [e.type for e in events] == ["dice_rolled", "busted", "turn_started"]
