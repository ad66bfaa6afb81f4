"""Web forms that cost something (a table, a chat line, an invitation, a seat) are rate limited.

The same scopes and counters as the API (games.limits): a player over the limit gets a 429 page that
says how long to wait, and nothing is changed. Visitors are not counted here: every limited form
needs a signed-in player, and the view sends others to the sign-in page.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import ngettext

from games import limits
from games.views.common import refuse

View = Callable[..., HttpResponse]


def too_many(request: HttpRequest, wait: int) -> HttpResponse:
    message = ngettext(
        "You are going too fast: please wait %(n)s second, then try again.",
        "You are going too fast: please wait %(n)s seconds, then try again.",
        wait,
    ) % {"n": wait}
    response = refuse(request, 429, message)
    response["Retry-After"] = str(wait)
    return response


def rate_limited(scope: str) -> Callable[[View], View]:
    """Count each POST of a signed-in player against ``scope``; over the limit, answer 429."""

    def decorate(view: View) -> View:
        @wraps(view)
        def limited_view(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method == "POST" and request.user.is_authenticated:
                wait = limits.over_limit(request, scope)
                if wait is not None:
                    return too_many(request, wait)
            return view(request, *args, **kwargs)

        return limited_view

    return decorate
