"""allauth's limits in the shared cache: sign-ups per client address, failed logins per address and
per account from one address, so that a stranger cannot lock a player out. The address is the
connection's unless a trusted proxy says otherwise (moonweb.client_ip)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.test import Client, RequestFactory

from accounts.adapter import AccountAdapter
from accounts.models import User
from moonweb.client_ip import client_ip
from tests.accounts.helpers import PASSWORD

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def sign_up(client: Client, n: int, **extra: Any) -> Any:
    data = {"email": f"p{n}@example.com", "display_name": f"P{n}"}
    data |= {"password1": PASSWORD, "password2": PASSWORD}
    return client.post("/accounts/signup/", data, **extra)


def log_in(client: Client, email: str, password: str, address: str) -> Any:
    return client.post("/accounts/login/", {"login": email, "password": password}, REMOTE_ADDR=address)


def test_the_41st_sign_up_from_one_address_is_refused(settings: Any) -> None:
    allowed = int(settings.ACCOUNT_RATE_LIMITS["signup"].split("/")[0])
    assert allowed <= 40
    answers = [sign_up(Client(), n, REMOTE_ADDR="198.51.100.7").status_code for n in range(41)]

    assert answers == [302] * allowed + [429] * (41 - allowed)
    assert User.objects.count() == allowed
    # A forged X-Forwarded-For is not another address...
    forged = sign_up(Client(), 99, REMOTE_ADDR="198.51.100.7", HTTP_X_FORWARDED_FOR="203.0.113.5")
    assert forged.status_code == 429
    assert "Too many attempts from your connection" in forged.content.decode()
    # ...but another connection is.
    assert sign_up(Client(), 100, REMOTE_ADDR="198.51.100.8").status_code == 302
    # Another web process counts the same sign-ups (the cache is shared, not each process's memory).
    assert another_process_may_sign_up("198.51.100.7") is False
    assert another_process_may_sign_up("198.51.100.9") is True


def another_process_may_sign_up(address: str) -> bool:
    script = (
        "import django, json; django.setup()\n"
        "from allauth.core import ratelimit\n"
        "from django.contrib.auth.models import AnonymousUser\n"
        "from django.test import RequestFactory\n"
        f"request = RequestFactory().post('/accounts/signup/', REMOTE_ADDR={address!r})\n"
        "request.user = AnonymousUser()\n"
        "print(json.dumps(ratelimit.consume(request, action='signup', dry_run=True)))\n"
    )
    child = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert child.returncode == 0, child.stderr
    return bool(json.loads(child.stdout.strip().splitlines()[-1]))


def test_a_stranger_failing_to_log_in_does_not_lock_the_player_out(make_player: Any) -> None:
    make_player("grace@example.com")
    stranger = Client()
    for _ in range(5):
        page = log_in(stranger, "grace@example.com", "wrong guess", "203.0.113.66")
        assert page.status_code == 200 and not page.wsgi_request.user.is_authenticated
    blocked = log_in(stranger, "grace@example.com", PASSWORD, "203.0.113.66")
    assert "Too many failed login attempts" in blocked.content.decode()
    assert not blocked.wsgi_request.user.is_authenticated

    grace = log_in(Client(), "grace@example.com", PASSWORD, "198.51.100.20")

    assert grace.status_code == 302 and grace["Location"] == "/"


def test_the_client_is_the_connection_unless_a_trusted_proxy_says_otherwise(settings: Any) -> None:
    factory = RequestFactory()
    forged = factory.get("/", REMOTE_ADDR="198.51.100.7", HTTP_X_FORWARDED_FOR="203.0.113.1, 203.0.113.2")
    settings.TRUSTED_PROXY_COUNT = 0
    assert client_ip(forged) == "198.51.100.7"
    assert AccountAdapter().get_client_ip(forged) == "198.51.100.7"

    settings.TRUSTED_PROXY_COUNT = 1
    assert client_ip(forged) == "203.0.113.2"  # what our proxy appended; the rest is the client's say
    assert AccountAdapter().get_client_ip(forged) == "203.0.113.2"
    settings.TRUSTED_PROXY_COUNT = 2
    assert client_ip(forged) == "203.0.113.1"
    settings.TRUSTED_PROXY_COUNT = 3  # a shorter header than our proxies: its first entry, no error
    assert AccountAdapter().get_client_ip(forged) == "203.0.113.1"
    assert client_ip(factory.get("/", REMOTE_ADDR="10.0.0.1")) == "10.0.0.1"
