"""Every Contract (its requirements and rewards) and every Objective (its condition), by scenario."""

from __future__ import annotations

from dataclasses import replace

import pytest
from moonrakers_scenario import Table, position

from games.engine.moonrakers.cards import CONTRACTS, OBJECTIVES
from games.engine.moonrakers.objectives import met
from games.engine.moonrakers.state import BUYING, ContractResult, Install, TurnRecord

MISSES = ["miss"] * 30
ORDER = ["reactor", "b3-ar", "thruster", "shield", "damage-1"]
CARD_FOR = {
    "reactor": "reactor",
    "thruster": "thruster",
    "shield": "shield",
    "damage": "damage-1",
    "crew": "b3-ar",
}


def exact_hand(contract: str, short: str | None = None) -> list[str]:
    """Exactly the Contract's requirements (one fewer of ``short``), plus Reactors enough to play them."""
    cards: list[str] = []
    for kind, n in CONTRACTS[contract].requirements:
        cards += [CARD_FOR[kind]] * (n - (1 if kind == short else 0))
    reactors = cards.count("reactor")
    others = len(cards) - reactors
    crews = cards.count("b3-ar")  # each B3-AR gives an Action back
    extra = max(0, others - crews - 1 - reactors)
    return ["reactor"] * extra + cards


@pytest.mark.parametrize("contract", sorted(CONTRACTS))
def test_every_contract_succeeds_with_its_exact_requirements_and_pays_its_rewards(contract: str) -> None:
    c = CONTRACTS[contract]
    hand = exact_hand(contract)
    t = Table(position(3, hands={0: hand}, draws={0: MISSES}, row=[contract], credits={0: 0}))
    t(0, "contract 1 solo", dice=[0, 0, 0, 0])
    for card in sorted(hand, key=ORDER.index):
        t(0, f"play {card}")
    t(0, "done")
    assert t.p(0).prestige == c.prestige and t.p(0).credits == c.credits
    if c.bonus:
        assert t.state.attempt is not None and t.state.attempt.bonus_seat == 0
    else:
        assert t.state.phase == BUYING


@pytest.mark.parametrize("contract", sorted(CONTRACTS))
def test_every_contract_fails_one_card_short(contract: str) -> None:
    c = CONTRACTS[contract]
    short = next(kind for kind, _ in c.requirements if kind != "reactor")
    hand = exact_hand(contract, short)
    t = Table(position(3, hands={0: hand}, draws={0: MISSES}, row=[contract], credits={0: 0}))
    t(0, "contract 1 solo", dice=[0, 0, 0, 0])
    for card in sorted(hand, key=ORDER.index):
        t(0, f"play {card}")
    t(0, "done")
    assert t.p(0).prestige == 0 and t.p(0).credits == 0 and t.state.phase == BUYING


# --- Objectives: each predicate against a record that meets it and one that just misses it ----------


def result(contract: str, success: bool = True, **kw: object) -> ContractResult:
    base: dict[str, object] = {
        "contract": contract,
        "success": success,
        "leader": 0,
        "participants": (0,),
        "targeting": (0,),
        "played": ((0, 0, 0, 0, 0),),
        "damage": (0,),
        "merc": False,
    }
    base.update(kw)
    return ContractResult(**base)  # type: ignore[arg-type]


CASES: dict[str, tuple[ContractResult | Install | int, ContractResult | Install | int]] = {
    "ace": (result("escape-pods", targeting=(2,)), result("escape-pods", targeting=(1,))),
    "barrage": (result("escape-pods", False, damage=(5,)), result("escape-pods", damage=(4,))),
    "chain-reaction": (
        result("escape-pods", False, played=((4, 0, 0, 0, 0),)),
        result("escape-pods", played=((3, 0, 0, 0, 0),)),
    ),
    "quick-strike": (
        result("escape-pods", False, played=((0, 3, 0, 0, 0),)),
        result("escape-pods", played=((0, 2, 0, 0, 0),)),
    ),
    "shield-wall": (
        result("escape-pods", False, played=((0, 0, 3, 0, 0),)),
        result("escape-pods", played=((0, 0, 2, 0, 0),)),
    ),
    "natural-leader": (
        result("escape-pods", False, played=((0, 0, 0, 0, 3),)),
        result("escape-pods", played=((0, 0, 0, 0, 2),)),
    ),
    "daredevil": (result("escape-pods"), result("escape-pods", played=((0, 0, 1, 0, 0),))),
    "efficiency": (result("fuel-shortage"), result("fuel-shortage", played=((0, 1, 0, 0, 0),))),
    "fire-support": (result("claim-bounty"), result("claim-bounty", played=((0, 0, 0, 1, 0),))),
    "gun-for-hire": (
        result("claim-bounty"),
        result("claim-bounty", participants=(0, 1), targeting=(0, 0), played=((0,) * 5,) * 2, damage=(0, 0)),
    ),
    "quick-run": (result("fuel-shortage"), result("fuel-shortage", merc=True)),
    "santa-maria": (result("ancient-ruins"), result("ancient-ruins", success=False)),
    "youre-my-hero": (result("escape-pods"), result("claim-bounty")),
    "saboteur": (
        result(
            "escape-pods",
            False,
            leader=1,
            participants=(1, 0),
            targeting=(0, 0),
            played=((0,) * 5,) * 2,
            damage=(0, 0),
        ),
        result("escape-pods", False),
    ),
    "utopia": (
        result(
            "escape-pods",
            participants=(0, 1, 2),
            targeting=(0, 0, 0),
            played=((0,) * 5,) * 3,
            damage=(0, 0, 0),
        ),
        result("escape-pods", participants=(0, 1), targeting=(0, 0), played=((0,) * 5,) * 2, damage=(0, 0)),
    ),
    "generalist": (
        Install(0, "flash", True, None, ("flash", "predator-mk1", "titan-3000", "mg-warp")),
        Install(0, "the-pursuer", True, None, ("the-pursuer", "predator-mk1", "titan-3000", "mg-warp")),
    ),
    "megaton": (
        Install(0, "mg-warp", True, None, ("mg-warp", "mg-phase-core", "mg1-kinetic")),
        Install(0, "flash", True, None, ("flash", "mg-phase-core", "mg1-kinetic")),
    ),
    "over-9000": (
        Install(0, "daburu-mk1", False, None, ("daburu-mk1", "sapphire-mk2", "pulsor-mk1")),
        Install(0, "daburu-mk1", False, None, ("daburu-mk1", "sapphire-mk2")),
    ),
    "specialist": (
        Install(0, "the-pursuer", True, None, ("the-pursuer", "the-leech")),
        Install(0, "flash", True, None, ("flash", "the-leech")),
    ),
    "speed-demon": (
        Install(0, "flash", True, None, ("flash", "barrier-a3", "twin-jets-e4")),
        Install(0, "flash", True, None, ("flash", "barrier-a3")),
    ),
    "tank": (
        Install(0, "duo-1000", True, None, ("duo-1000", "titan-3000", "symbiote-9000")),
        Install(0, "duo-1000", True, None, ("duo-1000", "titan-3000", "flash")),
    ),
    "tinker": (
        Install(0, "flash", True, "titan-3000", ("a", "b", "c", "flash")),
        Install(0, "flash", False, "titan-3000", ("a", "b", "c", "flash")),
    ),
    "money-bags": (8, 7),
}


@pytest.mark.parametrize("objective", sorted(OBJECTIVES))
def test_every_objective_is_met_exactly_by_its_condition(objective: str) -> None:
    yes, no = CASES[objective]
    for fact, expected in ((yes, True), (no, False)):
        state = position(3)
        if isinstance(fact, ContractResult):
            state = replace(state, record=TurnRecord(results=(fact,)))
        elif isinstance(fact, Install):
            state = replace(state, record=TurnRecord(installs=(fact,)))
        else:
            state = replace(state.with_player(0, credits=fact), phase=BUYING)
        assert met(state, 0, objective) is expected, (objective, fact)
