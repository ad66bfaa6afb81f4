"""Each game's Django side is found by looking (games/boards/<game>/); a game without one is drawn
by the generic board, and nothing shared has to change for it."""

from __future__ import annotations

import pytest
from django.template.loader import get_template

from games import models
from games.boards import GENERIC, presentation_for
from games.engine import core
from tests.factories import make_game, player_to_act
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


def test_a_game_without_a_presentation_package_gets_the_generic_board(game: models.Game) -> None:
    assert presentation_for("race") is GENERIC

    page = client_for(player_to_act(game)).get(f"/games/{game.pk}/").content.decode()

    assert 'class="board board-generic"' in page and "view-dump" in page
    assert "Prestige" not in page and "Hazard" not in page  # no other game's words leak in


def test_a_new_engine_plays_on_pages_with_nothing_else_added(
    ann: object, bob: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A second name for the tiny engine stands for a game added tomorrow: an engine and no more.
    monkeypatch.setitem(core._ENGINES, "race_again", "tests.tinygame")
    game = make_game(ann, bob, kind="race_again")

    page = client_for(player_to_act(game)).get(f"/games/{game.pk}/").content.decode()

    assert presentation_for("race_again") is GENERIC
    assert 'class="board board-generic"' in page and "Roll the die" in page


def test_the_moonrollers_package_is_found_and_its_templates_load() -> None:
    shows = presentation_for("moonrollers")
    assert shows is not GENERIC and shows.kind == "moonrollers"
    for name in (shows.board_template, shows.outcome_template):
        assert get_template(name).origin.name.endswith(name)
    assert 'class="die die-shield' in shows.choice_icon("shield") and shows.choice_icon("3") == ""
