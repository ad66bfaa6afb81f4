"""The rules of issue 9, each read against the rulebook sentence it enforces.

Every roll locks; there is no pass; the timeout default (``settle``) is legal and costs the absent
player least; abilities are optional; a safe roll still locks when it can; 9 player tokens go on
requirements; a Hazard tie at 0 symbols; the French rulebook's verbs.
"""

from __future__ import annotations

import re

import pytest
from moonrollers_scenario import Game

from games.engine.core import CannotParse
from games.engine.messages import render, translations
from games.engine.moonrollers import ENGINE

# Namari: Shield 4, Damage 3 (Hazard), Thruster 3, Reactor 1 (Hazard).
NAMARI = "namari"


def game(*crew: str, **kw: object) -> Game:
    return Game.build(
        ["Ann", "Bob"],
        crew={"Ann": list(crew)},
        display=[NAMARI, "kal-damar", "avari", "imdar-shade"],
        **kw,  # type: ignore[arg-type]
    )


def types(events: list) -> list[str]:  # type: ignore[type-arg]
    return [e.type for e in events]


# ---- 1. Every roll must lock ------------------------------------------------------------------


def test_stop_is_refused_after_a_roll_until_a_die_is_locked() -> None:
    # "Commit to 1 requirement ... Lock in at least 1 die of that requirement."
    g = game()
    g.roll("shield wild extra extra thruster")
    assert "every roll must lock a die" in g.illegal("stop")
    assert "stop" not in g.legal_texts()
    g.play("choose namari")
    assert "every roll must lock a die" in g.illegal("stop")
    g.play("commit shield")
    assert "every roll must lock a die" in g.illegal("stop")
    g.play("lock shield")
    assert "stop" in g.legal_texts()
    events = g.play("stop")
    assert types(events) == ["stopped", "turn_started"]


def test_a_committed_requirement_must_get_a_die_on_every_roll_before_stopping() -> None:
    # "If you have already committed to a requirement type, then you must lock in at least 1 die
    # of that requirement."
    g = game()
    g.roll("shield shield damage damage thruster")
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock shield")
    g.roll("shield damage thruster reactor")
    assert "every roll must lock a die" in g.illegal("stop")
    assert "Lock at least one die before rolling again" in g.illegal("roll")
    g.play("lock shield")
    g.play("stop")
    assert g.turn.seat == 1


def test_stop_cannot_dodge_a_forced_hazard_draw() -> None:
    # The only die that fits completes Namari's Reactor 1 (Hazard): "If the requirement contains a
    # Hazard symbol above it, immediately take 2 random Hazard tokens."
    g = game(tokens={NAMARI: {"shield": "Bob", "damage": "Bob", "thruster": "Bob"}}, hazard_pile_top=[5, 1])
    g.roll("reactor extra extra extra extra")
    assert "every roll must lock a die" in g.illegal("stop")
    g.play("choose namari")
    g.play("commit reactor")
    events = g.play("lock reactor")
    assert "hazard_tokens_drawn" in types(events)


def test_stop_cannot_refuse_to_complete_a_card_and_deny_the_others_their_prestige() -> None:
    # "Once all requirements on a Crew card have been met, award Prestige to players who
    # contributed": with only the last requirement's dice, the roll must lock them.
    g = game(tokens={NAMARI: {"shield": "Bob", "damage": "Bob", "reactor": "Bob"}})
    g.roll("thruster thruster thruster shield shield")
    assert "every roll must lock a die" in g.illegal("stop")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster")  # one die; the rest may come later this turn
    assert "stop" in g.legal_texts()


def test_stop_comes_between_rolls_after_a_completed_requirement() -> None:
    # "He can stop and secure his token on the card, or roll again." (turn example)
    g = game()
    g.roll("thruster thruster thruster shield damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    assert {"roll", "stop"} <= set(g.legal_texts())
    g.play("stop")
    assert g.tokens_on(NAMARI)["thruster"] == 0


# ---- 5. A safe roll still locks when it can --------------------------------------------------------


def at_ok_safe(g: Game, faces: str) -> None:
    g.roll("shield shield thruster thruster thruster")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    assert g.roll(faces)[0].payload["safe"] is True


def test_a_safe_roll_that_can_lock_must_lock() -> None:
    # AT-OK: "you may stop and keep your completed requirements or roll again even if you are
    # unable to lock any dice" - not when you are able to.
    g = game("at-ok")
    at_ok_safe(g, "shield extra")
    assert "every roll must lock a die" in g.illegal("stop")
    assert "Lock at least one die before rolling again" in g.illegal("roll")
    g.play("commit shield")
    g.play("lock shield")
    assert {"roll", "stop"} <= set(g.legal_texts())


def test_a_safe_roll_that_can_lock_nothing_may_stop_or_roll_again() -> None:
    g = game("at-ok")
    at_ok_safe(g, "thruster extra")  # nothing fits Shield 4, Damage 3 or Reactor 1
    assert {"roll", "stop"} <= set(g.legal_texts())
    assert "bust" not in g.legal_texts()  # without Namari, busting would only lose the Thruster


# ---- 2. There is no pass ----------------------------------------------------------------------------


def test_there_is_no_pass_a_turn_starts_with_a_roll() -> None:
    # "Each turn consists of a series of rolls ... 1. Roll 5 dice."
    g = game()
    assert g.legal_texts() == ["roll"]
    with pytest.raises(CannotParse) as refused:
        ENGINE.parse("pass")
    assert "There is no pass" in str(refused.value)
    with pytest.raises(CannotParse):
        ENGINE.parse("passer")


# ---- 3. settle: the timeout default ----------------------------------------------------------------


def test_settle_at_the_start_of_a_turn_rolls() -> None:
    g = game()
    events = g.play("settle", faces="shield wild extra extra thruster")
    assert types(events) == ["dice_rolled"]
    assert g.turn.seat == 0  # the next decision gets its own deadline


def test_settle_chooses_commits_and_locks_one_die_that_completes_nothing_then_ends_the_turn() -> None:
    g = game()
    g.roll("reactor damage shield thruster thruster")  # the Reactor would complete Reactor 1 (Hazard)
    events = g.play("settle")
    assert types(events) == [
        "crew_chosen",
        "requirement_committed",
        "dice_locked",
        "turn_settled",
        "turn_started",
    ]
    assert events[2].payload["dice"] == [{"face": "shield", "as": "shield", "counts": 1, "with": None}]
    assert g.turn.seat == 1 and g.state.tokens_out(0) == 0
    settled = events[3]
    owner = render(ENGINE.summary(settled, 0), "en")  # type: ignore[arg-type]
    assert owner == (
        "Your time ran out: 1 Shield was locked for you on Namari's 4 Shields and your turn ended, "
        "with no completed requirement kept."
    )


def test_settle_after_a_lock_ends_the_turn_keeping_completed_requirements() -> None:
    g = game()
    g.roll("thruster thruster thruster shield damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    events = g.play("settle")
    assert types(events) == ["turn_settled", "turn_started"]
    assert g.tokens_on(NAMARI)["thruster"] == 0
    text = render(ENGINE.summary(events[0], 0), "en")  # type: ignore[arg-type]
    assert text == "Your time ran out: your turn ended, keeping 1 completed requirement on Namari."


def test_settle_prefers_a_lock_that_draws_no_hazard_token() -> None:
    # Damage 3 (Hazard) and Thruster 3 both need 1 more; both would complete: Thruster draws nothing.
    g = game(tokens={NAMARI: {"shield": "Bob"}})
    g.roll("damage thruster extra extra extra")
    g.play("choose namari")
    g.play("commit thruster")
    g.with_turn(progress=2)
    events = g.play("settle")
    assert "hazard_tokens_drawn" not in types(events)


def test_settle_when_only_a_hazard_lock_exists_keeps_the_token_with_fewer_hazard_symbols() -> None:
    g = game(tokens={NAMARI: {"shield": "Bob", "damage": "Bob", "thruster": "Bob"}}, hazard_pile_top=[5, 1])
    g.roll("reactor extra extra extra extra")
    g.play("choose namari")  # the other cards would take the Reactor without completing anything
    g.play("commit reactor")
    events = g.play("settle")
    assert types(events)[:3] == [
        "dice_locked",
        "requirement_completed",
        "hazard_tokens_drawn",
    ]
    kept = g.last("hazard_token_kept")
    assert kept.payload["token"] == 1  # 0 Hazard symbols rather than 2
    assert "crew_hired" in types(events) and g.turn.seat == 1


def test_settle_busts_when_only_an_ability_could_save_the_roll() -> None:
    g = game("vila-noir")
    g.roll("thruster thruster thruster shield shield")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    g.roll("extra extra")
    assert [p.kind for p in ENGINE.pending(g.state)] == ["use_ability_or_bust"]
    events = g.play("settle")
    assert types(events) == ["busted", "turn_started"]


def test_settle_places_a_duplicate_faction_under_and_returns_no_hazard_token() -> None:
    g = Game.build(
        ["Ann", "Bob"],
        crew={"Ann": ["ryle-al-wren"]},
        display=[NAMARI],
        tokens={NAMARI: {"shield": "Bob", "damage": "Bob", "reactor": "Bob"}},
        hazard={"Ann": [2, 5]},
    )
    g.roll("thruster thruster thruster damage damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    assert [p.kind for p in ENGINE.pending(g.state)] == ["stack_crew"]
    g.play("settle")
    assert g.player("Ann").stacks == (("ryle-al-wren", NAMARI),)
    assert g.player("Ann").hazard == (2, 5)
    assert g.turn.seat == 1


def test_every_pending_default_is_settle_and_legal_in_random_games() -> None:
    from games.engine.core import Rng, fold
    from games.engine.moonrollers.abilities import must_lock_or_bust
    from games.engine.moonrollers.turn import roll_done

    for n in range(4):
        state = fold(ENGINE, ENGINE.setup(3, {}, Rng(b"settle", n, 0)))
        for i in range(400):
            if state.finished:
                break
            (p,) = ENGINE.pending(state)
            assert ENGINE.format(p.default) == "settle"
            rng = Rng(b"settle", n, i + 1)
            text = ENGINE.format(p.default) if i % 4 == 0 else ENGINE.random_command(state, p.seat, rng)
            must_lock = (
                state.turn.phase == "rolled"
                and not state.turn.drawn
                and not roll_done(state)
                and not must_lock_or_bust(state)
            )
            events = ENGINE.decide(state, p.seat, ENGINE.parse(text), rng)
            if text == "settle" and must_lock:
                locks = [e for e in events if e.type == "dice_locked"]
                assert len(locks) == 1 and len(locks[0].payload["dice"]) == 1  # exactly one die
            for e in events:
                state = ENGINE.evolve(state, e)


# ---- 4. All abilities are optional ------------------------------------------------------------------


def test_avari_three_dice_may_be_declined_to_keep_a_small_pool() -> None:
    # Avari: "If you roll all Wilds, add 3 dice from the supply"; "All abilities are optional".
    g = game("avari", "redacted")
    g.roll("shield shield damage damage thruster")
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock shield shield")
    g.roll("wild wild wild")
    g.play("lock wild")
    assert {"roll", "roll without avari"} <= set(g.legal_texts())
    rolled = g.play("roll without avari", faces="shield shield")[0]
    assert rolled.payload["from_supply"] == 0 and len(rolled.payload["faces"]) == 2
    assert "nothing of Kal Damar to decline" in game("avari").illegal("roll without kal-damar")


def test_avari_is_the_default_when_rolling_again() -> None:
    g = game("avari")
    g.roll("shield shield damage damage thruster")
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock shield shield")
    g.roll("wild wild wild")
    g.play("lock wild")
    assert g.play("roll", faces="damage " * 5)[0].payload["from_supply"] == 3


def test_kal_damar_sixth_die_may_be_declined() -> None:
    g = game("kal-damar")
    assert g.legal_texts() == ["roll", "roll without kal-damar"]
    assert len(g.play("roll without kal-damar", faces="damage " * 5)[0].payload["faces"]) == 5


def test_with_namari_a_safe_roll_may_bust_on_purpose() -> None:
    # AT-OK's safety declined: "Namari: Gain 2 Prestige after you bust."
    g = game("at-ok", "namari")
    at_ok_safe(g, "thruster extra")
    assert "bust" in g.legal_texts()
    events = g.play("bust")
    assert events[0].type == "busted" and events[0].payload["prestige"] == 2
    assert g.prestige("Ann") == 2 and g.tokens_on(NAMARI)["thruster"] is None


# ---- 6. Player tokens ---------------------------------------------------------------------------------


def test_nine_tokens_go_on_requirements() -> None:
    # "10 player tokens ... Each player places 1 token on the 0 space of the Prestige board."
    g = game()
    assert g.state.tokens_left(0) == 9
    assert ENGINE.view(g.state, 0)["players"][0]["tokens_total"] == 9


# ---- 8. The French rulebook's verbs ------------------------------------------------------------------


def test_the_french_catalog_uses_the_rulebooks_verbs() -> None:
    # "Optez pour une condition", "verrouillez", "piochez"; "engager" is hiring crew.
    cat = translations("moonrollers", "fr")
    po = (
        __import__("pathlib").Path(ENGINE.__class__.__module__.replace(".", "/")).parent
        / "locale/fr/LC_MESSAGES/moonrollers.po"
    )
    text = (__import__("pathlib").Path(__file__).parents[3] / po).read_text(encoding="utf-8")
    strings = re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', text, re.M)
    passing = [s for s in strings if re.search(r"\bpasse[rz]?\b", s) and "On ne passe pas" not in s]
    assert not [s for s in passing if "tour" in s or "passer" in s]
    for s in strings:
        if re.search(r"\bengag", s, re.I):
            assert re.search(r"équipage|engagé \{crew\}|engage \{crew\}|\{crew\}", s, re.I), s
    assert cat.gettext("moonrollers.command.commit").startswith("Opter pour")
    assert cat.gettext("moonrollers.command.lock").startswith("Verrouiller")
    assert "pioche" in cat.ngettext("moonrollers.log.hazard_tokens_drawn", "", 2)


# ---- Confirmation flags -----------------------------------------------------------------------------


def confirmed(g: Game) -> dict[str, bool]:
    return {s.prefix: s.confirm for s in ENGINE.legal(g.state, g.turn.seat)}


def test_what_cannot_be_undone_and_costs_asks_for_confirmation() -> None:
    g = game()
    g.roll("thruster thruster thruster shield damage")
    g.play("choose namari")
    g.play("commit thruster")
    assert confirmed(g)["lock"] is False  # Thruster 3 is not the card's last requirement
    g.play("lock thruster thruster thruster")
    assert confirmed(g) == {"roll": False, "stop": True}

    last = game(tokens={NAMARI: {"shield": "Bob", "damage": "Bob", "reactor": "Bob"}})
    last.roll("thruster thruster thruster shield damage")
    last.play("choose namari")
    last.play("commit thruster")
    assert confirmed(last)["lock"] is True  # it may complete the card's last requirement

    all_dice = game()
    all_dice.roll("shield damage damage damage damage")
    all_dice.play("choose namari")
    all_dice.play("commit shield")
    all_dice.play("lock shield")
    all_dice.roll("shield shield damage damage")
    all_dice.play("lock shield")
    # Two Shields left to roll, 2 more needed: locking both leaves no die to roll, ending the turn.
    two = (0, 0, 0, 2, 0, 0)
    all_dice.with_turn(pool=two, rolled=two, pool_size=2, locked_this_roll=0).with_state(supply=8)
    assert confirmed(all_dice)["lock"] is True


def test_keeping_a_hazard_token_and_the_hires_choices_ask_for_confirmation() -> None:
    g = Game.build(
        ["Ann", "Bob"],
        crew={"Ann": ["ryle-al-wren"]},
        display=[NAMARI],
        tokens={NAMARI: {"shield": "Bob", "thruster": "Bob", "reactor": "Bob"}},
        hazard={"Ann": [2]},
        hazard_pile_top=[5, 1],
    )
    g.roll("damage damage damage shield shield")
    g.play("choose namari")
    g.play("commit damage")
    g.play("lock damage damage damage")
    assert confirmed(g) == {"keep": True}
    g.play("keep 2")
    assert confirmed(g) == {"stack": True}
    g.play("stack under")
    assert confirmed(g) == {"return": True}


# ---- Words, not notation ---------------------------------------------------------------------------


def test_every_label_of_every_spec_reads_as_words_in_both_languages() -> None:
    from games.engine.core import Rng, fold
    from games.engine.moonrollers.cards import CREW_SLUGS

    slugs = [s for s in CREW_SLUGS if "-" in s]
    checked = 0
    for n in range(6):
        state = fold(ENGINE, ENGINE.setup(2 + n % 4, {}, Rng(b"labels", n, 0)))
        for i in range(600):
            if state.finished:
                break
            (p,) = ENGINE.pending(state)
            for spec in ENGINE.legal(state, p.seat):
                labels = [(spec.label, spec.prefix)]
                for param in spec.params:
                    labels.append((param.label, param.name))
                    labels += [(c.label, c.value) for c in param.choices]
                for label, notation in labels:
                    for language in ("en", "fr"):
                        text = render(label, language)
                        assert text != notation and not text.startswith("moonrollers."), text
                        assert not any(slug in text for slug in slugs), text
                        assert not re.search(r"\b(with|as|lock|commit|reroll|treat)\b [a-z-]+", text) or (
                            language == "en" and text[0].isupper()
                        ), text
                        assert spec.prefix not in text or " " not in spec.prefix, text
                        checked += 1
            rng = Rng(b"labels", n, i + 1)
            text = ENGINE.random_command(state, p.seat, rng)
            for e in ENGINE.decide(state, p.seat, ENGINE.parse(text), rng):
                state = ENGINE.evolve(state, e)
    assert checked > 2000


def test_an_ability_lock_reads_as_words() -> None:
    g = game("sella-pelleon")
    g.roll("extra shield damage damage thruster")
    g.play("choose namari")
    g.play("commit shield")
    (spec,) = [s for s in ENGINE.legal(g.state, 0) if "sella" in s.prefix]
    assert render(spec.label, "en") == "Lock an Extra Die as a Wild on Namari's 4 Shields (Sella Pelleon)"
    assert render(spec.label, "fr") == (
        "Verrouiller un Dé supplémentaire comme Joker sur la condition 4 Boucliers de Namari (Sella Pelleon)"
    )


# ---- Summaries: "say what happened to me" ----------------------------------------------------------

NAMES = {0: "Ann", 1: "Bob"}


def said(event: object, seat: int | None, language: str = "en") -> str | None:
    line = ENGINE.summary(event, seat)  # type: ignore[arg-type]
    return None if line is None else render(line, language, NAMES)


def busted_with_two_completed(*crew: str) -> Game:
    g = game(*crew, hazard_pile_top=[1, 2])
    g.roll("thruster thruster thruster reactor damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    g.roll("reactor damage")
    g.play("commit reactor")
    g.play("lock reactor")
    g.play("keep 1")
    g.roll("extra")  # nothing fits Shield 4 or Damage 3: bust
    return g


def test_a_bust_tells_its_player_what_was_rolled_and_what_goes_back() -> None:
    g = busted_with_two_completed()
    bust = g.last("busted")
    assert said(bust, 0) == "You rolled 1 Extra Die: bust. Your 2 completed requirements go back."
    assert said(bust, 0, "fr") == (
        "Vous avez obtenu 1 Dé supplémentaire\u00a0: vous vous plantez. "
        "Vos 2 conditions remplies sont reprises."
    )
    assert said(bust, 1) == said(bust, None) == "Ann busted on Namari."
    assert said(bust, 1, "fr") == "Ann s\u2019est planté sur Namari."


def test_a_bust_with_namari_says_the_prestige_it_brings() -> None:
    g = busted_with_two_completed("namari")
    assert said(g.last("busted"), 0) == (
        "You rolled 1 Extra Die: bust. Your 2 completed requirements go back. Namari gives you 2 Prestige."
    )


def test_a_stop_tells_its_player_what_is_kept() -> None:
    g = game()
    g.roll("thruster thruster thruster shield damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    g.play("stop")
    stop = g.last("stopped")
    assert said(stop, 0) == "You stopped, keeping 1 completed requirement on Namari."
    assert said(stop, 0, "fr") == "Vous vous êtes arrêté, en gardant 1 condition remplie sur Namari."
    assert said(stop, 1) == "Ann stopped, keeping 1 completed requirement on Namari."
    completed = g.last("requirement_completed")
    assert said(completed, 1) == "Ann completed Namari's 3 Thrusters."
    assert said(completed, 0) == "You completed Namari's 3 Thrusters."


def test_a_hire_tells_its_player_they_completed_the_last_requirement() -> None:
    g = game(tokens={NAMARI: {"shield": "Bob", "damage": "Bob", "reactor": "Bob"}})
    g.roll("thruster thruster thruster shield damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    hired = g.last("crew_hired")
    assert said(hired, 0) == "You completed Namari's last requirement and hired Namari."
    assert said(hired, 0, "fr") == "Vous avez rempli la dernière condition de Namari et engagé Namari."
    assert said(hired, 1) == said(hired, None) == "Ann hired Namari."


def test_a_timeout_settle_says_what_was_locked_for_the_absent_player() -> None:
    g = game()
    g.roll("reactor damage shield thruster thruster")
    settled = next(e for e in g.play("settle") if e.type == "turn_settled")
    assert said(settled, 0, "fr") == (
        "Votre temps est écoulé\u00a0: 1 Bouclier a été verrouillé pour vous sur la condition 4 Boucliers "
        "de Namari et votre tour s\u2019est terminé, sans garder de condition remplie."
    )
    assert (
        said(settled, 1)
        == "Ann's time ran out: 1 Shield was locked on Namari's 4 Shields and the turn ended."
    )


def test_bookkeeping_events_have_no_summary() -> None:
    g = game()
    g.roll("shield wild extra extra thruster")
    for event in (*g.play("choose namari"), *g.play("commit shield"), *g.play("lock shield")):
        assert said(event, 0) is None and said(event, 1) is None
    rolled = g.last("dice_rolled")
    assert said(rolled, 0) is None  # the player rolled it
    assert said(rolled, 1) is not None


# ---- The final score explanation -------------------------------------------------------------------


def ended(names: list[str], prestige: dict[str, int], hazard: dict[str, list[int]]) -> Game:
    g = Game.build(names, prestige=prestige, hazard=hazard)  # type: ignore[arg-type]
    return g.with_state(finished=True, ending=("three_of_a_faction",))


def test_the_outcome_has_a_score_table_row_per_player_on_the_rulebooks_numbers() -> None:
    # The turn example: "Prestige is now distributed: 7 to Angelo, 3 to Adria, and 1 to Danielle."
    # Angelo and Adria tie for the most Hazard symbols (2): "all tied players do not score their
    # tokens"; Danielle scores hers.
    g = ended(
        ["Angelo", "Adria", "Danielle"],
        {"Angelo": 7, "Adria": 3, "Danielle": 1},
        {"Angelo": [5], "Adria": [2, 2], "Danielle": [2, 1]},
    )
    result = ENGINE.outcome(g.state)
    assert result is not None
    assert result.scores == {0: 7, 1: 3, 2: 4}
    assert ENGINE.scores(g.state) == result.scores  # the replay chart ends at the final totals
    rows = result.details["rows"]
    assert rows[0] == {
        "seat": 0,
        "prestige": 7,
        "tokens": [{"prestige": 5, "hazard": 2}],
        "hazard_symbols": 2,
        "most_hazard": True,
        "disqualified": True,
        "saved_by_margin": False,
        "hazard_prestige": 0,
        "total": 7,
        "place": 1,
        "tie_break": None,
    }
    assert [(r["disqualified"], r["hazard_prestige"], r["total"], r["place"]) for r in rows] == [
        (True, 0, 7, 1),
        (True, 0, 3, 3),
        (False, 3, 4, 2),
    ]
    details = result.details
    assert details["two_player_margin"] is False
    assert details["hazard_prestige"] == {"0": 0, "1": 0, "2": 3}
    assert details["tie_break_used"] == []
    for key in ("prestige_before_hazard", "hazard_tokens", "hazard_symbols", "hazard_disqualified"):
        assert key in details
    assert {"end_reasons", "tie_break", "explanations"} <= set(details)


def test_the_outcome_says_when_the_two_player_margin_rule_saved_the_most_hazard() -> None:
    # "In 2 player games, the player with the most Hazard symbols is only disqualified ... if they
    # have at least 3 more Hazard symbols than their opponent."
    result = ENGINE.outcome(ended(["A", "B"], {"A": 5, "B": 5}, {"A": [5], "B": [1]}).state)
    assert result is not None
    rows = result.details["rows"]
    assert result.details["two_player_margin"] is True
    assert (rows[0]["most_hazard"], rows[0]["disqualified"], rows[0]["saved_by_margin"]) == (
        True,
        False,
        True,
    )
    assert rows[1]["saved_by_margin"] is False


def test_the_outcome_names_the_tie_break_used() -> None:
    # "In the case of a tie, the Player with the least Hazard symbols across their tokens wins."
    result = ENGINE.outcome(
        ended(["A", "B", "C"], {"A": 10, "B": 7, "C": 20}, {"A": [2], "B": [5], "C": [5, 5]}).state
    )
    assert result is not None
    rows = result.details["rows"]
    assert [r["total"] for r in rows] == [12, 12, 20]
    assert [r["tie_break"] for r in rows] == ["fewest_hazard", "fewest_hazard", None]
    assert result.details["tie_break_used"] == ["fewest_hazard"]


def test_with_namari_moro_madas_safety_may_be_declined_too() -> None:
    # Moro Mada: "you are safe from busting. You may stop ... or roll again"; declining it busts.
    g = game("moro-mada", "namari")
    g.roll("shield shield shield damage reactor")
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock shield shield shield")
    g.roll("extra damage")  # a pool of 2 with an Extra Die: safe, and nothing fits Shield 4
    assert {"roll", "stop", "bust"} <= set(g.legal_texts())
    assert g.play("bust")[0].payload["prestige"] == 2


def test_an_old_bust_without_its_roll_still_has_a_summary() -> None:
    from games.engine.core import Event, upcast

    old = Event("busted", {"crew": "namari", "removed": [2], "taken_back": None, "prestige": 0}, 1, 0)
    new = upcast(ENGINE, old)
    assert new.version == 2
    assert said(new, 0) == "You busted. Your 1 completed requirement goes back."
    assert said(new, 1) == "Ann busted on Namari."


def test_the_default_is_described_in_words_and_does_what_it_says_in_random_games() -> None:
    """A player warned "if your time runs out: lock a Shield on Namari's 4 Shields and end your turn"
    must get exactly that: the words come from the same choice ``settle`` makes."""
    from games.engine.core import Rng, fold
    from games.engine.moonrollers.cards import CREW

    seen: set[str] = set()
    for n in range(4):
        state = fold(ENGINE, ENGINE.setup(3, {}, Rng(b"describe", n, 0)))
        for i in range(300):
            if state.finished:
                break
            (p,) = ENGINE.pending(state)
            words = ENGINE.default_label(state, p.seat)
            assert words is not None
            assert ENGINE.default_label(state, (p.seat + 1) % 3) is None  # only the seat to act
            seen.add(words.key)
            for language in ("en", "fr"):
                text = render(words, language)
                assert not text.startswith("moonrollers.") and "{" not in text
            rng = Rng(b"describe", n, i + 1)
            if words.key == "moonrollers.default.lock_one":
                events = ENGINE.decide(state, p.seat, ENGINE.parse("settle"), rng)
                (lock,) = [e for e in events if e.type == "dice_locked"]
                described = words.params["requirement"]
                assert described.params["crew"] == CREW[lock.payload["crew"]].name
            text = ENGINE.random_command(state, p.seat, rng) if i % 3 else "settle"
            for e in ENGINE.decide(state, p.seat, ENGINE.parse(text), rng):
                state = ENGINE.evolve(state, e)
    assert {"moonrollers.default.roll", "moonrollers.default.lock_one"} <= seen
