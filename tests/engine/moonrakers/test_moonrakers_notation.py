"""The notation as API.md writes it: a player's line in an email is read as the table says, and a
line the notation cannot read is refused with ``CannotParse`` (a clear message), never a crash."""

from __future__ import annotations

import pytest

from games.engine.core import CannotParse
from games.engine.moonrakers.commands import PlayCard, UsePart
from games.engine.moonrakers.notation import format_command, parse


@pytest.mark.parametrize(
    ("text", "card"),
    [("play meg", "meg-gallak"), ("play MEG-GALLAK", "meg-gallak"), ("play d1  # the small one", "damage-1")],
)
def test_a_card_is_named_by_any_unique_prefix(text: str, card: str) -> None:
    command = parse(text)
    assert isinstance(command, PlayCard) and command.card == card


def test_the_article_may_be_left_out() -> None:
    # API.md: "any unique prefix (`meg`, `clone`)": The Clone Bay's slug starts with its article.
    command = parse("use clone moro-mada reduce damage")
    assert isinstance(command, UsePart) and command.part == "the-clone-bay"
    assert parse("use the-clone-bay moro-mada reduce damage") == command


@pytest.mark.parametrize(
    "text",
    [
        "contract ²",
        "swap ¹",
        "merc ³",
        "offer p² 1c",
        "offer p2 ²c",
        "counter ³d",
        "play at-0k die ²",
        "keep replace ³",
        "play 2 ³ shield",
        "launch order p¹",
        "accept p²",
        "contract \uff13",  # a full-width 3
    ],
)
def test_digits_other_than_ascii_are_refused_not_a_crash(text: str) -> None:
    # str.isdigit() accepts "²", which int() refuses: such a line once raised ValueError.
    with pytest.raises(CannotParse):
        parse(text)


def test_every_candidate_of_an_up_to_three_part_reads_back_as_itself() -> None:
    # The Pursuer with no Miss in hand offered "discard nothing", which reads back as no option.
    from test_moonrakers_crew import solo

    from games.engine.moonrakers.legal import candidates
    from games.engine.moonrakers.notation import format_command

    t = solo("claim-bounty", ["reactor", "shield"], parts=["the-pursuer"])
    uses = [c for c in candidates(t.state, 0) if isinstance(c, UsePart)]
    assert uses and all(c.opts.cards for c in uses)
    assert all(parse(format_command(c)) == c for c in candidates(t.state, 0))


def test_a_refusal_names_the_card_not_its_slug() -> None:
    # "shield is not in your hand." came back to an API client: the slug, not the card's name.
    from test_moonrakers_crew import solo

    from games.engine.messages import render

    t = solo("claim-bounty", ["reactor"])
    refused = t.refused(0, "play shield")
    assert render(refused.reason, "en") == "Shield is not in your hand."
    assert render(refused.reason, "fr") == "Bouclier n\u2019est pas dans votre main."


@pytest.mark.parametrize(
    ("french", "english"),
    [
        ("accepter", "accept"),
        ("Refuser", "decline"),
        ("contrat 3 seul", "contract 3 solo"),
        ("offrir j2 1 prestige 2 crédits 1 dé de Danger", "offer p2 1p 2c 1d"),
        ("contre-offre 2p 1d", "counter 2p 1d"),
        ("proposer rien", "propose nothing"),
        ("lancer ordre j3 j1", "launch order p3 p1"),
        ("jouer réacteur", "play reactor"),
        ("jouer 2 boucliers", "play shield shield"),
        ("jouer meg jeter raté reduire dommage", "play meg-gallak trash miss reduce damage"),
        ("jouer at-0k dé 2", "play at-0k die 2"),
        ("jouer tantin comme bouclier", "play tantin-al-vale as shield"),
        ("choisir rien", "pick none"),
        ("rester à la base", "base"),
        ("garder ace remplacer 3", "keep ace replace 3"),
        ("acheter flash remplacer titan-3000", "buy flash replace titan-3000"),
        ("bonus équipage", "bonus crew"),
        ("reclamer barrage", "claim barrage"),
        ("fini", "done"),
    ],
)
def test_a_french_line_is_read_as_its_english_command(french: str, english: str) -> None:
    # A French player answers in French: Moonrollers read it, Moonrakers refused "accepter".
    assert format_command(parse(french)) == english


def test_a_french_word_the_notation_does_not_know_is_still_refused() -> None:
    with pytest.raises(CannotParse):
        parse("accepter volontiers")
    with pytest.raises(CannotParse):
        parse("danser")


@pytest.mark.parametrize(
    ("text", "card"),
    [("play Damage I", "damage-1"), ("play damage ii", "damage-2"), ("jouer dommage 3", "damage-3")],
)
def test_a_damage_card_may_be_written_as_it_is_printed(text: str, card: str) -> None:
    # The emails say "Damage I"; a reply saying so was refused ("damage-1" and "d1" only).
    assert parse(text) == PlayCard(card)


def test_damage_after_a_keyword_stays_a_kind_of_requirement() -> None:
    assert parse("play meg-gallak trash miss reduce damage").opts.reduce == "damage"
    assert parse("play tantin-al-vale as damage").opts.mode == "damage"


def test_a_name_the_word_begins_wins_over_one_it_begins_without_its_article() -> None:
    # "buy lee" was refused as ambiguous (Lee van Cribb, The Leech) with Lee in the Armory.
    assert parse("buy lee").card == "lee-van-cribb"
    assert parse("buy leech").card == "the-leech"
    assert parse("use clone").part == "the-clone-bay"


def test_an_ambiguous_name_says_which_cards_it_could_be() -> None:
    from games.engine.messages import render

    with pytest.raises(CannotParse) as refused:
        parse("play dam")
    assert (
        render(refused.value.reason, "en")
        == "Ambiguous name: dam could be Damage I, Damage II or Damage III."
    )
