"""A kept PostgreSQL connection is checked before a request reuses it, without a round trip
(moonweb/postgresql/base.py): a connection the server closed is replaced, a live one is kept and
nothing is sent on it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection, connections

pytestmark = [
    pytest.mark.django_db,
    # moonweb.postgresql is a PostgreSQL backend: on the SQLite a developer may run without
    # DATABASE_URL there is nothing to check (make test and CI run on PostgreSQL).
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the check is the PostgreSQL backend's"),
]


@pytest.fixture
def kept() -> Iterator[Any]:
    """A connection of its own, as a web process keeps one between requests (not the test's, which
    holds the test's transaction)."""
    wrapper = connections.create_connection("default")
    wrapper.settings_dict["CONN_HEALTH_CHECKS"] = True
    wrapper.ensure_connection()
    yield wrapper
    wrapper.close()


def new_request(wrapper: Any) -> None:
    # What Django does when a request starts and when it first uses the connection.
    wrapper.close_if_unusable_or_obsolete()
    wrapper.close_if_health_check_failed()


def test_the_settings_use_the_backend_with_the_free_check() -> None:
    assert connection.settings_dict["ENGINE"] == "moonweb.postgresql"
    assert connection.settings_dict["CONN_HEALTH_CHECKS"] is True


def test_a_live_connection_is_kept_and_nothing_is_sent_on_it(
    kept: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = kept.connection

    def no_statement(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the check sent a statement")

    monkeypatch.setattr(raw, "cursor", no_statement)
    monkeypatch.setattr(raw, "execute", no_statement)
    new_request(kept)
    assert kept.connection is raw and kept.health_check_done
    monkeypatch.undo()
    with kept.cursor() as cursor:
        cursor.execute("SELECT 41 + 1")
        assert cursor.fetchone() == (42,)


def test_a_connection_the_server_closed_is_replaced_before_the_request_uses_it(kept: Any) -> None:
    with kept.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
        assert cursor.fetchone() == (True,)
    # The server has said goodbye on the socket by the time the next request comes.
    for _ in range(100):
        if not kept._socket_looks_alive():
            break
        time.sleep(0.01)
    dead = kept.connection
    new_request(kept)
    assert kept.connection is not dead
    with kept.cursor() as cursor:  # a new connection, opened on first use: the request works
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != pid
