"""The Moonrollers board on the game page, and its hidden information: another player's Hazard tokens.

Seat A (Ann, seat 0) holds Hazard tokens; their values must never reach the HTML served to seat B,
to a spectator or to an anonymous visitor: not on the game page, not in the log, not in a replay of
the game in progress. Ann's own page shows them (the positive control that the checks can fail).
"""

from __future__ import annotations

import hashlib
import html
from typing import Any

import pytest
from django.db import transaction

from games import models, selectors, services
from games.engine.core import Event, seed_hash
from games.engine.messages import render
from tests.factories import NOW
from tests.web.conftest import client_for
from tests.web.moonrollers_play import ENGINE, moonrollers_game, pending_kind, play_one, play_until

pytestmark = pytest.mark.django_db

A = 0  # Ann's seat


def hazard_rows(game: models.Game) -> list[models.Event]:
    return list(game.events.filter(seat=A, type__startswith="hazard_token").order_by("seq"))


def secrets_of_a(game: models.Game) -> list[str]:
    """What only Ann may read: her log texts about Hazard tokens (values named), as the page shows them."""
    names = {s.position: s.name for s in game.seats.all()}
    out = []
    for row in hazard_rows(game):
        event = Event(row.type, row.payload, row.version, row.seat)
        mine, public = ENGINE.redact(event, A)["text"], ENGINE.redact(event, None)["text"]
        if mine != public:
            out.append(html.escape(render(mine, "en", names)))
    return out


def assert_hidden(page: str, game: models.Game) -> None:
    assert f'data-hazard-owner="{A}"' not in page
    assert 'data-owner="0"' not in page  # a Hazard token drawn by Ann, shown face up
    for text in secrets_of_a(game):
        assert text not in page


@pytest.fixture
def ann_drew_hazard_tokens(ann: Any, bob: Any) -> models.Game:
    """A game in which Ann has just drawn Hazard tokens and must choose which to keep."""
    game = moonrollers_game(ann, bob)
    play_until(game, lambda state: pending_kind(state) == (A, "keep_hazard"))
    return game


class TestBoard:
    def test_it_draws_dice_cards_tracks_and_forms_for_the_player_to_act(self, ann: Any, bob: Any) -> None:
        game = moonrollers_game(ann, bob)
        play_until(
            game, lambda state: pending_kind(state) is not None and pending_kind(state)[1] == "choose_crew"
        )
        mover = game.seats.get(is_pending=True).user
        view = ENGINE.view(selectors.store.load(game).state, game.seats.get(user=mover).position)

        page = client_for(mover).get(f"/games/{game.pk}/").content.decode()

        assert page.count('<svg class="die die-') >= len(view["dice"]["rolling"])
        for card in view["display"]:
            assert f'data-crew="{card["crew"]}"' in page and html.escape(card["name"]) in page
        assert "Prestige track" in page and "Rolling pool" in page and "Supply" in page
        assert 'data-action="choose"' in page and 'name="p_crew"' in page
        assert "{p0}" not in page and "{p1}" not in page  # seats are named in texts

    def test_it_renders_for_every_viewer_at_every_step_of_the_opening(
        self, ann: Any, bob: Any, cyd: Any
    ) -> None:
        game = moonrollers_game(ann, bob)
        viewers = [client_for(ann), client_for(bob), client_for(cyd), client_for(None)]
        for _ in range(25):
            for client in viewers:
                response = client.get(f"/games/{game.pk}/")
                assert response.status_code == 200
            play_one(game)
            if game.is_finished:
                break

    def test_a_lock_form_posts_the_dice_chosen_by_checkbox(self, ann: Any, bob: Any) -> None:
        game = moonrollers_game(ann, bob)
        play_until(
            game,
            # A lock with dice to choose (some abilities' locks name their die in the prefix).
            lambda state: any(
                s.action == "lock" and s.params for s in ENGINE.legal(state, ENGINE.pending(state)[0].seat)
            ),
        )
        seat = game.seats.get(is_pending=True)
        spec = next(s for s in selectors.legal_specs(game, seat.position) if s.action == "lock" and s.params)
        before = game.last_seq
        data = {"seq": str(game.last_seq), "action": "lock", "prefix": spec.prefix}
        data[f"p_{spec.params[0].name}"] = [spec.params[0].choices[0].value]

        response = client_for(seat.user).post(f"/games/{game.pk}/move/", data)

        assert response.status_code == 302
        game.refresh_from_db()
        assert game.events.filter(seq__gt=before, type="dice_locked").exists()


class TestHazardTokensStayHidden:
    def test_while_ann_chooses_which_token_to_keep(
        self, ann_drew_hazard_tokens: models.Game, bob: Any, cyd: Any
    ) -> None:
        game = ann_drew_hazard_tokens
        assert secrets_of_a(game), "Ann's draw is written in the log with its values for her"

        ann_page = client_for(game.seats.get(position=A).user).get(f"/games/{game.pk}/").content.decode()
        assert 'data-owner="0"' in ann_page and "Hazard tokens you drew" in ann_page
        assert 'data-action="keep"' in ann_page
        for text in secrets_of_a(game):
            assert text in ann_page

        for client in (client_for(bob), client_for(cyd), client_for(None)):
            page = client.get(f"/games/{game.pk}/").content.decode()
            assert_hidden(page, game)
            assert "Ann drew 2 Hazard tokens and chooses which to keep." in page

    def test_once_ann_holds_them_on_pages_logs_and_replays(
        self, ann_drew_hazard_tokens: models.Game, bob: Any, cyd: Any
    ) -> None:
        game = ann_drew_hazard_tokens
        play_one(game)  # Ann keeps one
        state = play_until(game, lambda s: pending_kind(s) is not None and pending_kind(s)[0] != A)
        assert state.players[A].hazard and not game.is_finished

        ann_page = client_for(game.seats.get(position=A).user).get(f"/games/{game.pk}/").content.decode()
        assert f'data-hazard-owner="{A}"' in ann_page

        steps = sorted(
            {row.batch for row in hazard_rows(game)}
            | {row.seq for row in hazard_rows(game)}
            | {game.last_seq}
        )
        for user in (bob, cyd, None):
            client = client_for(user)
            page = client.get(f"/games/{game.pk}/").content.decode()
            assert_hidden(page, game)
            assert "Hazard token (face down)" in page or "Hazard tokens (face down)" in page
            for step in steps:
                assert_hidden(client.get(f"/games/{game.pk}/replay/{step}/").content.decode(), game)
            # The event feed behind the log: Ann's Hazard events carry no values for anyone else.
            seat = None if user in (cyd, None) else 1
            for entry in selectors.event_log(game, seat):
                if entry["seat"] == A and entry["type"].startswith("hazard_token"):
                    assert "tokens" not in entry["payload"] and "token" not in entry["payload"]

    def test_a_finished_game_replay_reveals_them(self, ann: Any, bob: Any) -> None:
        game = moonrollers_game(ann, bob, start=False)
        # A fixed seed: the same game every run (in CI the game id is the same too).
        seed = hashlib.sha256(b"a finished game's replay").digest()
        models.Game.objects.filter(pk=game.pk).update(seed=seed, seed_sha256=seed_hash(seed))
        game.refresh_from_db()
        # Bots stand in for both players: the whole game is played inside game_start.
        game.seats.update(bot_playing=True)
        services.game_start(game=game, by=ann, now=NOW)
        game.refresh_from_db()
        # One request plays at most MAX_BOT_MOVES_PER_CALL bot moves; a long game needs another.
        for _ in range(4):
            if game.is_finished:
                break
            with transaction.atomic():
                services._play_bots(selectors.store.lock(game), now=NOW)
            game.refresh_from_db()
        state = selectors.store.load(game).state
        assert game.is_finished, (game.last_seq, state.turn)

        page = client_for(None).get(f"/games/{game.pk}/replay/{game.last_seq}/").content.decode()

        for seat, player in enumerate(state.players):
            if player.hazard:
                assert f'data-hazard-owner="{seat}"' in page
        assert '<svg class="chart"' in page and page.count("<polyline") == 2


class TestDrawnOnce:
    def test_a_crew_card_or_player_board_is_drawn_again_only_when_it_changes(
        self, ann: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Crew cards and players' boards are kept under a digest of what they show
        (moonrollers_board.draw_crew_card, draw_player_board): a chat line draws none again; a move
        draws again only what it changed, for each reader as that reader sees it."""
        from django.core.cache import caches
        from django.template import loader

        from games import page_cache

        game = moonrollers_game(ann, bob)
        drawn: list[str] = []
        real = loader.render_to_string

        def counting(name: str, context: Any = None, *args: Any, **kwargs: Any) -> str:
            drawn.append(name.rsplit("/", 1)[-1])
            return real(name, context, *args, **kwargs)

        monkeypatch.setattr(page_cache, "render_to_string", counting)
        caches[page_cache.cache_alias()].clear()
        pages = lambda: [client_for(u).get(f"/games/{game.pk}/").content.decode() for u in (ann, bob)]  # noqa: E731
        first = pages()
        display = len(ENGINE.view(state_of_game(game), 0)["display"])
        assert drawn.count("_crew_card.html") == display  # the same cards for both readers: drawn once
        assert drawn.count("_player_board.html") == 4  # each board as its owner sees it, as the other does

        drawn.clear()
        services.chat_send(game=game, user=bob, text="good luck", now=NOW)
        assert pages() != first and drawn == []

        play_until(game, lambda s: s.turn.crew is not None)  # dice locked on a card: it is worked on
        drawn.clear()
        pages()
        # The card worked on, and at most the mover's board (a token placed), as each reader sees it.
        assert drawn.count("_crew_card.html") == 1 and drawn.count("_player_board.html") <= 2


def state_of_game(game: models.Game) -> Any:
    return selectors.store.load(game).state
