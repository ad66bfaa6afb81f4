"""Work a request does once its response has been sent.

Some of a request's work is not part of its answer: handing a committed move's messages to the
broker (about 1 ms of CPU), writing the rate limits' counters (a round trip to the cache). Done
before the answer, it delays it; done from another thread, it competes with the answer being drawn.
``defer`` runs it when Django signals that the response is finished (``request_finished``, sent
when the server has written the response and closes it): the client has its answer, and the
process does the rest before it takes the next request. Outside a request (a task, a command, a
test calling a service), it runs at once.

If a request never finishes (the process is killed), its deferred work is lost, as it would be at
any moment: each caller says what recovers from that.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from django.core.signals import request_finished, request_started

logger = logging.getLogger(__name__)

_request = threading.local()  # ``deferred``: the work of the request this thread is serving


def defer(work: Callable[[], Any]) -> None:
    """Run ``work`` once this thread's request has been answered, or now outside a request."""
    deferred: list[Callable[[], Any]] | None = getattr(_request, "deferred", None)
    if deferred is None:
        work()
    else:
        deferred.append(work)


def _start(**kwargs: Any) -> None:
    _finish()  # anything a request that did not finish left behind
    _request.deferred = []


def _finish(**kwargs: Any) -> None:
    deferred = getattr(_request, "deferred", None)
    _request.deferred = None
    for work in deferred or ():
        try:
            work()
        except Exception:  # the answer is sent: a failure here is logged, not the client's
            logger.exception("work deferred after a response failed")


request_started.connect(_start, dispatch_uid="moonweb-after-response-start")
request_finished.connect(_finish, dispatch_uid="moonweb-after-response-finish")
