"""Headers of outgoing mail (issue 12): Date in +0000, Message-IDs unique across database resets and
instances, the same Message-ID when one row is sent again, bounces to the bounce address."""

from __future__ import annotations

import datetime as dt
import email
import email.policy
from typing import Any

import pytest

from games import models
from games.mail import messages
from tests.factories import NOW

pytestmark = pytest.mark.django_db


def turn_row(game: models.Game) -> models.Notification:
    return models.Notification.objects.get(game=game, kind=models.Notification.Kind.TURN)


def test_the_date_header_says_plus_0000(game: models.Game) -> None:
    raw = messages.build(turn_row(game), now=NOW).message().as_bytes()
    parsed = email.message_from_bytes(raw, policy=email.policy.default)
    assert str(parsed["Date"]).endswith("+0000"), parsed["Date"]


def test_message_ids_have_a_random_part_and_are_stable_for_one_row(game: models.Game, settings: Any) -> None:
    row = turn_row(game)
    first = messages.build(row, now=NOW).extra_headers["Message-ID"]
    assert messages.build(row, now=NOW + dt.timedelta(minutes=5)).extra_headers["Message-ID"] == first
    # The same row number after a database reset (another row, made at another moment) ...
    reset = models.Notification(**{f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields})
    reset.created_at = row.created_at + dt.timedelta(microseconds=1)
    assert messages.build(reset, now=NOW).extra_headers["Message-ID"] != first
    # ... and on another instance (another secret) never gives the same Message-ID.
    settings.SECRET_KEY = "another-instance-" + "x" * 50
    assert messages.build(row, now=NOW).extra_headers["Message-ID"] != first


def test_the_bounce_address_is_the_envelope_sender(game: models.Game, settings: Any) -> None:
    settings.MAIL_BOUNCE_ADDRESS = "bounces@moonweb.localhost"
    message = messages.build(turn_row(game), now=NOW)
    assert message.from_email == "bounces@moonweb.localhost"
    assert message.message()["From"] == settings.DEFAULT_FROM_EMAIL
