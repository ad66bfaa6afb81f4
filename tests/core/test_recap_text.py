"""The recap's lines about the other players: each begins with its player's name only when the line
does not name them already."""

from __future__ import annotations

from games import selectors, texts
from games.engine.core import SeatRef, msg


def test_a_line_that_names_its_player_anywhere_gets_no_name_before_it() -> None:
    # The email opened with "Zoe: Turn 1: Zoe is the Mission Leader."
    recap = selectors.Recap(
        others=[
            (1, [msg("moonrakers.log.turn_started", turn=1, player=SeatRef(1))]),
            (2, [msg("moonrakers.card.stim-run")]),  # a line that does not name Cy
        ]
    )
    text = texts.recap_text(recap, {0: "Ann", 1: "Zoe", 2: "Cy"}, lang="en")
    zoe, cy = text.others
    assert (zoe.named, zoe.line) == (True, "Turn 1: Zoe is the Mission Leader.")
    assert (cy.named, cy.name) == (False, "Cy")


def test_a_name_inside_another_word_is_not_the_player() -> None:
    recap = selectors.Recap(others=[(1, [msg("moonrakers.card.ancient-ruins")])])
    (line,) = texts.recap_text(recap, {1: "An"}, lang="en").others
    assert line.line == "Ancient Ruins" and not line.named
