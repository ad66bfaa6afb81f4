"""Fixtures shared by the tests that run a real Celery worker."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.celery_smtp import harness


@pytest.fixture
def broker_queue(django_db_setup: None) -> Iterator[tuple[str, str]]:
    """The suite's Redis and a queue of this test's own, emptied afterwards."""
    broker, queue = harness.broker_url(), harness.new_queue()
    try:
        yield broker, queue
    finally:
        harness.forget_queue(broker, queue)
