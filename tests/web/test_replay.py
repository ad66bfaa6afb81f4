"""Looking back: replay move by move, seed verification and the JSON export of a finished game."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from games import models, selectors, services
from tests.factories import NOW, make_game, player_to_act
from tests.web.conftest import client_for, event_count

pytestmark = pytest.mark.django_db


def play(game: models.Game, command: str, times: int) -> None:
    for _ in range(times):
        game.refresh_from_db()
        services.command_submit(
            game=game, user=player_to_act(game), text=command, expected_seq=game.last_seq, now=NOW
        )


def play_to_the_end(game: models.Game) -> models.Game:
    for _ in range(200):
        game.refresh_from_db()
        if game.is_finished:
            return game
        play(game, "roll", 1)
    raise AssertionError("the race did not end")


@pytest.fixture
def finished(game: models.Game) -> models.Game:
    return play_to_the_end(game)


def nav_links(page: str) -> dict[str, str]:
    return {rel: href for href, rel in re.findall(r'<a href="([^"]+)" rel="(first|prev|next|last)"', page)}


class TestReplay:
    def test_it_steps_move_by_move_with_the_position_in_the_url(self, game: models.Game) -> None:
        play(game, "pass", 3)
        game.refresh_from_db()
        moves = selectors.replay_moves(game)
        client = client_for(game.creator)

        start = client.get(f"/games/{game.pk}/replay/")
        assert start.status_code == 302 and start["Location"] == f"/games/{game.pk}/replay/{moves[0]}/"
        page = client.get(f"/games/{game.pk}/replay/{moves[1]}/").content.decode()

        links = nav_links(page)
        base = f"/games/{game.pk}/replay"
        assert links == {
            "first": f"{base}/{moves[0]}/",
            "prev": f"{base}/{moves[0]}/",
            "next": f"{base}/{moves[2]}/",
            "last": f"{base}/{moves[-1]}/",
        }
        assert f"Move 2 of {len(moves)}" in page and " passed." in page  # the engine's log line
        assert "shows only what you could see" in page

    def test_a_finished_game_shows_everything_and_a_score_chart(self, finished: models.Game) -> None:
        secrets = list(
            finished.events.filter(type="secret_dealt").order_by("seat").values_list("payload", flat=True)
        )

        page = client_for(None).get(f"/games/{finished.pk}/replay/{finished.last_seq}/").content.decode()

        assert "the replay shows everything" in page
        for secret in secrets:
            assert f"&quot;my_secret&quot;: {secret['value']}" in page  # every seat's private view
        # A game without a presentation package names its score generically.
        assert '<svg class="chart"' in page and "<polyline" in page and "Score over time" in page
        assert page.count("<polyline") == finished.seat_count

    def test_a_private_game_replay_is_refused_to_strangers(self, ann: Any, bob: Any, cyd: Any) -> None:
        game = make_game(ann, bob, visibility="private")

        response = client_for(cyd).get(f"/games/{game.pk}/replay/1/")

        assert response.status_code == 403

    @pytest.mark.parametrize("step", [0, 999])
    def test_a_step_outside_the_game_is_explained(self, game: models.Game, step: int) -> None:
        before = event_count(game)

        response = client_for(None).get(f"/games/{game.pk}/replay/{step}/")

        assert response.status_code == 404
        assert (
            f"There is no step {step}: this game has steps 1 to {game.last_seq}." in response.content.decode()
        )
        assert event_count(game) == before

    def test_a_table_not_started_has_nothing_to_replay(self, ann: Any) -> None:
        game = make_game(ann, start=False, seat_count=2)

        response = client_for(ann).get(f"/games/{game.pk}/replay/")

        assert response.status_code == 404 and "nothing to replay yet" in response.content.decode()


class TestVerify:
    def test_it_recomputes_every_roll_from_the_revealed_seed(self, finished: models.Game) -> None:
        page = client_for(None).get(f"/games/{finished.pk}/verify/").content.decode()

        assert bytes(finished.seed).hex() in page
        assert "moves with dice or shuffles match the seed" in page
        assert page.count("✔ matches") == finished.events.values("batch").distinct().count()
        assert "✔ the same" in page

    def test_it_says_when_the_seed_does_not_match_its_hash(self, finished: models.Game) -> None:
        models.Game.objects.filter(pk=finished.pk).update(seed_sha256="0" * 64)

        page = client_for(None).get(f"/games/{finished.pk}/verify/").content.decode()

        assert "✘ different" in page and "do not match the seed" in page

    def test_it_keeps_the_seed_secret_until_the_end(self, game: models.Game) -> None:
        response = client_for(game.creator).get(f"/games/{game.pk}/verify/")

        assert response.status_code == 403
        assert "The seed stays secret until the game ends" in response.content.decode()
        assert bytes(game.seed).hex() not in response.content.decode()

    def test_a_private_finished_game_is_refused_to_strangers(self, ann: Any, bob: Any, cyd: Any) -> None:
        game = play_to_the_end(make_game(ann, bob, visibility="private"))

        assert client_for(cyd).get(f"/games/{game.pk}/verify/").status_code == 403


class TestExport:
    def test_it_downloads_a_finished_game_as_json(self, finished: models.Game) -> None:
        response = client_for(None).get(f"/games/{finished.pk}/export.json")

        assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
        assert "attachment" in response["Content-Disposition"]
        data = json.loads(response.content)
        assert data["seed"] == bytes(finished.seed).hex() and data["seed_sha256"] == finished.seed_sha256
        assert [p["name"] for p in data["players"]] == ["Ann", "Bob"]
        assert data["options"] == {"short": False, "ballot": False} and data["kind"] == "race"
        assert len(data["events"]) == finished.last_seq and data["outcome"] == finished.outcome
        assert set(data["events"][0]) >= {
            "seq",
            "type",
            "version",
            "seat",
            "payload",
            "cause",
            "command",
            "actor",
            "created_at",
        }

    def test_a_private_chat_line_stays_private_in_the_export(self, ann: Any, bob: Any, cyd: Any) -> None:
        game = make_game(ann, bob, cyd)
        services.chat_send(game=game, user=ann, text="secret plan", to_position=1, now=NOW)
        game = play_to_the_end(game)

        body = client_for(None).get(f"/games/{game.pk}/export.json").content.decode()

        assert "secret plan" not in body

    def test_a_private_finished_game_is_refused_to_strangers(self, ann: Any, bob: Any, cyd: Any) -> None:
        game = play_to_the_end(make_game(ann, bob, visibility="private"))

        response = client_for(cyd).get(f"/games/{game.pk}/export.json")

        assert response.status_code == 403
        assert bytes(game.seed).hex() not in response.content.decode()

    def test_a_game_in_progress_cannot_be_exported(self, game: models.Game) -> None:
        response = client_for(game.creator).get(f"/games/{game.pk}/export.json")

        assert response.status_code == 403
        assert bytes(game.seed).hex() not in response.content.decode()
