"""Refuse requests carrying text no part of the site can store or show: a 400 that says so.

PostgreSQL text cannot hold a NUL byte, and no UTF-8 encoder takes a lone surrogate: either one
reaching a query or a renderer is a 500. A URL such as ``/games/invite/%00/`` reaches a lookup by
token before any form could validate it, so the check is made once, here, for the path, the query
string, the headers and the posted form fields, before any view runs. Cookies holding such bytes
are dropped rather than refused: a browser that stored one must not be locked out of the site.

Posts to views exempt from CSRF (the inbound-mail webhook) are left to their view: their body is a
raw message that is read as bytes and may rightly carry anything.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def is_storable(text: str) -> bool:
    """Whether a string can reach the database and a UTF-8 page: no NUL, no lone surrogate."""
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _all_storable(pairs: Iterable[tuple[str, Any]]) -> bool:
    return all(
        is_storable(key) and all(is_storable(v) for v in values if isinstance(v, str))
        for key, values in pairs
    )


def bad_request(request: HttpRequest) -> HttpResponse:
    message = _("This request holds a NUL byte or an invalid character, which no page here accepts.")
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": message, "code": "invalid"}, status=400)
    return render(request, "bad_request.html", {"message": message}, status=400)


class InputGuardMiddleware:
    """Placed before the session middleware, so a bad session cookie is dropped before it is read."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        for name, value in list(request.COOKIES.items()):
            if not (is_storable(name) and is_storable(value)):
                del request.COOKIES[name]
        headers = ((key, [value]) for key, value in request.META.items() if key.startswith("HTTP_"))
        if not (
            is_storable(request.path)
            and is_storable(request.path_info)
            and _all_storable(request.GET.lists())
            and _all_storable(headers)
        ):
            return bad_request(request)
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: Any, kwargs: Any
    ) -> HttpResponse | None:
        if request.method != "POST" or getattr(view, "csrf_exempt", False):
            return None
        if not (request.content_type or "").startswith(FORM_TYPES):
            return None
        if not _all_storable(request.POST.lists()):
            return bad_request(request)
        return None
