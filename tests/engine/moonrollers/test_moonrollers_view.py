"""view, redact, pending and legal: what each seat may see and do, JSON-ready."""

from __future__ import annotations

import json

from moonrollers_scenario import Game, french

from games.engine.core import Rng, fold
from games.engine.messages import is_message_json, render
from games.engine.moonrollers import ENGINE

NAMES = {0: "Ann", 1: "Bob", 2: "Cy"}


def en(message: object) -> str:
    assert is_message_json(message), message
    return render(message, "en", NAMES)  # type: ignore[arg-type]


def fr(message: object) -> str:
    assert is_message_json(message), message
    return render(message, "fr", NAMES)  # type: ignore[arg-type]


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
    assert ann["crew"][0]["active"] == "zek-zarag" and ann["crew"][0]["ability"] == {
        "key": "moonrollers.ability.zek-zarag"
    }
    assert "exactly 1 Thruster" in en(ann["crew"][0]["ability"])
    assert en(ann["crew"][0]["faction_name"]) == "Yellow faction"
    assert fr(ann["crew"][0]["faction_name"]) == "Faction jaune"
    assert (ann["prestige"], ann["tokens_left"], ann["tokens_out"]) == (0, 8, 1)  # 9 tokens for requirements


def test_a_seat_sees_its_own_hazard_tokens_and_only_counts_of_others() -> None:
    g = hazard_drawn()
    mine = ENGINE.view(g.state, 0)
    assert [(t["prestige"], t["hazard"]) for t in mine["players"][0]["hazard_tokens"]] == [(2, 1)]
    assert [(t["prestige"], t["hazard"]) for t in mine["turn"]["hazard_drawn"]] == [(5, 2), (1, 0)]
    assert [en(t["label"]) for t in mine["turn"]["hazard_drawn"]] == [
        "5 Prestige/2 Hazard",
        "1 Prestige/0 Hazard",
    ]
    assert [fr(t["label"]) for t in mine["turn"]["hazard_drawn"]] == [
        "5 Prestige/2 Dangers",
        "1 Prestige/0 Danger",
    ]
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
    assert mine["prompt"] == {"key": "moonrollers.prompt.keep_hazard"}
    assert (
        en(mine["prompt"]) == "Keep one of the two Hazard tokens you drew; the other goes back to the pile."
    )
    assert [s["prefix"] for s in mine["legal"]] == ["keep"]
    assert mine["pending"] == [{"seat": 0, "kind": "keep_hazard", "default": "settle", "private": True}]
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
        assert "5" not in en(seen["text"]) and "5" not in fr(seen["text"])
        assert en(seen["text"]) == "Ann drew 2 Hazard tokens."
        assert ENGINE.redact(kept, seat)["payload"] == {}  # type: ignore[index]
    assert en(ENGINE.redact(drawn, 0)["text"]) == (  # type: ignore[index]
        "Ann drew 2 Hazard tokens: 5 Prestige/2 Hazard and 1 Prestige/0 Hazard."
    )
    assert ENGINE.redact(kept, 0)["payload"]["token"] == 5  # type: ignore[index]
    assert "position" not in ENGINE.redact(kept, 0)["payload"]  # type: ignore[index]


def test_redact_hides_the_deck_and_hazard_pile_order_from_everyone() -> None:
    set_up = ENGINE.setup(3, {}, Rng(b"x", 1, 0))[0]
    for seat in (0, None):
        seen = ENGINE.redact(set_up, seat)
        assert seen is not None
        assert "deck" not in seen["payload"] and "hazard_pile" not in seen["payload"]
        assert seen["payload"]["deck_size"] == 22 and seen["payload"]["hazard_pile_size"] == 45


def test_every_event_has_a_log_line_naming_players_by_seat() -> None:
    g = hazard_drawn()
    g.play("keep 1")
    lines = [ENGINE.redact(e, None)["text"] for e in g.events]  # type: ignore[index]
    assert lines[0] == {
        "key": "moonrollers.log.dice_rolled",
        "params": {
            "player": {"seat": 0},
            "added": None,
            "dice": {
                "key": "moonrollers.list.comma",
                "params": {
                    "first": {"key": "moonrollers.dice.damage", "count": 3},
                    "rest": {
                        "key": "moonrollers.list.and",
                        "params": {
                            "first": {"key": "moonrollers.dice.thruster", "count": 1},
                            "last": {"key": "moonrollers.dice.extra", "count": 1},
                        },
                    },
                },
            },
            "safe": None,
        },
        "count": 5,
    }
    assert en(lines[0]) == "Ann rolled 5 dice: 3 Damage, 1 Thruster and 1 Extra Die."
    # French typography: a no-break space before the colon.
    assert fr(lines[0]) == "Ann lance 5 dés\u00a0: 3 Dommages, 1 Propulseur et 1 Dé supplémentaire."
    assert "Ann commits to Namari's 3 Damage." in [en(line) for line in lines]
    assert "Ann opte pour la condition 3 Dommages de Namari." in [fr(line) for line in lines]
    assert en(lines[-1]) == "Ann kept 1 Hazard token and returned the other to the pile."
    assert fr(lines[-1]) == french("Ann garde 1 jeton Danger et remet l'autre dans la pile.")


def test_after_the_end_the_view_shows_everything_and_the_outcome() -> None:
    g = Game.build(["Ann", "Bob"], hazard={"Bob": [5]}).with_state(finished=True, ending=("deck_exhausted",))
    view = ENGINE.view(g.state, 0)
    assert [(t["prestige"], t["hazard"]) for t in view["players"][1]["hazard_tokens"]] == [(5, 2)]
    assert view["outcome"]["scores"] == {"0": 0, "1": 5}
    assert en(view["prompt"]) == "The game is over."
    details = view["outcome"]["details"]
    assert en(details["tie_break"]).startswith("Most Prestige wins; a tie goes to the fewest Hazard symbols")
    assert [en(m) for m in details["explanations"]] == [
        "The game ended: the last card of the crew deck has been drawn.",
        "Nobody has at least 3 Hazard symbols more than their opponent: "
        "every Hazard token scores its Prestige.",
        "Bob wins with 5 Prestige.",
    ]
    assert view["pending"] == [] and view["legal"] == []


def test_every_timeout_default_is_settle() -> None:
    g = Game.build(["Ann", "Bob"], display=["namari"])
    assert [(p.seat, p.kind, ENGINE.format(p.default)) for p in ENGINE.pending(g.state)] == [
        (0, "start_turn", "settle")
    ]
    g.roll("shield wild extra extra thruster")
    kinds = []
    for step in ("choose namari", "commit shield", "lock shield", "roll"):
        (pending,) = ENGINE.pending(g.state)
        assert ENGINE.format(pending.default) == "settle"
        kinds.append(pending.kind)
        g.play(step, faces="shield damage damage damage damage damage" if step == "roll" else None)
    assert kinds == ["choose_crew", "commit", "lock_dice", "roll_or_stop"]
    assert "every roll must lock a die" in g.illegal("stop")
    g.play("lock shield")
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
        assert en(seen["text"]) == "Ann returned a Hazard token to the pile."
    assert en(ENGINE.redact(returned, 0)["text"]) == "Ann returned 5 Prestige/2 Hazard to the pile."  # type: ignore[index]


def test_others_are_told_whom_the_game_waits_for() -> None:
    g = hazard_drawn()
    for seat in (1, None):
        prompt = ENGINE.view(g.state, seat)["prompt"]
        assert prompt == {"key": "moonrollers.prompt.waiting", "params": {"player": {"seat": 0}}}
        assert en(prompt) == "Waiting for Ann."
        assert fr(prompt) == french("En attente d'Ann.")
