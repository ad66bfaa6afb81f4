"""The web forms that cost something are limited per player (the API's scopes and counters), and
one address receives a bounded number of invitation emails, whoever sends them."""

from __future__ import annotations

from typing import Any

import pytest

from games import models, services
from tests.factories import NOW, make_game, make_user
from tests.mail.helpers import run_outbox
from tests.web.conftest import client_for, event_count
from tests.web.test_tables import NEW_GAME

pytestmark = pytest.mark.django_db


def set_rates(settings: Any, **rates: str) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates},
    }


def assert_too_many(response: Any) -> None:
    assert response.status_code == 429
    page = response.content.decode()
    assert "Too many requests" in page and "You are going too fast: please wait" in page
    assert "Nothing was changed." in page
    assert 1 <= int(response["Retry-After"]) <= 3600


def test_chat_lines_past_the_limit_get_a_429_page_and_are_not_written(
    settings: Any, game: models.Game, ann: Any, bob: Any
) -> None:
    set_rates(settings, chat="2/minute")
    client = client_for(ann)
    for _ in range(2):
        assert client.post(f"/games/{game.pk}/chat/", {"text": "hello", "to": ""}).status_code == 302
    before = event_count(game)

    assert_too_many(client.post(f"/games/{game.pk}/chat/", {"text": "hello", "to": ""}))

    assert event_count(game) == before
    # Per player: Bob still talks.
    assert client_for(bob).post(f"/games/{game.pk}/chat/", {"text": "hi", "to": ""}).status_code == 302


def test_chat_on_the_page_and_through_the_api_share_one_allowance(
    settings: Any, game: models.Game, ann: Any
) -> None:
    set_rates(settings, chat="2/minute")
    client = client_for(ann)
    assert client.post(f"/games/{game.pk}/chat/", {"text": "page", "to": ""}).status_code == 302
    api = client.post(f"/api/games/{game.pk}/chat/", {"text": "api"}, content_type="application/json")
    assert api.status_code == 201
    assert_too_many(client.post(f"/games/{game.pk}/chat/", {"text": "page", "to": ""}))


def test_new_tables_past_the_limit_are_refused(settings: Any, ann: Any) -> None:
    settings.GAMES_OFFERED = ["race"]
    set_rates(settings, tables="2/hour")
    client = client_for(ann)
    assert [client.post("/games/new/", NEW_GAME).status_code for _ in range(2)] == [302, 302]

    assert_too_many(client.post("/games/new/", NEW_GAME))
    assert models.Game.objects.filter(creator=ann).count() == 2
    # Looking at the form is not creating a table.
    assert client.get("/games/new/").status_code == 200


def test_taking_seats_past_the_limit_is_refused(settings: Any, ann: Any, bob: Any) -> None:
    set_rates(settings, joins="1/hour")
    first, second = (make_game(ann, start=False, seat_count=2) for _ in range(2))
    client = client_for(bob)
    assert client.post(f"/games/{first.pk}/join/").status_code == 302

    assert_too_many(client.post(f"/games/{second.pk}/join/"))
    assert not second.seats.filter(user=bob).exists()


def test_invitations_past_the_sender_limit_are_refused(settings: Any, ann: Any) -> None:
    set_rates(settings, invitations="3/hour")
    game = make_game(ann, start=False, seat_count=4)
    client = client_for(ann)
    for n in range(3):
        invited = client.post(f"/games/{game.pk}/invite/", {"email": f"friend{n}@example.com"})
        assert invited.status_code == 302

    assert_too_many(client.post(f"/games/{game.pk}/invite/", {"email": "stranger@example.com"}))
    assert not models.Notification.objects.filter(kind="invite", to_email="stranger@example.com").exists()


def test_a_31st_invitation_to_one_address_is_not_sent(settings: Any) -> None:
    """Thirty strangers, each at a table of their own, invite the same address."""
    allowed = settings.INVITATIONS_PER_ADDRESS_PER_DAY
    answers = []
    for n in range(31):
        inviter = make_user(f"Stranger {n}")
        game = make_game(inviter, start=False, seat_count=2)
        answers.append(client_for(inviter).post(f"/games/{game.pk}/invite/", {"email": "Victim@Example.com"}))

    assert [a.status_code for a in answers] == [302] * allowed + [400] * (31 - allowed)
    assert "This address has received enough invitations for today" in answers[-1].content.decode()
    sent = run_outbox()
    assert len(sent) == allowed
    assert models.Notification.objects.filter(kind="invite").count() == allowed


def test_the_invitation_subject_never_carries_the_inviter_s_text() -> None:
    spammer = make_user("Cheap pills at spam.example")
    game = make_game(spammer, start=False, seat_count=2)
    services.game_invite_by_email(
        game=game, by=spammer, email="victim@example.org", invite_url="http://x.test/i/", now=NOW
    )

    (message,) = run_outbox()

    assert message.subject == "An invitation to play Race to 20 on Moonweb"
    assert "spam.example" not in message.subject


def test_the_429_page_speaks_french(settings: Any, game: models.Game, ann: Any) -> None:
    set_rates(settings, chat="1/minute")
    ann.language = "fr"
    ann.save(update_fields=["language"])
    client = client_for(ann)
    client.post(f"/games/{game.pk}/chat/", {"text": "salut", "to": ""})

    response = client.post(f"/games/{game.pk}/chat/", {"text": "salut", "to": ""})

    assert response.status_code == 429
    page = response.content.decode()
    assert "Trop de requêtes" in page and "Vous allez trop vite\u00a0: attendez" in page
