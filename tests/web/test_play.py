"""The game page and what is posted from it: moves, confirmations, stale forms, chat, resigning."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from games import models
from tests.factories import make_game, player_to_act
from tests.web.conftest import client_for, event_count

pytestmark = pytest.mark.django_db


def form_for(page: str, action: str) -> dict[str, str]:
    """The hidden fields of the move form of one action, as a browser would post them."""
    match = re.search(
        rf'<form method="post" action="[^"]+" class="command[^"]*" data-action="{action}">(.*?)</form>',
        page,
        re.S,
    )
    assert match, f"no form for {action}"
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', match.group(1)))
    fields.pop("csrfmiddlewaretoken", None)
    return fields


def mover_and_other(game: models.Game) -> tuple[Any, Any]:
    mover = player_to_act(game)
    other = game.seats.exclude(user=mover).first().user
    return mover, other


class TestGamePage:
    def test_the_player_to_act_gets_a_form_per_legal_command(self, game: models.Game) -> None:
        mover, _other = mover_and_other(game)

        page = client_for(mover).get(f"/games/{game.pk}/").content.decode()

        assert "What you must decide" in page
        for action in ("roll", "pass", "say"):
            assert form_for(page, action)["seq"] == str(game.last_seq)
        assert 'name="p_word" value="hi"' in page  # the param's choices as radio buttons
        assert game.seed_sha256 in page and bytes(game.seed).hex() not in page
        assert "Resign" in page and f'action="/games/{game.pk}/chat/"' in page

    def test_spectators_and_waiting_players_get_no_forms(self, game: models.Game, cyd: Any) -> None:
        _mover, other = mover_and_other(game)

        for client in (client_for(other), client_for(cyd), client_for(None)):
            page = client.get(f"/games/{game.pk}/").content.decode()
            assert 'class="command"' not in page
            assert "Waiting on" in page
        spectator_page = client_for(cyd).get(f"/games/{game.pk}/").content.decode()
        assert "You are watching" in spectator_page and f"/games/{game.pk}/chat/" not in spectator_page

    def test_a_private_game_is_refused_to_strangers(self, ann: Any, bob: Any, cyd: Any) -> None:
        game = make_game(ann, bob, visibility="private")

        assert client_for(cyd).get(f"/games/{game.pk}/").status_code == 403
        assert client_for(None).get(f"/games/{game.pk}/").status_code == 403
        assert client_for(bob).get(f"/games/{game.pk}/").status_code == 200

    def test_it_shows_each_pending_deadline_and_who_is_away(self, game: models.Game) -> None:
        mover, _other = mover_and_other(game)
        seat = game.seats.get(user=mover)
        mover.away_until = seat.deadline.date().replace(year=2999)
        mover.save(update_fields=["away_until"])

        page = client_for(None).get(f"/games/{game.pk}/").content.decode()

        assert f'datetime="{seat.deadline.isoformat()}"' in page
        assert "away until" in page


class TestMove:
    def test_a_move_is_played_and_the_page_redirects(self, game: models.Game) -> None:
        mover, _other = mover_and_other(game)
        client = client_for(mover)
        before = event_count(game)
        fields = form_for(client.get(f"/games/{game.pk}/").content.decode(), "pass")

        response = client.post(f"/games/{game.pk}/move/", fields)

        assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/#decide"
        assert models.Event.objects.filter(game=game).order_by("-seq").first().type == "turn_passed"
        assert event_count(game) == before + 1
        # Said in words (the command's label), not in notation.
        assert "Played: Pass" in client.get(response["Location"]).content.decode()

    def test_a_params_choice_is_rebuilt_from_the_legal_spec(self, game: models.Game) -> None:
        mover, _other = mover_and_other(game)
        client = client_for(mover)
        fields = form_for(client.get(f"/games/{game.pk}/").content.decode(), "say")

        response = client.post(f"/games/{game.pk}/move/", {**fields, "p_word": "hi"})

        # The race engine refuses "say" when decided, with its own reason: shown, nothing written.
        assert response.status_code == 400
        assert "You cannot say that now." in response.content.decode()
        assert 'value="say hi"' in response.content.decode()

    def test_a_player_not_to_act_and_a_spectator_are_refused(self, game: models.Game, cyd: Any) -> None:
        mover, other = mover_and_other(game)
        fields = form_for(client_for(mover).get(f"/games/{game.pk}/").content.decode(), "roll")
        before = event_count(game)

        assert client_for(cyd).post(f"/games/{game.pk}/move/", fields).status_code == 403
        response = client_for(other).post(f"/games/{game.pk}/move/", fields)
        assert response.status_code == 400
        assert "This choice is not open to you now." in response.content.decode()
        anonymous = client_for(None).post(f"/games/{game.pk}/move/", fields)
        assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
        assert event_count(game) == before

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"action": "fly"}, "This choice is not open to you now."),
            ({"prefix": "roll twice"}, "This choice is not open to you now."),
            ({"seq": "x"}, "missing the game position"),
            (
                {"action": "say", "prefix": "say", "p_word": "bye"},
                "Word: “bye” is not one of the choices.",
            ),
            ({"action": "say", "prefix": "say"}, "Word: choose 1"),
            ({"action": "notation", "notation": "dance"}, "I do not understand"),
            ({"action": "notation", "notation": "  "}, "Type a command"),
        ],
    )
    def test_bad_input_is_explained_and_writes_nothing(
        self, game: models.Game, change: dict[str, str], message: str
    ) -> None:
        mover, _other = mover_and_other(game)
        client = client_for(mover)
        fields = form_for(client.get(f"/games/{game.pk}/").content.decode(), "roll")
        before = event_count(game)

        response = client.post(f"/games/{game.pk}/move/", {**fields, **change})

        assert response.status_code == 400
        assert message in response.content.decode()
        assert event_count(game) == before

    def test_a_form_from_an_older_position_is_refused_with_the_current_page(self, game: models.Game) -> None:
        mover, other = mover_and_other(game)
        client = client_for(mover)
        old = form_for(client.get(f"/games/{game.pk}/").content.decode(), "pass")
        client.post(f"/games/{game.pk}/move/", old)  # the mover passes; now the other player is to act
        client_for(other).post(
            f"/games/{game.pk}/move/",
            form_for(client_for(other).get(f"/games/{game.pk}/").content.decode(), "pass"),
        )
        before = event_count(game)
        game.refresh_from_db()

        response = client.post(f"/games/{game.pk}/move/", old)  # the same old form again

        assert response.status_code == 409
        page = response.content.decode()
        assert "Someone moved since you loaded this page" in page and "nothing was applied" in page
        assert form_for(page, "pass")["seq"] == str(game.last_seq)  # the current state, ready to play
        assert event_count(game) == before
        mover.language = "fr"  # the message was never extracted: French readers had it in English
        mover.save(update_fields=["language"])
        french = client.post(f"/games/{game.pk}/move/", old).content.decode()
        assert "Quelqu\u2019un a joué depuis l\u2019ouverture de cette page" in html.unescape(french)

    def test_a_chat_line_does_not_make_a_form_stale(self, game: models.Game) -> None:
        mover, other = mover_and_other(game)
        client = client_for(mover)
        fields = form_for(client.get(f"/games/{game.pk}/").content.decode(), "pass")
        client_for(other).post(f"/games/{game.pk}/chat/", {"text": "good luck", "to": ""})

        response = client.post(f"/games/{game.pk}/move/", fields)

        assert response.status_code == 302

    def test_the_notation_field_plays_a_typed_command(self, game: models.Game) -> None:
        mover, _other = mover_and_other(game)
        client = client_for(mover)
        fields = form_for(client.get(f"/games/{game.pk}/").content.decode(), "roll")

        response = client.post(
            f"/games/{game.pk}/move/", {"seq": fields["seq"], "action": "notation", "notation": "ROLL"}
        )

        assert response.status_code == 302
        assert models.Event.objects.filter(game=game, type="die_rolled").count() == 1


class TestConfirmation:
    @pytest.fixture
    def confirm_roll(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Make the race game's roll irreversible, as Moonrollers' stop is."""
        from dataclasses import replace

        from tests.tinygame import ENGINE

        legal = type(ENGINE).legal

        def legal_with_confirm(self: Any, state: Any, seat: int) -> Any:
            return [replace(s, confirm=True) if s.action == "roll" else s for s in legal(self, state, seat)]

        monkeypatch.setattr(type(ENGINE), "legal", legal_with_confirm)

    def test_an_irreversible_choice_asks_for_confirmation_first(
        self, game: models.Game, confirm_roll: None
    ) -> None:
        mover, _other = mover_and_other(game)
        client = client_for(mover)
        fields = form_for(client.get(f"/games/{game.pk}/").content.decode(), "roll")
        before = event_count(game)

        asked = client.post(f"/games/{game.pk}/move/", fields)

        assert asked.status_code == 200 and "Please confirm" in asked.content.decode()
        assert 'name="confirmed" value="1"' in asked.content.decode()
        assert event_count(game) == before
        done = client.post(f"/games/{game.pk}/move/", {**fields, "confirmed": "1"})
        assert done.status_code == 302 and event_count(game) == before + 1

    def test_a_typed_irreversible_command_is_confirmed_too(
        self, game: models.Game, confirm_roll: None
    ) -> None:
        mover, _other = mover_and_other(game)
        client = client_for(mover)
        seq = form_for(client.get(f"/games/{game.pk}/").content.decode(), "roll")["seq"]
        before = event_count(game)

        asked = client.post(f"/games/{game.pk}/move/", {"seq": seq, "action": "notation", "notation": "roll"})

        assert "Please confirm" in asked.content.decode() and event_count(game) == before


class TestChat:
    def test_a_public_line_is_seen_by_all_and_a_private_one_by_two(
        self, ann: Any, bob: Any, cyd: Any
    ) -> None:
        game = make_game(ann, bob, cyd)
        client_for(ann).post(f"/games/{game.pk}/chat/", {"text": "hello table", "to": ""})
        response = client_for(ann).post(f"/games/{game.pk}/chat/", {"text": "psst bob", "to": "1"})

        assert response.status_code == 302
        assert models.Event.objects.filter(game=game, type="chat_sent").count() == 2
        for user, sees_private in ((ann, True), (bob, True), (cyd, False), (None, False)):
            page = client_for(user).get(f"/games/{game.pk}/").content.decode()
            assert "hello table" in page
            assert ("psst bob" in page) is sees_private

    def test_spectators_cannot_chat(self, game: models.Game, cyd: Any) -> None:
        before = event_count(game)

        response = client_for(cyd).post(f"/games/{game.pk}/chat/", {"text": "hi", "to": ""})

        assert response.status_code == 403 and event_count(game) == before

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            ({"text": "", "to": ""}, "This field is required."),
            ({"text": "x" * 1001, "to": ""}, "at most 1000 characters"),
            ({"text": "hi", "to": "0"}, "Select a valid choice"),  # to oneself (Ann is seat 0)
            ({"text": "hi", "to": "7"}, "Select a valid choice"),
        ],
    )
    def test_bad_lines_are_refused(
        self, game: models.Game, ann: Any, data: dict[str, str], message: str
    ) -> None:
        before = event_count(game)

        response = client_for(ann).post(f"/games/{game.pk}/chat/", data)

        assert response.status_code == 400 and message in response.content.decode()
        assert event_count(game) == before


class TestResign:
    def test_resigning_is_confirmed_then_a_bot_plays_the_seat(self, game: models.Game, ann: Any) -> None:
        client = client_for(ann)
        before = event_count(game)

        asked = client.post(f"/games/{game.pk}/resign/")
        assert "Please confirm" in asked.content.decode() and event_count(game) == before
        response = client.post(f"/games/{game.pk}/resign/", {"confirmed": "1"})

        assert response.status_code == 302
        assert game.seats.get(user=ann).resigned
        assert models.Event.objects.filter(game=game, type="seat_resigned").count() == 1

    def test_spectators_cannot_resign(self, game: models.Game, cyd: Any) -> None:
        before = event_count(game)

        response = client_for(cyd).post(f"/games/{game.pk}/resign/", {"confirmed": "1"})

        assert response.status_code == 403 and event_count(game) == before

    def test_resigning_twice_is_refused(self, game: models.Game, ann: Any) -> None:
        client = client_for(ann)
        client.post(f"/games/{game.pk}/resign/", {"confirmed": "1"})
        before = event_count(game)

        response = client.post(f"/games/{game.pk}/resign/", {"confirmed": "1"})

        assert response.status_code == 400 and event_count(game) == before


class TestReclaim:
    def test_a_player_takes_the_seat_back_from_the_bot(self, game: models.Game, ann: Any) -> None:
        game.seats.filter(user=ann).update(bot_playing=True)
        page = client_for(ann).get(f"/games/{game.pk}/").content.decode()
        assert "Take my seat back" in page

        response = client_for(ann).post(f"/games/{game.pk}/reclaim/")

        assert response.status_code == 302
        assert not game.seats.get(user=ann).bot_playing
        assert models.Event.objects.filter(game=game, type="seat_reclaimed").count() == 1

    def test_spectators_cannot_reclaim(self, game: models.Game, cyd: Any) -> None:
        before = event_count(game)

        assert client_for(cyd).post(f"/games/{game.pk}/reclaim/").status_code == 403
        assert event_count(game) == before

    def test_a_seat_already_played_by_its_player_is_not_reclaimed(self, game: models.Game, ann: Any) -> None:
        before = event_count(game)

        response = client_for(ann).post(f"/games/{game.pk}/reclaim/")

        assert (
            response.status_code == 400 and "You are already playing this seat." in response.content.decode()
        )
        assert event_count(game) == before
