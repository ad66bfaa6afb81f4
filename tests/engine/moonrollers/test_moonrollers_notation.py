"""The notation: short, case-insensitive, round-trips, and errors that name the problem."""

from __future__ import annotations

import pytest
from moonrollers_scenario import french

from games.engine.core import CannotParse, Command
from games.engine.messages import has_text, render
from games.engine.moonrollers import ENGINE
from games.engine.moonrollers.commands import (
    Bust,
    ChooseCrew,
    Commit,
    KeepHazard,
    LockDice,
    LockedDie,
    Reroll,
    ReturnHazard,
    Roll,
    SaveWild,
    Settle,
    StackCrew,
    Stop,
    TreatAsExtra,
    UseAbility,
)

EXAMPLES: list[tuple[str, Command]] = [
    ("roll", Roll()),
    ("roll without avari", Roll("avari")),
    ("roll without kal-damar", Roll("kal-damar")),
    ("settle", Settle()),
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


# Text that is not a command, and what a player reads about it (English; both catalogs have it).
UNPARSABLE: list[tuple[str, str]] = [
    ("", "Empty command. Commands: roll, stop, bust"),
    # "Each turn consists of a series of rolls": the first step is "Roll 5 dice", never a pass.
    ("pass", "There is no pass in Moonrollers: a turn starts with a roll"),
    ("roll without namari", "6th die and Avari"),
    ("fly", "“fly” is not a Moonrollers command"),
    ("lock shild", "“shild” is not a die face"),
    ("lock", "Name the dice to lock"),
    ("choose nobody", "“nobody” is not a crew member"),
    ("choose sa", "“sa” could be saghari or salatar: say which."),
    ("commit", "Missing a requirement face"),
    ("commit shield four", "“four” is not a number"),
    ("lock thruster as wild with ada-massa", "locks as 2 reactors, not wild"),
    ("lock thruster with namari", "Namari has no ability that locks dice"),
    ("reroll shield with salatar extra", "does not re-roll chosen dice"),
    ("use zek-zarag", "Zek Zarag's ability is not used with “use”"),
    ("keep 3", "Keep 1 or keep 2"),
    ("stack sideways", "Stack top or stack under, not “sideways”."),
    ("roll now", "Unexpected “now”"),
    ("treat wild as extra with zek", "does not treat dice"),
    ("lock 13 wild", "13 dice? There are 12."),
    ("lock wild as", "Missing “with”."),
    ("treat wild as special with ft-1000", "Expected “extra”, not “special”."),
    ("keep x", "“x” is not a number: keep 1 or keep 2."),
    ("return x", "“x” is not a number: return N or return none."),
    ("lock wild as 3 damage with dr-umbrage", "“3 damage”: say as wild, or as 2 followed by a face."),
    ("save wild with zek", "Only Meg Gallak saves a Wild."),
    ("reroll with lila", "Name at least one die by its face"),
    ("choose", "Name a crew member"),
    ("verrouiller", "Name the dice to lock"),
    ("verrouiller bouclie", "“bouclie” is not a die face"),
]


@pytest.mark.parametrize(("text", "problem"), UNPARSABLE)
def test_it_names_the_problem_in_text_it_cannot_parse(text: str, problem: str) -> None:
    with pytest.raises(CannotParse) as error:
        ENGINE.parse(text)
    reason = error.value.reason
    assert reason.key.startswith("moonrollers.parse.")
    assert has_text(reason.key, "en") and has_text(reason.key, "fr")
    assert problem in render(reason, "en")
    assert str(error.value) == render(reason, "en")


def test_a_french_reader_reads_the_problem_in_french() -> None:
    with pytest.raises(CannotParse) as error:
        ENGINE.parse("voler")
    assert render(error.value.reason, "fr").startswith(
        french("«\u00a0voler\u00a0» n'est pas une commande de Moonrollers.")
    )
    with pytest.raises(CannotParse) as error:
        ENGINE.parse("verrouiller bouclie")
    assert french("« bouclie » n'est pas une face de dé") in render(error.value.reason, "fr").replace(
        "\u00a0", " "
    )


# ---- French command words ---------------------------------------------------------------------

FRENCH: list[tuple[str, str]] = [
    ("lancer", "roll"),
    ("Relancer", "roll"),
    ("relancer encore", "roll"),
    ("conclure", "settle"),
    ("lancer sans kal", "roll without kal-damar"),
    ("arrêter", "stop"),
    ("arreter", "stop"),
    ("s'arrêter", "stop"),
    ("stop", "stop"),
    ("planter", "bust"),
    ("se planter", "bust"),
    ("choisir namari", "choose namari"),
    ("choisir Dr. Umbrage", "choose dr-umbrage"),
    ("opter pour bouclier", "commit shield"),
    ("opter réacteur 3", "commit reactor 3"),
    ("verrouiller 2 boucliers joker", "lock shield shield wild"),
    ("Verrouiller Bouclier, Joker.", "lock shield wild"),
    ("verrouiller propulseur comme joker avec zek", "lock thruster as wild with zek-zarag"),
    ("verrouiller dé supplémentaire comme 2 réacteurs avec ada", "lock extra as 2 reactors with ada-massa"),
    ("verrouiller supplementaire avec ada-massa", "lock extra as 2 reactors with ada-massa"),
    ("verrouiller joker comme 2 dommages avec dr-umbrage", "lock wild as 2 damage with dr-umbrage"),
    ("relancer réacteur réacteur avec lila-al-bindar", "reroll reactor reactor with lila-al-bindar"),
    ("relancer avec vila-noir dommage", "reroll damage with vila-noir"),
    ("relancer tout avec salatar", "use salatar"),
    ("utiliser b3-ar", "use b3-ar"),
    (
        "compter dommage dommage comme supplémentaire avec kary-powalk",
        "treat damage damage as extra with kary-powalk",
    ),
    ("compter joker comme dé supplémentaire avec ft-1000", "treat wild as extra with ft-1000"),
    ("considérer comme supplémentaire avec myla dommage", "treat damage as extra with myla-dystra"),
    ("garder joker", "save wild with meg-gallak"),
    ("garder joker de côté avec meg-gallak", "save wild with meg-gallak"),
    ("garder 2", "keep 2"),
    ("garder premier", "keep 1"),
    ("placer dessus", "stack top"),
    ("placer dessous", "stack under"),
    ("remettre 1", "return 1"),
    ("remettre aucun", "return none"),
]


@pytest.mark.parametrize(("french", "english"), FRENCH)
def test_french_command_words_parse_to_the_same_commands_as_english_ones(french: str, english: str) -> None:
    assert ENGINE.parse(french) == ENGINE.parse(english)
    assert ENGINE.format(ENGINE.parse(french)) == english  # the canonical notation stays English


def test_every_french_word_is_listed_in_the_help_and_collides_with_no_crew_name() -> None:
    from games.engine.moonrollers.cards import CREW
    from games.engine.moonrollers.notation import FRENCH_HELP, FRENCH_VERBS, FRENCH_WORDS

    help_fr = render(FRENCH_HELP, "fr")
    help_en = render(FRENCH_HELP, "en")
    for verb in FRENCH_VERBS:
        if verb not in ("arrete", "considerer"):  # a second spelling of a listed word
            assert (
                verb.replace("arreter", "arrêter") in help_fr
                and verb.replace("arreter", "arrêter") in help_en
            )
    crew_words = {part for slug in CREW for part in slug.split("-")}
    assert not crew_words & (set(FRENCH_VERBS) | set(FRENCH_WORDS))
    assert "verrouiller 2 boucliers joker" in [text for _, text in ENGINE.NOTATION_EXAMPLES]


def test_english_commands_do_not_take_french_words() -> None:
    # French words follow a French command word; an English command keeps its own grammar.
    with pytest.raises(CannotParse):
        ENGINE.parse("lock bouclier")
