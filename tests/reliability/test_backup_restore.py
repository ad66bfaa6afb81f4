"""Backups as the README's "Backups" section says: pg_dump, then restore into an empty database;
``rebuild_state`` finds every game's cache equal to its events, and a game goes on with a command.

The dump is of the test database (committed data: a transactional test); the restore goes to a
scratch database beside it (its name + "_restore"), created and dropped here, with the same
client tools (pg_dump, pg_restore, createdb, dropdb) an operator uses.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from games import models
from tests.celery_smtp import harness
from tests.factories import make_game, make_user
from tests.reliability.play import play_one

BASE_DIR = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL dump and restore"),
    pytest.mark.skipif(shutil.which("pg_dump") is None, reason="needs the PostgreSQL client tools"),
]


def pg_env() -> dict[str, str]:
    db = settings.DATABASES["default"]
    return {
        **os.environ,
        "PGHOST": str(db.get("HOST") or "127.0.0.1"),
        "PGPORT": str(db.get("PORT") or 5432),
        "PGUSER": str(db["USER"]),
        "PGPASSWORD": str(db["PASSWORD"]),
    }


def run(*command: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(command, env=env or pg_env(), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{command[0]}: {done.stderr}"
    return done.stdout


@pytest.fixture
def scratch() -> Iterator[str]:
    name = f"{settings.DATABASES['default']['NAME']}_restore"
    run("dropdb", "--if-exists", name)
    run("createdb", name)
    yield name
    run("dropdb", "--if-exists", "--force", name)


def in_restored(database: str, code: str) -> str:
    """Run Python in a Django process on the restored database, as a restarted site would."""
    url = harness.database_url().rsplit("/", 1)[0] + f"/{database}"
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "moonweb.settings"}
    return run(sys.executable, str(BASE_DIR / "manage.py"), "shell", "-c", code, env=env)


def test_a_dump_restored_into_an_empty_database_rebuilds_the_same_and_plays_on(
    scratch: str, tmp_path: Path
) -> None:
    ann, bob = make_user("Ann"), make_user("Bob")
    game = make_game(ann, bob, kind="moonrollers")
    for _move in range(3):
        game.refresh_from_db()
        play_one(game)
    game.refresh_from_db()
    events = models.Event.objects.filter(game=game).count()

    dump = tmp_path / "moonweb.dump"
    run(
        "pg_dump", "--format=custom", "--no-owner", "--file", str(dump), settings.DATABASES["default"]["NAME"]
    )
    run("pg_restore", "--no-owner", "--exit-on-error", "--dbname", scratch, str(dump))

    # The restored site finds every cache equal to a fold of the events...
    report = in_restored(
        scratch, "from django.core.management import call_command; call_command('rebuild_state', '--dry-run')"
    )
    assert "1 game(s) checked, 0 differed." in report
    # ...and the game goes on: the player to act sends a command, which appends one event or more.
    played = in_restored(
        scratch,
        "from games import models\n"
        "from tests.reliability.play import play_one\n"
        f"game = models.Game.objects.get(pk={game.pk})\n"
        "play_one(game)\n"
        "print(models.Event.objects.filter(game=game).count())\n",
    )
    assert int(played.strip().splitlines()[-1]) > events
    # The original is untouched by what the restored copy did.
    assert models.Event.objects.filter(game=game).count() == events
