"""Issue 12, finding 6: an idempotency key belongs to the seat that sent it. Another player's batch
under the same key must not swallow your command; your own resend gets your first answer."""

from __future__ import annotations

from typing import Any

import pytest

from games import models
from tests.api.helpers import ClientFor, event_count, url
from tests.factories import make_game

pytestmark = pytest.mark.django_db


def test_two_players_of_one_game_may_use_the_same_key(client_for: ClientFor, ann: Any, bob: Any) -> None:
    # A secret ballot: both seats decide at once, so both commands are fresh at the same seq.
    game = make_game(ann, bob, options={"ballot": True})
    seq = game.last_seq
    ann_body = {"command": "pick 1", "expected_seq": seq, "idempotency_key": "same-key"}
    bob_body = {"command": "pick 3", "expected_seq": seq, "idempotency_key": "same-key"}

    first = client_for(ann).post(url(game, "commands"), ann_body, format="json")
    second = client_for(bob).post(url(game, "commands"), bob_body, format="json")

    assert first.status_code == second.status_code == 201
    assert "Idempotent-Replayed" not in second
    played = models.Event.objects.filter(game=game, type="ballot_cast").order_by("seq")
    assert [(e.seat, e.payload["pick"]) for e in played] == [(0, 1), (1, 3)]
    assert models.Event.objects.filter(game=game, type="ballot_revealed").count() == 1

    # Ann resending her command gets her own first answer, and nothing is written.
    count = event_count()
    again = client_for(ann).post(url(game, "commands"), ann_body, format="json")
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert again["Idempotent-Seq"] == str(first.json()["seq"])  # her batch, not Bob's
    assert event_count() == count
