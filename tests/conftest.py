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
