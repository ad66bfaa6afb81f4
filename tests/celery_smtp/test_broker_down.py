"""Redis (the broker) down: moves still commit and their emails wait in the outbox; /healthz says
why (to staff); once Redis is back, the beat's catch-up task sends what waited, once."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import models
from tests.celery_smtp import harness
from tests.factories import make_game, make_user, player_to_act

pytestmark = [pytest.mark.celery_smtp, pytest.mark.django_db(transaction=True)]

# Nothing listens on port 1 of the loopback: every connection is refused at once.
DOWN = "redis://127.0.0.1:1/0"


def test_with_redis_down_moves_commit_and_their_emails_go_out_when_it_returns(
    broker_queue: tuple[str, str], settings: Any
) -> None:
    broker, queue = broker_queue
    ann, bob = make_user("Ann"), make_user("Bob")
    game = make_game(ann, bob, kind="moonrollers")  # the worker knows the real games only
    models.Notification.objects.all().delete()  # the start's own email is not this test's concern
    mover = player_to_act(game)
    waiting = game.seats.exclude(user=mover).get().user
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=mover).key}")

    settings.CELERY_BROKER_URL, settings.CELERY_BROKER_TRANSPORT_OPTIONS = DOWN, {}
    with harness.local_app_publishing_to(DOWN, queue):
        # The mover rolls, then settles (one die locked, the turn passes), unless the roll busts.
        for command in ("roll", "settle"):
            game.refresh_from_db()
            if player_to_act(game) != mover:
                break
            response = api.post(
                f"/api/games/{game.pk}/commands/",
                {"command": command, "expected_seq": game.last_seq},
                format="json",
            )
            assert response.status_code == 201, response.content
        staff = Client()
        staff.force_login(make_user("Admin", is_staff=True))
        health = staff.get("/healthz")

    # The move is in; its email waits in the outbox.
    game.refresh_from_db()
    assert models.Event.objects.filter(game=game, cause="player", command="roll").exists()
    assert player_to_act(game) == waiting
    row = models.Notification.objects.get(game=game, user=waiting, kind="turn")
    assert row.sent_at is None and row.claimed_at is None
    # /healthz said which part was down, and why.
    assert health.status_code == 503
    assert health.json()["checks"]["database"] == {"ok": True}
    assert health.json()["checks"]["broker"]["ok"] is False
    assert "refused" in health.json()["checks"]["broker"]["error"].lower()

    # Redis is back: the beat's catch-up (every minute) sends rows older than a minute.
    models.Notification.objects.filter(pk=row.pk).update(created_at=timezone.now() - dt.timedelta(minutes=2))
    settings.CELERY_BROKER_URL = broker
    with harness.smtp_server() as (sink, port):
        env = harness.child_env(broker=broker, queue=queue, smtp_port=port)
        with harness.celery_worker(env), harness.local_app_publishing_to(broker, queue):
            from games import tasks

            tasks.send_unsent_notifications.delay()
            received = sink.wait_for(lambda r: r.to == [waiting.email.lower()])
            assert harness.wait_until(
                lambda: models.Notification.objects.filter(pk=row.pk, sent_at__isnull=False).exists()
            )
    assert "your move" in str(received.message["Subject"]).lower()
    assert len(sink.messages) == 1
    assert Client().get("/healthz").status_code == 200
