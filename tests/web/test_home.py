"""The home page (what waits on you first) and the lobby (open tables)."""

from __future__ import annotations

from typing import Any

import pytest

from games import models, services
from tests.factories import NOW, make_game, make_user, player_to_act
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


def section(page: str, heading: str) -> str:
    """The text of a home page section, from its heading to the next one."""
    start = page.index(heading)
    end = page.find("<h2", start + 1)
    return page[start : end if end != -1 else None]


def waiting_on(game: models.Game, user: Any) -> models.Game:
    """The game, with ``user`` to act (the other player passes if needed)."""
    mover = player_to_act(game)
    if mover != user:
        services.command_submit(game=game, user=mover, text="pass", expected_seq=game.last_seq, now=NOW)
    assert player_to_act(game) == user
    return game


class TestHome:
    def test_it_lists_games_waiting_on_you_then_on_others_then_invitations_and_finished(
        self, ann: Any, bob: Any, cyd: Any
    ) -> None:
        mine = waiting_on(make_game(ann, bob), ann)
        theirs = waiting_on(make_game(ann, cyd), cyd)
        other_name = "Cyd"
        table = make_game(ann, start=False, seat_count=3)
        done = make_game(ann, bob)
        models.Game.objects.filter(pk=done.pk).update(status="finished")

        page = client_for(ann).get("/").content.decode()

        assert page.index("Waiting on you") < page.index("Waiting on others") < page.index("Open invitations")
        assert page.index("Open invitations") < page.index("Finished games")
        yours = section(page, "Waiting on you")
        assert f"/games/{mine.pk}/" in yours and "Deadline" in yours and f"/games/{theirs.pk}/" not in yours
        assert f"waiting on {other_name}" in section(page, "Waiting on others")
        assert f"/games/{table.pk}/" in section(page, "Open invitations")
        assert f"/games/{done.pk}/replay/" in section(page, "Finished games")

    def test_a_visitor_sees_a_welcome_and_nobodys_games(self, ann: Any, bob: Any) -> None:
        private = make_game(ann, bob, visibility="private")

        page = client_for(None).get("/").content.decode()

        assert "Sign up" in page and "Waiting on you" not in page
        assert f"/games/{private.pk}/" not in page

    def test_it_only_answers_reads(self, ann: Any) -> None:
        response = client_for(ann).post("/", {"x": "1"})

        assert response.status_code == 405


class TestLobby:
    def test_it_lists_public_tables_with_a_free_seat(self, ann: Any, bob: Any) -> None:
        open_table = make_game(ann, start=False, seat_count=3)
        full = make_game(bob, make_user(), start=False)
        private = make_game(bob, start=False, seat_count=2, visibility="private")

        page = client_for(None).get("/games/lobby/").content.decode()

        assert f"/games/{open_table.pk}/" in page and "1 of 3 seats taken" in page
        assert f"/games/{full.pk}/" not in page and f"/games/{private.pk}/" not in page

    def test_a_visitor_can_look_but_gets_no_new_game_button(self) -> None:
        page = client_for(None).get("/games/lobby/").content.decode()

        assert "No open table right now" in page and "/games/new/" not in page

    def test_it_only_answers_reads(self, ann: Any) -> None:
        assert client_for(ann).post("/games/lobby/").status_code == 405
