"""The Moonrollers board's counts agree in number, each on its own: the Hazard line ("1 Hazard token,
1 Hazard symbol", never "1 Hazard symbols"), a token's title, the deck and Hazard pile line ("1 crew
card", "0 jeton"), in English and in French; the committed requirement names its dice once, before
the numbers; the dice heading numbers the roll ("lancer n° 2 de ce tour")."""

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


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("deck", "pile", "language", "expected"),
    [
        (1, 1, "en", "Deck: 1 crew card · Hazard pile: 1 token"),
        (0, 12, "en", "Deck: 0 crew cards · Hazard pile: 12 tokens"),
        (1, 0, "fr", "Pioche\u00a0: 1 équipier · Pile Danger\u00a0: 0 jeton"),
        (9, 2, "fr", "Pioche\u00a0: 9 équipiers · Pile Danger\u00a0: 2 jetons"),
    ],
)
def test_the_deck_line_agrees_with_each_count(
    monkeypatch: pytest.MonkeyPatch, deck: int, pile: int, language: str, expected: str
) -> None:
    # A game's deck and pile run low only near its end: the engine's view says so here.
    page = _page_seen(
        monkeypatch, language, lambda seen: {**seen, "deck_size": deck, "hazard_pile_size": pile}
    )
    assert expected in page


def _page_seen(monkeypatch: pytest.MonkeyPatch, language: str, change: Any) -> str:
    """Ann's page of a new game, in ``language``, the engine's view changed by ``change``."""
    from tests.factories import make_user
    from tests.web.conftest import client_for
    from tests.web.moonrollers_play import ENGINE, moonrollers_game

    ann, bob = make_user("Ann"), make_user("Bob")
    ann.language = language
    ann.save(update_fields=["language"])
    game = moonrollers_game(ann, bob)
    view = type(ENGINE).view
    monkeypatch.setattr(type(ENGINE), "view", lambda self, s, seat: change(view(self, s, seat)))
    return html.unescape(client_for(ann).get(f"/games/{game.pk}/").content.decode())


@pytest.mark.django_db
def test_the_committed_requirement_counts_without_a_noun_to_agree() -> None:
    # "0 of 1 dice locked" had no right form: the dice are named once, before the numbers.
    from tests.factories import make_user
    from tests.web.conftest import client_for
    from tests.web.moonrollers_play import ENGINE, moonrollers_game, play_until

    ann, bob = make_user("Ann"), make_user("Bob")
    game = moonrollers_game(ann, bob)
    state = play_until(game, lambda s: bool(ENGINE.view(s, None)["turn"].get("needed")))
    turn = ENGINE.view(state, None)["turn"]
    page = html.unescape(client_for(ann).get(f"/games/{game.pk}/").content.decode())
    assert f"Committed requirement: dice locked, {turn['progress']} of {turn['needed']}." in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "roll 2 of this turn"), ("fr", "lancer n°\u00a02 de ce tour")],
)
def test_the_dice_heading_numbers_the_roll(
    monkeypatch: pytest.MonkeyPatch, language: str, expected: str
) -> None:
    # "lancer 2 de ce tour" read as "throw 2 of this turn": the French numbers the roll.
    page = _page_seen(monkeypatch, language, lambda seen: {**seen, "turn": {**seen["turn"], "roll": 2}})
    assert expected in page
