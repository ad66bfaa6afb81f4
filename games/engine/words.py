"""Reading the words of a command line, for every engine's notation."""

from __future__ import annotations

import unicodedata


def is_number(word: str) -> bool:
    """ASCII digits only: ``str.isdigit()`` also accepts "²" and other digits ``int()`` refuses."""
    return word.isascii() and word.isdigit()


def unaccented(word: str) -> str:
    """The word without its accents (decomposed, marks dropped; "²" stays "²"): French may be typed
    with or without them."""
    if word.isascii():
        return word
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))
