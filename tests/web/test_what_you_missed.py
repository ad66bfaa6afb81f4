"""Issue 9, "what a player missed", on the pages: the page opens with what happened to the player's
last move and one line per other player; nothing risky is chosen for them; the default move, the
played move and times are said in words and in their zone; the tab says it is their turn."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from typing import Any

import pytest
from django.core.cache import caches

from games import models, store, texts
from games.engine.core import get_engine
from games.views import fragments
from tests.factories import make_game, make_user, player_to_act
from tests.web.conftest import client_for, event_count
from tests.web.moonrollers_play import moonrollers_game, play_one
from tests.web.test_play import form_for

pytestmark = pytest.mark.django_db

MOONROLLERS = get_engine("moonrollers")


def summary_text(row: models.Event, seat: int, game: models.Game) -> str:
    """The engine's own one-line summary of an event for a seat, as the page renders it."""
    engine = get_engine(game.kind)
    message = engine.summary(store.to_engine_event(row, engine), seat)
    assert message is not None
    return texts.render(message, texts.seat_names(game), lang="en")


def play_until_event(game: models.Game, kind: str, limit: int = 600) -> models.Event | None:
    """Play bot moves until a player's move makes an event of this kind; None if the game ends first."""
    for _ in range(limit):
        row = models.Event.objects.filter(game=game, type=kind, cause="player").order_by("-seq").first()
        if row is not None:
            return row
        if game.is_finished:
            return None
        play_one(game)
    raise AssertionError(f"no {kind} in {limit} moves")


def game_with_a_bust() -> tuple[models.Game, models.Event, dict[int, Any]]:
    """A Moonrollers game (random seed) played until someone goes bust: the game, the bust, the users."""
    for _ in range(5):
        ann, bob = make_user("Ann"), make_user("Bob")
        game = moonrollers_game(ann, bob)
        bust = play_until_event(game, "busted")
        if bust is not None:
            return game, bust, {0: ann, 1: bob}
    raise AssertionError("five games without a bust")


class TestRecap:
    def test_it_opens_with_what_happened_to_my_last_move(self) -> None:
        game, bust, users = game_with_a_bust()
        loser = users[bust.seat]

        page = client_for(loser).get(f"/games/{game.pk}/").content.decode()

        mine = re.search(r'<p class="recap-mine">(.*?)</p>', page, re.S)
        assert mine, "no sentence about the player's own last move"
        assert summary_text(bust, bust.seat, game) in mine.group(1).replace("&#x27;", "'")
        # It comes before the board: the first thing the player reads.
        assert page.index('id="recap"') < page.index('id="board"')

    def test_a_chat_line_after_my_move_is_not_my_last_move(self) -> None:
        from games import services
        from tests.factories import NOW

        game, bust, users = game_with_a_bust()
        loser = users[bust.seat]
        services.chat_send(game=game, user=loser, text="unlucky", now=NOW + dt.timedelta(hours=1))
        assert models.Event.objects.filter(game=game, actor=bust.seat).latest("seq").type == "chat_sent"

        page = client_for(loser).get(f"/games/{game.pk}/").content.decode()

        mine = re.search(r'<p class="recap-mine">(.*?)</p>', page, re.S)
        assert mine, "the chat line hid the player's own last move"
        assert summary_text(bust, bust.seat, game) in mine.group(1).replace("&#x27;", "'")

    def test_it_gives_one_line_per_other_player_since_my_last_move(self) -> None:
        game, bust, users = game_with_a_bust()
        other_seat = 1 - bust.seat
        other = users[other_seat]
        seat = game.seats.get(position=other_seat)
        # play_until_event stops at the bust: the other player has not moved since.
        assert seat.last_acted_seq < bust.seq

        page = client_for(other).get(f"/games/{game.pk}/").content.decode()

        others = re.search(r'<ul class="recap-others">(.*?)</ul>', page, re.S)
        assert others, "no line about the other player"
        lines = re.findall(r"<li[ >]", others.group(1))
        name = game.seats.get(position=bust.seat).name
        mine = re.findall(rf'<li data-player="{name}">(.*?)</li>', others.group(1), re.S)
        assert len(mine) == 1 and len(lines) == 1  # one line per other player
        line = mine[0].replace("&#x27;", "'")
        assert summary_text(bust, other_seat, game) in line
        assert "the full log" in page.lower()

    def test_a_spectator_gets_no_recap(self) -> None:
        ann, bob = make_user("Ann"), make_user("Bob")
        game = moonrollers_game(ann, bob)
        for _ in range(6):
            play_one(game)
        from games import selectors

        assert any(selectors.recap(game, seat) for seat in (0, 1))  # players would get one
        page = client_for(make_user("Cyd")).get(f"/games/{game.pk}/").content.decode()
        assert 'id="recap"' not in page

    def test_a_timeout_is_told_as_such(self) -> None:
        from games import services
        from tests.factories import NOW

        ann, bob = make_user("Ann"), make_user("Bob")
        game = moonrollers_game(ann, bob)
        seat = game.seats.get(is_pending=True)
        services.seat_timeout(game=game, position=seat.position, now=NOW + dt.timedelta(days=2))
        assert models.Event.objects.filter(game=game, cause="timeout").exists()

        page = client_for(seat.user).get(f"/games/{game.pk}/").content.decode()

        mine = re.search(r'<p class="recap-mine">(.*?)</p>', page, re.S)
        assert mine and mine.group(1).startswith("Your time ran out and the default move was played.")


class TestNoRiskyDefault:
    def test_a_choice_with_several_options_starts_with_nothing_chosen(self, ann: Any, bob: Any) -> None:
        game = make_game(ann, bob, options={"ballot": True})
        page = client_for(ann).get(f"/games/{game.pk}/").content.decode()
        form = re.search(r'data-action="pick">(.*?)</form>', page, re.S)
        assert form and 'type="radio"' in form.group(1) and "checked" not in form.group(1)

    def test_a_missing_choice_is_refused_with_a_clear_message(self, ann: Any, bob: Any) -> None:
        game = make_game(ann, bob, options={"ballot": True})
        client = client_for(ann)
        fields = form_for(client.get(f"/games/{game.pk}/").content.decode(), "pick")
        before = event_count(game)

        response = client.post(f"/games/{game.pk}/move/", fields)

        assert response.status_code == 400 and event_count(game) == before
        assert "Number: choose 1." in response.content.decode()

    def test_a_single_safe_choice_comes_chosen_but_not_an_irreversible_one(
        self, game: models.Game, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        mover = player_to_act(game)
        page = client_for(mover).get(f"/games/{game.pk}/").content.decode()
        say = re.search(r'data-action="say">(.*?)</form>', page, re.S)
        assert say and "checked" in say.group(1)

        from tests.tinygame import ENGINE

        legal = type(ENGINE).legal
        monkeypatch.setattr(
            type(ENGINE),
            "legal",
            lambda self, state, seat: [
                replace(s, confirm=True) if s.action == "say" else s for s in legal(self, state, seat)
            ],
        )
        # The same position under other rules: the forms drawn for the first page are in the cache
        # (games/views/fragments.py), as they would not be after a deploy restarts the processes.
        caches[fragments.cache_alias()].clear()
        page = client_for(mover).get(f"/games/{game.pk}/").content.decode()
        say = re.search(r'data-action="say">(.*?)</form>', page, re.S)
        assert say and "checked" not in say.group(1)


class TestWords:
    def test_the_timeout_default_is_said_in_words(self) -> None:
        ann, bob = make_user("Ann"), make_user("Bob")
        game = moonrollers_game(ann, bob)
        for _ in range(3):
            play_one(game)
        state = store.load(game).state
        pending = MOONROLLERS.pending(state)[0]
        words = MOONROLLERS.default_label(state, pending.seat)
        assert words is not None

        page = client_for(ann).get(f"/games/{game.pk}/").content.decode()

        line = re.search(r'<p class="small muted timeout-default">(.*?)</p>', page, re.S)
        assert line, "no line about the default move"
        assert texts.render(words, lang="en") in line.group(1).replace("&#x27;", "'")
        assert "<code>" not in line.group(1)

    def test_the_played_move_is_said_in_words(self, game: models.Game) -> None:
        mover = player_to_act(game)
        client = client_for(mover)
        fields = form_for(client.get(f"/games/{game.pk}/").content.decode(), "roll")
        response = client.post(f"/games/{game.pk}/move/", fields, follow=True)
        assert "Played: Roll" in response.content.decode()

    def test_the_tab_title_says_it_is_my_turn(self, game: models.Game) -> None:
        mover = player_to_act(game)
        other = next(s.user for s in game.seats.all() if s.user != mover)
        mine = client_for(mover).get(f"/games/{game.pk}/").content.decode()
        theirs = client_for(other).get(f"/games/{game.pk}/").content.decode()
        assert re.search(r"<title>\(your turn\) ", mine)
        assert "(your turn)" not in re.search(r"<title>(.*?)</title>", theirs, re.S).group(1)

    def test_the_tab_title_is_translated(self, game: models.Game) -> None:
        mover = player_to_act(game)
        mover.language = "fr"
        mover.save()
        page = client_for(mover).get(f"/games/{game.pk}/").content.decode()
        title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
        assert "(à vous de jouer)" in title


class TestTimes:
    def test_deadlines_are_in_the_viewers_zone_with_its_name(self, game: models.Game) -> None:
        mover = player_to_act(game)
        mover.time_zone = "Europe/Paris"
        mover.save()
        page = client_for(mover).get(f"/games/{game.pk}/").content.decode()
        seat = game.seats.get(user=mover)
        local = seat.deadline.astimezone(mover.zone)
        assert f"{local:%H:%M} (Europe/Paris)" in page
        assert " UTC</time>" not in page


class TestSiteChrome:
    def test_favicon_ico_is_not_a_404(self, client: Any) -> None:
        response = client.get("/favicon.ico")
        assert response.status_code == 301 and response["Location"].endswith(".svg")
        page = client.get("/").content.decode()
        assert 'rel="icon"' in page

    def test_the_footer_names_the_games_that_exist(self, client: Any, settings: Any) -> None:
        settings.GAMES_OFFERED = ["moonrollers"]
        page = client.get("/").content.decode()
        footer = page[page.index('<footer class="site-footer">') :]
        assert "Moonrollers" in footer and "Moonrakers" not in footer
        settings.GAMES_OFFERED = ["moonrollers", "race"]
        footer = client.get("/").content.decode().split('<footer class="site-footer">')[1]
        assert "Moonrollers and Race to 20" in footer


class TestDiceAreTheControls:
    def test_a_die_is_a_label_around_its_input_and_face(self) -> None:
        from tests.web.moonrollers_play import play_until

        ann, bob = make_user("Ann"), make_user("Bob")
        game = moonrollers_game(ann, bob)

        def lock_open(state: Any) -> bool:
            pending = MOONROLLERS.pending(state)
            return bool(pending) and any(
                s.action == "lock" and s.params for s in MOONROLLERS.legal(state, pending[0].seat)
            )

        state = play_until(game, lock_open)
        seat = MOONROLLERS.pending(state)[0].seat
        page = client_for(ann if seat == 0 else bob).get(f"/games/{game.pk}/").content.decode()

        form = re.search(r'data-action="lock">(.*?)</form>', page, re.S)
        assert form
        dice = re.findall(
            r'<label class="choice die-choice"><input class="die-input" type="(checkbox|radio)"[^>]*>'
            r'<svg class="die die-(\w+)',
            form.group(1),
        )
        assert dice, "the dice to lock are not drawn as clickable dice"
        # The face drawn is the value the input sends.
        for _kind, face in dice:
            assert f'value="{face}"' in form.group(1)

    def test_pressing_a_die_shows_it_chosen_without_javascript(self) -> None:
        from pathlib import Path

        css = (Path(__file__).resolve().parents[2] / "static/games/games.css").read_text()
        assert ".die-input:checked + svg.die" in css

    def test_a_die_locked_as_another_face_is_drawn_as_that_face(self) -> None:
        from games.boards.moonrollers.templatetags.moonrollers_board import locked_die

        svg = locked_die({"face": "extra", "as": "wild"})
        assert "die-wild" in svg and "Extra die locked as Wild" in svg
        assert "die-extra" in locked_die("extra")
