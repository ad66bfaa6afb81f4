"""The notation: short, case-insensitive, round-trips, and errors that name the problem."""

from __future__ import annotations

import pytest

from games.engine.core import CannotParse, Command
from games.engine.moonrollers import ENGINE
from games.engine.moonrollers.commands import (
    Bust,
    ChooseCrew,
    Commit,
    KeepHazard,
    LockDice,
    LockedDie,
    Pass,
    Reroll,
    ReturnHazard,
    Roll,
    SaveWild,
    StackCrew,
    Stop,
    TreatAsExtra,
    UseAbility,
)

EXAMPLES: list[tuple[str, Command]] = [
    ("roll", Roll()),
    ("pass", Pass()),
    ("stop", Stop()),
    ("bust", Bust()),
    ("choose namari", ChooseCrew("namari")),
    ("commit shield", Commit("shield")),
    ("commit reactor 3", Commit("reactor", 3)),
    ("lock shield wild", LockDice((LockedDie("shield"), LockedDie("wild")))),
    ("lock thruster as wild with zek-zarag", LockDice((LockedDie("thruster", "zek-zarag"),))),
    ("lock extra as 2 reactors with ada-massa", LockDice((LockedDie("extra", "ada-massa"),))),
    ("lock wild as 2 damage with dr-umbrage", LockDice((LockedDie("wild", "dr-umbrage"),))),
    (
        "lock shield shield extra as wild with sella-pelleon",
        LockDice((LockedDie("shield"), LockedDie("shield"), LockedDie("extra", "sella-pelleon"))),
    ),
    ("reroll reactor reactor with lila-al-bindar", Reroll(("reactor", "reactor"), "lila-al-bindar")),
    ("use salatar", UseAbility("salatar")),
    ("use b3-ar", UseAbility("b3-ar")),
    ("treat damage damage as extra with kary-powalk", TreatAsExtra(("damage", "damage"), "kary-powalk")),
    ("save wild with meg-gallak", SaveWild()),
    ("keep 2", KeepHazard(2)),
    ("stack under", StackCrew("under")),
    ("return 2", ReturnHazard(2)),
    ("return none", ReturnHazard(None)),
]


@pytest.mark.parametrize(("text", "command"), EXAMPLES)
def test_it_parses_and_formats_the_canonical_notation(text: str, command: Command) -> None:
    assert ENGINE.parse(text) == command
    assert ENGINE.format(command) == text
    assert ENGINE.parse(ENGINE.format(command)) == command


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("ROLL", "roll"),
        ("Roll again", "roll"),
        ("  Lock Wild, Shield. ", "lock shield wild"),
        ("lock 2 shields wild", "lock shield shield wild"),
        ("lock thruster with zek", "lock thruster as wild with zek-zarag"),
        ("LOCK Thruster AS Wild WITH Zek-Zarag", "lock thruster as wild with zek-zarag"),
        ("lock extra as reactors with ada", "lock extra as 2 reactors with ada-massa"),
        ("choose Dr. Umbrage", "choose dr-umbrage"),
        ("choose [REDACTED]", "choose redacted"),
        ("choose zek zarag", "choose zek-zarag"),
        ("choose lee", "choose lee-van-cribb"),
        ("reroll with lila-al-bindar reactor reactor", "reroll reactor reactor with lila-al-bindar"),
        ("reroll all with salatar", "use salatar"),
        ("treat as extra with kary-powalk damage", "treat damage as extra with kary-powalk"),
        ("save wild", "save wild with meg-gallak"),
        ("keep first", "keep 1"),
        ("stack on top", "stack top"),
        ("stack bottom", "stack under"),
    ],
)
def test_it_is_forgiving_about_case_order_plurals_and_short_names(typed: str, canonical: str) -> None:
    assert ENGINE.format(ENGINE.parse(typed)) == canonical


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "Empty command"),
        ("fly", "'fly' is not a Moonrollers command"),
        ("lock shild", "'shild' is not a die face"),
        ("lock", "Name the dice to lock"),
        ("choose nobody", "'nobody' is not a crew member"),
        ("choose sa", "could be"),
        ("commit", "Missing a requirement face"),
        ("commit shield four", "'four' is not a number"),
        ("lock thruster as wild with ada-massa", "locks as 2 reactors, not wild"),
        ("lock thruster with namari", "namari has no ability that locks dice"),
        ("reroll shield with salatar extra", "does not re-roll chosen dice"),
        ("use zek-zarag", "not used with 'use'"),
        ("keep 3", "Keep 1 or keep 2"),
        ("stack sideways", "Stack top or stack under"),
        ("roll now", "Unexpected 'now'"),
        ("treat wild as extra with zek", "does not treat dice"),
    ],
)
def test_it_names_the_problem_in_text_it_cannot_parse(text: str, problem: str) -> None:
    with pytest.raises(CannotParse) as error:
        ENGINE.parse(text)
    assert problem in error.value.reason
