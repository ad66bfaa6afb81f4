"""Django's PostgreSQL backend, checking a kept connection without a round trip.

Connections are kept between requests (settings: ``DATABASE_CONN_MAX_AGE``) and checked before a
request reuses one, so that a connection the server closed is replaced instead of failing the
request. Django's check sends ``SELECT 1``: a round trip before every page and every API call
(0.2 ms median on the benchmark machine, as much as a real query). This one asks the socket: an
idle connection has nothing to read, so a readable one is one the server has closed (a restart,
``pg_terminate_backend``, an idle timeout: the server says goodbye, then the socket ends) or sent
something unasked; either way it is replaced, as Django replaces one that failed its check. A
connection whose failure the client already saw (psycopg marks it broken) is replaced as well.

After an error in a request Django still asks ``is_usable``, which keeps its real query.

Times with a time zone are read by psycopg's compiled loader when the connection's time zone is
UTC (Django's, with ``USE_TZ``): Django registers a subclass of psycopg's pure-Python loader, to
put its own tzinfo on each value, and parsing in Python cost 4.2 µs a value against 0.26 µs (a
Moonrakers move reads about 17: its player's key, the game, its seats and their players). In UTC
both give the same datetime, ``tzinfo=datetime.timezone.utc``.
"""

from __future__ import annotations

import datetime
import select
from typing import Any

import psycopg
from django.db.backends.postgresql import base
from psycopg import pq
from psycopg.types.datetime import TimestamptzLoader

_TIMESTAMPTZ_OID = 1184
# The compiled loader when psycopg has one (psycopg[binary] or [c]), else the Python one.
_COMPILED_TIMESTAMPTZ = psycopg.adapters.get_loader(_TIMESTAMPTZ_OID, pq.Format.TEXT)


class UtcTimestamptzLoader(TimestamptzLoader):
    """Django's loader for a UTC connection (``timezone`` is what its ``create_cursor`` compares),
    with each value parsed by the compiled loader: the instance's ``load`` is that loader's own,
    so reading a value runs no Python."""

    timezone = datetime.UTC

    def __init__(self, oid: int, context: Any = None) -> None:
        super().__init__(oid, context)
        if _COMPILED_TIMESTAMPTZ is not None and _COMPILED_TIMESTAMPTZ is not TimestamptzLoader:
            self.load = _COMPILED_TIMESTAMPTZ(oid, context).load  # type: ignore[method-assign]


class DatabaseWrapper(base.DatabaseWrapper):
    # Django's own attributes (BaseDatabaseWrapper), which the stubs do not declare.
    health_check_enabled: bool
    health_check_done: bool

    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        connection = super().get_new_connection(conn_params)
        # init_connection_state sets the session's time zone to timezone_name ("UTC") next.
        if self.timezone is datetime.UTC and self.timezone_name == "UTC":
            connection.adapters.register_loader("timestamptz", UtcTimestamptzLoader)
        return connection

    def close_if_health_check_failed(self) -> None:
        if self.connection is None or not self.health_check_enabled or self.health_check_done:
            return
        if not self._socket_looks_alive():
            self.close()
        self.health_check_done = True

    def _socket_looks_alive(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed or connection.broken:
            return False
        if connection.pgconn.status != pq.ConnStatus.OK:
            return False
        try:
            readable, _, _ = select.select([connection.fileno()], [], [], 0)
        except (OSError, ValueError):
            return False
        return not readable
