"""What the API serves matches the schema it serves (issue 14): a game's view (one component per
game, told apart by ``kind``), its outcome, and the log's events and chat lines in their envelope.

Each answer is validated with ``jsonschema`` against the components of ``/api/schema/`` itself,
for Moonrollers and Moonrakers games in progress and finished, as their player and as a spectator.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from jsonschema import Draft202012Validator

from games import models, services, store
from games.engine.core import Rng, get_engine
from games.engine.schema import json_schema
from tests.api.helpers import ClientFor, url
from tests.factories import NOW, make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def served() -> dict[str, Any]:
    """The components of the schema the site serves."""
    schema: dict[str, Any] = Client().get("/api/schema/?format=json").json()
    components: dict[str, Any] = schema["components"]["schemas"]
    return components


def check(components: dict[str, Any], name: str, answer: Any) -> Any:
    """The answer, once validated against the served component ``name``."""
    Draft202012Validator(json_schema(components, name)).validate(answer)
    return answer


def table_against_bots(player: Any, kind: str, seats: int) -> models.Game:
    game = make_game(player, kind=kind, start=False, seat_count=seats)
    services.game_fill_with_bots(game=game, by=player, now=NOW)
    services.game_start(game=game, by=player, now=NOW)
    game.refresh_from_db()
    return game


def play_one(game: models.Game, player: Any) -> None:
    """Seat 0 plays its bot's move (the other seats are bots: they answer at once)."""
    engine = get_engine(game.kind)
    state = store.load(game).state
    text = engine.bot_command(state, 0, Rng(bytes(game.seed), game.pk, game.last_seq + 1, "typed"))
    services.command_submit(game=game, user=player, text=text, expected_seq=game.last_seq, now=NOW)
    game.refresh_from_db()


def all_events(client: Any, game: models.Game, components: dict[str, Any]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    since = 0
    while True:
        page = check(
            components, "EventPage", client.get(url(game, "events") + f"?since={since}&limit=500").json()
        )
        events += page["events"]
        if not page["more"]:
            return events
        since = page["until"]


@pytest.mark.parametrize(("kind", "seats"), [("moonrollers", 2), ("moonrakers", 2)])
def test_views_outcomes_and_events_match_the_served_schema_in_play_and_at_the_end(
    client_for: ClientFor, served: dict[str, Any], ann: Any, kind: str, seats: int
) -> None:
    game = table_against_bots(ann, kind, seats)
    player, spectator = client_for(ann), client_for(None)
    said = player.post(url(game, "chat"), {"text": "gl hf"}, format="json")
    assert said.status_code == 201
    line = check(served, "ChatResult", said.json())["event"]
    assert (line["type"], line["text"], line["text_key"], line["payload"]) == (
        "chat_sent",
        "gl hf",
        None,
        {"to": None},
    )

    moves = 0
    while not game.is_finished:
        assert moves < 3000, "the bots finished the game"
        if moves % 40 == 0:
            for client in (player, spectator):
                answer = check(served, "Game", client.get(url(game)).json())
                assert answer["view"]["kind"] == kind and answer["outcome"] is None
        play_one(game, ann)
        moves += 1

    for client, lang in ((player, "en"), (spectator, "fr")):
        answer = check(served, "Game", client.get(url(game), HTTP_ACCEPT_LANGUAGE=lang).json())
        assert answer["view"]["kind"] == kind
        outcome = answer["outcome"]
        assert outcome["winners"] == outcome["ranking"][0] and outcome["score_table"]["rows"]
    events = all_events(player, game, served)
    assert [e["seq"] for e in events] == list(range(1, game.last_seq + 1))
    engine_lines = [e for e in events if e["text_key"] is not None]
    assert engine_lines and all(isinstance(e["text"], str) and e["text"] for e in engine_lines)
    assert all(e["text_key"].startswith(f"{kind}.") for e in engine_lines)
    assert events[-1]["type"] == "game_ended"


def test_a_resignation_s_outcome_and_events_match_the_served_schema(
    client_for: ClientFor, served: dict[str, Any], ann: Any, bob: Any
) -> None:
    game = make_game(ann, bob)
    services.game_resign(game=game, user=bob, now=NOW)
    for _ in range(200):
        game.refresh_from_db()
        if game.is_finished:
            break
        services.command_submit(game=game, user=ann, text="roll", expected_seq=game.last_seq, now=NOW)
    assert game.is_finished

    answer = check(served, "Game", client_for(ann).get(url(game)).json())
    assert answer["view"]["kind"] == "race"
    assert answer["outcome"]["resigned"] == [1] and answer["outcome"]["winners"] == [0]
    events = all_events(client_for(bob), game, served)
    resigned = next(e for e in events if e["type"] == "seat_resigned")
    assert resigned["seat"] == 1 and resigned["text"] is None and resigned["payload"] == {}
