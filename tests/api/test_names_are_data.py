"""Issue 12, finding 6: a player's name is data, never a format string. A player named ``{p1}``,
``{0}``, ``%(x)s`` or ``{seat}`` shows as exactly that text in log lines, the API, pages and emails."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from games import models, services
from tests.api.helpers import ClientFor, url
from tests.factories import NOW, make_game, make_user
from tests.mail.helpers import run_outbox

pytestmark = pytest.mark.django_db

NAMES = ["{p1}", "%(x)s", "{0}", "{seat}"]


@pytest.fixture
def players(db: None) -> list[Any]:
    return [make_user(name) for name in NAMES]


def names_by_seat(game: models.Game) -> dict[int, str]:
    return {s.position: s.name for s in game.seats.select_related("user")}


def check_entry(entry: dict[str, Any], names: dict[int, str]) -> int:
    """The entry's text names exactly the seats its message names; the number of names checked."""
    params = entry.get("text_params") or {}
    seats = [v["seat"] for v in params.values() if isinstance(v, dict) and set(v) == {"seat"}]
    for seat in seats:
        assert names[seat] in entry["text"], (entry, names[seat])
    for seat, name in names.items():
        if seat not in seats and name not in " ".join(names[s] for s in seats):
            assert name not in entry["text"], (entry, name)
    return len(seats)


@pytest.mark.parametrize("kind", ["moonrollers", "moonrakers"])
def test_names_show_as_written_in_the_api_log_and_view(
    client_for: ClientFor, players: list[Any], kind: str
) -> None:
    game = make_game(*players, kind=kind)
    names = names_by_seat(game)
    assert sorted(names.values()) == sorted(NAMES)
    # A chat line naming the others in their own spelling stays as written too.
    services.chat_send(game=game, user=players[0], text="{p1} %(x)s {0} {seat}", now=NOW)
    client = client_for(players[1])
    events = client.get(url(game, "events")).json()["events"]
    named = sum(check_entry(e, names) for e in events if e["text_key"] is not None)
    assert named > 0  # the set-up names the first player
    assert any(e["text"] == "{p1} %(x)s {0} {seat}" for e in events if e["type"] == "chat_sent")
    seats = client.get(url(game)).json()["seats"]
    assert [s["name"] for s in seats] == [names[s["position"]] for s in seats]


def test_names_show_as_written_on_the_game_page_and_in_emails(players: list[Any]) -> None:
    game = make_game(*players[:2])
    mail.outbox.clear()
    sent = run_outbox()
    client = Client()
    client.force_login(players[0])
    page = html.unescape(client.get(f"/games/{game.pk}/").content.decode())
    for name in NAMES[:2]:
        assert name in page
    assert "A secret was dealt to {p1}." in page
    bodies = "\n".join(str(m.body) for m in sent)
    assert sent and any(name in bodies for name in NAMES[:2])
