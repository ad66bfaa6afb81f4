"""Refusals reach a player by mail in their own language: the engine's message is rendered for them."""

from __future__ import annotations

import pytest
from django.test import Client

from games import models, outbox
from games.engine.core import msg
from games.mail import links, messages
from tests.factories import NOW
from tests.mail.helpers import html_of, run_outbox, text_of

pytestmark = pytest.mark.django_db


def speaks(seat: models.Seat, language: str) -> models.Seat:
    assert seat.user is not None
    seat.user.language = language
    seat.user.save(update_fields=["language"])
    return seat


def refused_reply(game: models.Game, seat: models.Seat) -> models.Notification:
    # What receiving a refused command stores: the engine's reason as its message (JSON).
    payload = {
        "status": "refused",
        "code": "command",
        "reason": msg("race.refused.cannot_parse", text="dance").to_json(),
        "subject": "Re: your move",
        "seat": seat.position,
        "failed": "dance",
        "applied": [],
        "ignored": 0,
    }
    note = outbox.notification(
        game=game, user=seat.user, kind=models.Notification.Kind.REPLY, now=NOW, payload=payload
    )
    note.save()
    return note


@pytest.mark.parametrize(
    ("language", "expected", "absent"),
    [
        ("fr", "Je ne comprends pas «\u00a0dance\u00a0»", "I do not understand"),
        ("en", "I do not understand “dance”", "Je ne comprends pas"),
    ],
)
def test_a_refused_command_is_explained_in_the_players_language(
    game: models.Game, mover: models.Seat, language: str, expected: str, absent: str
) -> None:
    run_outbox()  # the start's turn email
    note = refused_reply(game, speaks(mover, language))

    message = messages.build(note, now=NOW)

    for body in (text_of(message), html_of(message)):
        assert expected in body and absent not in body


def test_a_one_click_link_refused_by_the_rules_says_why_in_french(
    game: models.Game, mover: models.Seat
) -> None:
    speaks(mover, "fr")
    token = links.sign_action(game=game, seat=mover, seq=game.last_seq, command="say hi")
    client = Client()
    client.force_login(mover.user)

    response = client.post(links.act_url(token).removeprefix(links.absolute("")))

    page = response.content.decode()
    assert response.status_code == 400
    assert "Vous ne pouvez pas dire cela maintenant." in page and "You cannot say that now" not in page


def test_a_one_click_link_opened_signed_in_to_nobody_speaks_its_players_language(
    game: models.Game, mover: models.Seat
) -> None:
    # The email was in French; its link opened in a browser signed in to nobody, asking for English,
    # showed an English page. The link names its player: the page speaks their language.
    speaks(mover, "fr")
    token = links.sign_action(game=game, seat=mover, seq=game.last_seq, command="say hi")
    path = links.act_url(token).removeprefix(links.absolute(""))
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")

    asked = browser.get(path).content.decode()
    refused = browser.post(path).content.decode()

    assert 'lang="fr"' in asked and 'lang="fr"' in refused
    assert "Vous ne pouvez pas dire cela maintenant." in refused
    # A visitor signed in keeps their own language.
    other = models.Seat.objects.exclude(pk=mover.pk).filter(game=game).first()
    assert other is not None and other.user is not None
    signed_in = Client(HTTP_ACCEPT_LANGUAGE="fr")
    signed_in.force_login(other.user)
    assert 'lang="en"' in signed_in.get(path).content.decode()
