"""The Moonrakers board on the game page: the Dispatch, the Armory, Command Terminals, the Contract
being attempted, the deal on the table, the forms built from ``legal``, and hidden information.
"""

from __future__ import annotations

import html
from typing import Any

import pytest

from games import models
from tests.web.conftest import client_for
from tests.web.moonrakers_play import ENGINE, kinds, moonrakers_game, pending_of, play_until, state_of, submit

pytestmark = pytest.mark.django_db


def page_of(game: models.Game, user: Any) -> str:
    response = client_for(user).get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def user_at(game: models.Game, seat: int) -> Any:
    return game.seats.get(position=seat).user


class TestSmoke:
    def test_it_renders_every_phase(self, ann: Any, bob: Any, cyd: Any) -> None:
        game = moonrakers_game(ann, bob, cyd)
        seen: set[str] = set()
        for _ in range(400):
            state = state_of(game)
            for k in kinds(state) - seen:
                seen.add(k)
                for seat in range(3):
                    page_of(game, user_at(game, seat))
                page_of(game, None)
            if game.is_finished:
                break
            from tests.web.moonrakers_play import play_one
            play_one(game)
        assert "play" in seen
