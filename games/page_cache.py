"""The process-local cache of what follows from a position: the game page's fragments
(``games.views.fragments``) and a position's view and legal commands (``games.selectors``).

``PAGE_FRAGMENT_CACHE`` names it (settings: memory of each process) and ``PAGE_FRAGMENT_SECONDS``
says how long an entry is kept; 0 turns it off, and the log's lines (``PAGE_LOG_LINE_CACHE``) too.
"""

from __future__ import annotations

from django.conf import settings


def cache_alias() -> str:
    """The cache the entries go to: ``PAGE_FRAGMENT_CACHE`` when configured, else the default."""
    alias = getattr(settings, "PAGE_FRAGMENT_CACHE", "default")
    return alias if alias in settings.CACHES else "default"


def seconds() -> int:
    """How long an entry is kept (0: nothing is cached)."""
    return int(getattr(settings, "PAGE_FRAGMENT_SECONDS", 0))


def log_line_alias() -> str:
    """The cache of the log's lines (``games.views.log``): ``PAGE_LOG_LINE_CACHE`` when configured,
    else the fragments' own."""
    alias = getattr(settings, "PAGE_LOG_LINE_CACHE", "")
    return alias if alias in settings.CACHES else cache_alias()
