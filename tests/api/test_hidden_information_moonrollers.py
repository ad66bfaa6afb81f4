"""Moonrollers: seat A's Hazard tokens never reach seat B, a spectator or an anonymous visitor.

A real game is played through the services until seat A (seat 0) holds a Hazard token. Seat A's
own JSON shows where the secret lives (its player entry's ``hazard_tokens`` and
``hazard_symbols``, the payloads and texts of its Hazard events); the others' JSON must carry
none of it, while still showing what is public (how many tokens A holds).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games import models, store
from tests.api.helpers import ClientFor, url
from tests.api.moonrollers_play import holds_hazard, plan, play
from tests.factories import make_game

pytestmark = pytest.mark.django_db

HAZARD_EVENTS = {"hazard_tokens_drawn", "hazard_token_kept", "hazard_token_returned"}
SECRET_KEYS = {"tokens", "token", "returned"}


def served(client: Any, game: models.Game) -> dict[str, Any]:
    detail = client.get(url(game)).json()
    events: list[dict[str, Any]] = []
    since = 0
    while True:
        page = client.get(url(game, "events") + f"?since={since}&limit=500").json()
        events += page["events"]
        since = page["until"]
        if not page["more"]:
            return {"detail": detail, "events": events}


def token_texts(tokens: list[int]) -> set[str]:
    """How the log words a token for its owner: '5 Prestige/2 Hazard'."""
    symbols = {1: 0, 2: 1, 5: 2}
    return {f"{t} Prestige/{symbols[t]} Hazard" for t in tokens}


def secrets_of_seat(node: Any, owner: int, texts: set[str], path: str = "$") -> Iterator[str]:
    """Every place in served JSON that carries the owner's Hazard token values."""
    if isinstance(node, dict):
        if node.get("seat") == owner and "prestige" in node and "hazard_count" in node:
            if node.get("hazard_tokens") is not None:
                yield f"{path}.hazard_tokens"
            if node.get("hazard_symbols") is not None:
                yield f"{path}.hazard_symbols"
        if node.get("type") in HAZARD_EVENTS and node.get("seat") == owner:
            payload = node.get("payload") or {}
            for key in sorted(SECRET_KEYS & (set(payload) | set(node))):
                yield f"{path}.{key} of {node['type']}"
        for key, value in node.items():
            yield from secrets_of_seat(value, owner, texts, f"{path}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from secrets_of_seat(value, owner, texts, f"{path}[{i}]")
    elif isinstance(node, str) and any(text in node for text in texts):
        yield f"{path}: {node!r}"


def test_seat_a_hazard_tokens_reach_nobody_else(client_for: ClientFor, ann: Any, bob: Any, cyd: Any) -> None:
    game = make_game(ann, bob, kind="moonrollers")
    play(game, plan(game, holds_hazard(0), passer=1))
    state = store.load(game).state
    held = list(state.players[0].hazard)
    assert held and game.status == "active"

    drawn = [
        t
        for e in models.Event.objects.filter(game=game, type="hazard_tokens_drawn", seat=0)
        for t in e.payload["tokens"]
    ]
    texts = token_texts(drawn)
    own = served(client_for(ann), game)
    mine = own["detail"]["view"]["players"][0]
    assert [t["prestige"] for t in mine["hazard_tokens"]] == held
    # The checks look where the secret really is: seat A's own JSON trips them.
    found = list(secrets_of_seat(own, 0, texts))
    assert any(p.endswith("hazard_tokens") for p in found)
    assert any("hazard_tokens_drawn" in p for p in found)

    for viewer in (bob, cyd, None):
        theirs = served(client_for(viewer), game)
        assert list(secrets_of_seat(theirs, 0, texts)) == [], viewer
        seat_a = theirs["detail"]["view"]["players"][0]
        assert seat_a["hazard_count"] == len(held)  # public: how many, not which
        assert theirs["detail"]["view"]["outcome"] is None and theirs["detail"]["seed"] is None
        assert any(e["type"] == "hazard_tokens_drawn" and e["seat"] == 0 for e in theirs["events"])
