"""Standing answers (standing.py) and the invitee's prompt: which offers a rule answers, and what
an invitee reads about the offer (the Contract, its values, their share)."""

from __future__ import annotations

import pytest
from moonrakers_scenario import Table, position

from games.engine.core import CannotParse, Pending, check_policy, standing_command, standing_policies
from games.engine.messages import render
from games.engine.moonrakers import ENGINE
from games.engine.moonrakers.commands import BonusDeck

NAMES = {0: "Ann", 1: "Bob", 2: "Cy"}


def offered(terms: str) -> Table:
    t = Table(position(3, row=["admirals-flagship"]))
    t(0, "contract 1")
    t(0, f"offer p2 {terms}")
    return t


def answer(t: Table, policy: dict[str, object]) -> str | None:
    pending = next(p for p in ENGINE.pending(t.state) if p.seat == 1)
    return standing_command(ENGINE, t.state, 1, pending, policy)


@pytest.mark.parametrize(
    ("terms", "policy", "expected"),
    [
        ("1c", {"policy": "decline"}, "decline"),
        ("2p 1d", {"policy": "accept_prestige", "prestige": 2, "dice": 1}, "accept"),
        ("1p 1d", {"policy": "accept_prestige", "prestige": 2, "dice": 1}, None),  # too little Prestige
        ("2p 2d", {"policy": "accept_prestige", "prestige": 2, "dice": 1}, None),  # too many dice
        ("4c", {"policy": "accept_credits", "credits": 4, "dice": 0}, "accept"),
        ("3c", {"policy": "accept_credits", "credits": 4, "dice": 0}, None),
        ("5p", {"policy": "bonus_crew"}, None),  # a rule for another decision
    ],
)
def test_a_standing_answer_plays_only_on_the_offers_it_covers(
    terms: str, policy: dict[str, object], expected: str | None
) -> None:
    t = offered(terms)
    assert answer(t, policy) == expected
    if expected is not None:
        t(1, expected)  # what the rule plays is legal
        assert t.state.negotiation.offer(1).status != "open"


def test_a_rule_plays_nothing_for_a_seat_without_an_open_offer() -> None:
    t = offered("1c")
    t(1, "decline")
    assert answer_for_seat_without_pending(t) is None


def answer_for_seat_without_pending(t: Table) -> str | None:
    return standing_command(
        ENGINE, t.state, 1, Pending(1, "answer_offer", BonusDeck("crew")), {"policy": "decline"}
    )


def test_the_bonus_deck_is_chosen_by_its_rule() -> None:
    t = offered("1c")
    pending = Pending(1, "bonus_deck", BonusDeck("crew"), reply=True)
    assert standing_command(ENGINE, t.state, 1, pending, {"policy": "bonus_part"}) == "bonus part"
    assert standing_command(ENGINE, t.state, 1, pending, {"policy": "decline"}) is None


def test_every_policy_answers_a_reply_kind_and_checks_its_numbers() -> None:
    assert {p.decision for p in standing_policies(ENGINE)} == {"answer_offer", "bonus_deck"}
    # A solo captain hears no offers: only the Bonus Card's deck can be answered in advance.
    assert {p.decision for p in standing_policies(ENGINE, 1)} == {"bonus_deck"}
    assert {p.decision for p in standing_policies(ENGINE, 2)} == {"answer_offer", "bonus_deck"}
    with pytest.raises(CannotParse):
        check_policy(ENGINE, {"policy": "decline"}, 1)
    assert check_policy(ENGINE, {"policy": "accept_credits", "credits": "3", "junk": 1}) == {
        "policy": "accept_credits",
        "credits": 3,
        "dice": 0,
    }
    with pytest.raises(CannotParse) as refused:
        check_policy(ENGINE, {"policy": "accept_credits", "credits": 13})
    assert refused.value.reason.key == "core.standing.out_of_bounds"
    with pytest.raises(CannotParse):
        check_policy(ENGINE, {"policy": "maybe"})


def test_a_game_without_standing_answers_has_none() -> None:
    from games.engine.moonrollers import ENGINE as MOONROLLERS

    assert standing_policies(MOONROLLERS) == ()
    assert (
        standing_command(MOONROLLERS, None, 0, Pending(0, "x", BonusDeck("crew")), {"policy": "decline"})
        is None
    )


def test_the_invitee_reads_the_contract_its_values_and_their_share() -> None:
    t = offered("2p 3c bonus 1d")
    view = ENGINE.view(t.state, 1)
    assert view["your_turn"] is True
    assert render(view["prompt"], "en", NAMES) == (
        "Ann invites you on the Contract Admiral's Flagship. It needs 5 Reactors, 8 Damage, 5 Shields; "
        "the whole Contract pays 5 Prestige, 11 Credits, the Bonus Card and rolls 4 Hazard Dice. "
        "Your share offered: 2 Prestige, 3 Credits, the Bonus Card, 1 Hazard Die."
    )
    assert render(view["prompt"], "fr", NAMES).startswith("Ann vous invite sur le Contrat")
    assert "5 Réacteurs, 8 Dommages, 5 Boucliers" in render(view["prompt"], "fr", NAMES)  # not "5 Bouclier"
    assert "prompt" not in ENGINE.view(t.state, 2)  # no offer for Cy
    assert "prompt" not in ENGINE.view(t.state, None)
