"""The game page's cached fragments (board, log, recap, the decision's forms: games/views/fragments.py)
follow the game.

They are keyed by (game, seq, seat, language, names): a reload reads less, and every change a
reader must see (a new event, another language, a renamed player) draws them anew.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token

from games import models, selectors, services
from games.engine.core import get_engine
from games.views import fragments
from tests.factories import NOW, make_user, player_to_act
from tests.web.conftest import client_for
from tests.web.test_play import form_for

pytestmark = pytest.mark.django_db

# A seated player's page: the session's user (the session itself comes from the cache), game,
# seats, state cache (current: no events read after it); then, when the fragments are not cached,
# the end of the log and the two reads of the recap.
QUERIES_CACHED = 4
QUERIES_DRAWN = QUERIES_CACHED + 3


def _log(page: str) -> str:
    found = re.search(r'<ol class="log".*?</ol>', page, re.S)
    assert found is not None
    return found.group(0)


def _get(client: Any, game: models.Game) -> tuple[str, int]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return response.content.decode(), len(captured.captured_queries)


def test_a_reload_draws_the_same_fragments_from_the_cache_with_fewer_queries(game: models.Game) -> None:
    caches[fragments.cache_alias()].clear()
    client = client_for(player_to_act(game))
    client.get("/")  # the session's first reads are not the page's

    first, drawn = _get(client, game)
    again, cached = _get(client, game)

    assert (drawn, cached) == (QUERIES_DRAWN, QUERIES_CACHED)
    assert _log(again) == _log(first)
    assert 'id="board"' in again and "Replay the whole game" in again


def test_a_new_event_shows_at_once(game: models.Game, ann: Any) -> None:
    client = client_for(ann)
    before, _ = _get(client, game)
    assert "a line after the cache" not in before

    services.chat_send(game=game, user=ann, text="a line after the cache", now=NOW)
    game.refresh_from_db()

    after, _ = _get(client, game)
    assert "a line after the cache" in _log(after)


def test_a_renamed_player_is_named_anew(game: models.Game, ann: Any, bob: Any) -> None:
    services.chat_send(game=game, user=bob, text="hello", now=NOW)
    game.refresh_from_db()
    client = client_for(ann)
    before, _ = _get(client, game)
    assert "Bob" in _log(before)

    bob.display_name = "Roberta"
    bob.save(update_fields=["display_name"])

    after, _ = _get(client, game)
    assert "Roberta" in _log(after) and "Bob" not in _log(after)


def test_the_same_position_in_french_is_drawn_in_french(game: models.Game, ann: Any) -> None:
    client = client_for(ann)
    english, _ = _get(client, game)
    assert "Replay the whole game" in english

    ann.language = "fr"
    ann.save(update_fields=["language"])

    french, _ = _get(client, game)
    assert "Rejouer toute la partie" in french and "Replay the whole game" not in french


def test_each_seat_and_the_spectators_have_their_own_fragments(game: models.Game) -> None:
    names = {0: "Ann", 1: "Bob"}
    keys = {fragments.fragment_key(game, seat, names) for seat in (0, 1, None)}
    assert len(keys) == 3
    assert fragments.fragment_key(game, 0, {**names, 1: "Roberta"}) not in keys


def test_another_game_with_the_same_id_and_seq_never_meets_the_old_fragments() -> None:
    # A test database may give a new game an old one's id: the seed's digest tells them apart.
    one = models.Game(pk=1, last_seq=3, seed_sha256="a" * 64)
    other = models.Game(pk=1, last_seq=3, seed_sha256="b" * 64)
    assert fragments.fragment_key(one, 0, {}) != fragments.fragment_key(other, 0, {})


def test_with_no_time_to_keep_them_every_page_is_drawn_in_full(game: models.Game, settings: Any) -> None:
    settings.PAGE_FRAGMENT_SECONDS = 0
    caches[fragments.cache_alias()].clear()
    client = client_for(player_to_act(game))
    client.get("/")
    _get(client, game)
    _, queries = _get(client, game)
    assert queries == QUERIES_DRAWN


def test_a_spectator_does_not_get_a_players_fragments(game: models.Game, bob: Any) -> None:
    services.chat_send(game=game, user=bob, text="for Ann only", to_position=0, now=NOW)
    game.refresh_from_db()
    ann_page, _ = _get(client_for(models.Seat.objects.get(game=game, position=0).user), game)
    assert "for Ann only" in ann_page

    spectator, _ = _get(client_for(make_user("Eve")), game)
    assert "for Ann only" not in spectator


def test_a_new_position_draws_only_its_new_log_lines_each_for_its_reader(
    game: models.Game, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games.views import log as page_log

    caches[fragments.cache_alias()].clear()
    ann = models.Seat.objects.get(game=game, position=0).user
    ann_client, eves_client = client_for(ann), client_for(make_user("Eve"))
    first, _ = _get(ann_client, game)
    _get(eves_client, game)
    drawn: list[int] = []
    real_line = page_log.log_line

    def counting_line(entry: Any, names: Any) -> Any:
        drawn.append(entry["seq"])
        return real_line(entry, names)

    monkeypatch.setattr(page_log, "log_line", counting_line)
    services.chat_send(game=game, user=bob, text="for Ann only", to_position=0, now=NOW)
    game.refresh_from_db()

    after, _ = _get(ann_client, game)
    assert drawn == [game.last_seq]  # the lines of the position before came from the cache
    assert "for Ann only" in _log(after)
    assert _log(after).count("<li") == _log(first).count("<li") + 1
    spectator, _ = _get(eves_client, game)
    assert "for Ann only" not in spectator and drawn == [game.last_seq]  # hers: an empty line, not drawn
    assert _log(spectator).count("<li") == _log(first).count("<li")


def _chat_form(page: str) -> str:
    found = re.search(r'<form[^>]*class="chat-form".*?</form>', page, re.S)
    assert found is not None
    return found.group(0)


def test_the_chat_form_names_the_players_as_they_are_now_and_never_oneself(
    game: models.Game, ann: Any, bob: Any
) -> None:
    client = client_for(ann)
    before, _ = _get(client, game)
    assert ">Bob</option>" in _chat_form(before) and ">Ann</option>" not in _chat_form(before)

    bob.display_name = "Roberta"
    bob.save(update_fields=["display_name"])

    after, _ = _get(client, game)
    assert ">Roberta</option>" in _chat_form(after) and ">Bob</option>" not in _chat_form(after)
    bobs_page, _ = _get(client_for(bob), game)
    assert ">Ann</option>" in _chat_form(bobs_page) and ">Roberta</option>" not in _chat_form(bobs_page)


def test_a_move_does_not_draw_the_chat_form_again_but_another_language_does(
    game: models.Game, ann: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games import forms

    built: list[int | None] = []
    real_init = forms.ChatForm.__init__

    def counting_init(self: forms.ChatForm, *args: Any, **kwargs: Any) -> None:
        built.append(kwargs.get("me"))
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(forms.ChatForm, "__init__", counting_init)
    caches[fragments.cache_alias()].clear()
    client = client_for(ann)
    _get(client, game)
    services.chat_send(game=game, user=ann, text="the seq moves", now=NOW)

    moved, _ = _get(client, game)
    assert "the seq moves" in _log(moved)
    assert len(built) == 1 and ">Everyone</option>" in _chat_form(moved)

    ann.language = "fr"
    ann.save(update_fields=["language"])
    french, _ = _get(client, game)
    assert len(built) == 2 and ">Tout le monde</option>" in _chat_form(french)


def test_a_refused_chat_line_shows_its_error_not_the_empty_form_of_the_cache(
    game: models.Game, ann: Any
) -> None:
    client = client_for(ann)
    _get(client, game)  # the empty form is in the cache now

    refused = client.post(f"/games/{game.pk}/chat/", {"text": "x" * 1001, "to": ""})

    assert refused.status_code == 400
    form = _chat_form(refused.content.decode())
    assert 'class="errorlist' in form
    assert "x" * 1001 in form  # what the player wrote is kept for them to shorten


def _tokens(page: str) -> set[str]:
    return set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page))


def _laptop_and_phone(game: models.Game) -> tuple[Client, Client]:
    """Two browsers of the player to act, each with its own CSRF cookie, and no fragment cached."""
    caches[fragments.cache_alias()].clear()
    mover = player_to_act(game)
    browsers = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    for browser in browsers:
        browser.force_login(mover)
    return browsers


def _pass_from(browser: Client, page: str, game: models.Game) -> int:
    """The status of posting the page's "pass" form, with the page's own token, from ``browser``."""
    fields = form_for(page, "pass")
    fields["csrfmiddlewaretoken"] = next(iter(_tokens(page)))
    return browser.post(f"/games/{game.pk}/move/", fields).status_code


def test_the_decision_forms_come_from_the_cache_with_each_browsers_own_csrf_token(
    game: models.Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    laptop, phone = _laptop_and_phone(game)
    first = laptop.get(f"/games/{game.pk}/").content.decode()
    assert 'data-action="pass"' in first
    # Other forms for the same position now: a page drawn anew would show no "pass" form.
    from tests.tinygame import ENGINE

    legal = type(ENGINE).legal
    monkeypatch.setattr(
        type(ENGINE),
        "legal",
        lambda self, state, seat: [s for s in legal(self, state, seat) if s.action != "pass"],
    )

    cached = phone.get(f"/games/{game.pk}/").content.decode()

    assert 'data-action="pass"' in cached  # the forms of the first page, from the cache
    assert fragments.csrf_placeholder() not in first + cached
    assert _tokens(first) and _tokens(cached) and not _tokens(first) & _tokens(cached)
    # Each browser's token fits its own cookie: the move from the cached form is played.
    monkeypatch.undo()
    before = game.last_seq
    assert _pass_from(phone, cached, game) == 302
    game.refresh_from_db()
    assert game.last_seq > before


def test_a_token_from_another_browsers_page_is_refused(game: models.Game) -> None:
    laptop, phone = _laptop_and_phone(game)
    laptop_page = laptop.get(f"/games/{game.pk}/").content.decode()
    phone.get(f"/games/{game.pk}/")  # the phone has its own CSRF cookie now

    assert _pass_from(phone, laptop_page, game) == 403
    assert models.Game.objects.get(pk=game.pk).last_seq == game.last_seq


class _Counting:
    """Counts the engine's views of a position (the position's memo should spare them)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, engine: Any) -> None:
        self.calls = 0
        original = type(engine).view

        def counted(self_: Any, *args: Any) -> Any:
            self.calls += 1
            return original(self_, *args)

        monkeypatch.setattr(type(engine), "view", counted)


def test_the_view_and_legal_commands_of_a_position_are_asked_of_the_engine_once(
    game: models.Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    caches[fragments.cache_alias()].clear()
    mover = player_to_act(game)
    counting = _Counting(monkeypatch, get_engine(game.kind))

    first = selectors.game_view(game, mover)
    first.legal[0]["prefix"] = "changed by a reader"  # a reader's change stays its own
    again = selectors.game_view(game, mover)

    assert counting.calls == 1
    assert again.legal == selectors.game_view(game, mover).legal
    assert again.legal[0]["prefix"] != "changed by a reader"
    # The API asks too, and takes them from the memo.
    token = Token.objects.create(user=mover)
    answer = Client().get(f"/api/games/{game.pk}/", HTTP_AUTHORIZATION=f"Bearer {token.key}")
    assert answer.status_code == 200 and counting.calls == 1
    # A new position (a chat line moves the seq) and another seat are asked of the engine again.
    services.chat_send(game=game, user=mover, text="hi", now=NOW)
    game.refresh_from_db()
    selectors.game_view(game, mover)
    assert counting.calls == 2
    selectors.game_view(game, make_user("Eve"))
    assert counting.calls == 3  # a spectator's view


def test_with_no_time_to_keep_them_the_engine_is_asked_every_time(
    game: models.Game, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    settings.PAGE_FRAGMENT_SECONDS = 0
    mover = player_to_act(game)
    counting = _Counting(monkeypatch, get_engine(game.kind))
    selectors.game_view(game, mover)
    selectors.game_view(game, mover)
    assert counting.calls == 2


# The head, the players' list and the standing answers are cached too, under the position's key
# and what each shows beyond it (games/views/play.py: head_key, seats_key, standing_key).


def _drawn(response: Any) -> set[str]:
    """The templates a page drew (a fragment served from the cache draws none of its own)."""
    return {t.name for t in response.templates if t.name}


def test_a_player_going_away_is_shown_at_once(game: models.Game, ann: Any) -> None:
    client = client_for(ann)
    before, _ = _get(client, game)
    assert "away until" not in before

    bob = models.Seat.objects.get(game=game, position=1).user
    bob.away_until = NOW.date().replace(year=2999)
    bob.save(update_fields=["away_until"])

    after, _ = _get(client, game)
    assert "away until" in after


def test_a_deadline_moved_without_a_move_is_shown_at_once(game: models.Game, ann: Any) -> None:
    client = client_for(ann)
    seat = models.Seat.objects.get(game=game, is_pending=True)
    before, _ = _get(client, game)
    assert f'datetime="{seat.deadline.isoformat()}"' in before

    # A vacation's pause moves a clock without an event.
    moved = seat.deadline.replace(year=seat.deadline.year + 1)
    models.Seat.objects.filter(pk=seat.pk).update(deadline=moved)

    after, _ = _get(client, game)
    assert f'datetime="{moved.isoformat()}"' in after and seat.deadline.isoformat() not in after


def test_the_players_list_is_drawn_again_each_minute_for_its_clocks(
    game: models.Game, ann: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    caches[fragments.cache_alias()].clear()
    client = client_for(ann)
    client.get("/")
    url = f"/games/{game.pk}/"
    assert "games/_seats.html" in _drawn(client.get(url))
    assert "games/_seats.html" not in _drawn(client.get(url))  # the same minute: from the cache

    from games.views import play

    a_minute_on = play.now() + dt.timedelta(minutes=1)
    monkeypatch.setattr(play, "now", lambda: a_minute_on)

    assert "games/_seats.html" in _drawn(client.get(url))  # "... left" counts minutes


def test_the_table_settings_in_the_head_are_shown_at_once(game: models.Game, ann: Any) -> None:
    client = client_for(ann)
    before, _ = _get(client, game)
    assert "Open to anyone" in before

    models.Game.objects.filter(pk=game.pk).update(visibility=models.Game.Visibility.PRIVATE)

    after, _ = _get(client, game)
    assert "By invitation" in after and "Open to anyone" not in after


def test_a_standing_answer_set_elsewhere_shows_checked_and_its_cached_form_works() -> None:
    from django.urls import reverse

    from tests.deals import negotiation_table

    caches[fragments.cache_alias()].clear()
    table = negotiation_table()
    captain = table.invitees[0]
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(table.user(captain))
    url = reverse("games:game", args=[table.game.pk])
    checked = re.compile(r'value="accept_prestige" checked')
    assert not checked.search(browser.get(url).content.decode())

    # Set from the API (or another browser): no event, the same position.
    services.standing_set(
        game=table.game,
        user=table.user(captain),
        decision="answer_offer",
        policy={"policy": "accept_prestige", "prestige": 2, "dice": 1},
        now=NOW,
    )

    page = browser.get(url).content.decode()
    assert checked.search(page)
    assert fragments.csrf_placeholder() not in page
    # Its form, from the cached fragment, carries this browser's own token: removing the answer works.
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token is not None
    removed = browser.post(
        reverse("games:standing", args=[table.game.pk]),
        {"decision": "answer_offer", "policy": "", "csrfmiddlewaretoken": token.group(1)},
    )
    assert removed.status_code == 302
    assert models.Seat.objects.get(game=table.game, position=captain).standing == {}
    assert not checked.search(browser.get(url).content.decode())
