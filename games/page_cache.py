"""The process-local cache of what follows from a position: the game page's fragments
(``games.views.fragments``) and a position's view and legal commands (``games.selectors``).

``PAGE_FRAGMENT_CACHE`` names it (settings: memory of each process) and ``PAGE_FRAGMENT_SECONDS``
says how long an entry is kept; 0 turns it off, and the log's lines (``PAGE_LOG_LINE_CACHE``) too.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe


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


def _kept() -> int:
    """How long a drawn part is kept: not at all in development (DEBUG), so an edited template shows
    at once."""
    return 0 if settings.DEBUG else seconds()


def _draw(template_name: str, context: Mapping[str, Any]) -> SafeString:
    return mark_safe(render_to_string(template_name, dict(context)))  # noqa: S308 - a template's output


# A face's values: text, numbers, and tuples of them (a form's choices).
Plain = str | int | tuple["Plain", ...]


def face(template_name: str, **context: Plain) -> SafeString:
    """``template_name`` drawn from a few plain values (a card's slug, a count, a form's choices),
    once per process and language: a printed card looks the same wherever it lies and whoever reads
    it, and a board draws dozens. Kept by the values themselves (no digest, no pickling: about 1 us
    a face)."""
    if _kept() <= 0:
        return _draw(template_name, context)
    return _face(template_name, translation.get_language() or "", tuple(sorted(context.items())))


@functools.lru_cache(maxsize=4096)
def _face(template_name: str, language: str, context: tuple[tuple[str, Plain], ...]) -> SafeString:
    # ``language`` is the active one (part of the key); render_to_string draws in it.
    return _draw(template_name, dict(context))


def drawn(template_name: str, context: Mapping[str, Any]) -> SafeString:
    """``template_name`` drawn with ``context``, kept in the page cache under a digest of the
    language and of everything in ``context``: a part of a board that a move leaves as it was (a
    captain, a card, a player) is not drawn again at the next position. The context must hold all
    the template reads (it is drawn without the request's), in an order that does not vary (a view's
    JSON is written in its fields' order)."""
    kept = _kept()
    if kept <= 0:
        return _draw(template_name, context)
    read = repr((template_name, translation.get_language(), sorted(context.items())))
    key = "drawn:" + hashlib.sha256(read.encode()).hexdigest()
    cache = caches[cache_alias()]
    html = cache.get(key)
    if html is None:
        html = _draw(template_name, context)
        cache.set(key, html, kept)
    return mark_safe(html)  # noqa: S308 - a template's output
