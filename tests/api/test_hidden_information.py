"""A game in progress never shows seat A's secret to seat B, a spectator or an anonymous visitor.

The race game's secret is the number dealt to each seat (``secret_dealt``). The Moonrollers
version of this test (Hazard tokens) lives in test_hidden_information_moonrollers.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games import models, services
from tests.api.helpers import ClientFor, url
from tests.factories import NOW, player_to_act

pytestmark = pytest.mark.django_db


def everything_served(client: Any, game: models.Game) -> dict[str, Any]:
    """The game view and the whole events feed, page by page, as this client gets them."""
    detail = client.get(url(game)).json()
    events: list[dict[str, Any]] = []
    since = 0
    while True:
        page = client.get(url(game, "events") + f"?since={since}&limit=2").json()
        events += page["events"]
        since = page["until"]
        if not page["more"]:
            break
    return {"detail": detail, "events": events}


def leaks(served: Any, owner: int, secret: int) -> Iterator[str]:
    """Every place in the served JSON that carries the owner's secret."""

    def walk(node: Any, path: str) -> Iterator[str]:
        if isinstance(node, dict):
            fields = {**node, **(node.get("payload") or {})}
            if node.get("type") == "secret_dealt" and node.get("seat") == owner and "value" in fields:
                yield f"{path}: the secret_dealt event of seat {owner} with its value"
            if node.get("my_secret") == secret:
                yield f"{path}.my_secret"
            for key, value in node.items():
                yield from walk(value, f"{path}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                yield from walk(value, f"{path}[{i}]")

    yield from walk(served, "$")


def test_seat_b_spectators_and_anonymous_never_get_seat_a_secret(
    client_for: ClientFor, game: models.Game, cyd: Any
) -> None:
    for _ in range(3):
        services.command_submit(
            game=game, user=player_to_act(game), text="pass", expected_seq=game.last_seq, now=NOW
        )
    game.refresh_from_db()
    assert game.status == "active"
    seat_a = game.seats.get(position=0)
    seat_b = game.seats.get(position=1)
    secret = next(
        e.payload["value"] for e in models.Event.objects.filter(game=game, type="secret_dealt", seat=0)
    )

    # The owner gets it by both ways: proof that the checks below look at the right places.
    own = everything_served(client_for(seat_a.user), game)
    assert own["detail"]["view"]["my_secret"] == secret
    assert len(list(leaks(own, 0, secret))) == 2

    for viewer in (seat_b.user, cyd, None):
        served = everything_served(client_for(viewer), game)
        assert served["detail"]["status"] == "active"
        assert [e["seq"] for e in served["events"]] == list(range(1, game.last_seq + 1))
        assert list(leaks(served, 0, secret)) == [], viewer
        assert served["detail"]["seed"] is None
        assert game.seed.hex() not in str(served)
