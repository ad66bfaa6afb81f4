"""The platform's own log lines (a timeout, a bot taking a seat, a player back, a resignation) are
said in the reader's language, naming the player once."""

from __future__ import annotations

import pytest
from django.utils import translation

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
