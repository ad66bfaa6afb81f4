"""Both games are offered; an engine that says it is not (one still being written) is left out; a
Moonrakers table is created with its options, ticked or not, and its reply time."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from games import models
from games.api.serializers import available_kinds
from games.engine.core import get_engine
from games.forms import offered_kinds
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


def test_both_games_are_offered_on_the_new_game_page_and_the_api(ann: Any, settings: Any) -> None:
    del settings.GAMES_OFFERED  # the site's own choice, not the tests' tiny game
    assert [name for name, _engine in offered_kinds()] == ["moonrakers", "moonrollers"]
    assert {"moonrakers", "moonrollers"} <= set(available_kinds())
    page = client_for(ann).get("/games/new/").content.decode()
    assert "Moonrollers" in page and "Moonrakers" in page
    assert "Moonrakers: 1 to 5 players." in page


def test_an_engine_not_offered_is_left_out(ann: Any, settings: Any, monkeypatch: Any) -> None:
    del settings.GAMES_OFFERED
    monkeypatch.setattr(type(get_engine("moonrakers")), "OFFERED", False)
    assert [name for name, _engine in offered_kinds()] == ["moonrollers"]
    assert "moonrakers" not in available_kinds()
    assert "Moonrakers" not in client_for(ann).get("/games/new/").content.decode()


def test_options_on_by_default_start_ticked_and_unticking_turns_them_off(ann: Any, settings: Any) -> None:
    del settings.GAMES_OFFERED
    client = client_for(ann)
    page = client.get("/games/new/").content.decode()
    tags = {m.group(1): m.group(0) for m in re.finditer(r'<input[^>]*value="moonrakers:(\w+)"[^>]*>', page)}
    assert "checked" in tags["auto_claim"] and "checked" in tags["armory_refresh"]
    assert "checked" not in tags["solo_remove_4_dice"]
    response = client.post(
        "/games/new/",
        {
            "kind": "moonrakers",
            "seat_count": 3,
            "options": ["moonrakers:armory_refresh"],  # auto_claim left unticked
            "time_per_move": 24,
            "reply_time": 120,
            "visibility": "public",
        },
    )
    assert response.status_code == 302
    game = models.Game.objects.get(kind="moonrakers")
    assert game.options == {"armory_refresh": True, "auto_claim": False, "solo_remove_4_dice": False}
    assert game.reply_time == dt.timedelta(hours=2)
    assert game.time_for(reply=True) == dt.timedelta(hours=2)


def test_the_default_reply_time_is_a_quarter_of_the_time_per_move(ann: Any, settings: Any) -> None:
    del settings.GAMES_OFFERED
    response = client_for(ann).post(
        "/games/new/",
        {"kind": "moonrakers", "seat_count": 1, "time_per_move": 12, "reply_time": 0, "visibility": "public"},
    )
    assert response.status_code == 302
    game = models.Game.objects.get(kind="moonrakers")
    assert game.reply_time is None and game.time_for(reply=True) == dt.timedelta(hours=3)


def test_a_reply_time_longer_than_the_time_per_move_is_refused(ann: Any, settings: Any) -> None:
    del settings.GAMES_OFFERED
    response = client_for(ann).post(
        "/games/new/",
        {
            "kind": "moonrakers",
            "seat_count": 3,
            "time_per_move": 1,
            "reply_time": 120,
            "visibility": "public",
        },
    )
    assert response.status_code == 400
    assert "The reply time cannot be longer than the time per move." in response.content.decode()
    assert not models.Game.objects.exists()


def test_another_games_ticked_variants_do_not_stop_a_table_of_this_game(ann: Any, settings: Any) -> None:
    """The page lists every game's variants, Moonrakers' ticked by default: a Moonrollers table
    is created all the same, with only its own options."""
    del settings.GAMES_OFFERED
    response = client_for(ann).post(
        "/games/new/",
        {
            "kind": "moonrollers",
            "seat_count": 2,
            "options": ["moonrakers:auto_claim", "moonrakers:armory_refresh"],
            "time_per_move": 24,
            "visibility": "public",
        },
    )
    assert response.status_code == 302
    game = models.Game.objects.get()
    assert game.kind == "moonrollers" and not any(game.options.values())
    assert set(game.options) == {o.name for o in get_engine("moonrollers").OPTIONS}
