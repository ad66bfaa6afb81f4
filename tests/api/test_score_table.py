"""A finished game's API answer explains each final score, as the page and the email do."""

from __future__ import annotations

from typing import Any

import pytest

from games import models
from tests.api.helpers import ClientFor
from tests.web.moonrollers_play import moonrollers_game, play_one

pytestmark = pytest.mark.django_db


def test_it_gives_the_score_table_of_a_finished_game(ann: Any, bob: Any, client_for: ClientFor) -> None:
    game = moonrollers_game(ann, bob)
    for _ in range(1500):
        if game.is_finished:
            break
        play_one(game)
    assert game.status == models.Game.Status.FINISHED

    data = client_for(ann).get(f"/api/games/{game.pk}/").json()

    table = data["outcome"]["score_table"]
    assert len(table["columns"]) == 4
    assert [row["seat"] for row in table["rows"]] == [s for tied in game.outcome["ranking"] for s in tied]
    for row in table["rows"]:
        assert row["total"] == str(game.outcome["scores"][str(row["seat"])])
        assert len(row["cells"]) == len(table["columns"])
        assert row["struck"] == (row["seat"] in game.outcome["details"]["hazard_disqualified"])
    assert table["notes"]  # why it ended, how Hazard tokens scored, the tie-break


def test_a_game_in_progress_has_no_outcome(ann: Any, bob: Any, client_for: ClientFor) -> None:
    game = moonrollers_game(ann, bob)
    assert client_for(ann).get(f"/api/games/{game.pk}/").json()["outcome"] is None
