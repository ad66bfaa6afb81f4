"""Setting a table by web page: new game, invitations by email and link, join, leave, bots, start."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from games import models
from tests.factories import make_game
from tests.web.conftest import client_for, event_count

pytestmark = pytest.mark.django_db

NEW_GAME = {
    "kind": "race",
    "seat_count": "3",
    "options": ["race:short"],
    "time_per_move": "48",
    "visibility": "private",
}


class TestNewGame:
    def test_it_creates_a_table_with_the_chosen_settings(self, ann: Any) -> None:
        client = client_for(ann)
        page = client.get("/games/new/").content.decode()
        assert 'value="race:short"' in page and 'value="168"' in page  # variants and 7 days offered

        response = client.post("/games/new/", NEW_GAME)

        game = models.Game.objects.get()
        assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
        assert (game.kind, game.seat_count, game.visibility) == ("race", 3, "private")
        assert game.options == {"short": True, "ballot": False} and game.time_per_move == dt.timedelta(
            hours=48
        )
        assert list(game.seats.values_list("user", flat=True)) == [ann.pk]

    def test_it_sends_visitors_to_log_in(self, client: Any) -> None:
        response = client.post("/games/new/", NEW_GAME)

        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
        assert models.Game.objects.count() == 0

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"seat_count": "5"}, "Race to 20 takes 2 to 4 players."),
            ({"kind": "chess"}, "Select a valid choice"),
            ({"time_per_move": "5"}, "Select a valid choice"),
            ({"options": ["race:longer"]}, "Select a valid choice"),
        ],
    )
    def test_it_refuses_bad_settings_and_creates_nothing(
        self, ann: Any, change: dict[str, Any], message: str
    ) -> None:
        response = client_for(ann).post("/games/new/", {**NEW_GAME, **change})

        assert response.status_code == 400
        assert message in response.content.decode()
        assert models.Game.objects.count() == 0


class TestTablePage:
    def test_it_shows_the_seats_and_the_creators_buttons(self, ann: Any, bob: Any) -> None:
        game = make_game(ann, bob, start=False, seat_count=3)
        page = client_for(ann).get(f"/games/{game.pk}/").content.decode()

        assert "Ann" in page and "Bob" in page and "empty seat" in page
        assert f'action="/games/{game.pk}/bots/"' in page
        assert f"/games/invite/{game.invite_token}/" in page  # the shareable link

    def test_it_hides_a_private_table_from_strangers(self, ann: Any, cyd: Any) -> None:
        game = make_game(ann, start=False, seat_count=2, visibility="private")

        for client in (client_for(cyd), client_for(None)):
            response = client.get(f"/games/{game.pk}/")
            assert response.status_code == 403
            assert "This game is private" in response.content.decode()

    def test_it_answers_an_unknown_game_with_404(self, ann: Any) -> None:
        response = client_for(ann).get("/games/999999/")

        assert response.status_code == 404


class TestInvitationLink:
    def test_it_lets_the_link_holder_see_and_join_a_private_table(self, ann: Any, bob: Any) -> None:
        game = make_game(ann, start=False, seat_count=2, visibility="private")
        client = client_for(bob)

        page = client.get(f"/games/invite/{game.invite_token}/").content.decode()
        assert "Ann invites you to this table." in page and "Join this table" in page
        assert client.get(f"/games/{game.pk}/").status_code == 200  # the link opened the private table
        response = client.post(f"/games/{game.pk}/join/")

        assert response.status_code == 302
        assert list(game.seats.values_list("user", flat=True)) == [ann.pk, bob.pk]

    def test_it_asks_a_visitor_to_log_in_before_joining(self, ann: Any, client: Any) -> None:
        game = make_game(ann, start=False, seat_count=2, visibility="private")
        page = client.get(f"/games/invite/{game.invite_token}/").content.decode()
        assert "Log in to join" in page

        response = client.post(f"/games/{game.pk}/join/")

        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
        assert game.seats.count() == 1

    def test_it_refuses_an_unknown_link(self, bob: Any) -> None:
        response = client_for(bob).get("/games/invite/not-a-token/")

        assert response.status_code == 404
        assert "This invitation link is not valid" in response.content.decode()


class TestJoinLeave:
    def test_a_player_joins_then_leaves_a_public_table(self, ann: Any, bob: Any) -> None:
        game = make_game(ann, start=False, seat_count=2)
        client = client_for(bob)

        assert client.post(f"/games/{game.pk}/join/").status_code == 302
        assert game.seats.filter(user=bob).exists()
        assert client.post(f"/games/{game.pk}/leave/").status_code == 302
        assert not game.seats.filter(user=bob).exists()

    def test_a_stranger_cannot_join_a_private_table_without_the_link(self, ann: Any, cyd: Any) -> None:
        game = make_game(ann, start=False, seat_count=2, visibility="private")

        response = client_for(cyd).post(f"/games/{game.pk}/join/")

        assert response.status_code == 403
        assert game.seats.count() == 1

    def test_joining_a_full_table_is_refused_with_the_reason(self, ann: Any, bob: Any, cyd: Any) -> None:
        game = make_game(ann, bob, start=False)

        response = client_for(cyd).post(f"/games/{game.pk}/join/")

        assert response.status_code == 400
        assert "This table is full." in response.content.decode()
        assert game.seats.count() == 2

    def test_the_creator_cannot_leave(self, ann: Any) -> None:
        game = make_game(ann, start=False, seat_count=2)

        response = client_for(ann).post(f"/games/{game.pk}/leave/")

        assert response.status_code == 403
        assert game.seats.count() == 1


class TestBotsAndStart:
    def test_the_creator_fills_empty_seats_with_bots_and_starts(self, ann: Any) -> None:
        game = make_game(ann, start=False, seat_count=3)
        client = client_for(ann)

        assert client.post(f"/games/{game.pk}/bots/").status_code == 302
        assert "Start the game" in client.get(f"/games/{game.pk}/").content.decode()
        assert client.post(f"/games/{game.pk}/start/").status_code == 302

        game.refresh_from_db()
        assert game.status == "active" and game.seats.filter(is_bot=True).count() == 2
        assert event_count(game) > 0

    def test_only_the_creator_starts_or_adds_bots(self, ann: Any, bob: Any) -> None:
        game = make_game(ann, bob, start=False, seat_count=3)
        client = client_for(bob)

        assert client.post(f"/games/{game.pk}/bots/").status_code == 403
        assert client.post(f"/games/{game.pk}/start/").status_code == 403
        game.refresh_from_db()
        assert game.status == "open" and game.seats.count() == 2 and event_count(game) == 0

    def test_starting_with_empty_seats_is_refused(self, ann: Any) -> None:
        game = make_game(ann, start=False, seat_count=2)

        response = client_for(ann).post(f"/games/{game.pk}/start/")

        assert response.status_code == 400
        assert "seat(s) are still empty" in response.content.decode()
        assert event_count(game) == 0

    def test_the_buttons_only_take_posts(self, ann: Any) -> None:
        game = make_game(ann, start=False, seat_count=2)

        assert client_for(ann).get(f"/games/{game.pk}/start/").status_code == 405
        assert event_count(game) == 0


class TestInviteByEmail:
    def test_it_queues_an_invitation_with_the_link(self, ann: Any) -> None:
        game = make_game(ann, start=False, seat_count=2, visibility="private")

        response = client_for(ann).post(f"/games/{game.pk}/invite/", {"email": "dora@example.com"})

        assert response.status_code == 302
        note = models.Notification.objects.get(kind="invite")
        assert note.to_email == "dora@example.com" and note.game == game
        assert note.payload["invite_url"] == f"http://testserver/games/invite/{game.invite_token}/"

    def test_only_players_at_the_table_invite(self, ann: Any, cyd: Any) -> None:
        game = make_game(ann, start=False, seat_count=2)

        response = client_for(cyd).post(f"/games/{game.pk}/invite/", {"email": "dora@example.com"})

        assert response.status_code == 403
        assert not models.Notification.objects.filter(kind="invite").exists()

    def test_it_refuses_a_bad_address(self, ann: Any) -> None:
        game = make_game(ann, start=False, seat_count=2)

        response = client_for(ann).post(f"/games/{game.pk}/invite/", {"email": "not an address"})

        assert response.status_code == 400
        assert "Enter a valid email address." in response.content.decode()
        assert not models.Notification.objects.filter(kind="invite").exists()

    def test_the_invited_player_finds_it_on_the_home_page(self, ann: Any, bob: Any) -> None:
        game = make_game(ann, start=False, seat_count=2, visibility="private")
        client_for(ann).post(f"/games/{game.pk}/invite/", {"email": bob.email})

        page = client_for(bob).get("/").content.decode()

        assert f"/games/invite/{game.invite_token}/" in page and "Ann invited you" in page
