"""Hostile input on the pages: each answers 400 with a clear message and changes nothing (no 500)."""

from __future__ import annotations

from typing import Any

import pytest

from games import models
from tests.factories import make_game, player_to_act
from tests.web.conftest import client_for, event_count

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "seq",
    ["²", "٣", "9" * 5000, "99999999999999999999", "2147483648", "-1", " ", "1.0"],
    ids=["superscript", "arabic", "5000-digits", "20-digits", "past-int", "negative", "blank", "decimal"],
)
def test_a_move_at_a_seq_that_is_no_number_is_refused(game: models.Game, seq: str) -> None:
    mover = player_to_act(game)
    before = event_count(game)

    response = client_for(mover).post(
        f"/games/{game.pk}/move/", {"seq": seq, "action": "roll", "prefix": "roll"}
    )

    assert response.status_code == 400
    assert "reload the page" in response.content.decode()
    assert event_count(game) == before


@pytest.mark.parametrize("token", ["%00", "a%00b"])
def test_an_invitation_link_with_a_nul_byte_is_refused(ann: Any, token: str) -> None:
    make_game(ann, start=False, seat_count=2)

    response = client_for(None).get(f"/games/invite/{token}/")

    assert response.status_code == 400
    assert "NUL byte" in response.content.decode()


@pytest.mark.parametrize("token", ["%ED%A0%80", "%FF", "x" * 5000, "é"])
def test_an_invitation_link_no_table_has_is_not_found(ann: Any, token: str) -> None:
    make_game(ann, start=False, seat_count=2)

    response = client_for(None).get(f"/games/invite/{token}/")

    assert response.status_code == 404
    assert "invitation link is not valid" in response.content.decode()


def test_an_invitation_to_an_address_over_254_characters_is_refused(ann: Any) -> None:
    game = make_game(ann, start=False, seat_count=2)
    address = "a" * 64 + "@" + ".".join(["b" * 60] * 4) + ".com"
    assert len(address) > 254

    response = client_for(ann).post(f"/games/{game.pk}/invite/", {"email": address})

    assert response.status_code == 400
    assert "254" in response.content.decode()
    assert not models.Notification.objects.exists()


@pytest.mark.parametrize("field", ["text", "to"])
def test_a_nul_byte_in_chat_is_refused(game: models.Game, field: str) -> None:
    mover = player_to_act(game)
    before = event_count(game)
    data = {"text": "hello", "to": ""}
    data[field] = data[field] + "\x00"

    response = client_for(mover).post(f"/games/{game.pk}/chat/", data)

    assert response.status_code == 400
    assert event_count(game) == before


@pytest.mark.parametrize(
    "data",
    [
        {"action": "notation", "notation": "say hi\x00"},
        {"action": "say", "prefix": "say", "p_word": "hi\x00"},
        {"action": "roll\x00", "prefix": "roll"},
    ],
    ids=["notation", "param", "action"],
)
def test_a_nul_byte_in_a_move_is_refused(game: models.Game, data: dict[str, str]) -> None:
    mover = player_to_act(game)
    before = event_count(game)

    response = client_for(mover).post(f"/games/{game.pk}/move/", {"seq": str(game.last_seq), **data})

    assert response.status_code == 400
    assert "NUL byte" in response.content.decode()
    assert event_count(game) == before


def test_a_nul_byte_in_a_standing_answer_is_refused(game: models.Game) -> None:
    mover = player_to_act(game)

    response = client_for(mover).post(
        f"/games/{game.pk}/standing/", {"decision": "offer\x00", "policy": "accept", "accept-n": "1\x00"}
    )

    assert response.status_code == 400
    assert not models.Seat.objects.filter(game=game).exclude(standing={}).exists()


def test_a_nul_byte_in_a_query_string_or_header_is_refused(game: models.Game) -> None:
    client = client_for(game.seats.first().user)

    assert client.get(f"/games/{game.pk}/replay/?turn=%00").status_code == 400
    assert client.get("/games/lobby/?page=1%00").status_code == 400
    assert client.get("/", HTTP_ACCEPT_LANGUAGE="fr\x00").status_code == 400


def test_a_session_cookie_with_a_nul_byte_counts_as_no_session(game: models.Game) -> None:
    client = client_for(None)
    client.cookies["sessionid"] = "abc\x00def"

    response = client.get(f"/games/{game.pk}/")

    assert response.status_code == 200
    assert "Sign in" in response.content.decode() or "Log in" in response.content.decode()


@pytest.mark.parametrize(
    "path",
    [
        "/games/99999999999999999999/",
        "/games/9223372036854775808/join/",
        "/games/{game}/replay/99999999999999999999/",
        "/games/lobby/?page=99999999999999999999",
        "/games/{game}/replay/?turn=99999999999999999999",
        "/api/games/99999999999999999999/",
        "/api/games/{game}/events/?since=99999999999999999999",
    ],
)
def test_numbers_past_the_database_integers_in_urls_are_no_server_error(game: models.Game, path: str) -> None:
    client = client_for(game.seats.first().user)
    path = path.replace("{game}", str(game.pk))

    response = client.post(path) if path.endswith("/join/") else client.get(path)

    assert response.status_code in (200, 302, 400, 404), response.status_code
