"""Moonrakers, over a real game with every seat played by the bots' commands: seat A's hand, draw
pile order and unclaimed Objectives never reach seat B, a spectator or an anonymous visitor through the
game page, the API (view, events, legal), an email, the replay during play or the export before the
end; and seat A does see its own (so each check can fail)."""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games import models, services, store
from games.engine.core import Rng, get_engine
from games.mail import messages
from tests.factories import NOW, make_game, make_user
from tests.mail.helpers import html_of, text_of
from tests.web.moonrakers_play import shows_objective
from tests.web.test_moonrakers_pages import without_examples

pytestmark = pytest.mark.django_db
ENGINE = get_engine("moonrakers")
A = 0  # the seat whose secrets are watched
# Fields only their owner may read: the hand, the draw pile in order, the Objectives held or offered.
PRIVATE_KEYS = {"hand", "objectives", "choosing", "draw", "decks", "cards", "kept", "bottom", "order"}
SECRET_EVENTS = {
    "cards_drawn",
    "objectives_dealt",
    "objectives_kept",
    "deck_reshuffled",
    "draw_pile_shuffled",
}


def play(game: models.Game, moves: int, rng: Rng) -> None:
    """The heuristic bot's command for whoever must act, through the services, as that player."""
    for _ in range(moves):
        game.refresh_from_db()
        if game.status != models.Game.Status.ACTIVE:
            return
        state = store.load(game).state
        seat = ENGINE.pending(state)[0].seat
        user = game.seats.get(position=seat).user
        text = ENGINE.bot_command(state, seat, rng)
        services.command_submit(game=game, user=user, text=text, expected_seq=game.last_seq, now=NOW)


def private_fields(node: Any, path: str = "$") -> Iterator[str]:
    """Where served JSON carries seat A's private fields: its player entry's hand/Objectives, or the
    cards and orders of its secret events."""
    if isinstance(node, dict):
        if node.get("seat") == A and ("hand_count" in node or node.get("type") in SECRET_EVENTS):
            payload = node.get("payload") if isinstance(node.get("payload"), dict) else {}
            for key in sorted(PRIVATE_KEYS & (set(node) | set(payload))):
                yield f"{path}.{key}"
        for key, value in node.items():
            yield from private_fields(value, f"{path}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from private_fields(value, f"{path}[{i}]")


def api_served(client: APIClient, game: models.Game) -> dict[str, Any]:
    detail = client.get(f"/api/games/{game.pk}/").json()
    legal = client.get(f"/api/games/{game.pk}/legal/")
    events: list[Any] = []
    since = 0
    while True:
        page = client.get(f"/api/games/{game.pk}/events/?since={since}&limit=500").json()
        events += page["events"]
        since = page["until"]
        if not page["more"]:
            break
    return {"detail": detail, "legal": legal.json() if legal.status_code == 200 else None, "events": events}


def named(channel: str, text: str, slug: str) -> bool:
    """Whether a channel names the Objective: the HTML ones by the board's marker, printed text or
    name (tests.web.moonrakers_play.shows_objective), the API by its slug as a JSON string, an
    email by its name or printed text."""
    if channel == "api":
        return f"'{slug}'" in text
    if channel == "email":
        return shows_objective(html.escape(text, quote=False), slug)
    return shows_objective(text, slug)


def email_to(game: models.Game, seat: models.Seat) -> str:
    """The email a seat would get now about the game (its situation, what happened, what to do)."""
    note = models.Notification.objects.create(
        game=game,
        user=seat.user,
        to_email=seat.user.email,
        kind=models.Notification.Kind.REPLY,
        seq=game.last_seq,
        payload={"status": "accepted", "code": "", "seat": seat.position, "applied": []},
        created_at=NOW,
    )
    message = messages.build(note, now=NOW + dt.timedelta(minutes=1))
    return text_of(message) + html_of(message)


def channels(game: models.Game, user: Any, seat: models.Seat | None) -> dict[str, str]:
    """Everything a reader gets, as text: page, API, replay of the latest step, export, email."""
    web = Client()
    api = APIClient()
    if user is not None:
        web.force_login(user)
        api.force_authenticate(user)
    served = api_served(api, game)
    out = {
        "page": web.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode(),
        "api": repr(served),
        "replay": web.get(f"/games/{game.pk}/replay/{game.last_seq}/").content.decode(),
        "export": web.get(f"/games/{game.pk}/export.json").content.decode(),
        "email": email_to(game, seat) if seat is not None else "",
    }
    out["fields"] = "\n".join(private_fields(served))
    return out


def test_seat_a_secrets_reach_nobody_else_through_any_channel() -> None:
    ann, bob, cyd = make_user("Ann"), make_user("Bob"), make_user("Cyd")
    watcher = make_user("Dee")
    game = make_game(ann, bob, cyd, kind="moonrakers")
    rng = Rng(b"hidden-moonrakers".ljust(32, b"."), game.pk, 0)
    checked = 0
    for moves in (6, 30, 60, 90):
        play(game, moves - checked if checked else moves, rng)
        checked = moves
        game.refresh_from_db()
        if game.status != models.Game.Status.ACTIVE:
            break
        state = store.load(game).state
        mine = state.players[A]
        unclaimed = [o for o in mine.objectives if o not in mine.claimed]
        seats = {s.position: s for s in game.seats.select_related("user")}
        own = channels(game, ann, seats[A])
        # The checks look where the secrets really are: seat A's own channels trip them.
        assert {".hand" in p for p in own["fields"].splitlines()} >= {True}
        for slug in unclaimed:
            assert named("page", own["page"], slug) and named("api", own["api"], slug), slug
        for reader, seat in ((bob, seats[1]), (cyd, seats[2]), (watcher, None), (None, None)):
            theirs = channels(game, reader, seat)
            assert theirs["fields"] == "", (reader, theirs["fields"])
            assert "data-draw-of" not in theirs["replay"] and "Deck orders" not in theirs["replay"]
            for channel in ("page", "api", "replay", "export", "email"):
                text = without_examples(theirs[channel]) if channel in ("page", "replay") else theirs[channel]
                for slug in unclaimed:
                    assert not named(channel, text, slug), (reader, channel, slug)
            assert '"hand_count"' in theirs["api"] or "'hand_count'" in theirs["api"]  # how many, not which
        assert models.Event.objects.filter(game=game, type="cards_drawn", seat=A).exists()
    assert checked >= 30
