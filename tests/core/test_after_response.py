"""Work deferred until a request's response is sent (moonweb/after_response.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.signals import request_finished, request_started

from moonweb import after_response


@pytest.fixture
def signals(keep_test_connection: None) -> Iterator[None]:
    after_response._request.deferred = None  # no request in progress in this thread
    yield
    after_response._request.deferred = None


def test_outside_a_request_the_work_runs_at_once(signals: None) -> None:
    done: list[str] = []
    after_response.defer(lambda: done.append("now"))
    assert done == ["now"]


def test_inside_a_request_it_runs_once_the_response_is_finished_in_order(signals: None) -> None:
    done: list[str] = []
    request_started.send(sender=None)
    after_response.defer(lambda: done.append("first"))
    after_response.defer(lambda: done.append("second"))
    assert done == []
    request_finished.send(sender=None)
    assert done == ["first", "second"]
    after_response.defer(lambda: done.append("after"))  # the request is over: at once
    assert done == ["first", "second", "after"]


def test_a_failing_piece_of_work_is_logged_and_the_others_still_run(
    signals: None, caplog: pytest.LogCaptureFixture
) -> None:
    done: list[str] = []

    def broken() -> Any:
        raise ConnectionError("the cache is down")

    request_started.send(sender=None)
    after_response.defer(broken)
    after_response.defer(lambda: done.append("still"))
    request_finished.send(sender=None)
    assert done == ["still"]
    assert "work deferred after a response failed" in caplog.text


def test_work_left_by_a_request_that_never_finished_runs_when_the_next_one_starts(signals: None) -> None:
    done: list[str] = []
    request_started.send(sender=None)
    after_response.defer(lambda: done.append("left"))
    request_started.send(sender=None)  # no request_finished in between
    assert done == ["left"]
    request_finished.send(sender=None)
    assert done == ["left"]
