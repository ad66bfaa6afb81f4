"""POST /api/games/{id}/commands/: moves in notation, and every way one is refused."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import models, services
from tests.api.helpers import ClientFor, event_count, url
from tests.factories import NOW, make_game, player_to_act

pytestmark = pytest.mark.django_db


def mover_and_waiter(game: models.Game) -> tuple[models.Seat, models.Seat]:
    return game.seats.get(is_pending=True), game.seats.get(is_pending=False)


def test_it_plays_a_move_and_answers_201_with_the_new_view(client_for: ClientFor, game: models.Game) -> None:
    mover, waiter = mover_and_waiter(game)
    seq = game.last_seq
    response = client_for(mover.user).post(
        url(game, "commands"), {"command": "roll", "expected_seq": seq}, format="json"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    row = models.Event.objects.get(game=game, seq=seq + 1)
    assert row.type == "die_rolled" and row.seat == mover.position and row.command == "roll"
    assert body["seq"] == seq + 1 and body["my_seat"] == mover.position
    assert body["view"]["scores"][mover.position] == row.payload["face"]
    # Unless that roll won, it is now the other player's turn.
    assert body["legal"] == [] or body["status"] == "finished"
    assert [s["is_pending"] for s in body["seats"]][waiter.position] is True


def test_bots_reply_within_the_same_request(client_for: ClientFor, ann: Any) -> None:
    game = services.game_create(
        creator=ann, kind="race", seat_count=2, time_per_move=dt.timedelta(days=1), now=NOW
    )
    services.game_fill_with_bots(game=game, by=ann, now=NOW)
    services.game_start(game=game, by=ann, now=NOW)
    game.refresh_from_db()
    seq = game.last_seq
    body = (
        client_for(ann)
        .post(url(game, "commands"), {"command": "pass", "expected_seq": seq}, format="json")
        .json()
    )
    # Ann passed, the bot rolled: it is Ann's turn again (or the bot won).
    assert body["seq"] >= seq + 2
    assert models.Event.objects.filter(game=game, seq__gt=seq, cause="bot").exists()


def test_the_same_idempotency_key_twice_plays_once(client_for: ClientFor, game: models.Game) -> None:
    mover, _ = mover_and_waiter(game)
    client = client_for(mover.user)
    body = {"command": "pass", "expected_seq": game.last_seq, "idempotency_key": "k-1"}
    first = client.post(url(game, "commands"), body, format="json")
    count = event_count()
    again = client.post(url(game, "commands"), body, format="json")
    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first
    assert event_count() == count
    assert again.json()["seq"] == first.json()["seq"]


def test_it_refuses_a_player_without_a_seat_with_403_and_writes_nothing(
    client_for: ClientFor, game: models.Game, cyd: Any
) -> None:
    before = event_count()
    response = client_for(cyd).post(
        url(game, "commands"), {"command": "roll", "expected_seq": game.last_seq}, format="json"
    )
    assert response.status_code == 403
    assert response.json() == {"detail": "You have no seat at this table.", "code": "not_your_seat"}
    anonymous = client_for(None).post(
        url(game, "commands"), {"command": "roll", "expected_seq": game.last_seq}, format="json"
    )
    assert anonymous.status_code == 401
    assert event_count() == before


def test_it_answers_404_to_outsiders_of_a_private_game_and_for_a_missing_one(
    client_for: ClientFor, private_game: models.Game, cyd: Any
) -> None:
    # The same answer for both, so a command cannot tell whether a private game exists; the game is
    # read once, locked, and the outsider is turned away from that read.
    before = event_count()
    body = {"command": "roll", "expected_seq": private_game.last_seq}
    hidden = client_for(cyd).post(url(private_game, "commands"), body, format="json")
    missing = client_for(cyd).post(f"/api/games/{private_game.pk + 1000}/commands/", body, format="json")
    beyond_bigint = client_for(cyd).post(f"/api/games/{2**63}/commands/", body, format="json")
    for response in (hidden, missing, beyond_bigint):
        assert response.status_code == 404, response.content
        assert response.json() == {"detail": "No such game.", "code": "not_found"}
    assert event_count() == before
    # A seat makes the private game the player's to move in.
    player = private_game.seats.get(is_pending=True).user
    played = client_for(player).post(
        url(private_game, "commands"),
        {"command": "pass", "expected_seq": private_game.last_seq},
        format="json",
    )
    assert played.status_code == 201, played.content
    assert event_count() > before


def test_it_refuses_a_player_who_resigned_with_403(client_for: ClientFor, game: models.Game) -> None:
    _, waiter = mover_and_waiter(game)
    services.game_resign(game=game, user=waiter.user, now=NOW)
    game.refresh_from_db()
    before = event_count()
    response = client_for(waiter.user).post(
        url(game, "commands"), {"command": "roll", "expected_seq": game.last_seq}, format="json"
    )
    assert response.status_code == 403 and response.json()["code"] == "not_your_seat"
    assert event_count() == before


@pytest.mark.parametrize(
    ("command", "code", "reason", "key"),
    [
        ("dance", "cannot_parse", "I do not understand “dance”", "race.refused.cannot_parse"),
        ("say hi", "illegal", "You cannot say that now.", "race.refused.cannot_say"),
    ],
)
def test_it_explains_unparsable_and_illegal_commands_with_400(
    client_for: ClientFor, game: models.Game, command: str, code: str, reason: str, key: str
) -> None:
    mover, _ = mover_and_waiter(game)
    before = event_count()
    response = client_for(mover.user).post(
        url(game, "commands"), {"command": command, "expected_seq": game.last_seq}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == code and body["detail"].startswith(reason) and body["message_key"] == key
    assert event_count() == before


def test_it_refuses_a_move_out_of_turn_as_illegal(client_for: ClientFor, game: models.Game) -> None:
    _, waiter = mover_and_waiter(game)
    before = event_count()
    response = client_for(waiter.user).post(
        url(game, "commands"), {"command": "roll", "expected_seq": game.last_seq}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "detail": "It is not your turn.",
        "code": "illegal",
        "message_key": "race.refused.not_your_turn",
    }
    assert event_count() == before


def test_it_answers_409_with_the_current_seq_when_stale(client_for: ClientFor, game: models.Game) -> None:
    mover, _ = mover_and_waiter(game)
    stale = game.last_seq
    client_for(mover.user).post(
        url(game, "commands"), {"command": "pass", "expected_seq": stale}, format="json"
    )
    game.refresh_from_db()
    before = event_count()
    response = client_for(game.seats.get(is_pending=True).user).post(
        url(game, "commands"), {"command": "pass", "expected_seq": stale}, format="json"
    )
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "stale" and body["seq"] == game.last_seq
    assert f"it is now at move {game.last_seq}" in body["detail"]
    assert event_count() == before


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"expected_seq": 0}, "command"),
        ({"command": "", "expected_seq": 0}, "command"),
        ({"command": 5, "expected_seq": 0}, "command"),
        ({"command": ["roll"], "expected_seq": 0}, "command"),
        ({"command": "roll " * 101, "expected_seq": 0}, "command"),
        ({"command": "roll\x00", "expected_seq": 0}, "command"),
        ({"command": "roll"}, "expected_seq"),
        ({"command": "roll", "expected_seq": "3"}, "expected_seq"),
        ({"command": "roll", "expected_seq": 3.0}, "expected_seq"),
        ({"command": "roll", "expected_seq": True}, "expected_seq"),
        ({"command": "roll", "expected_seq": -1}, "expected_seq"),
        ({"command": "roll", "expected_seq": 10**40}, "expected_seq"),
        ({"command": "roll", "expected_seq": 0, "idempotency_key": "k" * 81}, "idempotency_key"),
    ],
)
def test_it_refuses_malformed_bodies_with_400_naming_the_field(
    client_for: ClientFor, game: models.Game, body: dict[str, Any], field: str
) -> None:
    mover, _ = mover_and_waiter(game)
    before = event_count()
    response = client_for(mover.user).post(url(game, "commands"), body, format="json")
    assert response.status_code == 400
    error = response.json()
    assert error["code"] == "invalid" and list(error["errors"]) == [field]
    assert error["detail"].startswith(f"{field}: ")
    assert event_count() == before


def test_it_refuses_a_body_that_is_not_json(client_for: ClientFor, game: models.Game) -> None:
    mover, _ = mover_and_waiter(game)
    before = event_count()
    response = client_for(mover.user).post(url(game, "commands"), "{roll", content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "parse_error"
    assert event_count() == before


def test_it_refuses_commands_to_a_game_not_started(client_for: ClientFor, open_game: models.Game) -> None:
    response = client_for(open_game.creator).post(
        url(open_game, "commands"), {"command": "roll", "expected_seq": 0}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "detail": "This game is not in progress.",
        "code": "illegal",
        "message_key": "core.not_in_progress",
    }
    assert event_count() == 0


def test_it_answers_json_413_to_a_body_too_large_and_writes_nothing(
    client_for: ClientFor, game: models.Game
) -> None:
    mover, _ = mover_and_waiter(game)
    before = event_count()
    huge = '{"command": "' + "roll " * 600_000 + '", "expected_seq": 0}'
    response = client_for(mover.user).post(url(game, "commands"), huge, content_type="application/json")
    assert response.status_code == 413
    assert response.json() == {"detail": "The request body is too large.", "code": "too_large"}
    assert event_count() == before


@pytest.mark.parametrize(
    "command",
    [
        "keep 99999999999999999999999999",
        "lock 0 shield",
        "lock -1 shield",
        "choose " + "x" * 490,
        "commit",
        "roll roll",
        "return ½",
        "keep ²",  # str.isdigit() is true for "²", but int() refuses it
        "lock ² wild",
    ],
)
def test_a_command_moonrollers_cannot_read_is_a_400_never_a_500(ann: Any, bob: Any, command: str) -> None:
    game = make_game(ann, bob, kind="moonrollers")
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=player_to_act(game)).key}")
    before = event_count()
    response = client.post(
        url(game, "commands"), {"command": command, "expected_seq": game.last_seq}, format="json"
    )
    assert response.status_code == 400, response.content
    assert response.json()["code"] in ("cannot_parse", "illegal")
    assert event_count() == before
