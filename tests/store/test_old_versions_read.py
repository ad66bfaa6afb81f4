"""A row stored at an older version of its event is read as the engine's current version wherever it
is shown (the log, the API's events, the verification), not only when folded: Moonrakers'
``hazard_applied`` version 1 (losses only) once made every page of an older game fail."""

from __future__ import annotations

from typing import Any

import pytest

from games import models, selectors, texts
from games.verification import verify_game
from tests.factories import NOW, make_game, make_user

pytestmark = pytest.mark.django_db


def _old_hazard_row(game: models.Game) -> models.Event:
    seq = game.last_seq + 1
    return models.Event.objects.create(
        game=game,
        seq=seq,
        batch=seq,
        type="hazard_applied",
        version=1,
        payload={"losses": [[0, 2]]},
        seat=None,
        cause=models.Event.Cause.PLAYER,
        command="done",
        actor=0,
        created_at=NOW,
    )


def test_an_old_hazard_line_reads_as_it_did() -> None:
    ann: Any = make_user("Ann")
    game = make_game(ann, make_user("Bob"), make_user("Cyd"), kind="moonrakers")
    row = _old_hazard_row(game)

    entry = selectors.redact_row(selectors.get_engine("moonrakers"), row, 0)

    assert entry is not None
    assert texts.render(entry["text"], {0: "Ann"}, lang="en") == "Hazard: Ann loses 2 Prestige."
    assert verify_game(game).batches  # the verification reads it too, without failing
