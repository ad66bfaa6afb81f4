"""Hazard tokens (draw 2, keep 1 in private), completing a card, hiring, stacks and game end."""

from __future__ import annotations

from moonrollers_scenario import Game

from games.engine.moonrollers import ENGINE

NAMARI_DONE_BUT_THRUSTER = {"namari": {"shield": "Bob", "damage": "Bob", "reactor": "Bob"}}


def test_completing_a_hazard_requirement_draws_2_tokens_to_keep_1_in_private() -> None:
    g = Game.build(["Ann", "Bob"], display=["namari"], hazard_pile_top=[5, 1])
    g.roll("damage damage damage shield shield")
    g.play("choose namari")
    g.play("commit damage")
    g.play("lock damage damage damage")
    pending = ENGINE.pending(g.state)
    assert [(p.seat, p.kind, p.private, ENGINE.format(p.default)) for p in pending] == [
        (0, "keep_hazard", True, "settle")
    ]
    assert "keep 1" in g.illegal("roll")
    g.play("keep 2")
    assert g.player("Ann").hazard == (1,)
    assert 5 in g.state.hazard_pile  # the other token went back, face down, somewhere in the pile
    assert len(g.state.hazard_pile) == 44


def test_a_short_hazard_pile_gives_what_it_has() -> None:
    g = Game.build(["Ann", "Bob"], display=["namari"], hazard={"Bob": [1] * 20 + [2] * 14 + [5] * 10})
    assert g.state.hazard_pile == (2,)
    g.roll("damage damage damage shield shield")
    g.play("choose namari")
    g.play("commit damage")
    g.play("lock damage damage damage")
    assert not g.turn.drawn
    assert g.player("Ann").hazard[-1] == 2
    assert len(g.state.hazard_pile) == 0


def test_every_token_owner_gains_the_requirements_number_and_the_completer_hires() -> None:
    g = Game.build(["Ann", "Bob"], display=["namari"], tokens=NAMARI_DONE_BUT_THRUSTER)
    g.roll("thruster thruster thruster damage damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    assert g.prestige("Ann") == 3
    assert g.prestige("Bob") == 4 + 3 + 1
    assert g.player("Ann").stacks == (("namari",),)
    scored = g.last("prestige_scored").payload["awards"]
    assert scored == [[0, 3], [1, 8]]


def test_the_display_is_refilled_from_the_deck_before_the_next_turn() -> None:
    g = Game.build(
        ["Ann", "Bob"],
        display=["namari", "avari", "kal-damar", "aponi"],
        deck=["salatar", "saghari"],
        tokens=NAMARI_DONE_BUT_THRUSTER,
    )
    g.roll("thruster thruster thruster damage damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    assert [c.crew for c in g.state.display] == ["salatar", "avari", "kal-damar", "aponi"]
    assert g.state.deck == ("saghari",)


def test_a_duplicate_faction_is_stacked_on_top_or_under_and_only_the_top_gives_its_ability() -> None:
    g = Game.build(
        ["Ann", "Bob"],
        crew={"Ann": ["ryle-al-wren"]},
        display=["namari"],
        tokens=NAMARI_DONE_BUT_THRUSTER,
    )
    g.roll("thruster thruster thruster damage damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    assert [p.kind for p in ENGINE.pending(g.state)] == ["stack_crew"]
    assert ENGINE.format(ENGINE.pending(g.state)[0].default) == "settle"
    g.play("stack top")
    assert g.player("Ann").stacks == (("namari", "ryle-al-wren"),)
    assert g.player("Ann").abilities == frozenset({"namari"})
    assert g.turn.seat == 1  # no Hazard token to return: the turn passes


def test_stacking_under_keeps_the_current_ability() -> None:
    g = Game.build(
        ["Ann", "Bob"], crew={"Ann": ["ryle-al-wren"]}, display=["namari"], tokens=NAMARI_DONE_BUT_THRUSTER
    )
    g.roll("thruster thruster thruster damage damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    g.play("stack under")
    assert g.player("Ann").stacks == (("ryle-al-wren", "namari"),)
    assert g.player("Ann").abilities == frozenset({"ryle-al-wren"})


def test_a_duplicate_faction_lets_the_hirer_return_one_hazard_token() -> None:
    g = Game.build(
        ["Ann", "Bob"],
        crew={"Ann": ["ryle-al-wren"]},
        display=["namari"],
        tokens=NAMARI_DONE_BUT_THRUSTER,
        hazard={"Ann": [5, 2]},
    )
    g.roll("thruster thruster thruster damage damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    g.play("stack under")
    pending = ENGINE.pending(g.state)
    assert [(p.kind, p.private, ENGINE.format(p.default)) for p in pending] == [
        ("return_hazard", True, "settle")
    ]
    assert "1 Hazard token" not in g.illegal("return 3")
    g.play("return 1")
    assert g.player("Ann").hazard == (2,)
    assert 5 in g.state.hazard_pile
    assert g.turn.seat == 1


def test_returning_no_hazard_token_keeps_them_all() -> None:
    g = Game.build(
        ["Ann", "Bob"],
        crew={"Ann": ["ryle-al-wren"]},
        display=["namari"],
        tokens=NAMARI_DONE_BUT_THRUSTER,
        hazard={"Ann": [5]},
    )
    g.roll("thruster thruster thruster damage damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    g.play("stack top")
    g.play("return none")
    assert g.player("Ann").hazard == (5,)


def test_the_game_ends_at_once_with_one_crew_of_each_faction() -> None:
    g = Game.build(
        ["Ann", "Bob"],
        crew={"Ann": ["ada-massa", "dana-powalki", "sella-pelleon", "nella-van-daval"]},
        display=["namari"],
        tokens=NAMARI_DONE_BUT_THRUSTER,
    )
    g.roll("thruster thruster thruster damage damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    assert g.state.finished
    assert g.state.ending == ("one_of_each_faction",)
    assert ENGINE.pending(g.state) == []
    assert g.illegal("roll") == "The game is over."


def test_the_game_ends_at_once_with_three_of_one_faction_starting_crew_included() -> None:
    g = Game.build(
        ["Ann", "Bob"],
        crew={"Ann": [("bill-bendo", "ryle-al-wren")]},
        display=["namari"],
        tokens=NAMARI_DONE_BUT_THRUSTER,
        hazard_pile_top=[5, 1],
        hazard={"Ann": [2]},
    )
    g.roll("thruster thruster thruster damage damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    # No stacking decision (the game is over), but the hire's Hazard return still comes first.
    assert [p.kind for p in ENGINE.pending(g.state)] == ["return_hazard"]
    g.play("return 1")
    assert g.state.finished and g.state.ending == ("three_of_a_faction",)
    assert g.player("Ann").stacks == (("namari", "bill-bendo", "ryle-al-wren"),)


def test_the_game_ends_when_the_last_card_of_the_deck_is_drawn() -> None:
    g = Game.build(["Ann", "Bob"], display=["namari"], deck=["salatar"], tokens=NAMARI_DONE_BUT_THRUSTER)
    g.roll("thruster thruster thruster damage damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    assert g.state.finished and g.state.ending == ("deck_exhausted",)
    assert "salatar" in [c.crew for c in g.state.display]
