"""A database that cannot be reached answers 503 "try again", not a 500 with a traceback.

When the connection drops in the middle of a request (a restart, a failover, a killed backend),
the transaction it carried is rolled back by the server: nothing of the command was written. The
player is told so, with Retry-After; Django closes the broken connection when the request ends
(``close_old_connections``) and the next request opens a new one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 30


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        log.error("database unavailable during %s %s: %s", request.method, request.path, exception)
        message = _("The database could not be reached: nothing was played or saved. Try again in a moment.")
        response: HttpResponse
        if request.path.startswith("/api/"):
            response = JsonResponse({"detail": message, "code": "unavailable"}, status=503)
        else:
            # A page of its own, with no base template: the base reads the session (the database).
            response = HttpResponse(render_to_string("unavailable.html", {"message": message}), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
