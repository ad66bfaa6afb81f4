"""The client's address, the one key every per-address limit uses (DRF, allauth, the web pages).

X-Forwarded-For is written by whoever sends the request: only the entries our own proxies appended
(the last TRUSTED_PROXY_COUNT) can be believed. With no trusted proxy it is ignored altogether and
the address the connection came from is the client's.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    remote = str(request.META.get("REMOTE_ADDR") or "")
    trusted = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0))
    forwarded = str(request.META.get("HTTP_X_FORWARDED_FOR") or "")
    if trusted <= 0 or not forwarded.strip():
        return remote
    addresses = [part.strip() for part in forwarded.split(",")]
    # Our last proxy appended what it saw; the proxies before it, what they saw. A shorter header
    # than the proxies we have means the request skipped some: the first entry is the best we know
    # (as DRF's NUM_PROXIES reads it, so both count the same client).
    return addresses[-min(trusted, len(addresses))] or remote
