"""The API's JSON parser: DRF's, plus the limits that keep hostile bodies from becoming 500s.

Python's json module accepts two things nothing downstream can handle: strings holding lone UTF-16
surrogates (``"\\ud800"`` is valid JSON escaping, but no UTF-8 encoder, database or renderer takes
it), and nesting as deep as the body is long (100,000 ``[`` exhaust the interpreter's recursion
limit). Both are refused here, before any serializer or query sees them, as a 400 ``parse_error``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

# No request body of this API nests more than three levels (an object of options); 32 is generous
# for scripts and far below the interpreter's recursion limit.
MAX_DEPTH = 32


def check_value(data: Any) -> None:
    """ParseError when the parsed JSON nests deeper than MAX_DEPTH or holds a lone surrogate."""
    # Iterative, so a deep document cannot exhaust the stack here either.
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            _check_text(value)
            continue
        if not isinstance(value, (list, Mapping)):
            continue
        if depth > MAX_DEPTH:
            raise ParseError(_("JSON nested more than %(n)d levels deep is refused.") % {"n": MAX_DEPTH})
        if isinstance(value, Mapping):
            for key, item in value.items():
                _check_text(key)
                stack.append((item, depth + 1))
        else:
            stack.extend((item, depth + 1) for item in value)


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ParseError(
            _("The JSON holds an escape that is no character (a lone surrogate): send valid text.")
        ) from None


class SafeJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(
                _("JSON nested more than %(n)d levels deep is refused.") % {"n": MAX_DEPTH}
            ) from None
        check_value(data)
        return data
