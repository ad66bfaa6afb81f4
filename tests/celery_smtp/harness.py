"""A real mail pipeline for tests and the latency benchmark: an SMTP server on loopback, a Celery
worker subprocess on Redis, and ``manage.py receive_email`` as an MTA would pipe it.

Everything is started on demand and stopped by its context manager; the worker gets a queue of
its own, so it never takes tasks from another run sharing the same Redis.
"""

from __future__ import annotations

import contextlib
import email.policy
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

from aiosmtpd.controller import Controller
from django.conf import settings

BASE_DIR = Path(__file__).resolve().parents[2]
DEFAULT_BROKER = "redis://127.0.0.1:6379/3"


def broker_url() -> str:
    """CELERY_SMTP_BROKER_URL, else the suite's Redis broker, else Redis database 3."""
    explicit = os.environ.get("CELERY_SMTP_BROKER_URL")
    if explicit:
        return explicit
    configured = str(getattr(settings, "CELERY_BROKER_URL", ""))
    return configured if configured.startswith("redis://") else DEFAULT_BROKER


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Received:
    at: float  # time.time() when the server got the message's data
    to: list[str]
    message: EmailMessage


@dataclass
class SmtpSink:
    """Collects every message; ``wait_for`` polls (with a timeout, no fixed sleep) for one."""

    messages: list[Received] = field(default_factory=list)
    changed: threading.Condition = field(default_factory=threading.Condition)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        at = time.time()
        message = BytesParser(policy=email.policy.default).parsebytes(envelope.content)
        assert isinstance(message, EmailMessage)
        with self.changed:
            self.messages.append(Received(at, [str(r).lower() for r in envelope.rcpt_tos], message))
            self.changed.notify_all()
        return "250 OK"

    def wait_for(
        self, match: Callable[[Received], bool], *, timeout: float = 20.0, after: int = 0
    ) -> Received:
        """The first message (from index ``after`` on) that matches, waiting for it if needed."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                for received in self.messages[after:]:
                    if match(received):
                        return received
                left = deadline - time.monotonic()
                if left <= 0:
                    seen = [(r.to, r.message["Subject"]) for r in self.messages]
                    raise TimeoutError(f"no matching email within {timeout} s; received: {seen}")
                self.changed.wait(left)


@contextlib.contextmanager
def smtp_server() -> Iterator[tuple[SmtpSink, int]]:
    # aiosmtpd logs every SMTP command at INFO: too much for a test report.
    logging.getLogger("mail.log").setLevel(logging.WARNING)
    sink = SmtpSink()
    port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield sink, port
    finally:
        controller.stop()


def database_url() -> str:
    """The URL of the database Django uses now (during a test: the test database)."""
    db = settings.DATABASES["default"]
    user, password = quote(str(db["USER"]), safe=""), quote(str(db["PASSWORD"]), safe="")
    return (
        f"postgres://{user}:{password}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"
    )


def child_env(*, broker: str, queue: str, smtp_port: int) -> dict[str, str]:
    """The environment of the worker and of receive_email: same database, broker queue and SMTP."""
    env = dict(os.environ)
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "moonweb.settings",
            "DATABASE_URL": database_url(),
            "CELERY_BROKER_URL": broker,
            "CELERY_TASK_DEFAULT_QUEUE": queue,
            "CELERY_TASK_ALWAYS_EAGER": "0",
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(smtp_port),
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "SITE_URL": settings.SITE_URL,
            "REPLY_DOMAIN": settings.REPLY_DOMAIN,
            "PYTHONUNBUFFERED": "1",
        }
    )
    return env


@dataclass
class Worker:
    process: subprocess.Popen[str]
    log: list[str]


@contextlib.contextmanager
def celery_worker(env: dict[str, str], *, ready_timeout: float = 45.0) -> Iterator[Worker]:
    """A real ``celery -A moonweb worker`` on the env's queue, stopped (and waited for) on exit."""
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "moonweb",
        "worker",
        "--pool=solo",
        "--queues",
        env["CELERY_TASK_DEFAULT_QUEUE"],
        "--hostname",
        f"mailtest-{uuid.uuid4().hex[:8]}@%h",
        "--without-gossip",
        "--without-mingle",
        "--without-heartbeat",
        "--loglevel=INFO",
    ]
    process = subprocess.Popen(
        command,
        cwd=BASE_DIR,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    log: list[str] = []
    ready = threading.Event()

    def drain() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            log.append(line.rstrip())
            if " ready." in line:
                ready.set()

    threading.Thread(target=drain, daemon=True).start()
    try:
        deadline = time.monotonic() + ready_timeout
        while not ready.wait(0.1):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the Celery worker did not start:\n" + "\n".join(log[-40:]))
        yield Worker(process, log)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


@contextlib.contextmanager
def local_app_publishing_to(broker: str, queue: str) -> Iterator[None]:
    """Make this process's Celery app publish for real to ``broker``/``queue`` (not eagerly)."""
    from moonweb.celery import app

    saved = {k: app.conf[k] for k in ("broker_url", "task_default_queue", "task_always_eager")}

    def reset_connections() -> None:
        app._pool = None
        with contextlib.suppress(AttributeError, KeyError):
            app.__dict__["amqp"]._producer_pool = None

    app.conf.update(broker_url=broker, task_default_queue=queue, task_always_eager=False)
    reset_connections()
    try:
        yield
    finally:
        app.conf.update(saved)
        reset_connections()


def receive_email(
    raw: bytes, env: dict[str, str], *, timeout: float = 60.0
) -> subprocess.CompletedProcess[bytes]:
    """Pipe one raw message into ``manage.py receive_email``, as an MTA does."""
    return subprocess.run(
        [sys.executable, str(BASE_DIR / "manage.py"), "receive_email"],
        input=raw,
        env=env,
        cwd=BASE_DIR,
        capture_output=True,
        timeout=timeout,
        check=False,
    )


def wait_until(condition: Callable[[], bool], *, timeout: float = 10.0, every: float = 0.05) -> bool:
    """Poll ``condition`` until it holds or ``timeout`` passes; whether it held."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(every)
    return True


def new_queue() -> str:
    return f"moonweb-mailtest-{uuid.uuid4().hex[:12]}"


def forget_queue(broker: str, queue: str) -> None:
    """Delete what kombu left in Redis for a throw-away queue (the queue and its bindings)."""
    import redis

    client = redis.Redis.from_url(broker)
    try:
        client.delete(queue, f"_kombu.binding.{queue}", f"_kombu.binding_permanent.{queue}")
    finally:
        client.close()
