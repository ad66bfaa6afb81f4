"""/healthz: 200 when the database and the Celery broker answer, 503 when not.

Meant for load balancers and uptime checks, so it is cheap, never cached and needs no login. The
answer to everyone is the status code and ``{"status": "ok"|"error"}``; which check failed, and its
exception text (host names, ports, paths), is shown to signed-in staff only.
"""

from __future__ import annotations

import os
from pathlib import Path

from django.conf import settings
from django.db import connections
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from kombu import Connection


def check_database() -> str | None:
    """None when a query runs, else the reason."""
    try:
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any failure is the answer we report, not a crash
        return f"{type(exc).__name__}: {exc}".strip()
    return None


def check_broker() -> str | None:
    """None when the broker accepts a connection, else the reason."""
    url: str = settings.CELERY_BROKER_URL
    options: dict[str, object] = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", None) or {}
    if url.startswith("filesystem:"):
        # kombu's filesystem transport "connects" to anything: what matters is the folders.
        for key in ("data_folder_in", "data_folder_out", "control_folder"):
            folder = Path(str(options.get(key, "")))
            if not folder.is_dir():
                return f"broker folder {folder} does not exist"
            if not os.access(folder, os.W_OK):
                return f"broker folder {folder} is not writable"
        return None
    timeout = settings.HEALTH_BROKER_TIMEOUT
    try:
        with Connection(url, connect_timeout=timeout, transport_options=options) as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=timeout)
    except Exception as exc:  # as above: the reason goes into the answer
        return f"{type(exc).__name__}: {exc}".strip()
    return None


def is_staff(request: HttpRequest) -> bool:
    """Whether the requester is signed-in staff; False when that cannot be known (database down)."""
    try:
        return bool(request.user.is_authenticated and request.user.is_staff)
    except Exception:  # the session lives in the database: when it is down, nobody is staff
        return False


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    reasons = {"database": check_database(), "broker": check_broker()}
    healthy = all(reason is None for reason in reasons.values())
    body: dict[str, object] = {"status": "ok" if healthy else "error"}
    if is_staff(request):
        body["checks"] = {
            name: {"ok": reason is None, **({"error": reason} if reason else {})}
            for name, reason in reasons.items()
        }
    return JsonResponse(body, status=200 if healthy else 503)
