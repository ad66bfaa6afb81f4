"""The platform's own log lines (a timeout, a bot taking a seat, a player back, a resignation) are
said in the reader's language, naming the player once."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.templatetags.games_tags import log_line as log_line_html
from games.views.present import log_line


@pytest.mark.parametrize(
    ("kind", "english", "french"),
    [
        (
            "seat_timed_out",
            "Bruno ran out of time; the default move was played.",
            "Bruno n\u2019a pas joué à temps",
        ),
        ("bot_took_over", "A bot now plays for Bruno.", "Un bot joue désormais pour Bruno."),
        ("seat_reclaimed", "Bruno is back and plays again.", "Bruno est de retour et rejoue."),
        ("seat_resigned", "Bruno resigned; a bot plays out the seat.", "Bruno a abandonné"),
    ],
)
def test_a_platform_line_is_said_in_the_readers_language(kind: str, english: str, french: str) -> None:
    entry = {"seq": 7, "type": kind, "seat": 1, "cause": "platform", "at": ""}
    with translation.override("en"):
        line = log_line(entry, {0: "Alice", 1: "Bruno"})
    assert line.text == english
    assert line.who == ""  # the sentence names Bruno: not "Bruno · Bruno ran out of time"
    with translation.override("fr"):
        assert log_line(entry, {0: "Alice", 1: "Bruno"}).text.startswith(french)


# ---- the line as drawn (games_tags.log_line): the page's log and the replay's ---------------------


def _drawn(entry: dict[str, object], language: str) -> str:
    with translation.override(language):
        return str(log_line_html(log_line(entry, {0: "Alice", 1: "Bruno <b>"})))


def test_a_move_line_names_the_player_in_their_colour_then_says_the_move() -> None:
    html = _drawn({"seq": 9, "type": "turn_started", "seat": 0, "cause": "move", "at": ""}, "en")
    assert html.startswith(
        '<li class="cause-move" value="9"><span class="who" style="color: #1971c2">Alice</span> · '
    )
    assert html.endswith("</li>")
    assert "badge" not in html


@pytest.mark.parametrize(
    ("cause", "english", "french"),
    [
        ("timeout", "timeout", "temps écoulé"),
        ("bot", "bot", "robot"),
        ("standing", "standing answer", "réponse permanente"),
    ],
)
def test_a_move_the_platform_played_carries_its_badge(cause: str, english: str, french: str) -> None:
    entry = {"seq": 9, "type": "turn_started", "seat": 1, "cause": cause, "at": ""}
    assert f'<span class="badge">{english}</span></li>' in _drawn(entry, "en")
    # A player's name is text, never markup.
    assert "Bruno &lt;b&gt;</span> · " in _drawn(entry, "en")
    assert f'<span class="badge">{french}</span></li>' in _drawn(entry, "fr")


def test_a_private_chat_line_says_to_whom_with_the_readers_colon() -> None:
    entry = {"seq": 4, "chat": True, "text": "<i>psst</i>", "seat": 0, "to": 1, "cause": "", "at": ""}
    english = _drawn(entry, "en")
    assert english.startswith('<li class="chat private cause-" value="4">')
    assert (
        '<span class="who" style="color: #1971c2">Alice</span>'
        ' <span class="badge">privately to Bruno &lt;b&gt;</span>: &lt;i&gt;psst&lt;/i&gt;</li>'
    ) in english
    assert "\u00a0: &lt;i&gt;psst" in _drawn(entry, "fr")  # French: a no-break space before the colon


def test_a_table_chat_line_has_no_private_badge() -> None:
    html = _drawn({"seq": 5, "chat": True, "text": "gg", "seat": 1, "cause": "", "at": ""}, "en")
    assert html == (
        '<li class="chat cause-" value="5">'
        '<span class="who" style="color: #e8590c">Bruno &lt;b&gt;</span>: gg</li>'
    )
