"""Fixtures every test layer shares. Layers add their own conftest.py beside their tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    # The real hasher costs ~0.3 s per login or sign-up; tests check behaviour, not key stretching.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    # allauth keeps rate limits and email cooldowns in the cache: one test must not throttle the next.
    cache.clear()


@pytest.fixture(autouse=True)
def _celery_runs_in_process(request: pytest.FixtureRequest) -> Iterator[None]:
    """Tasks queued on commit run in the test process, except where a real worker is the point.

    Otherwise transactional tests would publish into a broker no worker reads.
    """
    if request.node.get_closest_marker("celery_smtp"):
        yield
        return
    from moonweb.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = previous


@pytest.fixture
def keep_test_connection() -> Iterator[None]:
    """Request signals sent inside a test, without Django closing the test's connection.

    Django closes "old" connections when a request starts and ends; sent inside a test (a WSGI call,
    a signal sent by hand), that would close the test's own transaction. Django's test Client
    disconnects the same receiver around its requests."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    # A WSGI client that never closed its last response (schemathesis's) leaves that request
    # unfinished: finish it, so work it deferred (moonweb/after_response.py) does not wait for the
    # next test's request.
    request_finished.send(sender=None)
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def mailbox_dir(settings: Any, tmp_path: Path) -> Path:
    """Emails go through the development mailbox backend into a fresh folder."""
    folder = tmp_path / "mail"
    settings.MAILBOX_DIR = folder
    settings.EMAIL_BACKEND = "moonweb.mailbox.MailboxBackend"
    return folder


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A run in which no test passed (all skipped or deselected) proves nothing: fail it."""
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if exitstatus == pytest.ExitCode.OK and reporter is not None and not reporter.stats.get("passed"):
        session.exitstatus = pytest.ExitCode.NO_TESTS_COLLECTED
