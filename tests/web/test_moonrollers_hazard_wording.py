"""The Hazard line of a Moonrollers player board agrees in number with each count on its own: one
token may carry one symbol, two tokens may carry none ("1 Hazard token, 1 Hazard symbol", never
"1 Hazard symbols"), in English and in French."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.utils import translation

from games.boards.moonrollers.templatetags.moonrollers_board import draw_player_board

NAMES = {0: "Ada", 1: "Bo"}


def _player(tokens: list[tuple[int, int]]) -> dict[str, Any]:
    """Seat 0 holding Hazard tokens given as (Prestige, Hazard symbols)."""
    return {
        "seat": 0,
        "tokens_left": 5,
        "tokens_total": 8,
        "tokens_out": 3,
        "hazard_tokens": [{"prestige": p, "hazard": h} for p, h in tokens],
        "hazard_count": len(tokens),
        "hazard_symbols": sum(h for _, h in tokens),
        "crew": [],
    }


def _hazard_line(tokens: list[tuple[int, int]], language: str, *, replay: bool = False) -> str:
    player = _player(tokens)
    with translation.override(language):
        if replay:  # a finished game's replay: the tokens as their owner saw them, to everyone
            hidden = dict(player, hazard_tokens=None)
            board = str(draw_player_board(hidden, 1, player, NAMES))
        else:
            board = str(draw_player_board(player, 0, None, NAMES))
    text = re.search(r'<div class="hazards"[^>]*>\s*<p>(.*?)</p>', board, re.S)
    assert text, board
    return html.unescape(text.group(1))


@pytest.mark.parametrize(
    ("tokens", "language", "expected"),
    [
        ([(2, 1)], "en", "1 Hazard token, 1 Hazard symbol:"),
        ([(1, 0), (1, 0)], "en", "2 Hazard tokens, 0 Hazard symbols:"),
        ([(5, 2), (2, 1)], "en", "2 Hazard tokens, 3 Hazard symbols:"),
        ([(2, 1)], "fr", "1 jeton Danger, 1 symbole Danger\u00a0:"),
        ([(1, 0), (1, 0)], "fr", "2 jetons Danger, 0 symbole Danger\u00a0:"),
        ([(5, 2), (2, 1)], "fr", "2 jetons Danger, 3 symboles Danger\u00a0:"),
    ],
)
def test_each_count_takes_its_own_number(tokens: list[tuple[int, int]], language: str, expected: str) -> None:
    assert _hazard_line(tokens, language) == expected


def test_the_replay_line_agrees_too() -> None:
    english = _hazard_line([(2, 1)], "en", replay=True)
    assert english == "1 Hazard token, 1 Hazard symbol (revealed after the end):"
    assert (
        _hazard_line([(2, 1)], "fr", replay=True)
        == "1 jeton Danger, 1 symbole Danger (révélés après la fin)\u00a0:"
    )


def test_a_token_names_its_symbols_in_the_right_number() -> None:
    with translation.override("en"):
        board = str(draw_player_board(_player([(2, 1), (1, 0)]), 0, None, NAMES))
    assert 'title="2 Prestige, 1 Hazard symbol"' in board
    assert 'title="1 Prestige, 0 Hazard symbols"' in board
    with translation.override("fr"):
        board = str(draw_player_board(_player([(5, 2)]), 0, None, NAMES))
    assert 'title="5 Prestige, 2 symboles Danger"' in board
