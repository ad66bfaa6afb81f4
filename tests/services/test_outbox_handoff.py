"""A move's request does not wait for the broker: the outbox hands its rows over from a thread."""

from __future__ import annotations

import threading
import time
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


def test_rows_a_request_committed_are_handed_over_only_once_its_response_is_sent(
    settings: Any, keep_test_connection: None
) -> None:
    # The hand-off costs CPU in this process: begun at the commit, it competed with the request
    # still drawing its answer. During a request it waits for request_finished.
    from django.core.signals import request_finished, request_started

    settings.OUTBOX_HANDOFF_IN_BACKGROUND = True
    settings.CELERY_TASK_ALWAYS_EAGER = False
    handed: list[int] = []
    done = threading.Event()

    def broker(pk: int) -> None:
        handed.append(pk)
        done.set()

    previous = outbox._dispatch
    outbox.set_dispatcher(broker)
    try:
        request_started.send(sender=None)
        outbox._send_after_commit([777])  # a commit during the request
        assert not done.wait(timeout=0.3) and handed == []
        request_finished.send(sender=None)
        assert done.wait(timeout=60) and handed == [777]
        # Outside a request (a task, a command), at once.
        done.clear()
        outbox._send_after_commit([778])
        assert done.wait(timeout=60) and handed == [777, 778]
    finally:
        outbox.set_dispatcher(previous)


def test_drain_waits_until_the_rows_handed_to_the_thread_have_reached_the_broker(settings: Any) -> None:
    # receive_email runs once per message and ends with it: its thread must finish first, or the
    # reply to an emailed command would wait a minute for the catch-up task.
    settings.OUTBOX_HANDOFF_IN_BACKGROUND = True
    settings.CELERY_TASK_ALWAYS_EAGER = False
    handed: list[int] = []

    def slow_broker(pk: int) -> None:
        time.sleep(0.2)
        handed.append(pk)

    previous = outbox._dispatch
    outbox.set_dispatcher(slow_broker)
    try:
        outbox._send_after_commit([41, 42])
        assert handed == []
        assert outbox.drain(timeout=30) is True
        assert handed == [41, 42]
        # A broker slower than the wait: drain gives up, says so, and the rows stay queued.
        outbox._send_after_commit([43])
        assert outbox.drain(timeout=0.01) is False
        assert outbox.drain(timeout=30) is True and handed == [41, 42, 43]
    finally:
        outbox.set_dispatcher(previous)
