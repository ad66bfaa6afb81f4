"""Attack a running Moonweb as an outsider would, and count what went wrong.

    make run                                   # in one terminal (or any deployment you own)
    .venv/bin/python benchmarks/attack.py      # in another, from the project folder

It sends a few thousand hostile HTTP requests (every finding of issue 12: seqs that are no
numbers, NUL bytes in paths, queries and cookies, addresses over 254 characters, lone surrogates
and deep nesting in JSON, forged and replayed one-click links, another player's idempotency key,
floods that limits should stop, security headers, /healthz details), then pipes a few hundred
hostile emails through ``manage.py receive_email`` as an MTA would (NUL bytes, undecodable
subjects, forged senders, bounces, auto-replies, duplicates without a Message-ID).

It judges behaviour, never internals, so it keeps working as the site changes: no 5xx; refusals
are 4xx; a link once used mints no new links; no mail is answered to an address that is not a
player's; ``receive_email`` exits 0 or 75 only. It prints what it tried and what it found:

    requests tried, 5xx answers, unexpected answers (each kind listed with an example)
    emails tried, answers sent to non-players, exit codes other than 0 and 75

and exits 1 when anything was found. Standard library only.

Setup. The players, their sessions and API tokens, a game in progress, an open table and a used
one-click link are made by ``manage.py shell`` in this project, so the script must run with the
same settings as the server (same database, same SECRET_KEY). Under ``make run`` that is the
default: run it from the project folder with no environment of your own; if the server was
started with variables (DATABASE_URL, SECRET_KEY, DEBUG...), export the same ones here. The
accounts it makes are named ``atk<random>`` with addresses under ``@attack.example``.

Options: ``--base-url`` (default http://127.0.0.1:8000), ``--rounds`` (repeats of the hostile
input set; 30 is about 2,800 requests), ``--emails`` (default 300), ``--jobs`` (receive_email
processes at once, default 2), ``--flood`` (requests per flood, default 120), ``--production``
(also require HSTS, i.e. an https base URL).
"""

from __future__ import annotations

import argparse
import base64
import http.client
import json
import os
import random
import re
import secrets
import subprocess
import sys
import time
import urllib.parse
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BASE_DIR = Path(__file__).resolve().parents[1]
PASSWORD = "attack-" + secrets.token_hex(8)

SETUP = r"""
import datetime as dt, json, re
from importlib import import_module
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.authtoken.models import Token
from games import models, services

tag, password = TAG, PASSWORD
now = timezone.now()
User = get_user_model()

def person(name):
    user = User.objects.create_user(
        username=f"atk{tag}{name}", email=f"atk{tag}{name}@attack.example", password=password
    )
    try:
        from allauth.account.models import EmailAddress
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    except Exception:
        pass
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session["_auth_user_id"] = str(user.pk)
    session["_auth_user_backend"] = settings.AUTHENTICATION_BACKENDS[0]
    session["_auth_user_hash"] = user.get_session_auth_hash()
    session.create()
    return user, {"email": user.email, "session": session.session_key,
                  "token": Token.objects.create(user=user).key, "pk": user.pk}

ann, ann_out = person("ann")
bob, bob_out = person("bob")
game = services.game_create(creator=ann, kind="moonrollers", seat_count=2,
                            time_per_move=dt.timedelta(hours=24), now=now)
services.game_join(game=game, user=bob, now=now)
services.game_start(game=game, by=ann, now=now)
game.refresh_from_db()
table = services.game_create(creator=ann, kind="moonrollers", seat_count=4,
                             time_per_move=dt.timedelta(hours=24), now=now)
seats = {}
for seat in game.seats.select_related("user"):
    try:
        from games.mail import links
        address = links.reply_address(seat)
    except Exception:
        address = f"reply+{seat.reply_token}@{settings.REPLY_DOMAIN}"
    seats[seat.user.email] = {"position": seat.position, "reply": address, "pending": seat.is_pending}

# A one-click link as a turn email carries it: rendered from the outbox row of the seat to act.
link = ""
try:
    from games.mail import messages
    for note in models.Notification.objects.filter(game=game).order_by("-pk"):
        built = messages.build(note, now=now)
        if built is None:
            continue
        text = built.body + "".join(str(a[0]) for a in getattr(built, "alternatives", []))
        found = re.findall(r"/mail/act/[^/\s\"'<>]+/", text)
        if found:
            link = found[0]
            break
except Exception as exc:
    link = ""
print("ATTACK-SETUP " + json.dumps({
    "ann": ann_out, "bob": bob_out, "game": game.pk, "table": table.pk,
    "invite_token": table.invite_token, "seats": seats, "link": link,
    "since": now.isoformat(),
}))
"""

REPORT = r"""
import json
from django.utils.dateparse import parse_datetime
from games import models
since = parse_datetime(SINCE)
rows = models.Notification.objects.filter(created_at__gte=since).select_related("user")
print("ATTACK-REPORT " + json.dumps([
    {"kind": r.kind, "to": (r.user.email if r.user else r.to_email) or ""} for r in rows
]))
"""


def manage_shell(code: str) -> str:
    done = subprocess.run(  # noqa: S603 - our own interpreter and manage.py
        [sys.executable, str(BASE_DIR / "manage.py"), "shell", "-c", code],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(
            "manage.py shell failed: run this script with the server's settings (see its docstring)\n"
            + done.stderr[-3000:]
        )
    return done.stdout


def marked(output: str, mark: str) -> Any:
    line = next(line for line in output.splitlines() if line.startswith(mark + " "))
    return json.loads(line[len(mark) + 1 :])


# ---- HTTP ---------------------------------------------------------------------------------------


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


@dataclass
class Tally:
    tried: int = 0
    server_errors: int = 0
    unexpected: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    statuses: Counter[int] = field(default_factory=Counter)
    info: list[str] = field(default_factory=list)

    def odd(self, what: str, example: str) -> None:
        self.unexpected[what] += 1
        self.examples.setdefault(what, example[:300])


class Site:
    def __init__(self, base_url: str, tally: Tally) -> None:
        parts = urllib.parse.urlsplit(base_url)
        self.https = parts.scheme == "https"
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or (443 if self.https else 80)
        self.tally = tally
        self.csrf = secrets.token_hex(16)  # our own: Django accepts any well-formed cookie+field pair

    def request(
        self,
        method: str,
        path: str,
        *,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
        session: str | None = None,
        token: str | None = None,
        cookies: dict[str, str] | None = None,
        what: str = "",
        expect: tuple[int, ...] = (),
    ) -> Answer:
        jar = {"csrftoken": self.csrf, **({"sessionid": session} if session else {}), **(cookies or {})}
        sent = {"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items()), **(headers or {})}
        if token:
            sent["Authorization"] = f"Token {token}"
        if method == "POST":
            sent.setdefault("X-CSRFToken", self.csrf)
            sent.setdefault("Referer", f"{'https' if self.https else 'http'}://{self.host}:{self.port}/")
        conn_class = http.client.HTTPSConnection if self.https else http.client.HTTPConnection
        conn = conn_class(self.host, self.port, timeout=60)
        self.tally.tried += 1
        try:
            conn.putrequest(method, path, skip_accept_encoding=True)
            for key, value in sent.items():
                conn.putheader(key, value)
            if body is not None:
                conn.putheader("Content-Length", str(len(body)))
            conn.endheaders(body)
            raw = conn.getresponse()
            answer = Answer(raw.status, {k.lower(): v for k, v in raw.getheaders()}, raw.read())
        except (OSError, http.client.HTTPException) as exc:
            self.tally.odd(f"{what or path}: no answer", f"{method} {path[:120]}: {exc!r}")
            return Answer(0, {}, b"")
        finally:
            conn.close()
        self.tally.statuses[answer.status] += 1
        if answer.status >= 500:
            self.tally.server_errors += 1
            self.tally.odd(f"{what or path}: {answer.status}", f"{method} {path[:120]}")
        elif expect and answer.status not in expect:
            self.tally.odd(f"{what}: answered {answer.status}", f"{method} {path[:120]}")
        return answer

    def form(self, path: str, data: dict[str, str] | list[tuple[str, str]], **kw: Any) -> Answer:
        pairs = list(data.items()) if isinstance(data, dict) else data
        body = urllib.parse.urlencode([("csrfmiddlewaretoken", self.csrf), *pairs]).encode()
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        return self.request("POST", path, body=body, headers=headers, **kw)

    def json(self, method: str, path: str, payload: bytes | Any, **kw: Any) -> Answer:
        body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        return self.request(method, path, body=body, headers={"Content-Type": "application/json"}, **kw)


REFUSED = (400, 403, 404, 405, 409, 410, 413, 429)


def minted_links(answer: Answer, requested: str) -> set[str]:
    """One-click link tokens in a page other than the one requested (pages echo their own URL)."""
    own = requested.strip("/").rsplit("/", 1)[-1]
    return set(re.findall(r"/mail/act/([^/\s\"'<>?&]+)/", answer.text)) - {own}


def legal_command(site: Site, game: int, token: str) -> tuple[str, int] | None:
    """A command without choices the token's player may send now, and the seq, or None."""
    answer = site.request("GET", f"/api/games/{game}/legal/", token=token, what="legal")
    if answer.status != 200:
        return None
    legal = json.loads(answer.body)
    if not legal.get("to_act"):
        return None
    specs = [spec for spec in legal.get("commands", []) if not spec.get("confirm")]
    # A command without choices first; else the first choices of each param, as a form would.
    for spec in sorted(specs, key=lambda spec: len(spec.get("params", []))):
        words = [str(spec["prefix"])]
        for param in spec.get("params", []):
            values = [str(choice["value"]) for choice in param.get("choices", [])]
            wanted = max(int(param.get("min_count", 1)), 1)
            if len(values) < wanted:
                break
            words += values[:wanted]
        else:
            return " ".join(words), int(legal["seq"])
    return None


def attack_http(site: Site, setup: dict[str, Any], rounds: int, flood: int = 120) -> None:
    ann, bob = setup["ann"], setup["bob"]
    game, table = setup["game"], setup["table"]
    players = {ann["email"]: ann, bob["email"]: bob}
    mover = next(players[e] for e, s in setup["seats"].items() if s["pending"])
    deep = b"[" * 100_000 + b"]" * 100_000
    long_address = "a" * 64 + "@" + ".".join(["b" * 60] * 4) + ".com"

    for _round in range(rounds):
        # Finding 5: seqs that are no numbers, on the move form of the player to act.
        for seq in ("²", "٣", "9" * 5000, "99999999999999999999", "-1", "", "1e3", "0x10", "1\x00"):
            site.form(
                f"/games/{game}/move/",
                {"seq": seq, "action": "roll", "prefix": "roll"},
                session=mover["session"],
                what="move with a bad seq",
                expect=REFUSED,
            )
        # NUL bytes and undecodable bytes in paths and queries.
        for token in ("%00", "a%00b", "%ED%A0%80", "%FF%FE", "x" * 3000, "%2e%2e%2f", "%C0%AF"):
            site.request("GET", f"/games/invite/{token}/", what="invitation path", expect=REFUSED)
            site.request("GET", f"/mail/act/{token}/", what="one-click path", expect=REFUSED)
            site.request("GET", f"/mail/unsubscribe/{token}/", what="unsubscribe path", expect=REFUSED)
        for path in (
            f"/games/{game}/replay/?turn=%00",
            "/games/lobby/?page=%00",
            "/games/lobby/?page=99999999999999999999",
            f"/api/games/{game}/events/?since=%00",
            f"/api/games/{game}/events/?since=99999999999999999999",
            "/api/games/?status=%00",
            "/games/99999999999999999999/",
            "/api/games/99999999999999999999/",
            f"/games/{game}/replay/99999999999999999999/",
            "/accounts/login/?next=%00",
            "/%00",
        ):
            site.request("GET", path, session=ann["session"], what="NUL or huge number in a URL")
        site.request(
            "GET", f"/games/{game}/", cookies={"sessionid": "x\x00y"}, what="NUL in a session cookie"
        )
        # Addresses over 254 characters, and other bad addresses, to the invitation form.
        for address in (long_address, "a" * 300, "x@" + "y" * 260 + ".com", "nul\x00@example.com"):
            site.form(
                f"/games/{table}/invite/",
                {"email": address},
                session=ann["session"],
                what="invitation to a bad address",
                expect=REFUSED,
            )
        # JSON the API cannot store: lone surrogates, NUL, deep nesting, not UTF-8.
        for path, body in (
            ("/api/games/", b'{"kind": "\\ud800", "seat_count": 2}'),
            ("/api/games/", b'{"\\udfff": 1}'),
            ("/api/games/", deep),
            ("/api/games/", b'{"a":' * 2000 + b"1" + b"}" * 2000),
            (f"/api/games/{game}/commands/", b'{"command": "\\ud800", "expected_seq": 1}'),
            (f"/api/games/{game}/commands/", b'{"command": "roll\\u0000", "expected_seq": 1}'),
            (
                f"/api/games/{game}/commands/",
                b'{"command": "roll", "expected_seq": 1, "idempotency_key": "\\ud800"}',
            ),
            (f"/api/games/{game}/chat/", b'{"text": "\\ud800"}'),
            (f"/api/games/{game}/chat/", b'{"text": "\xff\xfe"}'),
            (f"/api/games/{game}/chat/", deep),
            (f"/api/games/{game}/standing/", b'{"decision": "\\u0000", "policy": {"\\ud800": 1}}'),
        ):
            site.json("POST", path, body, token=ann["token"], what="hostile JSON", expect=REFUSED)
        # Forged one-click links: random, and a real one with characters changed.
        real = setup["link"]
        forged = [f"/mail/act/{secrets.token_urlsafe(40)}/"]
        if real:
            middle = len(real) // 2
            forged.append(real[:middle] + ("A" if real[middle] != "A" else "B") + real[middle + 1 :])
            forged.append(real.rstrip("/") + "x/")
        for path in forged:
            answer = site.request("GET", path, what="forged one-click link", expect=REFUSED)
            if minted_links(answer, path):
                site.tally.odd("forged link page hands out links", path)

    # Finding 1: a link once used shows nothing private and mints no new links.
    real = setup["link"]
    if real:
        site.request("GET", real, what="one-click link, first use")
        site.form(real, {"confirmed": "1"}, what="one-click link, played")
        for _ in range(5):
            again = site.request("GET", real, what="one-click link, replayed")
            if minted_links(again, real):
                site.tally.odd("replayed link mints new links", real)
            site.form(real, {"confirmed": "1"}, what="one-click link, replayed post")
    else:
        site.tally.info.append("no one-click link found in the outbox: replay not tried")

    # Finding 6: another player's idempotency key must not swallow your command. One player moves
    # with a key; once the other is to act, they send their move with the same key: it must play.
    key = "attack-" + secrets.token_hex(6)
    first = next((p for p in (ann, bob) if legal_command(site, game, p["token"])), None)
    if first is None:
        site.tally.info.append("nobody to act in the game: idempotency keys not tried")
    else:
        other = bob if first is ann else ann
        keyed = False
        for _step in range(40):
            move = legal_command(site, game, other["token"])
            if move is not None and keyed:
                command, seq = move
                answer = site.json(
                    "POST",
                    f"/api/games/{game}/commands/",
                    {"command": command, "expected_seq": seq, "idempotency_key": key},
                    token=other["token"],
                    what="command with another player's idempotency key",
                )
                played = answer.status == 201 and json.loads(answer.body).get("seq", seq) > seq
                if answer.headers.get("idempotent-replayed") == "true" or not played:
                    site.tally.odd("another player's idempotency key swallowed a command", command)
                break
            move = legal_command(site, game, first["token"])
            if move is None:
                break
            command, seq = move
            site.json(
                "POST",
                f"/api/games/{game}/commands/",
                {"command": command, "expected_seq": seq, **({} if keyed else {"idempotency_key": key})},
                token=first["token"],
                what="command",
            )
            keyed = True
        else:
            site.tally.info.append("the other player never came to act: idempotency keys not compared")

    # Finding 6: pages and API answers with one player's view are private and not stored.
    for path, kw in (
        (f"/games/{game}/", {"session": ann["session"]}),
        (f"/api/games/{game}/", {"token": ann["token"]}),
    ):
        answer = site.request("GET", path, what="a player's view", **kw)
        if "no-store" not in answer.headers.get("cache-control", ""):
            site.tally.odd("a player's view without Cache-Control no-store", path)

    # /healthz: the status for everyone, details for staff only.
    health = site.request("GET", "/healthz", what="healthz")
    try:
        shown = set(json.loads(health.body))
    except ValueError:
        shown = {"(not JSON)"}
    if shown != {"status"}:
        site.tally.odd("/healthz shows more than its status to anonymous", health.text[:200])

    # Finding 2: security headers.
    home = site.request("GET", "/", what="home")
    if "content-security-policy" not in home.headers:
        site.tally.odd("no Content-Security-Policy header", "/")
    if site.https and "strict-transport-security" not in home.headers:
        site.tally.odd("no Strict-Transport-Security header over https", "/")
    elif not site.https:
        site.tally.info.append("plain http: HSTS not checked (use an https --base-url with --production)")

    # Finding 4: floods that limits must stop (each flood counts its 429s).
    floods = {
        "table creation": lambda i: site.json(
            "POST", "/api/games/", {"kind": "moonrollers", "seat_count": 2}, token=bob["token"], what="flood"
        ),
        "chat": lambda i: site.json(
            "POST", f"/api/games/{game}/chat/", {"text": f"flood {i}"}, token=bob["token"], what="flood"
        ),
        "invitations to one address": lambda i: site.form(
            f"/games/{table}/invite/",
            {"email": "victim@attack.example"},
            session=ann["session"],
            what="flood",
        ),
        "API reads": lambda i: site.request("GET", f"/api/games/{game}/", token=bob["token"], what="flood"),
        "failed logins": lambda i: site.form(
            "/accounts/login/", {"login": bob["email"], "password": f"wrong{i}"}, what="flood"
        ),
    }
    for name, send in floods.items():
        statuses = Counter(send(i).status for i in range(flood))
        if flood and statuses[429] == 0 and 403 not in statuses:
            site.tally.odd(f"flood of {flood} ({name}) never limited", repr(dict(statuses)))
        site.tally.info.append(f"flood {name}: {dict(sorted(statuses.items()))}")


# ---- email --------------------------------------------------------------------------------------


def hostile_emails(setup: dict[str, Any], count: int) -> list[tuple[str, bytes]]:
    seats = setup["seats"]
    player, seat = next(iter(seats.items()))
    reply = seat["reply"]
    domain = reply.rsplit("@", 1)[-1]
    rng = random.Random(12)

    def message(
        headers: dict[str, str], body: bytes | str, content_type: str = "text/plain; charset=utf-8"
    ) -> bytes:
        head = {"To": reply, "Subject": "Re: your move", "Content-Type": content_type, **headers}
        data = "".join(f"{k}: {v}\r\n" for k, v in head.items() if v is not None).encode(
            "utf-8", "surrogateescape"
        )
        return data + b"\r\n" + (body if isinstance(body, bytes) else body.encode())

    def nul_subject() -> str:
        return "=?utf-8?b?" + base64.b64encode(b"roll\x00" + bytes([rng.randrange(256)])).decode() + "?="

    makers: dict[str, Any] = {
        "NUL in the body": lambda n: message(
            {"From": player, "Message-ID": f"<nul{n}@atk>"}, b"roll\x00settle\r\n"
        ),
        "NUL in an encoded Subject": lambda n: message(
            {"From": player, "Message-ID": f"<subj{n}@atk>", "Subject": nul_subject()}, "roll\r\n"
        ),
        "undecodable bytes": lambda n: message(
            {"From": player, "Message-ID": f"<bytes{n}@atk>"},
            bytes(rng.randrange(256) for _ in range(300)),
            "text/plain; charset=utf-8",
        ),
        "unknown charset": lambda n: message(
            {"From": player, "Message-ID": f"<cs{n}@atk>"}, b"roll\r\n", "text/plain; charset=x-nonsense-42"
        ),
        "forged From": lambda n: message(
            {
                "From": f"victim{n}@forged.example",
                "Message-ID": f"<forged{n}@atk>",
                "Subject": f"Re: your move <script>{n}</script> call +1-555-0100",
            },
            "roll\r\n",
        ),
        "forged From, a player's address in Reply-To": lambda n: message(
            {"From": f"victim{n}@forged.example", "Reply-To": player, "Message-ID": f"<frt{n}@atk>"},
            "roll\r\n",
        ),
        "bounce (DSN, null sender)": lambda n: message(
            {
                "From": f"MAILER-DAEMON@{domain}",
                "Return-Path": "<>",
                "Message-ID": f"<dsn{n}@atk>",
                "Subject": "Undelivered Mail Returned to Sender",
                "Auto-Submitted": "auto-replied",
            },
            "--b\r\nContent-Type: text/plain\r\n\r\nfailed\r\n"
            "--b\r\nContent-Type: message/delivery-status\r\n\r\n"
            f"Final-Recipient: rfc822; victim{n}@forged.example\r\n"
            "Action: failed\r\nStatus: 5.1.1\r\n--b--\r\n",
            'multipart/report; report-type=delivery-status; boundary="b"',
        ),
        "bounce to a stranger": lambda n: message(
            {"From": f"postmaster@forged{n}.example", "Message-ID": f"<pm{n}@atk>", "To": f"bounce@{domain}"},
            "Your message could not be delivered.\r\n",
        ),
        "auto-submitted": lambda n: message(
            {
                "From": player,
                "Auto-Submitted": "auto-replied",
                "Message-ID": f"<auto{n}@atk>",
                "Subject": "Out of office",
            },
            "I am away.\r\n",
        ),
        "bulk": lambda n: message(
            {
                "From": f"news{n}@forged.example",
                "Precedence": "bulk",
                "List-Id": "<x.forged.example>",
                "Message-ID": f"<bulk{n}@atk>",
            },
            "roll\r\n",
        ),
        "no Message-ID, sent twice": lambda n: message(
            {"From": player, "Message-ID": None}, "chat hello\r\n"
        ),
        "header injection in the subject": lambda n: message(
            {
                "From": f"victim{n}@forged.example",
                "Message-ID": f"<inj{n}@atk>",
                "Subject": "=?utf-8?q?hi=0D=0ABcc:_victim@forged.example?=",
            },
            "roll\r\n",
        ),
        "forged reply token": lambda n: message(
            {
                "From": player,
                "To": f"reply+{secrets.token_urlsafe(12)}@{domain}",
                "Message-ID": f"<tok{n}@atk>",
            },
            "roll\r\n",
        ),
        "HTML only": lambda n: message(
            {"From": player, "Message-ID": f"<html{n}@atk>"},
            "<p>roll</p><p>settle</p>",
            "text/html; charset=utf-8",
        ),
        "empty": lambda n: b"",
        "oversized": lambda n: message(
            {"From": player, "Message-ID": f"<big{n}@atk>"}, "roll\r\n" + "x" * 2_000_000
        ),
    }
    out: list[tuple[str, bytes]] = []
    names = list(makers)
    for n in range(count):
        name = names[n % len(names)]
        raw = makers[name](n)
        out.append((name, raw))
        if name == "no Message-ID, sent twice":
            out.append((name, raw))
    return out[:count]


def attack_email(
    setup: dict[str, Any], count: int, jobs: int
) -> tuple[int, Counter[int], dict[str, list[int]]]:
    emails = hostile_emails(setup, count)

    def pipe(item: tuple[str, bytes]) -> tuple[str, int]:
        name, raw = item
        done = subprocess.run(  # noqa: S603 - our own interpreter and manage.py
            [sys.executable, str(BASE_DIR / "manage.py"), "receive_email"],
            input=raw,
            cwd=BASE_DIR,
            capture_output=True,
            timeout=300,
            check=False,
        )
        return name, done.returncode

    codes: Counter[int] = Counter()
    by_kind: dict[str, list[int]] = defaultdict(list)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for name, code in pool.map(pipe, emails):
            codes[code] += 1
            by_kind[name].append(code)
    return len(emails), codes, by_kind


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-url", default=os.environ.get("ATTACK_BASE_URL", "http://127.0.0.1:8000"))
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--emails", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--flood", type=int, default=120, help="requests in each flood (0: none)")
    parser.add_argument("--production", action="store_true", help="also require HSTS (https base URL)")
    args = parser.parse_args()

    tag = secrets.token_hex(3)
    setup = marked(manage_shell(f"TAG = {tag!r}\nPASSWORD = {PASSWORD!r}\n" + SETUP), "ATTACK-SETUP")
    tally = Tally()
    site = Site(args.base_url, tally)
    started = time.monotonic()
    attack_http(site, setup, args.rounds, args.flood)
    if args.production and not site.https:
        tally.odd("--production needs an https --base-url", args.base_url)

    email_since = manage_shell(
        "import json\nfrom django.utils import timezone\n"
        "print('ATTACK-NOW ' + json.dumps(timezone.now().isoformat()))"
    )
    since = marked(email_since, "ATTACK-NOW")
    tried, codes, by_kind = attack_email(setup, args.emails, args.jobs)
    time.sleep(2)  # answers are outbox rows written by receive_email itself: no worker needed
    rows = marked(manage_shell(f"SINCE = {since!r}\n" + REPORT), "ATTACK-REPORT")
    players = set(setup["seats"])
    to_strangers = [r for r in rows if r["to"].lower() not in players]
    bad_codes = {code: n for code, n in codes.items() if code not in (0, 75)}

    print(f"HTTP: {tally.tried} requests tried in {time.monotonic() - started:.0f} s")
    print(f"  5xx answers: {tally.server_errors}")
    print(f"  unexpected answers: {sum(tally.unexpected.values())}")
    for what, n in tally.unexpected.most_common():
        print(f"    {n:5d}  {what}   e.g. {tally.examples[what]!r}")
    print(f"  statuses: {dict(sorted(tally.statuses.items()))}")
    for line in tally.info:
        print(f"  note: {line}")
    print(f"Email: {tried} messages piped through manage.py receive_email")
    print(f"  answers sent to non-players: {len(to_strangers)}")
    for row in Counter(r["to"] for r in to_strangers).most_common(5):
        print(f"    {row[1]:5d}  to {row[0]}")
    print(f"  exit codes other than 0 and 75: {sum(bad_codes.values())} {bad_codes or ''}")
    print(f"  exit codes: {dict(sorted(codes.items()))}")
    for name, kind_codes in sorted(by_kind.items()):
        odd = Counter(c for c in kind_codes if c not in (0,))
        if odd:
            print(f"    {name}: {dict(odd)}")
    failures = (
        tally.server_errors + sum(tally.unexpected.values()) + len(to_strangers) + sum(bad_codes.values())
    )
    print("FAILURES:", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
