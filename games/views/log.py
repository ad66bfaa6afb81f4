"""The game page's log: each line drawn once per reader, not once per position.

The log fragment is keyed by the position (``fragments.fragment_key``), so every move draws it
anew, though all its lines but the newest were drawn for the position before: reading 40 events,
redacting them for the reader, rendering their messages and drawing their HTML took about 5 ms of
a first view's 25-30. A line follows from its event alone, the reader's seat (what they may know
of it), their language and the players' names (``selectors.redact_row`` reads nothing else), so
each is kept under exactly that (in ``PAGE_LOG_LINE_CACHE``: memory of the process, as the
fragments); a new position reads and draws only its new events. An event the reader may not see is
kept as an empty line. Seqs run from 1 without a gap (``store.append``), so the newest lines' keys
follow from ``game.last_seq`` before any read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.core.cache import caches
from django.utils.safestring import SafeString, mark_safe

from games import models, page_cache, selectors
from games.templatetags.games_tags import log_line as log_line_html
from games.views.fragments import game_key, reader_key
from games.views.present import log_line


@dataclass(frozen=True)
class DrawnLine:
    seq: int
    html: SafeString  # games_tags.log_line, drawn for the reader


def recent_lines(game: models.Game, seat: int | None, names: Mapping[int, str]) -> list[DrawnLine]:
    """The reader's lines of the newest ``selectors.RECENT_LOG`` events, oldest first (those of
    ``selectors.event_log(game, seat, limit=RECENT_LOG)``, drawn)."""
    last = game.last_seq
    seqs = range(max(1, last - selectors.RECENT_LOG + 1), last + 1)
    seconds = page_cache.seconds()
    cache = caches[page_cache.log_line_alias()] if seconds > 0 else None
    prefix = f"log-line:{game_key(game)}:{reader_key(seat, names)}:"
    keys = {seq: f"{prefix}{seq}" for seq in seqs}
    found: dict[str, str] = cache.get_many(list(keys.values())) if cache is not None else {}
    missing = [seq for seq in seqs if keys[seq] not in found]
    if missing:
        entries = selectors.event_log(game, seat, since=missing[0] - 1, upto=missing[-1])
        visible = {entry["seq"]: entry for entry in entries}
        drawn = {
            keys[seq]: log_line_html(log_line(visible[seq], names)) if seq in visible else ""
            for seq in missing
        }
        if cache is not None:
            cache.set_many(drawn, seconds)
        found.update(drawn)
    return [DrawnLine(seq, mark_safe(found[keys[seq]])) for seq in seqs if found[keys[seq]]]  # noqa: S308 - drawn by our template
