"""Crew ability texts on the Moonrollers game page follow the reader's language."""

from __future__ import annotations

import html
from typing import Any

import pytest

from games import models
from games.engine.messages import msg, render
from tests.web.conftest import client_for
from tests.web.moonrollers_play import ENGINE, moonrollers_game, state_of

pytestmark = pytest.mark.django_db


def display_crew(game: models.Game) -> list[str]:
    return [card["crew"] for card in ENGINE.view(state_of(game), None)["display"]]


def ability(slug: str, language: str) -> str:
    text = render(msg(f"moonrollers.ability.{slug}"), language)
    assert not text.startswith("moonrollers."), f"{slug} has no {language} ability text"
    return text


def page_of(user: Any, game: models.Game, language: str) -> str:
    user.language = language
    user.save(update_fields=["language"])
    return client_for(user).get(f"/games/{game.pk}/").content.decode()


def test_it_shows_a_french_player_the_french_ability_texts(ann: Any, bob: Any) -> None:
    game = moonrollers_game(ann, bob)
    page = page_of(ann, game, "fr")

    crew = display_crew(game)
    assert crew
    for slug in crew:
        assert html.escape(ability(slug, "fr")) in page, slug
        assert html.escape(ability(slug, "en")) not in page, slug


def test_it_shows_an_english_player_the_english_ability_texts(ann: Any, bob: Any) -> None:
    game = moonrollers_game(ann, bob)
    page = page_of(bob, game, "en")

    crew = display_crew(game)
    assert crew
    for slug in crew:
        assert html.escape(ability(slug, "en")) in page, slug
        assert html.escape(ability(slug, "fr")) not in page, slug
