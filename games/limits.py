"""Rate limits of the API and the web pages alike, built on DRF's throttles.

DRF's throttling is already what guards the API, so the web forms reuse the same classes rather
than a second tool: one set of rates (``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``), one way to
name the client (``moonweb.client_ip``), one store (the shared cache). A scope's counter is per
player, so chatting on the page and through the API draw on the same allowance.

Counters are a read-then-write of the cache, as DRF keeps them: a burst of simultaneous requests
may get a few over the limit, never many.
"""

from __future__ import annotations

import math
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest
from rest_framework.permissions import SAFE_METHODS
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from moonweb.client_ip import client_ip

# The scopes of costly actions (settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]).
COMMANDS = "commands"
CHAT = "chat"
TABLES = "tables"
JOINS = "joins"
INVITATIONS = "invitations"


class _Rate(SimpleRateThrottle):
    def get_rate(self) -> str | None:
        # DRF binds the rates when its module is imported; read them now, so changed settings count.
        try:
            return str(api_settings.DEFAULT_THROTTLE_RATES[str(self.scope)])
        except KeyError:
            raise ImproperlyConfigured(f"No throttle rate for the scope {self.scope!r}") from None

    def get_ident(self, request: Any) -> str:
        return client_ip(getattr(request, "_request", request))

    def wait_seconds(self) -> int:
        """Whole seconds before the next request is allowed (at least 1)."""
        return max(1, math.ceil(self.wait() or 1))


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

    def allow_request(self, request: Any, view: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        if self.scope is None:
            self.scope = getattr(view, "throttle_scope", None)
            if self.scope is None:
                return True
            super().__init__()
        return super().allow_request(request, view)

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
