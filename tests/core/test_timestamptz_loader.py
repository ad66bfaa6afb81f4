"""Times with a time zone are read by psycopg's compiled loader on a UTC connection
(moonweb/postgresql/base.py), and read exactly as Django's own loader reads them."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.backends.postgresql.psycopg_any import BaseTzLoader

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the loader is the PostgreSQL backend's"),
]

VALUES = (
    "SELECT '2026-11-27 20:52:08.022034+00'::timestamptz, '2026-01-01 10:00:00+02'::timestamptz,"
    " '1999-12-31 23:59:59.5-05:30'::timestamptz, NULL::timestamptz"
)


def _read(register_django_loader: bool) -> list[datetime.datetime | None]:
    with connection.cursor() as cursor:
        if register_django_loader:  # Django's own, on this cursor only

            class Django(BaseTzLoader):
                timezone = datetime.UTC

            cursor.cursor.adapters.register_loader("timestamptz", Django)
        cursor.execute(VALUES)
        row = cursor.fetchone()
    return list(row)


def test_the_connection_reads_times_with_the_compiled_loader() -> None:
    from moonweb.postgresql.base import UtcTimestamptzLoader

    connection.ensure_connection()
    loader_class = connection.connection.adapters.get_loader(1184, 0)
    assert loader_class is UtcTimestamptzLoader
    loader = loader_class(1184, connection.connection)
    # Not the pure-Python parser Django's loader inherits.
    assert "_load_iso" not in repr(loader.load) and "CLoader" in repr(loader.load)


def test_the_values_are_those_django_reads() -> None:
    ours, django = _read(False), _read(True)
    assert ours == django
    assert [v.tzinfo for v in ours if v is not None] == [datetime.UTC] * 3
    assert ours[1] == datetime.datetime(2026, 1, 1, 8, 0, tzinfo=datetime.UTC)
    assert ours[3] is None
