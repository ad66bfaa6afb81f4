"""/healthz: 200 when the database and the broker answer, 503 when one does not; the reason (which
check failed and its exception) is shown to staff only."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection, connections
from django.test import Client

from moonweb import health
from tests.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(db: None) -> Client:
    client = Client()
    client.force_login(make_user("Admin", is_staff=True))
    return client


@pytest.fixture
def closed_port() -> int:
    """A loopback port nothing listens on: bound by us, then released."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def filesystem_broker(settings: Any, tmp_path: Path) -> Path:
    folders = {key: tmp_path / key for key in ("data_folder_in", "data_folder_out", "control_folder")}
    for folder in folders.values():
        folder.mkdir()
    settings.CELERY_BROKER_URL = "filesystem://"
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {key: str(folder) for key, folder in folders.items()}
    return tmp_path


def test_it_answers_200_when_database_and_broker_answer(staff_client: Client) -> None:
    response = staff_client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "checks": {"database": {"ok": True}, "broker": {"ok": True}}}
    assert "no-cache" in response["Cache-Control"]


def test_everyone_but_staff_gets_the_status_alone(client: Client, settings: Any, closed_port: int) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    player = Client()
    player.force_login(make_user("Ann"))
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{closed_port}/0"
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {}

    for visitor in (client, player):
        response = visitor.get("/healthz")
        assert response.status_code == 503
        assert response.json() == {"status": "error"}
        assert "refused" not in response.content.decode().lower()


def test_it_answers_503_with_the_reason_when_the_broker_is_down(
    staff_client: Client, settings: Any, closed_port: int
) -> None:
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{closed_port}/0"
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {}

    response = staff_client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "error"
    assert body["checks"]["database"] == {"ok": True}
    assert body["checks"]["broker"]["ok"] is False
    assert "refused" in body["checks"]["broker"]["error"].lower()


@pytest.fixture
def unreachable_database(monkeypatch: pytest.MonkeyPatch, closed_port: int) -> Iterator[None]:
    # A real connection attempt to a port where no PostgreSQL listens, in place of the default.
    real = connections["default"]
    dead = type(real)({**real.settings_dict, "HOST": "127.0.0.1", "PORT": closed_port}, "default")
    monkeypatch.setattr(health, "connections", {"default": dead})
    yield
    dead.close()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs a database reached over the network")
def test_it_answers_503_with_the_reason_when_the_database_is_down(
    staff_client: Client, unreachable_database: None
) -> None:
    response = staff_client.get("/healthz")

    assert response.status_code == 503
    database = response.json()["checks"]["database"]
    assert database["ok"] is False
    assert database["error"].startswith("OperationalError")


def test_it_checks_the_folders_of_the_filesystem_broker(
    staff_client: Client, filesystem_broker: Path
) -> None:
    assert staff_client.get("/healthz").status_code == 200

    (filesystem_broker / "control_folder").rmdir()
    response = staff_client.get("/healthz")

    assert response.status_code == 503
    assert "control_folder does not exist" in response.json()["checks"]["broker"]["error"]


def test_it_refuses_to_change_anything(client: Client) -> None:
    assert client.post("/healthz").status_code == 405
