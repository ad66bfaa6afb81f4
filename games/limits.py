"""Rate limits of the API and the web pages alike, built on DRF's throttles.

DRF's throttling is already what guards the API, so the web forms reuse the same classes rather
than a second tool: one set of rates (``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``), one way to
name the client (``moonweb.client_ip``), one store (the shared cache). A scope's counter is per
player, so chatting on the page and through the API draw on the same allowance.

Counters are a read-then-write of the cache, as DRF keeps them: a burst of simultaneous requests
may get a few over the limit, never many. ``allow`` keeps DRF's rule (a request is counted by every
limit it passes, even when another refuses it) but reads all the request's counters in one round
trip to the cache and writes them in one, after the response is sent: a command counts against the
player's limit and the action's, and was four round trips before its answer.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest
from rest_framework.permissions import SAFE_METHODS
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle, SimpleRateThrottle

from moonweb import after_response
from moonweb.client_ip import client_ip

# The scopes of costly actions (settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]).
COMMANDS = "commands"
CHAT = "chat"
TABLES = "tables"
JOINS = "joins"
INVITATIONS = "invitations"


class _Rate(SimpleRateThrottle):
    # Set by SimpleRateThrottle.__init__ from the rate (the stubs do not declare them).
    num_requests: int
    duration: int

    def get_rate(self) -> str | None:
        # DRF binds the rates when its module is imported; read them now, so changed settings count.
        try:
            return str(api_settings.DEFAULT_THROTTLE_RATES[str(self.scope)])
        except KeyError:
            raise ImproperlyConfigured(f"No throttle rate for the scope {self.scope!r}") from None

    def get_ident(self, request: Any) -> str:
        return client_ip(getattr(request, "_request", request))

    def counter_key(self, request: Any, view: Any) -> str | None:
        """The cache key counting this request, or None when this limit does not apply to it."""
        if self.rate is None:
            return None
        return self.get_cache_key(request, view)

    def allow_request(self, request: Any, view: Any) -> bool:
        return not allow([self], request, view)

    def count(self, history: Sequence[float], now: float) -> bool:
        """DRF's sliding window on the history read from the cache: drop what is older than the
        window, then refuse when it is full, or record this request.

        The history is kept as an array of doubles, not DRF's list of floats: the cache pickles it
        as one block of bytes. A bot at its full allowance (1,200 requests a minute) has 1,200
        entries, which took 65 µs to pickle and unpickle as a list and 9 µs as an array (6,000
        entries: 298 against 17 µs). A list stored before is read as well."""
        if not isinstance(history, array):
            history = array("d", history)
        self.history, self.now = history, now  # type: ignore[assignment]
        while history and history[-1] <= now - self.duration:
            history.pop()
        if len(history) >= self.num_requests:
            return bool(self.throttle_failure())
        history.insert(0, now)
        return True

    def wait_seconds(self) -> int:
        """Whole seconds before the next request is allowed (at least 1)."""
        return max(1, math.ceil(self.wait() or 1))


def allow(throttles: Sequence[BaseThrottle], request: Any, view: Any) -> list[float | None]:
    """Count the request against every limit: the waits of those that refuse it (empty: allowed).

    The counters of our limits are read with one ``get_many`` and the ones that grew written with
    one ``set_many`` (for as long as the longest window: an entry past its own window is dropped
    when read). Other throttles are asked one by one, as DRF asks them.
    """
    waits: list[float | None] = []
    keyed: list[tuple[_Rate, str]] = []
    for throttle in throttles:
        if isinstance(throttle, _Rate):
            key = throttle.counter_key(request, view)
            if key is not None:
                keyed.append((throttle, key))
        elif not throttle.allow_request(request, view):
            waits.append(throttle.wait())
    if not keyed:
        return waits
    store = keyed[0][0].cache
    found = store.get_many([key for _, key in keyed])
    now = keyed[0][0].timer()
    grown: dict[str, Sequence[float]] = {}
    for throttle, key in keyed:
        throttle.key = key
        if throttle.count(found.get(key, []), now):
            grown[key] = throttle.history
        else:
            waits.append(throttle.wait())
    if grown:
        timeout = max(throttle.duration for throttle, _ in keyed)
        # Written once the response is sent (moonweb.after_response): the request is counted
        # already, and its answer does not wait for the round trip. A request the same player sends
        # meanwhile to another process may miss this one, as with simultaneous requests (above).
        after_response.defer(lambda: store.set_many(grown, timeout))
    return waits


class VisitorRate(_Rate):
    """Every request of someone not signed in, per client address."""

    scope = "visitor"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        if request.user and request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class PlayerRate(_Rate):
    """Every request of a signed-in player, per account."""

    scope = "player"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        if not (request.user and request.user.is_authenticated):
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class ActionRate(_Rate):
    """A costly action (a view's ``throttle_scope``): only its POSTs count, per player or address."""

    def __init__(self, scope: str | None = None) -> None:
        # DRF builds throttles without arguments and reads the scope from the view.
        self.scope = scope  # type: ignore[assignment]
        if scope is not None:
            super().__init__()

    def counter_key(self, request: Any, view: Any) -> str | None:
        if request.method in SAFE_METHODS:
            return None
        if self.scope is None:
            self.scope = getattr(view, "throttle_scope", None)
            if self.scope is None:
                return None
            super().__init__()
        return super().counter_key(request, view)

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        user = getattr(request, "user", None)
        ident = user.pk if user is not None and user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


def over_limit(request: HttpRequest, scope: str) -> int | None:
    """Counts one ``scope`` action of this request: None when allowed, else seconds to wait."""
    throttle = ActionRate(scope)
    if throttle.allow_request(request, None):
        return None
    return throttle.wait_seconds()
