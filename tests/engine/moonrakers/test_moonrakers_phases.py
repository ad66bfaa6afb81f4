"""The phases, the 40 Contracts and the 23 Objectives, read against the rulebook (001, 003, 004).

Each test quotes the sentence it enforces. The Contract table below is typed out independently of
``cards.json`` (from the card lists, with the rulebook's Claim Bounty), so a wrong number in the data
fails here; each Contract is then played to success with exactly its requirements and to failure
one card short of each of them. Every Objective is met and missed through real play, and scored
only at the end of the turn.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from moonrakers_scenario import Table, position

from games.engine.messages import render
from games.engine.moonrakers import ENGINE
from games.engine.moonrakers.cards import CONTRACTS, PARTS, slug
from games.engine.moonrakers.state import BONUS, BUYING, PLANNING

MISSES = ["miss"] * 30

# name: (type, requirements, Prestige, Credits, Bonus Card, Hazard Dice). R Reactor, T Thruster,
# D Damage, S Shield, C Crew. Claim Bounty is the rulebook's "2 Damage and 2 Reactors, with 1
# Hazard Dice" (001 GAMEPLAY > EXAMPLE [1]; the card lists say 3D).
CONTRACT_TABLE: dict[str, tuple[str, str, int, int, int, int]] = {
    "Abandoned Vessel": ("explore", "3R 3D", 1, 4, 1, 2),
    "Admiral's Flagship": ("kill", "5R 8D 5S", 5, 11, 1, 4),
    "Ancient Ruins": ("explore", "4R 4T", 2, 7, 0, 2),
    "Assault on Vilonia": ("kill", "8D", 3, 5, 1, 2),
    "Asteroid Field": ("explore", "4R 3C", 2, 8, 0, 2),
    "Black Hole": ("explore", "4R 4T 5C", 5, 12, 0, 4),
    "Blockade Run": ("delivery", "1T 1S", 0, 3, 0, 0),
    "Bomber Screen": ("kill", "3T 6D", 3, 9, 0, 3),
    "Bounty Hunters": ("kill", "6D 2C", 3, 6, 0, 3),
    "Claim Bounty": ("kill", "2R 2D", 1, 3, 0, 1),
    "Core World Ace": ("kill", "5D", 1, 5, 1, 1),
    "Cryogenic Pods": ("rescue", "4R 4S", 3, 7, 0, 3),
    "Derelict Planet": ("explore", "5R 2T 3C", 3, 8, 0, 2),
    "Distress Beacon": ("explore", "3R 1C", 1, 3, 0, 1),
    "Elite Squadron": ("kill", "4R 8D 3S", 4, 6, 1, 3),
    "Emergency Meds": ("delivery", "3R 4T 4D", 3, 8, 0, 2),
    "Envoy in Distress": ("rescue", "2D 2S", 1, 2, 1, 2),
    "Escape Pods": ("rescue", "3D 3S", 2, 7, 0, 2),
    "Escort Duty": ("delivery", "3T 1C", 1, 2, 1, 1),
    "Fuel Shortage": ("delivery", "2T 2D", 1, 3, 0, 1),
    "Icarus Run": ("rescue", "3T 3S", 2, 8, 0, 2),
    "Kill Slavers": ("kill", "1T 1D", 0, 4, 0, 0),
    "Martial Law": ("rescue", "2S 2C", 1, 4, 1, 2),
    "Munitions Stockpile": ("delivery", "4T 3S", 3, 7, 0, 2),
    "Negotiation Insurance": ("delivery", "3T 1D", 1, 2, 1, 2),
    "Nova Bloom": ("explore", "5R 3S", 3, 7, 0, 3),
    "Pirate Treasure": ("explore", "2R 1S", 1, 2, 0, 1),
    "Prison Moon": ("rescue", "4T 2D 5S", 5, 10, 0, 4),
    "Probe Recovery": ("explore", "3R 2T", 1, 2, 1, 1),
    "Proof of Life": ("delivery", "4R 4T", 3, 4, 0, 2),
    "Reactor Failure": ("rescue", "1R 1S", 0, 3, 0, 0),
    "Refugee Crisis": ("delivery", "3T 2C", 2, 7, 0, 2),
    "Resistance Leader": ("rescue", "2T 4S 2C", 4, 6, 0, 3),
    "Rival Pirate Gang": ("kill", "2D 1S", 1, 3, 0, 1),
    "Royal Cargo": ("delivery", "5T 5D 2C", 5, 10, 0, 4),
    "Scout Cruiser": ("kill", "5D 2S", 3, 6, 0, 3),
    "Space Anomaly": ("explore", "1R 1D", 0, 3, 0, 0),
    "Stim Run": ("delivery", "1R 2T", 1, 2, 0, 1),
    "Supernova Escape": ("rescue", "1T 2S", 1, 3, 0, 1),
    "Transport Rescue": ("rescue", "2S 1C", 1, 3, 0, 1),
}
LETTER = {"R": "reactor", "T": "thruster", "D": "damage", "S": "shield", "C": "crew"}
# A card that counts 1 toward each requirement type and does nothing else here (B3-AR finds no
# other Crew card to take back, so it only adds its Action).
CARD_FOR = {
    "reactor": "reactor",
    "thruster": "thruster",
    "shield": "shield",
    "damage": "damage-1",
    "crew": "b3-ar",
}
PRIMARY = {"delivery": "thruster", "explore": "reactor", "kill": "damage", "rescue": "shield"}


def needs(contract: str) -> dict[str, int]:
    _, text, *_ = CONTRACT_TABLE[CONTRACTS[contract].name]
    return {LETTER[item[-1]]: int(item[:-1]) for item in text.split()}


def test_the_forty_contracts_hold_the_printed_values() -> None:
    """001 CONTRACT.IMG: "Name, Type, Prestige, Credits, Bonus card, Hazard Dice, Contract requirements";
    Glossary I: each type's "primary requirement is always" a Thruster (Delivery), a Reactor (Explore),
    a Damage (Kill), a Shield (Rescue)."""
    assert {CONTRACTS[c].name for c in CONTRACTS} == set(CONTRACT_TABLE)
    for name, (kind, _, prestige, credits, bonus, dice) in CONTRACT_TABLE.items():
        c = CONTRACTS[slug(name)]
        assert (c.type, dict(c.requirements), c.prestige, c.credits, c.bonus, c.dice) == (
            kind,
            needs(c.slug),
            prestige,
            credits,
            bonus,
            dice,
        ), name
        assert PRIMARY[kind] in dict(c.requirements), name


def attempt(contract: str, cards: list[str]) -> Table:
    """The Mission Leader solos ``contract`` holding ``cards``, with Actions enough to play them all
    (rigged: this test is about the requirement, not the Actions), and plays every card."""
    t = Table(position(3, hands={0: cards}, draws={0: MISSES}, row=[contract], credits={0: 0}))
    t(0, "contract 1 solo", dice=[0, 0, 0, 0])
    assert t.state.attempt is not None
    assert len(t.part(0).dice) == CONTRACTS[contract].dice  # "the Mission Leader rolls all the dice"
    t.state = replace(t.state, attempt=t.state.attempt.replace_part(0, actions=len(cards)))
    for card in cards:
        t(0, f"play {card}")
    t(0, "done")
    return t


def cards_for(requirements: dict[str, int]) -> list[str]:
    return [CARD_FOR[kind] for kind, n in requirements.items() for _ in range(n)]


@pytest.mark.parametrize("contract", sorted(CONTRACTS))
def test_each_contract_is_met_by_its_requirements_and_pays_its_rewards(contract: str) -> None:
    """001: "the Mission Leader and any Allies must meet the requirements by playing an equal or greater
    number of Action Cards that match the icons"; "Players are awarded that number of Prestige"."""
    _, _, prestige, credits, bonus, _ = CONTRACT_TABLE[CONTRACTS[contract].name]
    t = attempt(contract, cards_for(needs(contract)))
    assert t.p(0).prestige == prestige and t.p(0).credits == credits
    assert t.state.phase == (BONUS if bonus else BUYING)


@pytest.mark.parametrize(
    ("contract", "short"),
    [(c, kind) for c in sorted(CONTRACTS) for kind in sorted(needs(c))],
)
def test_each_contract_fails_one_card_short_of_each_requirement(contract: str, short: str) -> None:
    """001 Contract Failure: "When a Contract has been failed, players receive none of the rewards"."""
    requirements = needs(contract)
    requirements[short] -= 1
    t = attempt(contract, cards_for(requirements))
    assert t.p(0).prestige == 0 and t.p(0).credits == 0 and t.state.phase == BUYING


@pytest.mark.parametrize(
    ("damage", "success"),
    [(["damage-3", "damage-3", "damage-2"], True), (["damage-3", "damage-2", "damage-2"], False)],
)
def test_damage_cards_count_their_level(damage: list[str], success: bool) -> None:
    """001 CARDS.IMG: "There are different types of Damage cards: I, II, and III. Each type fulfills
    Damage requirements equal to its level." (Assault on Vilonia needs 8 Damage.)"""
    t = attempt("assault-on-vilonia", damage)
    assert (t.p(0).credits == 5) is success


# --- Objectives, through real play: met, missed, scored only at the end of the turn -------------

COUNTING = ("chain-reaction", "quick-strike", "shield-wall", "natural-leader", "barrage")


def end_of_turn(t: Table) -> None:
    """The Mission Leader (seat 0) ends the Buying Phase: "Objectives should be scored at the end of a
    turn"."""
    assert t.state.phase == BUYING and t.state.leader == 0
    t(0, "done")
    assert t.state.phase == PLANNING


@pytest.mark.parametrize("one_fewer", [None, *COUNTING])
def test_card_counting_objectives_count_the_holders_plays_even_on_a_failure(one_fewer: str | None) -> None:
    """Chain Reaction "Play at least 4 Reactor cards toward one contract (counts even if it fails)",
    Quick Strike 3 Thrusters, Shield Wall 3 Shields, Natural Leader 3 Crew, Barrage "a total of at least
    5 Damage"; the Admiral's Flagship (5R 8D 5S) fails."""
    counts = {
        "chain-reaction": ["reactor"] * 4,
        "quick-strike": ["thruster"] * 3,
        "shield-wall": ["shield"] * 3,
    }
    counts["natural-leader"] = ["b3-ar", "ada-massa", "sella-pelleon reduce shield"]
    counts["barrage"] = ["damage-3", "damage-2"]
    if one_fewer == "barrage":
        counts["barrage"] = ["damage-3", "damage-1"]
    elif one_fewer is not None:
        counts[one_fewer] = counts[one_fewer][1:]
    plays = [card for cards in counts.values() for card in cards]
    state = position(
        3,
        hands={0: [p.split()[0] for p in plays]},
        draws={0: MISSES},
        objectives={0: list(COUNTING)},
        row=["admirals-flagship"],
    )
    t = Table(state)
    t(0, "contract 1 solo", dice=[0, 0, 0, 0])
    assert t.state.attempt is not None
    t.state = replace(t.state, attempt=t.state.attempt.replace_part(0, actions=len(plays)))
    for p in plays:
        t(0, f"play {p}")
    t(0, "done")
    assert t.p(0).credits == 2 and t.p(0).scored == ()  # failed; nothing scored before the end
    end_of_turn(t)
    expected = {o for o in COUNTING if o != one_fewer}
    assert set(t.p(0).scored) == expected and t.p(0).prestige == len(expected)
    assert set(t.p(0).objectives) == set(COUNTING) - expected


def solo_or_allied(contract: str, hand: list[str], objective: str, with_ally: bool, dice: int = 0) -> Table:
    state = position(
        3,
        hands={0: hand, 1: ["miss"]},
        draws={0: MISSES, 1: MISSES},
        objectives={0: [objective]},
        row=[contract],
    )
    t = Table(state)
    t(0, "contract 1")
    if with_ally:
        t(0, "offer p2 nothing")
        t(1, "accept")
    t(0, "launch", dice=[0] * 4)
    assert t.state.attempt is not None
    t.state = replace(t.state, attempt=t.state.attempt.replace_part(0, actions=len(hand)))
    for card in hand:
        t(0, f"play {card}")
    for seat in (0, 1) if with_ally else (0,):
        t(seat, "done")
    return t


@pytest.mark.parametrize(
    ("objective", "contract", "hand"),
    [
        ("gun-for-hire", "kill-slavers", ["thruster", "damage-1"]),
        ("quick-run", "blockade-run", ["thruster", "shield"]),
        ("santa-maria", "space-anomaly", ["reactor", "damage-1"]),
        ("youre-my-hero", "reactor-failure", ["reactor", "shield"]),
    ],
)
@pytest.mark.parametrize("with_ally", [False, True])
def test_alone_objectives_need_no_ally(
    objective: str, contract: str, hand: list[str], with_ally: bool
) -> None:
    """Gun for Hire "Complete a Kill contract alone (no allies)", Quick Run (Delivery), Santa Maria
    (Explore), You're My Hero (Rescue)."""
    t = solo_or_allied(contract, hand, objective, with_ally)
    assert t.p(0).credits == 2 + CONTRACTS[contract].credits  # the Contract succeeded either way
    end_of_turn(t)
    assert (objective in t.p(0).scored) is not with_ally


@pytest.mark.parametrize(
    ("objective", "contract", "without", "with_"),
    [
        # Fire Support: "Complete a Kill contract without playing any Damage card" (Moro Mada: -2 Damage).
        (
            "fire-support",
            "claim-bounty",
            ["reactor", "reactor", "moro-mada reduce damage"],
            ["reactor", "reactor", "damage-1", "damage-1"],
        ),
        # Efficiency: "Complete a Delivery contract without playing any Thruster card".
        (
            "efficiency",
            "fuel-shortage",
            ["damage-1", "damage-1", "moro-mada reduce thruster"],
            ["damage-1", "damage-1", "thruster", "thruster"],
        ),
        # Daredevil: "Complete a Rescue contract without playing any Shield card" (Ryle: Shield -2).
        ("daredevil", "transport-rescue", ["ryle-al-wren shield"], ["shield", "shield", "b3-ar"]),
    ],
)
@pytest.mark.parametrize("met", [True, False])
def test_objectives_completed_without_a_card_type(
    objective: str, contract: str, without: list[str], with_: list[str], met: bool
) -> None:
    """An Ally completes the Contract too (ruling A37); here the holder is the Mission Leader."""
    plays = without if met else with_
    t = Table(
        position(
            3,
            hands={0: [p.split()[0] for p in plays]},
            draws={0: MISSES},
            objectives={0: [objective]},
            row=[contract],
        )
    )
    t(0, "contract 1 solo", dice=[0])
    assert t.state.attempt is not None
    t.state = replace(t.state, attempt=t.state.attempt.replace_part(0, actions=len(plays)))
    for p in plays:
        t(0, f"play {p}")
    t(0, "done")
    assert t.p(0).credits == 2 + CONTRACTS[contract].credits
    end_of_turn(t)
    assert (objective in t.p(0).scored) is met


@pytest.mark.parametrize(("dice", "met"), [(2, True), (1, False)])
def test_ace_two_hazard_dice_targeting_an_ally(dice: int, met: bool) -> None:
    """Ace: "Complete a contract while 2 or more Hazard Dice are targeting you." (as an Ally, A37)"""
    state = position(
        3,
        hands={0: ["damage-3", "shield", "shield", "shield", "reactor"], 1: ["miss"]},
        draws={0: MISSES, 1: MISSES},
        objectives={1: ["ace"]},
        row=["escape-pods"],
    )
    t = Table(state)
    t(0, "contract 1")
    t(0, f"offer p2 {dice}d")
    t(1, "accept")
    t(0, "launch", dice=[0, 0])
    assert t.part(1).targeting == dice and t.state.attempt is not None
    t.state = replace(t.state, attempt=t.state.attempt.replace_part(0, actions=5))
    for card in ("reactor", "damage-3", "shield", "shield", "shield"):
        t(0, f"play {card}")
    t(1, "done")
    t(0, "done")
    assert t.p(0).credits == 9  # succeeded: 2 + 7
    end_of_turn(t)
    assert ("ace" in t.p(1).scored) is met


@pytest.mark.parametrize(
    ("ally", "success", "met"), [(True, False, True), (True, True, False), (False, False, False)]
)
def test_saboteur_fails_a_contract_as_an_ally(ally: bool, success: bool, met: bool) -> None:
    """Saboteur: "Fail a contract while taking part as an ally (not as mission leader)"."""
    hand = ["reactor", "reactor", "damage-1", "damage-1"] if success else ["miss"]
    state = position(
        3,
        hands={0: hand, 1: ["miss"]},
        draws={0: MISSES, 1: MISSES},
        objectives={1 if ally else 0: ["saboteur"]},
        row=["claim-bounty"],
    )
    t = Table(state)
    t(0, "contract 1")
    t(0, "offer p2 nothing")
    t(1, "accept")
    t(0, "launch", dice=[0])
    for card in hand if success else ():
        t(0, f"play {card}")
    t(0, "done")
    t(1, "done")
    end_of_turn(t)
    assert ("saboteur" in t.p(1 if ally else 0).scored) is met


@pytest.mark.parametrize(("allies", "met"), [((1, 2), True), ((1,), False)])
def test_utopia_every_other_player_as_ally(allies: tuple[int, ...], met: bool) -> None:
    """Utopia: "As mission leader, complete a contract in which every other player took part"."""
    hand = ["reactor", "reactor", "damage-1", "damage-1"]
    state = position(
        3,
        hands={0: hand, 1: ["miss"], 2: ["miss"]},
        draws=dict.fromkeys(range(3), MISSES),
        objectives={0: ["utopia"]},
        row=["claim-bounty"],
    )
    t = Table(state)
    t(0, "contract 1")
    for seat in allies:
        t(0, f"offer p{seat + 1} nothing")
        t(seat, "accept")
    t(0, "launch", dice=[0])
    for card in hand:
        t(0, f"play {card}")
    for seat in (0, *allies):
        t(seat, "done")
    end_of_turn(t)
    assert ("utopia" in t.p(0).scored) is met


BRANDS = [
    ("megaton", ["mg-phase-core", "mg1-kinetic"], "mg-warp", True),
    ("megaton", ["mg-phase-core", "mg1-kinetic", "mg-warp"], "barrier-a3", False),  # A38
    ("over-9000", ["sapphire-mk2", "pulsor-mk1"], "predator-mk1", True),
    ("over-9000", ["sapphire-mk2", "barrier-a3"], "predator-mk1", False),
    ("specialist", ["the-leech"], "the-pursuer", True),
    ("specialist", ["the-leech"], "barrier-a3", False),
    ("speed-demon", ["barrier-a3", "escape-jets-e1"], "twin-jets-e4", True),
    ("speed-demon", ["barrier-a3", "titan-3000"], "twin-jets-e4", False),
    ("tank", ["titan-3000", "symbiote-9000"], "duo-1000", True),
    ("tank", ["titan-3000", "symbiote-9000"], "barrier-a3", False),
    ("generalist", ["mg-warp", "titan-3000", "predator-mk1"], "barrier-a3", True),
    ("generalist", ["mg-warp", "titan-3000", "predator-mk1"], "the-pursuer", False),
    ("tinker", ["mg-warp", "titan-3000", "predator-mk1", "the-leech"], "barrier-a3 replace the-leech", True),
    ("tinker", ["mg-warp", "titan-3000", "predator-mk1"], "barrier-a3", False),
]


@pytest.mark.parametrize(("objective", "installed", "buy", "met"), BRANDS)
def test_ship_part_objectives_met_by_a_purchase(
    objective: str, installed: list[str], buy: str, met: bool
) -> None:
    """Megaton "Have 3 Magnomi ship parts installed at the same time", Over 9000 (3 Komek), Specialist
    (2 Sorelia), Speed Demon (3 Ventus), Tank (3 Henko), Generalist (Magnomi, Henko, Komek, Ventus), Tinker
    ("With 4 ship parts already installed, buy a 5th and use it to replace one of them"). 001: "he or
    she would have to buy another Ventus Ship Part in order to complete the Objective" (A38)."""
    card = buy.split()[0]
    state = position(3, credits={0: 10}, parts={0: installed}, objectives={0: [objective]})
    row = (card, *(c for c in state.part_row if c != card))[: len(state.part_row)]
    state = replace(
        state, part_row=row, part_deck=tuple(c for c in state.part_deck if c != card), phase=BUYING
    )
    t = Table(state)
    t(0, f"buy {buy}")
    assert card in t.p(0).parts and t.p(0).credits == 10 - PARTS[card].cost
    end_of_turn(t)
    assert (objective in t.p(0).scored) is met


@pytest.mark.parametrize(("credits", "leader", "met"), [(8, 0, True), (7, 0, False), (8, 1, False)])
def test_money_bags_at_the_end_of_ones_own_turn(credits: int, leader: int, met: bool) -> None:
    """Money Bags: "Finish your turn holding 8 or more credits"."""
    state = position(3, leader=leader, credits={0: credits}, objectives={0: ["money-bags"]})
    t = Table(replace(state, phase=BUYING))
    t(leader, "done")
    assert ("money-bags" in t.p(0).scored) is met


def test_an_objective_stays_secret_until_claimed() -> None:
    """003/004: Objective cards "must be kept secret until immediately after a player fulfills them"."""
    from games.engine.moonrakers import ENGINE

    t = Table(
        position(
            3, objectives={0: ["megaton", "ace"]}, credits={0: 5}, parts={0: ["mg-phase-core", "mg1-kinetic"]}
        )
    )
    assert '"megaton"' not in json.dumps(ENGINE.view(t.state, 1))
    assert "megaton" in ENGINE.view(t.state, 0)["players"][0]["objectives"]
    t.state = replace(t.state, part_row=("mg-warp", *t.state.part_row[1:]), phase=BUYING)
    t(0, "buy mg-warp")
    t(0, "claim megaton")  # revealed at once, scored at the end of the turn
    assert ENGINE.view(t.state, 1)["players"][0]["claimed"] == ["megaton"] and t.p(0).prestige == 0
    assert '"ace"' not in json.dumps(ENGINE.view(t.state, 1))
    t(0, "done")
    assert t.p(0).prestige == 1 and t.p(0).scored == ("megaton",)


@pytest.mark.parametrize(("spend", "met"), [(False, True), (True, False)])
def test_money_bags_claimed_while_buying_is_judged_when_the_turn_ends(spend: bool, met: bool) -> None:
    """Money Bags: "Finish your turn holding 8 or more credits": claimed in the Buying Phase with 9, it
    scores only if 8 are still held when the turn is over; otherwise it goes back, unscored (A56)."""
    state = position(3, credits={0: 9}, objectives={0: ["money-bags"]}, options={"auto_claim": False})
    t = Table(replace(state, phase=BUYING))
    t(0, "claim money-bags")
    if spend:  # every Crew card costs 2 or more: 9 - 2 < 8
        t(0, f"buy {next(c for c in t.state.crew_row if c is not None)}")
    t(0, "done")
    assert ("money-bags" in t.p(0).scored) is met
    assert ("money-bags" in t.p(0).objectives) is not met and t.p(0).claimed == ()
    assert t.p(0).prestige == (1 if met else 0)


# --- Setup, 3-5 players ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_for_three_to_five_players(players: int) -> None:
    """001 GAME SETUP: each deck "2 Damage 1, 3 Reactor, 2 Shield, 2 Thruster, 1 Miss", "Each player draws
    5 cards", "2 Credits", 6 Ship Parts, 3 Crew, 8 Contracts (none with 3 or 4 Hazard Dice), "deal 3 to
    each player. Players each secretly choose 2 and discard the 3rd to the bottom"."""
    from collections import Counter

    from games.engine.core import Rng
    from games.engine.moonrakers import ENGINE
    from games.engine.moonrakers.state import KEEP_OBJECTIVES

    state = None
    for e in ENGINE.setup(players, {}, Rng(b"setup-%d" % players, 1, 1)):
        state = ENGINE.evolve(state, e)
    assert state is not None and state.phase == KEEP_OBJECTIVES
    assert len(state.objective_deck) == 23 - 3 * players
    for p in state.players:
        assert Counter(p.hand + p.draw) == Counter(
            {"damage-1": 2, "reactor": 3, "shield": 2, "thruster": 2, "miss": 1}
        )
        assert len(p.hand) == 5 and p.credits == 2 and p.prestige == 0 and len(p.choosing) == 3
    assert len(state.contract_row) == 8 and all(c and CONTRACTS[c].dice <= 2 for c in state.contract_row)
    assert len(state.part_row) == 6 and len(state.crew_row) == 3 and state.merc_row == ()
    assert {p.seat for p in ENGINE.pending(state)} == set(range(players))  # all choose at once
    for seat in range(players):
        chosen = state.players[seat].choosing
        for e in ENGINE.decide(
            state, seat, ENGINE.parse(f"keep {chosen[1]} {chosen[2]}"), Rng(b"k", 1, seat)
        ):
            state = ENGINE.evolve(state, e)
        assert state.players[seat].objectives == (chosen[1], chosen[2])
        assert state.objective_deck[-1] == chosen[0]
    assert state.phase == PLANNING and len(state.objective_deck) == 23 - 2 * players


def test_t03_first_mission_leader_with_rigged_rolls(monkeypatch: pytest.MonkeyPatch) -> None:
    """001 MISSION LEADER: "The player that rolls the least Hazard goes first. In the event of a tie, roll
    again." Spec T-03: p1 [1,0,2,1], p2 [0,0,1,0], p3 [0,1,0,0]; re-roll p2 [1,1,0,0], p3 [0,0,0,0]."""
    from games.engine.core import Rng
    from games.engine.moonrakers import setup

    faces = [1, 0, 2, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0]
    monkeypatch.setattr(setup, "roll_die", lambda rng: faces.pop(0))
    rolled = setup.first_player(3, Rng(b"t03", 1, 1))
    assert rolled.first == 2
    assert rolled.rolls[1] == ((), (1, 1, 0, 0), (0, 0, 0, 0))  # p1 does not re-roll
    assert faces == []


# --- Planning ---------------------------------------------------------------------------------------


def test_paid_swap_during_negotiation_not_after_the_roll() -> None:
    """001 PLANNING NOTE: "During the Planning Phase, the Mission Leader may choose to pay 1 Credit to
    return an available Contract to the bottom of the Contract draw pile and replace it with a new one
    from the top." The chosen Contract is off the row; after the dice, Planning is over."""
    t = Table(position(3, credits={0: 3}, row=["claim-bounty"]))
    t(0, "contract 1")
    assert t.refused(0, "swap 1").reason.key == "moonrakers.refused.no_contract_there"  # the chosen one
    top = t.state.contract_deck[0]
    old = t.state.contract_row[4]
    t(0, "swap 5")
    assert t.state.contract_row[4] == top and t.state.contract_deck[-1] == old and t.p(0).credits == 2
    t2 = Table(position(3, credits={0: 3}, row=["claim-bounty"]))
    t2(0, "contract 1 solo", dice=[0])
    assert t2.refused(0, "swap 5").reason.key == "moonrakers.refused.not_planning"


def test_stay_at_base_after_a_failed_negotiation_with_both_replacements() -> None:
    """001 Stay At Base steps 1-5 after "If players can't agree" (R-P5); the paid swap and step 4's free
    replacement are two provisions (A28)."""
    t = Table(position(3, credits={0: 1}, hands={0: ["miss"]}, draws={0: MISSES}))
    chosen = t.state.contract_row[0]
    t(0, "contract 1")
    t(0, "offer p2 1c")
    t(1, "decline")
    t(0, "swap 2")
    t(0, "base")
    assert t.state.contract_row[0] == chosen  # released back to its slot (A61)
    assert t.p(0).credits == 1  # 1 - 1 for the swap + 1 "for protecting the base"
    drawn = t.p(0).choosing
    third = t.state.contract_row[2]
    t(0, f"keep {drawn[1]} replace 3")
    assert t.state.contract_deck[-1] == third and t.state.contract_row[2] != third
    assert t.state.objective_deck[-1] == drawn[0] and drawn[1] in t.p(0).objectives
    assert t.state.phase == BUYING and len(t.p(0).hand) == 5 and "miss" in t.p(0).discard


# --- Negotiation ------------------------------------------------------------------------------------


@pytest.mark.parametrize("terms", ["2p", "4c", "bonus", "2d", "1p 3c 1d bonus"])
def test_only_what_appears_on_the_contract_can_be_offered(terms: str) -> None:
    """001: "Players can negotiate over anything that appears on a Contract, including Prestige, Credits,
    Bonus Cards, and who rolls the Hazard Dice. Players cannot negotiate over any prestige, cards, or
    credits already owned." (Claim Bounty: 1 Prestige, 3 Credits, no Bonus Card, 1 die.)"""
    t = Table(position(3, credits={0: 9}, prestige={0: 5}, row=["claim-bounty"]))
    t(0, "contract 1")
    assert t.refused(0, f"offer p2 {terms}").reason.key == "moonrakers.refused.terms_too_much"
    assert t.refused(1, f"propose {terms}").reason.key == "moonrakers.refused.terms_too_much"
    t(0, "offer p2 1p 3c 1d")
    assert t.refused(1, f"counter {terms}").reason.key == "moonrakers.refused.terms_too_much"
    t(1, "counter 1p 3c 1d")


def test_two_accepted_offers_that_overcommit_the_dice_cannot_launch() -> None:
    """The deal splits the Contract's own values: two Allies cannot both take its only die (R-N1)."""
    t = Table(position(3, row=["claim-bounty"]))
    t(0, "contract 1")
    t(0, "offer p2 1d")
    t(0, "offer p3 1d")
    t(1, "accept")
    t(2, "accept")
    assert t.refused(0, "launch").reason.key == "moonrakers.refused.deal_does_not_fit"
    t(0, "cancel p3")
    t(0, "launch", dice=[2])
    assert t.part(1).dice == (2,) and t.part(0).dice == ()


def test_the_mission_leader_cannot_take_terms_beyond_what_is_left() -> None:
    """R-N1: "Players cannot negotiate over any prestige, cards, or credits already owned." With one
    Ally accepted for 1 Credit of Claim Bounty's 3, taking a volunteer's 3 Credits would pay out of
    the Mission Leader's own: refused at once, nothing changes; 2 Credits fit."""
    t = Table(position(3, row=["claim-bounty"]))
    t(0, "contract 1")
    t(0, "offer p2 1c")
    t(1, "accept")
    t(2, "propose 3c")
    before = t.state
    refused = t.refused(0, "accept p3")
    assert refused.reason.key == "moonrakers.refused.terms_do_not_fit"
    assert render(refused.reason, "en", {2: "Cyd"}) == (  # the captain by name, not "player 3"
        "Taking Cyd's terms would give away more than the Contract offers, with the shares already accepted."
    )
    assert t.state == before
    t(2, "propose 2c")
    t(0, "accept p3")
    t(0, "launch", dice=[1])
    assert [p.seat for p in t.state.attempt.participants] == [0, 1, 2]


# --- End of the Execution Phase -----------------------------------------------------------------------


def test_the_contract_row_is_refilled_from_the_top_of_the_deck() -> None:
    """001: "The Contract Card is discarded to a pile near the Dispatch Board and a new Contract is drawn
    and added to the row of available Contracts." ("There are always 8 Contract cards available.")"""
    t = Table(position(3, hands={0: ["miss"]}, row=["fuel-shortage"]))
    top = t.state.contract_deck[0]
    t(0, "contract 1 solo", dice=[0])
    t(0, "done")
    assert t.state.contract_row[0] == top and len([c for c in t.state.contract_row if c]) == 8
    assert t.state.contract_discard == ("fuel-shortage",)


def test_hazard_is_lost_after_the_rewards_and_never_below_zero() -> None:
    """001 "Regardless of Success or Failure: All players subtract their Hazard that was not blocked by a
    Shield from their total Prestige. Note: Players cannot drop below zero Prestige." (A5)"""
    hand = ["reactor", "reactor", "damage-1", "damage-1"]
    t = Table(position(3, hands={0: hand}, draws={0: MISSES}, row=["claim-bounty"]))
    t(0, "contract 1 solo", dice=[2])
    assert t.state.attempt is not None
    t.state = replace(t.state, attempt=t.state.attempt.replace_part(0, actions=4))
    for card in hand:
        t(0, f"play {card}")
    t(0, "done")
    assert t.p(0).prestige == 0 and t.p(0).credits == 5  # +1 then -2, floored at 0
    # The event tells both: 2 Hazard got through, 1 Prestige was lost (all the player had).
    applied = next(e for e in t.events if e.type == "hazard_applied")
    assert [list(x) for x in applied.payload["hazard"]] == [[0, 2]]
    assert [list(x) for x in applied.payload["losses"]] == [[0, 1]]
    red = ENGINE.redact(applied, None)
    assert red is not None
    assert (
        render(red["text"], "en", {0: "Ann"})
        == "Hazard: Ann takes 2 Hazard, loses 1 Prestige (never below 0)."
    )
    assert render(red["text"], "fr", {0: "Ann"}) == (
        "Danger\u00a0: Ann subit 2 Danger, perd 1 Prestige (jamais sous 0)."
    )


def test_hazard_stored_before_it_named_what_got_through_reads_as_it_did() -> None:
    """Version 1 of ``hazard_applied`` recorded the Hazard that got through as the losses: upcast, it
    folds to the same Prestige (never below 0) and its line names that Hazard as lost."""
    from games.engine.core import Event, fold, upcast

    old = Event("hazard_applied", {"losses": [[0, 2], [1, 0]]}, version=1)
    new = upcast(ENGINE, old)
    assert new.version == 2 and new.payload["hazard"] == [[0, 2], [1, 0]]
    t = Table(position(3, prestige={0: 1, 1: 4}))
    assert fold(ENGINE, [old], t.state).players[0].prestige == 0
    red = ENGINE.redact(new, None)
    assert red is not None
    assert render(red["text"], "en", {0: "Ann"}) == "Hazard: Ann loses 2 Prestige."


# --- Buying -----------------------------------------------------------------------------------------


def test_buying_several_cards_each_replaced_at_once() -> None:
    """001 BUYING: "The Mission Leader may buy multiple cards if they have the Credits for it"; "Ship Parts
    and Crew cards are replaced immediately after they are purchased"; hired Crew "are added to the
    player's discard pile"."""
    from games.engine.moonrakers.cards import CREW

    t = Table(replace(position(3, credits={0: 20}), phase=BUYING))
    crew = t.state.crew_row[1]
    part = t.state.part_row[2]
    assert crew is not None and part is not None
    crew_top, part_top = t.state.crew_deck[0], t.state.part_deck[0]
    t(0, f"buy {crew}")
    t(0, f"buy {part}")
    assert t.state.crew_row[1] == crew_top and t.state.part_row[2] == part_top
    assert crew in t.p(0).discard and t.p(0).parts == (part,)
    assert t.p(0).credits == 20 - CREW[crew].cost - PARTS[part].cost
    dear = max((c for c in t.state.part_row if c), key=lambda c: PARTS[c].cost)
    t.state = t.state.with_player(0, credits=PARTS[dear].cost - 1)
    assert t.refused(0, f"buy {dear}").reason.key == "moonrakers.refused.cannot_afford"


def test_armory_refresh_once_per_turn_for_one_credit() -> None:
    """004 BUYING: "The Mission Leader may also spend 1 Credit to discard any of the cards in the Armory and
    replace it with the top card of the respective draw pile once per turn." (A3: to the bottom; an
    option, on by default)."""
    t = Table(replace(position(3, credits={0: 3}), phase=BUYING))
    old, top = t.state.crew_row[0], t.state.crew_deck[0]
    t(0, f"refresh {old}")
    assert t.state.crew_row[0] == top and t.state.crew_deck[-1] == old and t.p(0).credits == 2
    assert t.refused(0, f"refresh {t.state.part_row[0]}").reason.key == "moonrakers.refused.refresh_used"
    t0 = Table(replace(position(3, credits={0: 0}), phase=BUYING))
    assert t0.refused(0, f"refresh {t0.state.part_row[0]}").reason.key == "moonrakers.refused.no_credit"
    off = Table(replace(position(3, credits={0: 3}, options={"armory_refresh": False}), phase=BUYING))
    assert off.refused(0, f"refresh {off.state.part_row[0]}").reason.key == "moonrakers.refused.refresh_off"
    t(0, "done")  # the next Mission Leader may refresh again
    t(1, "base")
    t(1, f"keep {t.p(1).choosing[0]}")
    t(1, f"refresh {t.state.part_row[0]}")


def test_no_refresh_once_the_deck_is_empty() -> None:
    """004: the refreshed card is replaced "with the top card of the respective draw pile". With that
    pile empty, the card put at its bottom (A3) would come straight back: the refresh is refused, no
    Credit is spent and no slot is left empty; the other row's deck may still refresh."""
    state = replace(position(3, credits={0: 3}), phase=BUYING, crew_deck=())
    t = Table(state)
    refused = t.refused(0, f"refresh {t.state.crew_row[0]}")
    assert refused.reason.key == "moonrakers.refused.armory_deck_empty"
    assert t.state == state
    t(0, f"refresh {t.state.part_row[0]}")
    assert t.p(0).credits == 2 and all(t.state.part_row)


def test_a_fifth_part_replaces_one_of_the_four() -> None:
    """001: "Players cannot have more than 4 Ship Parts installed ... When a player buys a 5th Ship Part,
    they must remove one of their installed Ship Parts to make room. The uninstalled Ship Part is removed
    from the game." (The part removed must be one of the four installed.)"""
    four = ["titan-3000", "sapphire-mk2", "barrier-a3", "twin-jets-e4"]
    state = position(3, credits={0: 9}, parts={0: four})
    t = Table(replace(state, part_row=("flash", *state.part_row[1:]), phase=BUYING))
    assert t.refused(0, "buy flash").reason.key == "moonrakers.refused.must_replace_part"
    assert t.refused(0, "buy flash replace mg-warp").reason.key == "moonrakers.refused.must_replace_part"
    t(0, "buy flash replace sapphire-mk2")
    assert len(t.p(0).parts) == 4 and "sapphire-mk2" in t.state.removed


# --- End of the game ----------------------------------------------------------------------------------


def test_an_ally_reaching_ten_on_the_leaders_turn_wins_at_its_end() -> None:
    """001: "The first player to have 10 Prestige at the end of any player's turn wins the game."
    (Prestige won as an Ally counts.)"""
    hand = ["reactor", "reactor", "damage-1", "damage-1"]
    state = position(
        3, hands={0: hand, 1: ["miss"]}, draws={0: MISSES, 1: MISSES}, prestige={1: 9}, row=["claim-bounty"]
    )
    t = Table(state)
    t(0, "contract 1")
    t(0, "offer p2 1p")
    t(1, "accept")
    t(0, "launch", dice=[0])
    assert t.state.attempt is not None
    t.state = replace(t.state, attempt=t.state.attempt.replace_part(0, actions=4))
    for card in hand:
        t(0, f"play {card}")
    t(0, "done")
    t(1, "done")
    assert t.p(1).prestige == 10 and not t.state.finished  # not before the end of the turn
    t(0, "done")
    assert t.state.finished and t.state.winners == (1,)


def test_equal_net_worth_shares_the_win() -> None:
    """001 Tiebreaker: "the tie is broken by the player with the highest net worth, calculated by adding up
    the value of Ship Parts, Crew members, and the player's store of Credits" (A12: equal worth shares)."""
    state = position(3, prestige={1: 10, 2: 10}, credits={1: 3, 2: 0}, parts={2: ["titan-3000"]})
    t = Table(replace(state, phase=BUYING))
    t(0, "done")
    assert t.state.finished and t.state.winners == (1, 2)


def test_stay_at_base_with_the_objective_deck_empty_still_offers_the_replacement() -> None:
    """001 Stay At Base "4) If desired, replace an available Contract with one from the top of the Contract
    Deck." still holds when step 1 has no Objective left to draw (A23: draw what remains)."""
    from games.engine.moonrakers import ENGINE
    from games.engine.moonrakers.commands import Keep
    from games.engine.moonrakers.state import BASE

    state = replace(position(3, credits={0: 0}), objective_deck=())
    t = Table(state)
    t(0, "base")
    assert t.state.phase == BASE and t.p(0).choosing == () and t.p(0).credits == 1
    (pending,) = ENGINE.pending(t.state)
    assert ENGINE.format(pending.default) == "keep replace none"
    assert ENGINE.parse("keep replace none") == Keep((), None) and ENGINE.parse("keep replace 3") == Keep(
        (), 2
    )
    assert t.refused(0, "keep ace").reason.key == "moonrakers.refused.keep_how_many"
    third, top = t.state.contract_row[2], t.state.contract_deck[0]
    t(0, "keep replace 3")
    assert t.state.contract_row[2] == top and t.state.contract_deck[-1] == third and t.state.phase == BUYING
    one = Table(replace(position(3), objective_deck=("ace",)))
    one(0, "base")
    one(0, "keep ace")
    assert "ace" in one.p(0).objectives and one.state.objective_deck == ()


def test_the_five_basic_cards_do_what_the_rulebook_says() -> None:
    """001 CARDS.IMG: "Reactor cards give a player 2 additional Actions", "Thruster cards give a player 2
    additional cards from their Draw Pile", "Shield cards protect a player from a single Hazard", Damage
    "no effect other than fulfilling Contract requirements", "Miss cards ... have no other use"; "Each type
    of Action Card fulfills 1 corresponding requirement on Contracts when played, and requires 1 Action"."""
    hand = ["reactor", "miss", "thruster", "shield", "damage-2"]
    t = Table(
        position(3, hands={0: hand}, draws={0: ["reactor", "reactor", *MISSES]}, row=["admirals-flagship"])
    )
    t(0, "contract 1 solo", dice=[1, 0, 0, 0])
    steps = [
        ("reactor", 2, 4, {"reactor": 1}),
        ("miss", 1, 3, {}),
        ("thruster", 0, 4, {"thruster": 1}),
        ("shield", 0, 3, {"shield": 1}),
    ]
    from games.engine.moonrakers.state import requirement_totals

    for card, actions, hand_size, counted in steps:
        before = requirement_totals(t.state)[1]
        if card == "shield":
            t.state = replace(t.state, attempt=t.state.attempt.replace_part(0, actions=1))  # type: ignore[union-attr]
        t(0, f"play {card}")
        after = requirement_totals(t.state)[1]
        assert t.part(0).actions == actions and len(t.p(0).hand) == hand_size, card
        assert {k: after[k] - before[k] for k in after if after[k] != before[k]} == {
            k: n for k, n in counted.items() if n
        }, card
    assert t.part(0).blocked == 1
    t.state = replace(t.state, attempt=t.state.attempt.replace_part(0, actions=1))  # type: ignore[union-attr]
    t(0, "play damage-2")
    assert requirement_totals(t.state)[1]["damage"] == 2 and t.part(0).actions == 0


def test_shield_wall_can_be_claimed_as_soon_as_the_third_shield_is_down() -> None:
    """001: "An Objective card is a private contract that a player can claim any time, during any player's
    turn, when its conditions are met." Shield Wall: "Play at least 3 Shield cards toward one contract
    (counts even if it fails)": met while the Contract is still being played."""
    hand = ["reactor", "reactor", "shield", "shield", "shield"]
    state = position(
        3, hands={0: hand}, draws={0: MISSES}, objectives={0: ["shield-wall", "ace"]}, row=["escape-pods"]
    )
    t = Table(state)
    t(0, "contract 1 solo", dice=[0, 0])
    t(0, "play reactor")
    t(0, "play reactor")
    t(0, "play shield")
    t(0, "play shield")
    assert t.refused(0, "claim shield-wall").reason.key == "moonrakers.refused.objective_not_met"
    t(0, "play shield")
    t(0, "claim shield-wall")
    assert t.p(0).claimed == ("shield-wall",) and t.p(0).prestige == 0
    assert t.refused(0, "claim ace").reason.key == "moonrakers.refused.objective_not_met"  # needs success
    t(0, "done")
    t(0, "done")
    assert t.p(0).scored == ("shield-wall",) and t.p(0).prestige == 1
