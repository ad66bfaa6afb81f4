"""Everything a page can do at a table, a script can do (issue 14, item 2): export and verify a
finished game, leave a table, invite by email, withdraw the invitation link, reclaim a seat.

Each call goes through a token, as a script's would; each refusal is JSON and writes nothing.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import models, services
from tests.api.helpers import ClientFor, event_count, play_to_end, url
from tests.factories import NOW, make_game, make_user, time_out_until_a_bot_plays

pytestmark = pytest.mark.django_db

NO_SUCH_GAME = {"detail": "No such game.", "code": "not_found"}


def assert_json_error(response: Any, status: int, code: str) -> dict[str, Any]:
    """A refusal a script can branch on: the status, JSON (never a page), and its code."""
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body: dict[str, Any] = response.json()
    assert body["code"] == code and body["detail"]
    return body


def finished(*players: Any, **options: Any) -> models.Game:
    game = make_game(*players, **options)
    play_to_end(game)
    game.refresh_from_db()
    return game


def play_to_end_with_bot(game: models.Game) -> None:
    """The player still at the table rolls, and the bot that took the other seat plays it, to the end."""
    for _ in range(200):
        game.refresh_from_db()
        if game.is_finished:
            return
        seat = game.seats.get(is_pending=True)
        if seat.bot_playing:
            services.bots_play(game_id=game.pk, now=NOW)
        else:
            services.command_submit(
                game=game, user=seat.user, text="roll", expected_seq=game.last_seq, now=NOW
            )
    raise AssertionError("the race did not end")


def set_rates(settings: Any, **rates: str) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates},
    }


def invitations() -> list[tuple[int | None, str]]:
    return list(
        models.Notification.objects.filter(kind=models.Notification.Kind.INVITE).values_list(
            "game_id", "to_email"
        )
    )


class TestExport:
    def test_it_answers_what_the_page_s_download_holds(
        self, client_for: ClientFor, ann: Any, bob: Any
    ) -> None:
        game = finished(ann, bob)
        download = json.loads(Client().get(f"/games/{game.pk}/export.json").content)

        response = client_for(ann).get(url(game, "export"))

        assert response.status_code == 200
        assert response.json() == download
        assert response.json()["seed"] == bytes(game.seed).hex()
        assert len(response.json()["events"]) == game.last_seq

    def test_anyone_may_read_a_public_finished_game_and_its_players_a_private_one(
        self, client_for: ClientFor, ann: Any, bob: Any, cyd: Any
    ) -> None:
        public = finished(ann, bob)
        private = finished(ann, bob, visibility=models.Game.Visibility.PRIVATE)

        assert client_for(None).get(url(public, "export")).status_code == 200
        assert client_for(cyd).get(url(public, "export")).status_code == 200
        assert client_for(bob).get(url(private, "export")).json()["id"] == private.pk
        for outsider in (cyd, None):
            answer = client_for(outsider).get(url(private, "export"))
            assert answer.status_code == 404 and answer.json() == NO_SUCH_GAME
            assert bytes(private.seed).hex() not in answer.content.decode()

    def test_a_game_in_progress_keeps_its_seed(self, client_for: ClientFor, game: models.Game) -> None:
        answer = client_for(game.creator).get(url(game, "export"))

        body = assert_json_error(answer, 409, "not_finished")
        assert body["detail"].startswith("The seed stays secret until the game ends")
        assert bytes(game.seed).hex() not in answer.content.decode()

    def test_a_private_chat_line_stays_private(self, client_for: ClientFor, ann: Any, bob: Any) -> None:
        game = make_game(ann, bob)
        services.chat_send(game=game, user=ann, text="secret plan", to_position=1, now=NOW)
        play_to_end(game)

        answer = client_for(bob).get(url(game, "export"))

        assert answer.status_code == 200 and "secret plan" not in answer.content.decode()
        (line,) = [e for e in answer.json()["events"] if e["type"] == "chat_sent"]
        assert line["payload"]["text"] is None and line["payload"]["private"] is True


class TestVerify:
    def test_it_recomputes_every_roll_from_the_revealed_seed(
        self, client_for: ClientFor, ann: Any, bob: Any
    ) -> None:
        game = finished(ann, bob)

        answer = client_for(ann).get(url(game, "verify"))

        assert answer.status_code == 200
        body = answer.json()
        assert body["seed"] == bytes(game.seed).hex()
        assert body["computed_sha256"] == body["seed_sha256"] == game.seed_sha256
        assert body["seed_matches_hash"] is True and body["all_match"] is True
        batches = game.events.values("batch").distinct().count()
        assert body["checked"] == len(body["batches"]) == batches
        assert all(b["matches"] and b["detail"] == "" for b in body["batches"])
        assert body["batches"][0]["cause"] == "setup"

    def test_it_says_when_the_seed_does_not_match_its_hash(
        self, client_for: ClientFor, ann: Any, bob: Any
    ) -> None:
        game = finished(ann, bob)
        models.Game.objects.filter(pk=game.pk).update(seed_sha256="0" * 64)

        body = client_for(None).get(url(game, "verify")).json()

        assert body["seed_matches_hash"] is False and body["all_match"] is False
        assert body["seed_sha256"] == "0" * 64 and body["computed_sha256"] != body["seed_sha256"]

    def test_it_keeps_the_seed_secret_until_the_end(self, client_for: ClientFor, game: models.Game) -> None:
        answer = client_for(game.creator).get(url(game, "verify"))

        assert_json_error(answer, 409, "not_finished")
        assert bytes(game.seed).hex() not in answer.content.decode()

    def test_a_private_game_is_not_found_by_outsiders(
        self, client_for: ClientFor, ann: Any, bob: Any, cyd: Any
    ) -> None:
        game = finished(ann, bob, visibility=models.Game.Visibility.PRIVATE)

        assert client_for(cyd).get(url(game, "verify")).json() == NO_SUCH_GAME
        assert client_for(ann).get(url(game, "verify")).json()["all_match"] is True


class TestLeave:
    def test_a_player_gives_up_their_seat_before_the_start(
        self, client_for: ClientFor, ann: Any, bob: Any, cyd: Any
    ) -> None:
        table = make_game(ann, bob, cyd, start=False)

        answer = client_for(bob).post(url(table, "leave"))

        assert answer.status_code == 200
        body = answer.json()
        assert body["my_seat"] is None and [s["name"] for s in body["seats"]] == ["Ann", "Cyd"]
        assert list(table.seats.order_by("position").values_list("user", "position")) == [
            (ann.pk, 0),
            (cyd.pk, 1),
        ]

    def test_the_creator_a_spectator_and_a_started_game_are_refused(
        self, client_for: ClientFor, open_game: models.Game, game: models.Game, cyd: Any
    ) -> None:
        creator = client_for(open_game.creator).post(url(open_game, "leave"))
        assert_json_error(creator, 403, "not_allowed")
        assert_json_error(client_for(cyd).post(url(open_game, "leave")), 403, "not_allowed")
        started = client_for(game.seats.get(position=1).user).post(url(game, "leave"))
        assert assert_json_error(started, 400, "refused")["detail"] == "The game has started: resign instead."

        assert open_game.seats.count() == 1 and game.seats.count() == 2

    def test_a_private_table_is_not_found_and_a_visitor_must_sign_in(
        self, client_for: ClientFor, ann: Any, bob: Any, cyd: Any
    ) -> None:
        table = make_game(ann, bob, start=False, seat_count=3, visibility=models.Game.Visibility.PRIVATE)

        assert client_for(cyd).post(url(table, "leave")).json() == NO_SUCH_GAME
        assert_json_error(client_for(None).post(url(table, "leave")), 401, "not_authenticated")
        assert table.seats.count() == 2


class TestInvitations:
    def test_a_player_emails_an_invitation_with_the_table_s_link(
        self, client_for: ClientFor, open_game: models.Game
    ) -> None:
        answer = client_for(open_game.creator).post(
            url(open_game, "invitations"), {"email": " Friend@Example.com "}, format="json"
        )

        assert answer.status_code == 201
        body = answer.json()
        assert body["game"] == open_game.pk and body["email"] == "Friend@Example.com"
        assert body["state"] == "queued" and body["created_at"]
        assert body["invite_url"] == f"http://testserver/games/invite/{open_game.invite_token}/"
        note = models.Notification.objects.get(kind=models.Notification.Kind.INVITE)
        assert (note.game_id, note.to_email) == (open_game.pk, "Friend@Example.com")
        assert note.payload["invite_url"] == body["invite_url"]

    @pytest.mark.parametrize(
        "body",
        [
            {"email": "not-an-address"},
            {"email": "a" * 243 + "@example.com"},  # 255 characters
            {"email": 5},
            {"email": ["friend@example.com"]},
            {"email": ""},
            {},
        ],
    )
    def test_a_bad_address_is_refused_and_nothing_is_sent(
        self, client_for: ClientFor, open_game: models.Game, body: dict[str, Any]
    ) -> None:
        answer = client_for(open_game.creator).post(url(open_game, "invitations"), body, format="json")

        assert "email" in assert_json_error(answer, 400, "invalid")["errors"]
        assert invitations() == []

    def test_only_players_of_a_table_still_open_invite_someone_not_seated(
        self, client_for: ClientFor, open_game: models.Game, game: models.Game, bob: Any, cyd: Any
    ) -> None:
        stranger = client_for(cyd).post(
            url(open_game, "invitations"), {"email": "x@example.com"}, format="json"
        )
        assert_json_error(stranger, 403, "not_allowed")
        started = client_for(game.creator).post(
            url(game, "invitations"), {"email": "x@example.com"}, format="json"
        )
        assert assert_json_error(started, 400, "refused")["detail"] == "This game has already started."
        seated = client_for(game.creator).post(url(game, "invitations"), {"email": bob.email}, format="json")
        assert_json_error(seated, 400, "refused")

        assert invitations() == []

    def test_a_private_table_is_not_found_and_a_visitor_must_sign_in(
        self, client_for: ClientFor, ann: Any, cyd: Any
    ) -> None:
        table = make_game(ann, start=False, seat_count=2, visibility=models.Game.Visibility.PRIVATE)
        body = {"email": "x@example.com"}

        assert client_for(cyd).post(url(table, "invitations"), body, format="json").json() == NO_SUCH_GAME
        anonymous = client_for(None).post(url(table, "invitations"), body, format="json")
        assert_json_error(anonymous, 401, "not_authenticated")
        assert invitations() == []

    def test_one_address_gets_its_share_a_day_whoever_sends(
        self, client_for: ClientFor, settings: Any, open_game: models.Game
    ) -> None:
        settings.INVITATIONS_PER_ADDRESS_PER_DAY = 1
        other_table = make_game(make_user("Dee"), start=False, seat_count=2)
        body = {"email": "friend@example.com"}
        assert (
            client_for(open_game.creator).post(url(open_game, "invitations"), body, format="json").status_code
            == 201
        )

        again = client_for(other_table.creator).post(url(other_table, "invitations"), body, format="json")

        assert assert_json_error(again, 400, "refused")["detail"].startswith(
            "This address has received enough invitations for today"
        )
        assert invitations() == [(open_game.pk, "friend@example.com")]

    def test_sending_draws_on_the_page_s_invitations_allowance_and_withdrawing_does_not(
        self, client_for: ClientFor, settings: Any, ann: Any
    ) -> None:
        set_rates(settings, invitations="2/hour")
        table = make_game(ann, start=False, seat_count=4)
        client = client_for(ann)
        # The page's form and the API count against the same allowance.
        page = Client()
        page.force_login(ann)
        assert page.post(f"/games/{table.pk}/invite/", {"email": "one@example.com"}).status_code == 302
        assert (
            client.post(url(table, "invitations"), {"email": "two@example.com"}, format="json").status_code
            == 201
        )

        over = client.post(url(table, "invitations"), {"email": "three@example.com"}, format="json")

        assert_json_error(over, 429, "throttled")
        assert int(over["Retry-After"]) >= 1
        assert sorted(email for _, email in invitations()) == ["one@example.com", "two@example.com"]
        assert client.delete(url(table, "invitations")).status_code == 200


class TestRevokeInvitation:
    def test_the_creator_withdraws_the_link_and_gets_a_new_one(
        self, client_for: ClientFor, open_game: models.Game
    ) -> None:
        old = open_game.invite_token

        answer = client_for(open_game.creator).delete(url(open_game, "invitations"))

        assert answer.status_code == 200
        open_game.refresh_from_db()
        assert open_game.invite_token != old
        body = answer.json()
        assert body["game"] == open_game.pk and body["revoked_at"]
        assert body["invite_url"] == f"http://testserver/games/invite/{open_game.invite_token}/"
        assert models.RevokedInvitation.objects.filter(game=open_game, token=old).exists()
        assert Client().get(f"/games/invite/{old}/").status_code == 410

    def test_after_the_start_the_link_is_withdrawn_but_not_shown(
        self, client_for: ClientFor, game: models.Game
    ) -> None:
        answer = client_for(game.creator).delete(url(game, "invitations"))

        assert answer.status_code == 200 and answer.json()["invite_url"] is None
        game.refresh_from_db()
        assert game.invite_token not in answer.content.decode()

    def test_only_the_creator_may_and_a_refusal_keeps_the_link(
        self, client_for: ClientFor, ann: Any, bob: Any, cyd: Any
    ) -> None:
        table = make_game(ann, bob, start=False, seat_count=3)
        private = make_game(ann, bob, start=False, seat_count=3, visibility=models.Game.Visibility.PRIVATE)
        tokens = {table.pk: table.invite_token, private.pk: private.invite_token}

        assert_json_error(client_for(bob).delete(url(table, "invitations")), 403, "not_allowed")
        assert_json_error(client_for(cyd).delete(url(table, "invitations")), 403, "not_allowed")
        assert client_for(cyd).delete(url(private, "invitations")).json() == NO_SUCH_GAME
        assert_json_error(client_for(None).delete(url(table, "invitations")), 401, "not_authenticated")

        assert dict(models.Game.objects.filter(pk__in=tokens).values_list("pk", "invite_token")) == tokens
        assert not models.RevokedInvitation.objects.exists()


class TestReclaim:
    @pytest.fixture
    def away(self, ann: Any, bob: Any) -> models.Game:
        """A race where two timeouts in a row handed the pending player's seat to a bot."""
        game = make_game(ann, bob, time_per_move=dt.timedelta(hours=1))
        assert time_out_until_a_bot_plays(game).bot_playing
        return game

    def test_the_player_takes_their_seat_back_from_the_bot(
        self, client_for: ClientFor, away: models.Game
    ) -> None:
        sleepy = away.seats.get(bot_playing=True)

        answer = client_for(sleepy.user).post(url(away, "reclaim"))

        assert answer.status_code == 200
        assert answer.json()["seats"][sleepy.position]["bot_playing"] is False
        sleepy.refresh_from_db()
        assert not sleepy.bot_playing
        assert models.Event.objects.filter(game=away, type="seat_reclaimed", seat=sleepy.position).exists()

    def test_a_player_at_their_seat_or_a_spectator_is_refused(
        self, client_for: ClientFor, away: models.Game, cyd: Any
    ) -> None:
        present = away.seats.get(bot_playing=False)
        before = event_count()

        here = client_for(present.user).post(url(away, "reclaim"))
        assert assert_json_error(here, 400, "refused")["detail"] == "You are already playing this seat."
        assert_json_error(client_for(cyd).post(url(away, "reclaim")), 403, "not_allowed")
        assert_json_error(client_for(None).post(url(away, "reclaim")), 401, "not_authenticated")

        assert event_count() == before and away.seats.filter(bot_playing=True).count() == 1

    def test_after_the_end_the_record_stays_closed(self, client_for: ClientFor, away: models.Game) -> None:
        sleepy = away.seats.get(bot_playing=True)
        play_to_end_with_bot(away)
        before = event_count()

        answer = client_for(sleepy.user).post(url(away, "reclaim"))

        assert assert_json_error(answer, 400, "refused")["detail"] == "The game is over."
        assert event_count() == before and away.seats.get(pk=sleepy.pk).bot_playing

    def test_a_private_game_is_not_found_by_outsiders(
        self, client_for: ClientFor, private_game: models.Game, cyd: Any
    ) -> None:
        before = event_count()
        assert client_for(cyd).post(url(private_game, "reclaim")).json() == NO_SUCH_GAME
        assert event_count() == before


class TestTokensAndAddresses:
    """Every new endpoint takes a token, refuses a forged or stale one, and answers JSON for
    addresses and methods it does not have."""

    ENDPOINTS = (
        ("get", "export"),
        ("get", "verify"),
        ("post", "leave"),
        ("post", "invitations"),
        ("delete", "invitations"),
        ("post", "reclaim"),
    )

    @pytest.mark.parametrize(("method", "action"), ENDPOINTS)
    def test_a_forged_or_stale_token_is_a_401_and_changes_nothing(
        self, open_game: models.Game, method: str, action: str
    ) -> None:
        creator = open_game.creator
        stale = Token.objects.create(user=creator).key
        Token.objects.filter(user=creator).delete()  # revoked on the tokens page
        Token.objects.create(user=creator)
        token_before = open_game.invite_token
        for key in ("0" * 40, stale):
            client = APIClient()
            client.credentials(HTTP_AUTHORIZATION=f"Token {key}")

            answer = getattr(client, method)(
                url(open_game, action), {"email": "x@example.com"}, format="json"
            )

            assert_json_error(answer, 401, "authentication_failed")
            assert answer["WWW-Authenticate"] == "Bearer"
        open_game.refresh_from_db()
        assert open_game.invite_token == token_before and open_game.seats.count() == 1
        assert invitations() == [] and event_count() == 0

    @pytest.mark.parametrize(("method", "action"), ENDPOINTS)
    def test_a_game_that_does_not_exist_is_a_json_404(
        self, client_for: ClientFor, ann: Any, method: str, action: str
    ) -> None:
        client = client_for(ann)
        for pk in (987654, 2**63):
            answer = getattr(client, method)(url(pk, action), {"email": "x@example.com"}, format="json")
            assert answer.status_code == 404 and answer.json() == NO_SUCH_GAME
        nameless = getattr(client, method)(f"/api/games/abc/{action}/")
        assert assert_json_error(nameless, 404, "not_found")["detail"] == "There is nothing at this address."

    @pytest.mark.parametrize(
        ("method", "action"),
        [("post", "export"), ("put", "verify"), ("get", "leave"), ("get", "invitations")],
    )
    def test_a_method_an_endpoint_does_not_have_is_a_json_405(
        self, client_for: ClientFor, open_game: models.Game, method: str, action: str
    ) -> None:
        answer = getattr(client_for(open_game.creator), method)(url(open_game, action))

        assert_json_error(answer, 405, "method_not_allowed")
        assert open_game.seats.count() == 1 and invitations() == []


class TestJoiningByInvitationLink:
    """POST /api/invitations/{token}/join/: what the page's invitation link then Join do."""

    @pytest.fixture
    def private_table(self, ann: Any) -> models.Game:
        return make_game(ann, start=False, seat_count=3, visibility=models.Game.Visibility.PRIVATE)

    def test_the_links_holder_takes_a_seat_at_a_private_table(
        self, client_for: ClientFor, private_table: models.Game, bob: Any
    ) -> None:
        # Without the link the table is not there for Bob.
        assert client_for(bob).post(url(private_table, "join")).status_code == 404
        answer = client_for(bob).post(f"/api/invitations/{private_table.invite_token}/join/")
        assert answer.status_code == 200, answer.content
        assert answer.json()["my_seat"] == 1
        assert list(private_table.seats.order_by("position").values_list("user", flat=True)) == [
            private_table.creator.pk,
            bob.pk,
        ]
        # Now seated, Bob reads the private game like any player.
        assert client_for(bob).get(f"/api/games/{private_table.pk}/").status_code == 200

    def test_a_withdrawn_or_unknown_link_is_refused_and_changes_nothing(
        self, client_for: ClientFor, private_table: models.Game, bob: Any
    ) -> None:
        old = private_table.invite_token
        services.game_invitation_revoke(game=private_table, by=private_table.creator, now=NOW)
        withdrawn = client_for(bob).post(f"/api/invitations/{old}/join/")
        assert_json_error(withdrawn, 410, "withdrawn")
        assert_json_error(client_for(bob).post("/api/invitations/not-a-link/join/"), 404, "not_found")
        assert private_table.seats.count() == 1

    def test_a_seated_player_a_started_game_and_a_visitor_are_refused(
        self, client_for: ClientFor, private_table: models.Game, bob: Any
    ) -> None:
        link = f"/api/invitations/{private_table.invite_token}/join/"
        assert_json_error(client_for(private_table.creator).post(link), 400, "refused")
        assert_json_error(client_for(None).post(link), 401, "not_authenticated")
        services.game_fill_with_bots(game=private_table, by=private_table.creator, now=NOW)
        services.game_start(game=private_table, by=private_table.creator, now=NOW)
        before = event_count()
        assert_json_error(client_for(bob).post(link), 400, "refused")
        assert event_count() == before and not private_table.seats.filter(user=bob).exists()
