"""Crash safety of sending: a worker killed after the SMTP server took a message, before the row is
marked sent, sends it again once restarted, and only once more, under the same Message-ID.

The SMTP server of this test kills the worker's whole process group (SIGKILL: no cleanup runs) as
the message data arrives, before answering: the server holds the message and the row is claimed,
not sent. A second worker, allowed to reclaim at once (NOTIFICATION_RECLAIM_SECONDS=0), is asked
to send what is pending, as the beat's catch-up task does every minute in production.
"""

from __future__ import annotations

import os
import signal
from typing import Any

import pytest

from games import models
from tests.celery_smtp import harness
from tests.factories import make_game, make_user

pytestmark = [pytest.mark.celery_smtp, pytest.mark.django_db(transaction=True)]


class KillingSink(harness.SmtpSink):
    """Keeps every message; on the first one, kills the worker before saying 250."""

    victim: int | None = None

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        answer = await super().handle_DATA(server, session, envelope)
        if self.victim is not None:
            os.killpg(self.victim, signal.SIGKILL)
            self.victim = None
        return answer


def test_a_worker_killed_mid_send_sends_again_once_with_the_same_message_id(
    broker_queue: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    broker, queue = broker_queue
    sink = KillingSink()
    monkeypatch.setattr(harness, "SmtpSink", lambda: sink)
    with harness.smtp_server() as (_sink, port):
        env = harness.child_env(broker=broker, queue=queue, smtp_port=port)
        with harness.local_app_publishing_to(broker, queue):
            with harness.celery_worker(env) as worker:
                sink.victim = worker.process.pid
                ann, bob = make_user("Ann"), make_user("Bob")
                game = make_game(ann, bob, kind="moonrollers")  # the first player's turn email
                first = sink.wait_for(lambda r: "your move" in str(r.message["Subject"]))
                assert worker.process.wait(timeout=20) == -signal.SIGKILL
            row = models.Notification.objects.get(game=game, kind="turn")
            assert row.sent_at is None and row.claimed_at is not None  # the crash window

            # Restarted, allowed to reclaim the dead worker's row at once, and told to catch up.
            from games import tasks

            with harness.celery_worker({**env, "NOTIFICATION_RECLAIM_SECONDS": "0"}):
                tasks.send_pending_notifications.delay()
                second = sink.wait_for(lambda r: "your move" in str(r.message["Subject"]), after=1)
                assert harness.wait_until(
                    lambda: models.Notification.objects.filter(pk=row.pk, sent_at__isnull=False).exists()
                )
                # Once marked sent, another catch-up sends nothing more.
                tasks.send_pending_notifications.delay()
                assert not harness.wait_until(lambda: len(sink.messages) > 2, timeout=3)

    assert len(sink.messages) == 2  # at most one duplicate
    assert first.to == second.to
    assert first.message["Message-ID"] and first.message["Message-ID"] == second.message["Message-ID"]
