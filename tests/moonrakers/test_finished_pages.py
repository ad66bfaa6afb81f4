"""A finished Moonrakers game on the platform: the verification page recomputes every shuffle and
die from the revealed seed, the replay steps through it with every hand shown, the Prestige chart
and the export work."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games import models, selectors, services, store, texts, verification
from games.engine.core import fold, get_engine, msg, seed_hash
from tests.factories import NOW, make_game, make_user

pytestmark = pytest.mark.django_db
ENGINE = get_engine("moonrakers")


@pytest.fixture
def finished() -> tuple[models.Game, Any]:
    ann = make_user("Ann")
    game = make_game(ann, kind="moonrakers", seat_count=3, start=False)
    seed = b"finished-moonrakers".ljust(32, b".")
    models.Game.objects.filter(pk=game.pk).update(seed=seed, seed_sha256=seed_hash(seed))
    game.refresh_from_db()
    services.game_fill_with_bots(game=game, by=ann, now=NOW)
    # Ann lets a bot play her seat too (as after her timeouts), so the bots play the whole game.
    models.Seat.objects.filter(game=game, position=0).update(bot_playing=True)
    services.game_start(game=game, by=ann, now=NOW)
    for _ in range(10):
        game.refresh_from_db()
        if game.is_finished:
            break
        services._play_bots(game, now=NOW)
    game.refresh_from_db()
    assert game.is_finished
    return game, ann


def test_a_finished_game_is_verified_replayed_charted_and_exported(finished: tuple[models.Game, Any]) -> None:
    game, ann = finished
    checked = verification.verify_game(game)
    assert checked.all_match and checked.batches
    page = Client().get(f"/games/{game.pk}/verify/")
    assert page.status_code == 200
    # The same finished game (one is slow to play): the replay, the Prestige chart, the export.
    client = Client()
    client.force_login(ann)
    steps = selectors.replay_moves(game)
    for step in (steps[0], steps[len(steps) // 2], steps[-1]):
        assert client.get(f"/games/{game.pk}/replay/{step}/").status_code == 200
    # Mid-game, every captain's hand and draw pile (in order) and every deck order are shown.
    middle = steps[len(steps) // 2]
    html = client.get(f"/games/{game.pk}/replay/{middle}/").content.decode()
    state = fold(
        ENGINE,
        (
            store.to_engine_event(r)
            for r in models.Event.objects.filter(game=game, seq__lte=middle).order_by("seq")
        ),
    )
    for seat in range(3):
        assert f'data-hand-of="{seat}"' in html and f'data-draw-of="{seat}"' in html
        draw = state.players[seat].draw
        if draw:
            names = ", ".join(texts.render(msg(f"moonrakers.card.{c}"), lang="en") for c in draw)
            assert names in html
    assert "Deck orders, revealed at the end" in html
    # Replay by turn: one step per Mission Leader's turn, where the turn's Planning begins.
    turns = selectors.replay_turns(game)
    assert len(turns) == models.Event.objects.filter(game=game, type="turn_started").count() > 10
    assert turns == sorted(turns) and turns[0] > 1
    for step in turns[1:4]:
        assert client.get(f"/games/{game.pk}/replay/{step}/").status_code == 200
        series = selectors.score_series(game)
    assert max(points[-1][1] for points in series.values()) >= 10
    export = client.get(f"/games/{game.pk}/export.json")
    assert export.status_code == 200 and b"decks" in export.content
