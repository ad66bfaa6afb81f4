"""What a request said to the database, statement by statement, in words a test can pin."""

from __future__ import annotations

import re
from typing import Any

_WRITE = re.compile(r'(?i)\b(INSERT INTO|UPDATE)\s+(?!SET\b)"?(\w+)')
_TABLE = re.compile(r'(?:FROM|INTO|UPDATE)\s+"?(\w+)')


def summary(captured: Any) -> list[str]:
    """Each captured statement as its verb and first table ("SELECT games_game"), savepoints as
    such: a test pins the list, so an added statement fails it and shows which."""
    out = []
    for query in captured.captured_queries:
        sql = query["sql"].lstrip()
        verb = sql.split(None, 1)[0].upper()
        if verb in ("SAVEPOINT", "RELEASE", "ROLLBACK"):
            out.append(verb)
            continue
        if verb == "WITH":  # data-modifying CTEs: every table written, in order
            out.append("WITH " + ", ".join(f"{v.upper().split()[0]} {t}" for v, t in _WRITE.findall(sql)))
            continue
        table = _TABLE.search(sql)
        out.append(f"{verb} {table[1] if table else '?'}")
    return out
