"""The parts of the game page that follow from the position alone, rendered once per reader.

The board, the log, "since you last played" and the forms of the reader's decision are functions of
the game's events (its seq), the reader's seat, their language and the players' names; nothing
else (no clock, no error). The page caches those fragments under exactly that key (``{% cache %}``
in ``games/game.html``), so reloading a page, or a second reader in the same seat and language,
costs none of their reads or rendering. Any new event (a move, a chat line, a resignation, a bot
taking over) moves the seq and so the key: an entry is never stale, only unused, and drops out by
age or by the cache's size limit.

Three fragments show more than the position: the head (the table's settings), the players' list
(names, bots, clocks and absences, written in the reader's zone) and the reader's standing answers.
Their key adds a ``digest`` of exactly that, and for the clocks the minute, so a vacation, a moved
deadline or a standing answer set from the API shows at once, and "5 minutes left" is at most a
minute old. Drawn in full, the three took about 2.5 ms of a negotiation page's template time.

The decision's forms carry one thing of the request's own: its CSRF token, which belongs to the
browser (another browser of the same player has another). The cached forms carry
``csrf_placeholder()`` where the token goes, and ``with_csrf_token`` writes the request's token in
its place once the page is drawn. (A negotiation's forms took 6 ms of the template's 11 to draw,
every time the page was shown.)

The cache is ``PAGE_FRAGMENT_CACHE`` (settings): memory of the process, not the shared cache. A
fragment is not shared state (each process renders the same HTML for the same key), and a restart
after a deploy (new templates, new static file names) starts empty, which a shared cache would not.
The key also holds the game's seed digest: a test database that gives the same id to another game
never meets an older game's fragments.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils import translation
from django.utils.crypto import salted_hmac

from games import models
from games.page_cache import cache_alias as cache_alias
from games.page_cache import seconds as seconds

T = TypeVar("T")


def fragment_key(game: models.Game, seat: int | None, names: Mapping[int, str]) -> str:
    """(game, seq, seat, language) and the players' names, which a player may change at any time."""
    return f"{game_key(game)}:{game.last_seq}:{reader_key(seat, names)}"


def game_key(game: models.Game) -> str:
    """The game, and its seed's digest: a test database that gives the same id to another game
    never meets an older game's entries."""
    return f"{game.pk}:{game.seed_sha256[:16]}"


def reader_key(seat: int | None, names: Mapping[int, str]) -> str:
    """Who reads: their seat (what they may know), their language and the players' names."""
    return f"{seat}:{translation.get_language() or ''}:{digest(sorted(names.items()))}"


def chat_key(seat: int | None, names: Mapping[int, str]) -> str:
    """The empty chat form's key: the seats it may write to (their names, less the reader's own
    seat) in the reader's language. The same in every game with the same players."""
    return reader_key(seat, names)


def digest(*values: object) -> str:
    """A short name for what a fragment shows beyond the position (``fragment_key``): the seats'
    clocks, a player's standing answers, the table's settings. Passed after ``fragment_key`` in
    ``{% cache %}``, so that fragment is drawn anew whenever one of them changes. ``repr`` names
    these values fully (dataclasses, dates, JSON read back in the order it was written)."""
    return hashlib.sha256(repr(values).encode()).hexdigest()[:16]


class Once(Generic[T]):
    """A value computed the first time a template asks for it, then kept: the page's costly reads
    happen only when their fragment is not in the cache. (Templates call a callable they meet.)"""

    def __init__(self, compute: Callable[[], T]) -> None:
        self._compute = compute
        self._done = False
        self._value: T | None = None

    def __call__(self) -> T:
        if not self._done:
            self._value = self._compute()
            self._done = True
        return self._value  # type: ignore[return-value]  # set just above


@functools.cache
def csrf_placeholder() -> str:
    """What a cached form carries where the request's CSRF token goes: the same in every process
    (it is derived from SECRET_KEY, as a shared fragment cache needs), and no player can guess it to
    write it in a name or a chat line (where it would only show the reader their own token)."""
    return "csrf-placeholder-" + salted_hmac("games.views.fragments.csrf", "placeholder").hexdigest()[:32]


def with_csrf_token(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """The page with the request's own CSRF token in every form a cached fragment drew."""
    placeholder = csrf_placeholder().encode()
    if placeholder in response.content:
        response.content = response.content.replace(placeholder, get_token(request).encode())
    return response
