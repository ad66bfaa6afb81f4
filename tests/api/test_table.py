"""The table's actions: join, start, fill with bots, resign, chat."""

from __future__ import annotations

from typing import Any

import pytest

from games import models
from tests.api.helpers import ClientFor, event_count, url
from tests.factories import make_game

pytestmark = pytest.mark.django_db


class TestJoin:
    def test_it_seats_the_player_in_the_next_free_seat(
        self, client_for: ClientFor, open_game: models.Game, bob: Any
    ) -> None:
        response = client_for(bob).post(url(open_game, "join"))
        assert response.status_code == 200
        body = response.json()
        assert body["my_seat"] == 1 and [s["name"] for s in body["seats"]] == ["Ann", "Bob"]
        assert open_game.seats.get(position=1).user == bob

    def test_it_does_not_reveal_private_tables(self, client_for: ClientFor, ann: Any, cyd: Any) -> None:
        private = make_game(ann, start=False, seat_count=2, visibility=models.Game.Visibility.PRIVATE)
        response = client_for(cyd).post(url(private, "join"))
        assert response.status_code == 404
        assert private.seats.count() == 1
        assert client_for(None).post(url(private, "join")).status_code == 401

    def test_it_refuses_joining_twice_or_a_started_game(
        self, client_for: ClientFor, open_game: models.Game, game: models.Game, cyd: Any
    ) -> None:
        twice = client_for(open_game.creator).post(url(open_game, "join"))
        assert twice.status_code == 400
        assert twice.json() == {"detail": "You already have a seat at this table.", "code": "refused"}
        started = client_for(cyd).post(url(game, "join"))
        assert started.status_code == 400 and started.json()["code"] == "refused"
        assert open_game.seats.count() == 1 and game.seats.count() == 2


class TestBotsAndStart:
    def test_the_creator_fills_with_bots_then_starts(
        self, client_for: ClientFor, open_game: models.Game
    ) -> None:
        client = client_for(open_game.creator)
        filled = client.post(url(open_game, "bots")).json()
        assert [s["is_bot"] for s in filled["seats"]] == [False, True] and filled["status"] == "open"
        started = client.post(url(open_game, "start"))
        assert started.status_code == 200
        body = started.json()
        assert body["status"] == "active" and body["seq"] >= 3
        assert body["view"]["my_secret"] is not None
        assert models.Event.objects.filter(game=open_game, type="game_set_up").count() == 1

    def test_only_the_creator_adds_bots_or_starts(
        self, client_for: ClientFor, open_game: models.Game, bob: Any
    ) -> None:
        client_for(bob).post(url(open_game, "join"))
        for action in ("bots", "start"):
            response = client_for(bob).post(url(open_game, action))
            assert response.status_code == 403 and response.json()["code"] == "not_allowed"
        open_game.refresh_from_db()
        assert open_game.status == "open" and event_count() == 0

    def test_it_refuses_to_start_with_empty_seats_or_twice(
        self, client_for: ClientFor, open_game: models.Game, game: models.Game
    ) -> None:
        empty = client_for(open_game.creator).post(url(open_game, "start"))
        assert empty.status_code == 400
        assert empty.json()["detail"] == "1 seat(s) are still empty: invite players or add bots."
        before = event_count()
        again = client_for(game.creator).post(url(game, "start"))
        assert again.status_code == 400 and again.json()["detail"] == "This game has already started."
        late_bots = client_for(game.creator).post(url(game, "bots"))
        assert late_bots.status_code == 400
        assert event_count() == before and game.seats.count() == 2


class TestResign:
    def test_it_hands_the_seat_to_a_bot(self, client_for: ClientFor, game: models.Game) -> None:
        bob = game.seats.get(position=1).user
        response = client_for(bob).post(url(game, "resign"))
        assert response.status_code == 200
        body = response.json()
        assert body["seats"][1]["resigned"] is True
        assert models.Event.objects.filter(game=game, type="seat_resigned", seat=1).exists()

    def test_a_spectator_cannot_resign(self, client_for: ClientFor, game: models.Game, cyd: Any) -> None:
        before = event_count()
        response = client_for(cyd).post(url(game, "resign"))
        assert response.status_code == 403 and response.json()["code"] == "not_allowed"
        assert event_count() == before

    def test_it_refuses_resigning_twice_or_before_the_start(
        self, client_for: ClientFor, game: models.Game, open_game: models.Game
    ) -> None:
        bob = game.seats.get(position=1).user
        client_for(bob).post(url(game, "resign"))
        before = event_count()
        twice = client_for(bob).post(url(game, "resign"))
        assert twice.status_code == 400 and twice.json()["detail"] == "You have already resigned."
        early = client_for(open_game.creator).post(url(open_game, "resign"))
        assert early.status_code == 400 and early.json()["code"] == "refused"
        assert event_count() == before


class TestChat:
    def test_table_talk_is_seen_by_all_and_a_private_line_by_two_seats(
        self, client_for: ClientFor, game: models.Game, cyd: Any
    ) -> None:
        ann, bob = game.seats.get(position=0).user, game.seats.get(position=1).user
        public = client_for(ann).post(url(game, "chat"), {"text": "good luck"}, format="json")
        assert public.status_code == 201
        said = public.json()["event"]
        assert (said["type"], said["text"], said["payload"]) == ("chat_sent", "good luck", {"to": None})
        private = client_for(ann).post(url(game, "chat"), {"text": "psst", "to": 1}, format="json")
        assert private.status_code == 201

        def lines(viewer: Any) -> list[str]:
            events = client_for(viewer).get(url(game, "events")).json()["events"]
            return [e["text"] for e in events if e["type"] == "chat_sent"]

        assert lines(bob) == ["good luck", "psst"]
        assert lines(cyd) == lines(None) == ["good luck"]

    def test_a_spectator_cannot_chat(self, client_for: ClientFor, game: models.Game, cyd: Any) -> None:
        before = event_count()
        response = client_for(cyd).post(url(game, "chat"), {"text": "hello"}, format="json")
        assert response.status_code == 403 and response.json()["code"] == "not_allowed"
        assert event_count() == before

    @pytest.mark.parametrize(
        ("body", "code"),
        [
            ({"text": "   "}, "invalid"),
            ({"text": ""}, "invalid"),
            ({"text": 5}, "invalid"),
            ({"text": "x" * 1001}, "invalid"),
            ({"text": "hi", "to": 0}, "refused"),
            ({"text": "hi", "to": 7}, "refused"),
            ({"text": "hi", "to": "1"}, "invalid"),
        ],
    )
    def test_it_refuses_bad_lines_and_writes_nothing(
        self, client_for: ClientFor, game: models.Game, body: dict[str, Any], code: str
    ) -> None:
        before = event_count()
        response = client_for(game.seats.get(position=0).user).post(url(game, "chat"), body, format="json")
        assert response.status_code == 400
        assert response.json()["code"] == code and response.json()["detail"]
        assert event_count() == before
