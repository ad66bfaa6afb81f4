"""GET /api/games/{id}/events/ (the redacted log) and GET /api/games/{id}/legal/."""

from __future__ import annotations

from typing import Any

import pytest

from games import models, services
from tests.api.helpers import ClientFor, event_count, url
from tests.factories import NOW, make_game, player_to_act

pytestmark = pytest.mark.django_db


def roll(game: models.Game) -> None:
    services.command_submit(
        game=game, user=player_to_act(game), text="roll", expected_seq=game.last_seq, now=NOW
    )


class TestEvents:
    def test_it_pages_through_the_log_with_since_and_limit(
        self, client_for: ClientFor, game: models.Game
    ) -> None:
        for _ in range(3):
            roll(game)
        game.refresh_from_db()
        client = client_for(game.creator)
        first = client.get(url(game, "events") + "?limit=2").json()
        assert [e["seq"] for e in first["events"]] == [1, 2]
        assert first["since"] == 0 and first["until"] == 2 and first["more"] is True
        assert first["last_seq"] == game.last_seq
        rest = client.get(url(game, "events") + f"?since={first['until']}").json()
        assert [e["seq"] for e in rest["events"]] == list(range(3, game.last_seq + 1))
        assert rest["more"] is False
        assert [e["type"] for e in rest["events"]][-3:] == ["die_rolled"] * 3
        assert all(isinstance(e["payload"]["face"], int) for e in rest["events"][-3:])

    def test_it_redacts_other_seats_secrets_for_each_viewer(
        self, client_for: ClientFor, game: models.Game, cyd: Any
    ) -> None:
        ann_seat = game.seats.get(user=game.creator).position
        dealt = {
            viewer: [
                e
                for e in client_for(viewer).get(url(game, "events")).json()["events"]
                if e["type"] == "secret_dealt"
            ]
            for viewer in (game.creator, cyd, None)
        }
        assert [("value" in e["payload"]) for e in dealt[game.creator]] == [
            e["seat"] == ann_seat for e in dealt[game.creator]
        ]
        assert all("value" not in e["payload"] for e in dealt[cyd] + dealt[None])

    def test_it_answers_404_to_outsiders_of_a_private_game(
        self, client_for: ClientFor, private_game: models.Game, cyd: Any
    ) -> None:
        for viewer in (cyd, None):
            response = client_for(viewer).get(url(private_game, "events"))
            assert response.status_code == 404 and response.json()["code"] == "not_found"

    @pytest.mark.parametrize("query", ["since=-1", "since=abc", "limit=0", "limit=501", f"since={2**40}"])
    def test_it_refuses_bad_windows_clearly(
        self, client_for: ClientFor, game: models.Game, query: str
    ) -> None:
        before = event_count()
        response = client_for(game.creator).get(url(game, "events") + "?" + query)
        assert response.status_code == 400
        body = response.json()
        assert body["code"] == "invalid" and body["detail"].split(":")[0] in ("since", "limit")
        assert event_count() == before


class TestLegal:
    def test_it_lists_the_commands_of_the_seat_to_act_and_none_for_the_other(
        self, client_for: ClientFor, game: models.Game
    ) -> None:
        mover = game.seats.get(is_pending=True)
        waiter = game.seats.get(is_pending=False)
        body = client_for(mover.user).get(url(game, "legal")).json()
        assert body["seq"] == game.last_seq and body["my_seat"] == mover.position and body["to_act"] is True
        assert body["status"] == "active"
        assert [c["prefix"] for c in body["commands"]] == ["roll", "pass", "say"]
        assert body["commands"][0]["label"] == "Roll the die"
        assert body["commands"][0]["label_key"] == "race.label.roll"
        assert body["commands"][2]["params"][0]["choices"] == [
            {"value": "hi", "label": "Hi", "label_key": "race.label.hi"}
        ]
        other = client_for(waiter.user).get(url(game, "legal")).json()
        assert other["to_act"] is False and other["commands"] == []

    def test_it_refuses_spectators_with_403_and_anonymous_with_401(
        self, client_for: ClientFor, game: models.Game, cyd: Any
    ) -> None:
        response = client_for(cyd).get(url(game, "legal"))
        assert response.status_code == 403 and response.json()["code"] == "not_your_seat"
        response = client_for(None).get(url(game, "legal"))
        assert response.status_code == 401 and response.json()["code"] == "not_authenticated"

    def test_it_answers_404_for_a_game_that_does_not_exist(
        self, client_for: ClientFor, game: models.Game
    ) -> None:
        for pk in (game.pk + 1000, 2**64):
            response = client_for(game.creator).get(url(pk, "legal"))
            assert response.status_code == 404 and response.json()["code"] == "not_found"

    def test_it_answers_404_to_outsiders_of_a_private_game(
        self, client_for: ClientFor, private_game: models.Game, cyd: Any
    ) -> None:
        response = client_for(cyd).get(url(private_game, "legal"))
        assert response.status_code == 404


def test_log_texts_name_the_players_and_leave_chat_alone(client_for: ClientFor, ann: Any, bob: Any) -> None:
    game = make_game(ann, bob)
    roll(game)
    services.chat_send(game=game, user=bob, text="gg {player} {p0} {}", now=NOW)
    events = client_for(ann).get(url(game, "events")).json()["events"]
    rolled = next(e for e in events if e["type"] == "die_rolled")
    roller = {0: "Ann", 1: "Bob"}[rolled["seat"]]
    assert rolled["text"] == f"{roller} rolled the die."
    assert rolled["text_key"] == "race.log.die_rolled"
    assert rolled["text_params"] == {"player": {"seat": rolled["seat"]}}
    chat = events[-1]
    assert (chat["type"], chat["text"]) == ("chat_sent", "gg {player} {p0} {}")
    assert chat["text_key"] is None and chat["text_params"] is None and chat["payload"] == {"to": None}
