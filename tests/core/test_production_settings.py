"""Production is the default: the settings refuse unsafe starts, and `check --deploy` is clean with
the README's production environment. Each case starts a fresh process with an environment of its
own (the test process runs with the development values, moonweb/settings_for_tests.py)."""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from moonweb.settings import DEV_SECRET_KEY

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


def readme_production_env() -> dict[str, str]:
    """The `NAME=value` lines of the README's production example, with a fresh strong key."""
    section = README.read_text().split("### Production settings", 1)[1]
    block = section.split("```sh", 1)[1].split("```", 1)[0]
    env = {}
    for line in block.splitlines():
        match = re.fullmatch(r"([A-Z_]+)=(.*)", line.strip())
        if match:
            env[match[1]] = match[2]
    assert env["SECRET_KEY"] == "", "the README must not show a usable key"
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    return env


def run(env: dict[str, str], *args: str, code: str | None = None) -> subprocess.CompletedProcess[str]:
    """manage.py (or Python code after django.setup()) with only these variables and the PATH."""
    var = os.environ.get("MOONWEB_VAR_DIR", str(ROOT / "var"))
    base = {"PATH": os.environ["PATH"], "MOONWEB_VAR_DIR": var}
    command = (
        [sys.executable, "-c", "import django; django.setup()\n" + code]
        if code is not None
        else [sys.executable, "manage.py", *args]
    )
    return subprocess.run(
        command,
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "moonweb.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_check_deploy_is_clean_with_the_readme_production_environment() -> None:
    result = run(readme_production_env(), "check", "--deploy", "--fail-level", "WARNING")

    assert result.returncode == 0, result.stderr + result.stdout
    assert "System check identified no issues" in result.stdout


def test_check_deploy_warns_when_the_cache_is_not_shared() -> None:
    env = readme_production_env()
    del env["CACHE_URL"]

    result = run(env, "check", "--deploy", "--fail-level", "WARNING")

    assert result.returncode != 0
    assert "moonweb.W001" in result.stderr


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"SECRET_KEY": None}, "SECRET_KEY is not set"),
        ({"SECRET_KEY": ""}, "SECRET_KEY is not set"),
        ({"SECRET_KEY": "short-but-varied-key-0123456789"}, "SECRET_KEY is too short (31 characters)"),
        ({"SECRET_KEY": "ab" * 40}, "SECRET_KEY has only 2 different characters"),
        ({"SECRET_KEY": DEV_SECRET_KEY}, "SECRET_KEY is a development key"),
        ({"SECRET_KEY": "django-insecure-" + secrets.token_urlsafe(50)}, "SECRET_KEY is a development key"),
        ({"ALLOWED_HOSTS": None}, "ALLOWED_HOSTS must be set when DEBUG is off"),
        ({"ALLOWED_HOSTS": " , "}, "ALLOWED_HOSTS must be set when DEBUG is off"),
    ],
)
def test_the_process_refuses_to_start_without_a_strong_key_and_allowed_hosts(
    change: dict[str, str | None], reason: str
) -> None:
    env = readme_production_env()
    for name, value in change.items():
        if value is None:
            env.pop(name)
        else:
            env[name] = value

    result = run(env, "check")

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert reason in result.stderr
    assert "System check identified" not in result.stdout


def test_debug_is_off_unless_set_and_then_the_development_values_apply() -> None:
    show = "from django.conf import settings; print(settings.DEBUG, settings.ALLOWED_HOSTS)"
    assert run({}, code=show).returncode != 0  # nothing set: production, which needs a key
    development = run({"DEBUG": "1"}, code=show)
    assert development.returncode == 0, development.stderr
    assert development.stdout.strip() == "True ['127.0.0.1', 'localhost', 'testserver']"


def test_database_connections_are_kept_and_checked_unless_turned_off() -> None:
    show = (
        "from django.conf import settings; d = settings.DATABASES['default']; "
        "print(d['CONN_MAX_AGE'], d['CONN_HEALTH_CHECKS'])"
    )
    postgres = {"DEBUG": "1", "DATABASE_URL": "postgres://moonweb:secret@db-host:5432/moonweb"}
    kept = run(postgres, code=show)
    assert kept.returncode == 0, kept.stderr
    assert kept.stdout.split() == ["600", "True"]
    per_request = run({**postgres, "DATABASE_CONN_MAX_AGE": "0"}, code=show)
    assert per_request.stdout.split() == ["0", "True"]


def test_statements_are_prepared_on_postgresql_unless_turned_off() -> None:
    show = "from django.conf import settings; print(settings.DATABASES['default'].get('OPTIONS', {}))"
    postgres = {"DEBUG": "1", "DATABASE_URL": "postgres://moonweb:secret@db-host:5432/moonweb"}
    prepared = run(postgres, code=show)
    assert prepared.returncode == 0, prepared.stderr
    assert "'server_side_binding': True" in prepared.stdout
    assert "'prepare_threshold': 5" in prepared.stdout
    assert "'prepare_threshold': 0" in run({**postgres, "DATABASE_PREPARE_THRESHOLD": "0"}, code=show).stdout
    as_text = run({**postgres, "DATABASE_PREPARED_STATEMENTS": "0"}, code=show)
    assert "server_side_binding" not in as_text.stdout
    assert "prepare_threshold" not in as_text.stdout
    sqlite = run({"DEBUG": "1"}, code=show)
    assert "server_side_binding" not in sqlite.stdout


@pytest.mark.django_db
def test_a_connection_prepares_a_statement_it_sends_again_and_again() -> None:
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's")
    with connection.cursor() as cursor:
        for _ in range(6):
            cursor.execute("SELECT %s::int + 1", [41])
        assert cursor.fetchone() == (42,)
        cursor.execute("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s", ["%::int + 1%"])
        assert cursor.fetchone() == (1,)


PRODUCTION_REQUESTS = """
import json
from django.conf import settings
from django.test import Client
from django.test.utils import override_settings
# Hashed static names need `collectstatic`; the headers under test do not depend on them.
override_settings(STORAGES={**settings.STORAGES, "staticfiles": {
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}).enable()
client = Client(HTTP_HOST="moonweb.example")
plain = client.get("/accounts/login/")
secure = client.get("/accounts/login/", secure=True)
pages = ("/dev/mail/", "/dev/mail/x/", "/dev/mail/x/html/")
devmail = [client.get(p, secure=True).status_code for p in pages]
print(json.dumps({
    "debug": settings.DEBUG,
    "plain": [plain.status_code, plain.get("Location")],
    "headers": dict(secure.headers),
    "cookies": {name: bool(morsel["secure"]) for name, morsel in secure.cookies.items()},
    "devmail": devmail,
}))
"""


@pytest.mark.django_db(transaction=True)
def test_production_pages_are_https_only_with_hsts_csp_and_no_dev_mailbox() -> None:
    from django.conf import settings

    db = settings.DATABASES["default"]
    env = readme_production_env()
    host, port = db.get("HOST") or "127.0.0.1", db.get("PORT") or 5432
    env["DATABASE_URL"] = f"postgres://{db['USER']}:{db['PASSWORD']}@{host}:{port}/{db['NAME']}"
    del env["CACHE_URL"]  # no Redis needed to read these headers
    env["CACHE_DIR"] = str(ROOT / "var" / "test-cache-production")

    result = run(env, code=PRODUCTION_REQUESTS)

    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen["debug"] is False
    assert seen["plain"] == [301, "https://moonweb.example/accounts/login/"]
    headers = seen["headers"]
    assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Frame-Options"] == "DENY"
    csp = headers["Content-Security-Policy"]
    assert (
        "script-src 'self'" in csp
        and "default-src 'self'" in csp
        and "'unsafe-inline'" not in csp.split("style-src-attr")[0]
    )
    assert seen["cookies"] and all(seen["cookies"].values()), seen["cookies"]
    assert seen["devmail"] == [404, 404, 404]
