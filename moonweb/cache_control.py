"""``Cache-Control: private, no-store`` on every answer the site builds.

Pages and API answers carry one player's view (their hand, their private chat, their one-click
links), and which ones do depends on the session or the API token, which a middleware does not
know in advance (DRF authenticates inside the view). So every dynamic answer is marked, unless its
view set its own Cache-Control on purpose. Static files are served before this middleware runs
(WhiteNoise), with their own long-lived caching.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control


class PrivateNoStoreMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not response.has_header("Cache-Control"):
            patch_cache_control(response, private=True, no_store=True)
        return response
