"""Messages leave the engines as a key and parameters and are rendered once, in the reader's language."""

from __future__ import annotations

from games.engine.core import CannotParse, Choice, CommandSpec, Event, Param, upcast
from games.engine.messages import Message, SeatRef, msg, render, render_json
from tests.tinygame import ENGINE

NBSP, NNBSP = "\u00a0", "\u202f"


def test_a_message_round_trips_through_json_with_nested_messages_and_seats() -> None:
    message = msg("core.not_a_choice", field=msg("race.label.word"), value="x")
    again = Message.from_json(message.to_json())
    assert again == message
    seat = Message.from_json(msg("race.log.die_rolled", player=SeatRef(2)).to_json())
    assert seat.params["player"] == SeatRef(2)


def test_it_renders_in_the_readers_language_with_players_named() -> None:
    rolled = msg("race.log.die_rolled", player=SeatRef(1))
    assert render(rolled, "en", {1: "Bob"}) == "Bob rolled the die."
    assert render(rolled, "fr", {1: "Bob"}) == "Bob a lancé le dé."
    # Without names a seat is "Player 2", in the reader's language too.
    assert render(rolled, "fr") == "Joueur 2 a lancé le dé."


def test_a_stored_message_reads_the_same_every_time_per_language_and_names() -> None:
    """Texts of stored messages (JSON) are remembered once rendered; one naming a player is not, so
    each reader still sees the names they are given, in their own language."""
    rolled = msg("race.log.die_rolled", player=SeatRef(1)).to_json()
    assert render(rolled, "en", {1: "Bob"}) == "Bob rolled the die."
    assert render(rolled, "en", {1: "Cyd"}) == "Cyd rolled the die."
    assert render(rolled, "fr", {1: "Bob"}) == "Bob a lancé le dé."
    field = Message("core.choose_at_least", {"field": msg("race.label.word")}, 2).to_json()
    for _ in range(2):
        assert render(field, "en") == "Word: choose at least 2."
        assert render(field, "fr") == "Mot\u00a0: choisissez-en au moins 2."


def test_a_message_object_is_remembered_the_same_way() -> None:
    """As the stored ones: per language, and never when it names a player, even nested."""
    field = Message("core.choose_at_least", {"field": msg("race.label.word")}, 2)
    for _ in range(2):
        assert render(field, "en") == "Word: choose at least 2."
        assert render(field, "fr") == "Mot\u00a0: choisissez-en au moins 2."
    rolled = msg("race.log.die_rolled", player=SeatRef(1))
    assert render(rolled, "en", {1: "Bob"}) == "Bob rolled the die."
    assert render(rolled, "en", {1: "Cyd"}) == "Cyd rolled the die."
    nested = msg("core.not_a_choice", field=rolled, value="x")
    assert "Bob rolled the die." in render(nested, "en", {1: "Bob"})
    assert "Cyd rolled the die." in render(nested, "en", {1: "Cyd"})


def test_plural_forms_follow_each_languages_rule() -> None:
    field = msg("race.label.word")
    assert render(Message("core.choose_at_least", {"field": field}, 1), "en") == "Word: choose at least 1."
    assert render(Message("core.choose_at_least", {"field": field}, 2), "fr") == (
        f"Mot{NBSP}: choisissez-en au moins 2."
    )


def test_french_typography_puts_no_break_spaces_before_double_marks_and_inside_quotes() -> None:
    text = render(msg("race.refused.cannot_parse", text="zz"), "fr")
    assert (
        text
        == f"Je ne comprends pas «{NBSP}zz{NBSP}»{NBSP}: essayez «{NBSP}roll{NBSP}» ou «{NBSP}pass{NBSP}»."
    )
    assert " :" not in text and " »" not in text


def test_french_elision_before_a_vowel() -> None:
    from games.engine.messages import _FORMATTER

    assert _FORMATTER.format("la capacité {c:de}", c="Aponi") == "la capacité d\u2019Aponi"
    assert _FORMATTER.format("la capacité {c:de}", c="Zek") == "la capacité de Zek"
    assert _FORMATTER.format("{c:De} retour", c="Avari") == "D\u2019Avari retour"


def test_a_missing_key_shows_the_key_rather_than_failing() -> None:
    assert render(msg("race.no_such_key"), "fr") == "race.no_such_key"


def test_render_json_renders_every_message_inside_a_view_and_leaves_the_rest() -> None:
    view = {
        "prompt": msg("race.label.roll").to_json(),
        "scores": [1, 2],
        "log": [{"text": msg("race.label.pass").to_json()}],
    }
    assert render_json(view, "fr") == {
        "prompt": "Lancer le dé",
        "scores": [1, 2],
        "log": [{"text": "Passer"}],
    }


def test_a_refusal_carries_a_message_and_reads_in_english_as_a_string() -> None:
    try:
        ENGINE.parse("fly")
    except CannotParse as refusal:
        assert refusal.reason.key == "race.refused.cannot_parse"
        assert (
            str(refusal) == "I do not understand \u201cfly\u201d: try \u201croll\u201d or \u201cpass\u201d."
        )
    else:  # pragma: no cover - the parse must fail
        raise AssertionError("'fly' parsed")


def test_a_spec_refuses_too_many_values_with_a_message() -> None:
    choices = tuple(Choice(v, msg("race.label.hi")) for v in ("a", "b", "c"))
    spec = CommandSpec(
        "say", "say", msg("race.label.say"), params=(Param("w", msg("race.label.word"), choices, True, 1, 2),)
    )
    assert spec.build({"w": ["a", "b"]}) == "say a b"
    try:
        spec.build({"w": ["a", "b", "c"]})
    except CannotParse as refusal:
        assert refusal.reason.key == "core.choose_at_most" and refusal.reason.count == 2
    else:  # pragma: no cover
        raise AssertionError("three values accepted")


def test_upcast_rewrites_an_old_event_one_version_at_a_time() -> None:
    old = Event("die_rolled", {"face": 5}, version=1, seat=0)
    assert upcast(ENGINE, old) == Event("die_rolled", {"face": 5, "sides": 6}, version=2, seat=0)
    current = Event("die_rolled", {"face": 5, "sides": 6}, version=2, seat=0)
    assert upcast(ENGINE, current) is current
