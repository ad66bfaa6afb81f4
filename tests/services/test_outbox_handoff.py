"""A move's request does not wait for the broker: the outbox hands its rows over from a thread."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from games import models, outbox, services
from tests.factories import NOW, make_game, make_user, player_to_act

pytestmark = pytest.mark.django_db


def test_a_move_returns_while_the_broker_is_still_busy_and_its_row_is_handed_over_after(
    settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.OUTBOX_HANDOFF_IN_BACKGROUND = True
    settings.CELERY_TASK_ALWAYS_EAGER = False
    broker_free, all_handed = threading.Event(), threading.Event()
    handed: list[int] = []

    def slow_broker(pk: int) -> None:
        broker_free.wait(timeout=60)
        if pk == -1:
            raise ConnectionError("the broker refused it")
        handed.append(pk)
        if len(handed) == 2:
            all_handed.set()

    game = make_game(make_user(), make_user())
    previous = outbox._dispatch
    outbox.set_dispatcher(slow_broker)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            services.command_submit(
                game=game, user=player_to_act(game), text="pass", expected_seq=game.last_seq, now=NOW
            )
        # The move is committed and its request is over; the broker has not taken anything yet.
        row = models.Notification.objects.get(game=game, seq=game.last_seq)
        assert handed == []
        outbox._send_after_commit([-1, 12345])  # a refusal does not stop the rows behind it
        broker_free.set()
        assert all_handed.wait(timeout=60)
        assert handed == [row.pk, 12345]
    finally:
        outbox.set_dispatcher(previous)
