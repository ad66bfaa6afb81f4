"""view, redact, pending and legal: what each seat may see and do, JSON-ready."""

from __future__ import annotations

import json

from moonrollers_scenario import Game

from games.engine.core import Rng, fold
from games.engine.moonrollers import ENGINE


def hazard_drawn() -> Game:
    g = Game.build(
        ["Ann", "Bob", "Cy"],
        crew={"Ann": ["zek-zarag"]},
        display=["namari"],
        hazard={"Ann": [2]},
        hazard_pile_top=[5, 1],
    )
    g.roll("damage damage damage thruster extra")
    g.play("choose namari")
    g.play("commit damage")
    g.play("lock damage damage damage")
    return g


def test_a_view_is_json_ready_for_every_seat_and_for_spectators() -> None:
    g = hazard_drawn()
    for seat in (0, 1, 2, None):
        view = ENGINE.view(g.state, seat)
        assert json.loads(json.dumps(view)) == view


def test_the_view_shows_the_display_with_requirement_grids_and_tokens() -> None:
    g = hazard_drawn()
    card = ENGINE.view(g.state, None)["display"][0]
    assert card["crew"] == "namari" and card["faction"] == "green" and card["worked_on"]
    assert [(r["face"], r["count"], r["hazard"], r["token"]) for r in card["requirements"]] == [
        ("shield", 4, False, None),
        ("damage", 3, True, 0),
        ("thruster", 3, False, None),
        ("reactor", 1, True, None),
    ]


def test_the_view_shows_the_dice_pools_with_face_keys() -> None:
    g = hazard_drawn()
    dice = ENGINE.view(g.state, 1)["dice"]
    assert dice["supply"] == 7
    assert dice["rolling"] == ["thruster", "extra"]
    assert dice["locked"] == ["damage", "damage", "damage"]


def test_the_view_shows_crew_stacks_with_the_active_ability_prestige_and_tokens() -> None:
    g = hazard_drawn()
    ann = ENGINE.view(g.state, 1)["players"][0]
    assert ann["crew"][0]["active"] == "zek-zarag" and "Thruster" in ann["crew"][0]["ability"]
    assert (ann["prestige"], ann["tokens_left"], ann["tokens_out"]) == (0, 9, 1)


def test_a_seat_sees_its_own_hazard_tokens_and_only_counts_of_others() -> None:
    g = hazard_drawn()
    mine = ENGINE.view(g.state, 0)
    assert mine["players"][0]["hazard_tokens"] == [{"prestige": 2, "hazard": 1}]
    assert mine["turn"]["hazard_drawn"] == [{"prestige": 5, "hazard": 2}, {"prestige": 1, "hazard": 0}]
    for seat in (1, None):
        theirs = ENGINE.view(g.state, seat)
        assert theirs["players"][0]["hazard_tokens"] is None
        assert theirs["players"][0]["hazard_count"] == 1
        assert theirs["turn"]["hazard_drawn"] == 2
        assert "5 Prestige" not in json.dumps(theirs)


def test_the_view_says_whose_turn_it_is_what_to_decide_and_the_legal_commands() -> None:
    g = hazard_drawn()
    mine = ENGINE.view(g.state, 0)
    assert mine["your_turn"] and mine["active_seat"] == 0
    assert "Keep one of the two Hazard tokens" in mine["prompt"]
    assert [s["prefix"] for s in mine["legal"]] == ["keep"]
    assert mine["pending"] == [{"seat": 0, "kind": "keep_hazard", "default": "keep 1", "private": True}]
    assert ENGINE.view(g.state, 1)["legal"] == []
    assert ENGINE.view(g.state, None)["legal"] == []


def test_redact_hides_drawn_and_kept_token_values_from_others() -> None:
    g = hazard_drawn()
    g.play("keep 1")
    drawn, kept = g.last("hazard_tokens_drawn"), g.last("hazard_token_kept")
    assert ENGINE.redact(drawn, 0)["payload"]["tokens"] == [5, 1]  # type: ignore[index]
    for seat in (1, None):
        seen = ENGINE.redact(drawn, seat)
        assert seen is not None
        assert seen["payload"] == {"count": 2, "choose": True, "crew": None}
        assert "5" not in seen["text"]
        assert ENGINE.redact(kept, seat)["payload"] == {}  # type: ignore[index]
    assert ENGINE.redact(kept, 0)["payload"]["token"] == 5  # type: ignore[index]
    assert "position" not in ENGINE.redact(kept, 0)["payload"]  # type: ignore[index]


def test_redact_hides_the_deck_and_hazard_pile_order_from_everyone() -> None:
    set_up = ENGINE.setup(3, {}, Rng(b"x", 1, 0))[0]
    for seat in (0, None):
        seen = ENGINE.redact(set_up, seat)
        assert seen is not None
        assert "deck" not in seen["payload"] and "hazard_pile" not in seen["payload"]
        assert seen["payload"]["deck_size"] == 22 and seen["payload"]["hazard_pile_size"] == 45


def test_every_event_has_a_log_text_with_seat_placeholders() -> None:
    g = hazard_drawn()
    g.play("keep 1")
    texts = [ENGINE.redact(e, None)["text"] for e in g.events]  # type: ignore[index]
    assert texts[0] == "{p0} rolled 5 dice: damage, damage, damage, thruster, extra."
    assert "{p0} commits to Namari's 3 Damage." in texts
    assert texts[-1].format(p0="Ann") == "Ann kept 1 Hazard token and returned the other to the pile."


def test_after_the_end_the_view_shows_everything_and_the_outcome() -> None:
    g = Game.build(["Ann", "Bob"], hazard={"Bob": [5]}).with_state(finished=True, ending=("deck_exhausted",))
    view = ENGINE.view(g.state, 0)
    assert view["players"][1]["hazard_tokens"] == [{"prestige": 5, "hazard": 2}]
    assert view["outcome"]["scores"] == {"0": 0, "1": 5}
    assert view["pending"] == [] and view["legal"] == []


def test_timeouts_pass_before_rolling_and_stop_mid_turn() -> None:
    g = Game.build(["Ann", "Bob"], display=["namari"])
    assert [(p.seat, p.kind, ENGINE.format(p.default)) for p in ENGINE.pending(g.state)] == [
        (0, "start_turn", "pass")
    ]
    g.roll("shield wild extra extra thruster")
    kinds = []
    for step in ("choose namari", "commit shield", "lock shield", "roll"):
        (pending,) = ENGINE.pending(g.state)
        assert ENGINE.format(pending.default) == "stop"
        kinds.append(pending.kind)
        g.play(step, faces="shield damage damage damage damage damage" if step == "roll" else None)
    assert kinds == ["choose_crew", "commit", "lock_dice", "roll_or_stop"]
    g.play("stop")
    assert g.turn.seat == 1


def test_every_default_command_is_legal() -> None:
    state = fold(ENGINE, ENGINE.setup(4, {}, Rng(b"defaults", 1, 0)))
    for n in range(300):
        if state.finished:
            break
        (pending,) = ENGINE.pending(state)
        rng = Rng(b"defaults", 1, n + 1)
        text = ENGINE.random_command(state, pending.seat, rng) if n % 3 else ENGINE.format(pending.default)
        for e in ENGINE.decide(state, pending.seat, ENGINE.parse(text), rng):
            state = ENGINE.evolve(state, e)
        for p in ENGINE.pending(state):
            ENGINE.decide(state, p.seat, p.default, rng)  # must not raise


def test_legal_specs_build_commands_that_parse() -> None:
    g = Game.build(["Ann", "Bob"], display=["namari", "vila-noir"])
    g.roll("reactor reactor damage shield wild")
    for spec in ENGINE.legal(g.state, 0):
        values = {p.name: [c.value for c in p.choices][: p.min_count] for p in spec.params}
        ENGINE.parse(spec.build(values))


def test_redact_hides_which_hazard_token_was_returned() -> None:
    g = Game.build(
        ["Ann", "Bob"],
        crew={"Ann": ["ryle-al-wren"]},
        display=["namari"],
        tokens={"namari": {"shield": "Bob", "damage": "Bob", "reactor": "Bob"}},
        hazard={"Ann": [5, 1]},
    )
    g.roll("thruster thruster thruster damage damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    g.play("stack top")
    g.play("return 1")
    returned = g.last("hazard_token_returned")
    assert ENGINE.redact(returned, 0)["payload"] == {"index": 0, "token": 5}  # type: ignore[index]
    for seat in (1, None):
        seen = ENGINE.redact(returned, seat)
        assert seen is not None and seen["payload"] == {"returned": True}
        assert "5" not in seen["text"]


def test_others_are_told_whom_the_game_waits_for() -> None:
    g = hazard_drawn()
    assert ENGINE.view(g.state, 1)["prompt"] == "Waiting for {p0}."
    assert ENGINE.view(g.state, None)["prompt"] == "Waiting for {p0}."
