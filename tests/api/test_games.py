"""GET/POST /api/games/ and GET /api/games/{id}/: the list, creating a table, one game's view."""

from __future__ import annotations

from typing import Any

import pytest

from games import models
from tests.api.helpers import ClientFor, play_to_end, url
from tests.factories import make_game

pytestmark = pytest.mark.django_db


class TestList:
    def test_it_lists_visible_games_newest_first_and_filters_them(
        self, client_for: ClientFor, game: models.Game, open_game: models.Game, cyd: Any
    ) -> None:
        theirs = make_game(cyd, start=False, seat_count=2)
        ann = game.creator
        body = client_for(ann).get("/api/games/").json()
        assert body["count"] == 3
        assert [g["id"] for g in body["results"]] == [theirs.pk, open_game.pk, game.pk]
        assert body["results"][2]["players"] == ["Ann", "Bob"]
        assert body["results"][2]["seq"] == game.last_seq

        active = client_for(ann).get("/api/games/?status=active").json()
        assert [g["id"] for g in active["results"]] == [game.pk]
        mine = client_for(ann).get("/api/games/?mine=1").json()
        assert {g["id"] for g in mine["results"]} == {game.pk, open_game.pk}

    def test_it_hides_private_games_from_people_without_a_seat(
        self, client_for: ClientFor, private_game: models.Game, cyd: Any
    ) -> None:
        assert client_for(cyd).get("/api/games/").json()["count"] == 0
        assert client_for(None).get("/api/games/").json()["count"] == 0
        assert client_for(None).get("/api/games/?mine=true").json()["count"] == 0
        ann = private_game.creator
        assert [g["id"] for g in client_for(ann).get("/api/games/").json()["results"]] == [private_game.pk]

    @pytest.mark.parametrize("query", ["status=over", "mine=perhaps", "page=99", "page=abc"])
    def test_it_refuses_bad_filters_clearly(
        self, client_for: ClientFor, game: models.Game, query: str
    ) -> None:
        response = client_for(game.creator).get(f"/api/games/?{query}")
        assert response.status_code in (400, 404)
        body = response.json()
        assert body["code"] in ("invalid", "not_found") and body["detail"]


class TestCreate:
    def test_it_creates_a_table_with_the_creator_in_seat_0(self, client_for: ClientFor, ann: Any) -> None:
        response = client_for(ann).post(
            "/api/games/",
            {
                "kind": "race",
                "seat_count": 3,
                "options": {"short": True, "ballot": False},
                "time_per_move": 7200,
            },
            format="json",
        )
        assert response.status_code == 201, response.content
        body = response.json()
        game = models.Game.objects.get(pk=body["id"])
        assert (
            game.creator == ann and game.seat_count == 3 and game.options == {"short": True, "ballot": False}
        )
        assert body["status"] == "open" and body["my_seat"] == 0 and body["seq"] == 0
        assert body["time_per_move"] == 7200 and body["seed"] is None
        assert body["reply_time"] == 1800  # the default: a quarter of the time per move
        assert body["seed_sha256"] == game.seed_sha256
        assert [s["name"] for s in body["seats"]] == ["Ann"]

    def test_it_takes_a_reply_time_for_quick_follow_ups(self, client_for: ClientFor, ann: Any) -> None:
        response = client_for(ann).post(
            "/api/games/",
            {"kind": "race", "seat_count": 2, "time_per_move": 7200, "reply_time": 900},
            format="json",
        )
        assert response.status_code == 201, response.content
        assert response.json()["reply_time"] == 900
        assert models.Game.objects.get().time_for(reply=True).total_seconds() == 900

    def test_it_refuses_anonymous_scripts_with_401(self, client_for: ClientFor) -> None:
        response = client_for(None).post("/api/games/", {"kind": "race", "seat_count": 2}, format="json")
        assert response.status_code == 401
        assert response["WWW-Authenticate"] == "Bearer"
        assert response.json()["code"] == "not_authenticated"
        assert models.Game.objects.count() == 0

    @pytest.mark.parametrize(
        ("body", "field", "code"),
        [
            ({"kind": "chess", "seat_count": 2}, "kind", "invalid"),
            ({"kind": "race", "seat_count": "2"}, "seat_count", "invalid"),
            ({"kind": "race", "seat_count": 2.0}, "seat_count", "invalid"),
            ({"kind": "race", "seat_count": True}, "seat_count", "invalid"),
            ({"kind": "race", "seat_count": 5}, None, "refused"),
            ({"kind": "race", "seat_count": 7}, "seat_count", "invalid"),
            ({"kind": "race", "seat_count": 2, "time_per_move": 60}, "time_per_move", "invalid"),
            ({"kind": "race", "seat_count": 2, "reply_time": 60}, "reply_time", "invalid"),
            ({"kind": "race", "seat_count": 2, "time_per_move": 3600, "reply_time": 7200}, None, "refused"),
            ({"kind": "race", "seat_count": 2, "options": {"longer": True}}, None, "refused"),
            ({"kind": "race", "seat_count": 2, "options": {"short": "yes"}}, "options", "invalid"),
            ({"kind": "race", "seat_count": 2, "visibility": "secret"}, "visibility", "invalid"),
            ({"seat_count": 2}, "kind", "invalid"),
        ],
    )
    def test_it_refuses_bad_tables_and_creates_nothing(
        self, client_for: ClientFor, ann: Any, body: dict[str, Any], field: str | None, code: str
    ) -> None:
        response = client_for(ann).post("/api/games/", body, format="json")
        assert response.status_code == 400
        error = response.json()
        assert error["code"] == code and error["detail"]
        if field is not None:
            assert field in error["errors"] and error["detail"].startswith(f"{field}: ")
        assert models.Game.objects.count() == 0


class TestDetail:
    def test_it_shows_a_player_their_own_seat_and_legal_commands(
        self, client_for: ClientFor, game: models.Game
    ) -> None:
        mover = game.seats.get(is_pending=True)
        body = client_for(mover.user).get(url(game)).json()
        assert body["id"] == game.pk and body["kind"] == "race" and body["title"] == "Race to 20"
        assert body["my_seat"] == mover.position and body["seq"] == game.last_seq
        assert body["status"] == "active" and body["outcome"] is None and body["seed"] is None
        assert body["view"]["my_secret"] is not None
        assert [c["action"] for c in body["legal"]] == ["roll", "pass", "say"]
        assert [s["is_pending"] for s in body["seats"]] == [s.is_pending for s in game.seats.all()]

    def test_it_shows_a_spectator_the_public_view_only(
        self, client_for: ClientFor, game: models.Game, cyd: Any
    ) -> None:
        for viewer in (cyd, None):
            body = client_for(viewer).get(url(game)).json()
            assert body["my_seat"] is None and body["legal"] == []
            assert body["view"]["my_secret"] is None

    def test_it_answers_404_for_private_games_of_others(
        self, client_for: ClientFor, private_game: models.Game, cyd: Any
    ) -> None:
        for viewer in (cyd, None):
            response = client_for(viewer).get(url(private_game))
            assert response.status_code == 404
            assert response.json() == {"detail": "No such game.", "code": "not_found"}
        assert client_for(private_game.creator).get(url(private_game)).status_code == 200

    @pytest.mark.parametrize("pk", [0, 987654, 2**63, 10**30])
    def test_it_answers_404_for_ids_that_name_no_game(self, client_for: ClientFor, ann: Any, pk: int) -> None:
        response = client_for(ann).get(url(pk))
        assert response.status_code == 404
        assert response.json()["code"] == "not_found"

    def test_it_reveals_the_seed_once_the_game_is_finished(
        self, client_for: ClientFor, game: models.Game
    ) -> None:
        play_to_end(game)
        body = client_for(None).get(url(game)).json()
        assert body["status"] == "finished" and body["outcome"]["winners"]
        assert bytes.fromhex(body["seed"]) == bytes(game.seed)
