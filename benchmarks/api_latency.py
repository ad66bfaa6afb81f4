"""Latency under gunicorn on PostgreSQL: the game page, the API's view, and a command POST.

    DATABASE_URL=postgres://moonweb:moonweb@127.0.0.1:5432/moonweb_bench \\
        .venv/bin/python benchmarks/api_latency.py [--requests 200] [--port 8102] [--kind moonrakers]
            [--against ../earlier-checkout]

Builds (once; later runs reuse them) games of about 20, 2,000 and 10,000 events (Moonrollers with two
players, or Moonrakers with three: ``--kind``) by playing them through the services, the engine's
random_command choosing every move (the 10,000-event game takes a few minutes to build the first
time); starts gunicorn with 2 workers on 127.0.0.1; then, one request at a time, for each game size
measures

- GET /games/{id}/, the HTML game page, as a signed-in seated player (session cookie),
- GET /api/games/{id}/ as a seated player (the full view, legal commands included), and
- POST /api/games/{id}/commands/ by the player to act, with a legal command read from /legal/
  just before (that read is not timed), and after each one in a short game the signed-in
  player's game page: a position drawn for the first time ("first view"; the figures above
  show positions already drawn). The short games are a pool, so each stays near 20 events.
  (Every run builds new short games: the previous run's have grown.) In a long game, a command
  that would end it (now or a few random commands later) is passed over for another, decided
  beforehand, untimed, as the server will: the long games take minutes to build and must last.

and prints the median and 95th percentile of each, and how much slower the longest game's page is
than the shortest one's (ratio of medians). The database must be PostgreSQL; notifications are queued
to Redis (db 13 by default) as in production, and no worker sends them. The API's rates are raised
through the environment (``RATE_PLAYER``, ``RATE_COMMANDS``) for the server it starts, unless set:
one client sending hundreds of requests a minute is the benchmark, not an abuse. As deployed, the
server keeps connections (``DATABASE_CONN_MAX_AGE=600``) and its rate limits in Redis (``CACHE_URL``,
db 14 by default; ``--cache-url ""`` measures the file cache instead).

``--against DIR`` compares with another checkout (a git worktree of an earlier commit, with its
own ``.venv`` or a link to this one): its gunicorn serves on the next port, and every request of
every figure goes to both servers in turn, so a noisy moment of the shared machine falls on both
alike (each with its own cache: the next Redis db). Each figure is printed for both, then the ratio
of their medians. ``--against-env NAME=VALUE`` (repeatable) sets a variable for the other server
only: with a checkout of the same code, it compares two settings.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHORT_EVENTS = 20
LONG_EVENTS = (2000, 10000)
# Each timed POST adds one or two events: it goes round a pool of short games (requests / 5 of
# them), so each takes about 5 commands and stays near 20-30 events.
COMMANDS_PER_SHORT_GAME = 5


def setup_django(broker: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "moonweb.settings")
    os.environ["CELERY_BROKER_URL"] = broker
    # DEBUG off, as in the server it starts (DEBUG on records every query): it needs a strong key.
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", "benchmark-only-secret-key-" + "x" * 40)
    os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1")
    import django

    django.setup()
    from django.db import connection

    if connection.vendor != "postgresql":
        sys.exit("Set DATABASE_URL to a PostgreSQL database: the figures are for production's database.")
    from django.core.management import call_command

    call_command("migrate", verbosity=0)  # a new, empty database is fine


SEATS = {"moonrollers": 2, "moonrakers": 3}


def bench_users() -> list[Any]:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    users = []
    for name in ("bench-ann", "bench-bob", "bench-cyd"):
        user, _ = get_user_model().objects.get_or_create(
            username=name, defaults={"email": f"{name}@example.com", "display_name": name}
        )
        Token.objects.get_or_create(user=user)
        users.append(user)
    return users


def grow(game: Any, events: int) -> None:
    """Play the game through the services until it has ``events`` events, moves chosen at random
    (with chat lines between moves for a long game).

    Random play, not the heuristic bot: a well-played two-player game ends in a few hundred
    events, and the point is a long log (dice, busts, chat make real games long too).
    """
    from django.utils import timezone

    from games import services, store
    from games.engine.core import Rng, get_engine

    engine = get_engine(game.kind)
    users = {s.position: s.user for s in game.seats.select_related("user")}
    # Moonrollers games under its current rules end in a few hundred events: a long game also
    # carries table talk (twenty chat lines per move for 2,000 events, a hundred for 10,000), as
    # real long games do, so random play reaches the size in about a hundred moves and the game
    # is still far from its end when the timed commands come (more than a hundred of them).
    chat_lines = events // 100 if events > 100 else 0
    while game.last_seq < events and game.status == "active":
        state = store.load(game).state
        seat = engine.pending(state)[0].seat
        text = engine.random_command(state, seat, Rng(bytes(game.seed), game.pk, game.last_seq + 1, "bench"))
        services.command_submit(
            game=game, user=users[seat], text=text, expected_seq=game.last_seq, now=timezone.now()
        )
        for line in range(chat_lines):
            services.chat_send(
                game=game, user=users[seat], text=f"move {game.last_seq}, line {line}", now=timezone.now()
            )
            game.refresh_from_db()


def bench_game(kind: str, users: list[Any], events: int, exclude: set[int]) -> Any:
    """An active game of at least ``events`` events (reused when one exists)."""
    import datetime as dt

    from django.utils import timezone

    from games import models, services

    ann, others = users[0], users[1 : SEATS[kind]]
    candidates = models.Game.objects.filter(
        creator=ann, kind=kind, status="active", last_seq__gte=events, last_seq__lt=events * 1.5
    ).exclude(pk__in=exclude)
    # A long game is reused for as long as it stays under 1.5 times its size: the runs' commands pass
    # over any that would end it (``ends_the_game``), and each adds some 2-3 events.
    game = candidates.order_by("pk").first()
    while game is None:
        now = timezone.now()
        game = services.game_create(
            creator=ann,
            kind=kind,
            seat_count=SEATS[kind],
            options={"longer_game": events > 100} if kind == "moonrollers" else {},
            time_per_move=dt.timedelta(days=3),
            now=now,
        )
        for other in others:
            services.game_join(game=game, user=other, now=now)
        services.game_start(game=game, by=ann, now=now)
        game.refresh_from_db()
        started = time.monotonic()
        grow(game, events)
        if events > 100:
            print(f"  built game {game.pk}: {game.last_seq} events in {time.monotonic() - started:.0f} s")
        if game.status != "active":
            print("  (it ended before that: building another)")
            game = None
    return game


class Client:
    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, method: str, path: str, token: str, body: Any = None) -> tuple[int, Any, float]:
        headers = {"Authorization": f"Token {token}", "Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        started = time.perf_counter()
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        payload = response.read()
        elapsed = time.perf_counter() - started
        return response.status, json.loads(payload), elapsed


def session_cookie(user: Any) -> str:
    """A signed-in session for ``user``, as the login page would have made it."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    assert session.session_key is not None
    return session.session_key


def measure_pages(
    clients: list[Client], game_ids: list[int], session: str, n: int
) -> list[dict[int, list[float]]]:
    """The HTML game page, the way a player's browser asks for it: the games (and the servers)
    taken in turn, so a noisy moment of the shared machine falls on every size alike."""
    headers = {"Cookie": f"sessionid={session}", "Accept": "text/html"}
    times: list[dict[int, list[float]]] = [{game_id: [] for game_id in game_ids} for _ in clients]
    for i in range(n + 1):
        for game_id in game_ids:
            for side, client in enumerate(clients):
                connection = client.connection
                started = time.perf_counter()
                connection.request("GET", f"/games/{game_id}/", headers=headers)
                response = connection.getresponse()
                body = response.read()
                elapsed = time.perf_counter() - started
                assert response.status == 200, (response.status, body[:300])
                if i:  # the first round is a warm-up
                    times[side][game_id].append(elapsed)
    return times


def legal_command(legal: dict[str, Any], rng: random.Random) -> str:
    """A command from the specs, values chosen at random but minimal (always allowed)."""
    spec = rng.choice(legal["commands"])
    words = [spec["prefix"]]
    for param in spec["params"]:
        values = [c["value"] for c in param["choices"]]
        count = param["min_count"] if param["multiple"] else 1
        words += rng.sample(values, count)
    return " ".join(w for w in words if w)


# How many other commands a long game's POST draws before it plays one that ends the game anyway.
SPARE_TRIES = 20
# How far ``ends_the_game`` looks past the command: an end is often decided a few commands before
# it is final (a Moonrollers hire that ends the game is followed by its Hazard tokens' choices).
LOOKAHEAD = 6


def ends_the_game(game_id: int, seat: int, text: str) -> bool:
    """Would ``text`` end the game, now or within ``LOOKAHEAD`` commands played at random after it?
    Decided here, untimed, as the server will decide it: the same state, the same rng (the game's
    seed and the next seq), the same engine."""
    from games import models, services, store
    from games.engine.core import CommandError, Rng, get_engine

    game = models.Game.objects.get(pk=game_id)
    engine = get_engine(game.kind)
    state = store.load(game).state
    seq = game.last_seq + 1
    try:
        events = engine.decide(state, seat, engine.parse(text), services._rng(game, seq))
    except CommandError:
        return False  # refused: the server will refuse it too, and the game goes on
    for _ in range(LOOKAHEAD + 1):
        for event in events:
            state = engine.evolve(state, event)
        seq += len(events)
        if engine.outcome(state) is not None:
            return True
        waiting = engine.pending(state)
        if not waiting:
            return False
        actor = waiting[0].seat
        rng = Rng(bytes(game.seed), game.pk, seq, "bench-lookahead")
        events = engine.decide(state, actor, engine.parse(engine.random_command(state, actor, rng)), rng)
    return False


def measure_gets(clients: list[Client], games: dict[int, str], n: int) -> list[dict[int, list[float]]]:
    """GET /api/games/{id}/ for each game (id: token), the games (and servers) taken in turn."""
    times: list[dict[int, list[float]]] = [{game_id: [] for game_id in games} for _ in clients]
    for i in range(n + 1):
        for game_id, token in games.items():
            for side, client in enumerate(clients):
                status, _, elapsed = client.call("GET", f"/api/games/{game_id}/", token)
                assert status == 200, status
                if i:  # the first round is a warm-up: worker imports, connection
                    times[side][game_id].append(elapsed)
    return times


def measure_post(
    clients: list[Client],
    game_ids: list[int],
    tokens: dict[int, dict[int, str]],
    n: int,
    rng: random.Random,
    *,
    spare: bool = False,
    pages_after: tuple[str, list[list[float]]] | None = None,
) -> list[tuple[list[float], int]]:
    """``n`` command POSTs per server, the servers taking turns (on the games in turn).

    ``spare``: the games are the long ones, which take minutes to build and must last many runs:
    a command that would end the game is passed over for another (``ends_the_game``).
    ``pages_after``: (a seated player's session, a list per server) after each accepted command,
    that player's game page is timed too: a position nobody has seen yet, its fragments drawn
    for the first time (what a player meets when they open the page after a move).
    """
    out: list[tuple[list[float], int]] = [([], 0) for _ in clients]
    for i in range(n):
        for side, client in enumerate(clients):
            game_id = game_ids[(i * len(clients) + side) % len(game_ids)]
            elapsed = post_one(client, game_id, tokens, rng, spare=spare)
            times, refused = out[side]
            if elapsed is None:
                out[side] = (times, refused + 1)
            else:
                times.append(elapsed)
                if pages_after is not None:
                    session, pages = pages_after
                    pages[side].append(page_time(client, game_id, session))
    return out


def page_time(client: Client, game_id: int, session: str) -> float:
    """One GET of the game page with a player's session cookie, timed."""
    connection = client.connection
    started = time.perf_counter()
    headers = {"Cookie": f"sessionid={session}", "Accept": "text/html"}
    connection.request("GET", f"/games/{game_id}/", headers=headers)
    response = connection.getresponse()
    body = response.read()
    elapsed = time.perf_counter() - started
    assert response.status == 200, (response.status, body[:300])
    return elapsed


def post_one(
    client: Client,
    game_id: int,
    tokens: dict[int, dict[int, str]],
    rng: random.Random,
    *,
    spare: bool = False,
) -> float | None:
    """One timed command POST by the player to act (None: refused, or the game ended under us)."""
    _, game, _ = client.call("GET", f"/api/games/{game_id}/", next(iter(tokens[game_id].values())))
    to_act = next((s["position"] for s in game["seats"] if s["is_pending"]), None)
    if to_act is None:
        return None
    token = tokens[game_id][to_act]
    _, legal, _ = client.call("GET", f"/api/games/{game_id}/legal/", token)
    if legal["status"] != "active" or not legal["commands"]:
        return None
    command = legal_command(legal, rng)
    for _ in range(SPARE_TRIES if spare else 0):
        if not ends_the_game(game_id, to_act, command):
            break
        command = legal_command(legal, rng)
    body = {"command": command, "expected_seq": legal["seq"]}
    status, _, elapsed = client.call("POST", f"/api/games/{game_id}/commands/", token, body)
    return elapsed if status == 201 else None


def summary(name: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p95 = statistics.quantiles(ms, n=100)[94] if len(ms) >= 2 else ms[0]
    return f"{name:44s} n={len(ms):4d}  median {statistics.median(ms):7.1f} ms  p95 {p95:7.1f} ms"


def start_gunicorn(port: int, env: dict[str, str], root: Path = ROOT) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(  # noqa: S603 (a fixed command line)
        [
            str(root / ".venv" / "bin" / "gunicorn"),
            "moonweb.wsgi:application",
            "--workers",
            "2",
            "--bind",
            f"127.0.0.1:{port}",
            "--access-logfile",
            "-" if env.get("BENCH_ACCESS_LOG") else "/dev/null",
        ],
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("GET", "/healthz")
            return process
        except OSError:
            time.sleep(0.2)
    process.kill()
    sys.exit("gunicorn did not start: " + (process.stderr.read().decode() if process.stderr else ""))


def server_env(cache_url: str, broker: str, conn_max_age: str = "600") -> dict[str, str]:
    """The environment of the gunicorn a benchmark starts: production's settings on 127.0.0.1."""
    return {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY", "benchmark-only-secret-key-" + "x" * 40),
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_CONN_MAX_AGE": str(conn_max_age),
        "CACHE_URL": cache_url,
        "CELERY_BROKER_URL": broker,
        "LOG_LEVEL": "WARNING",
        # Plain HTTP on 127.0.0.1: no redirect to https (production sits behind a TLS proxy).
        "SECURE_SSL_REDIRECT": "0",
        # One client at full speed is the benchmark: the API's rates must not refuse it.
        "RATE_PLAYER": os.environ.get("RATE_PLAYER", "100000/minute"),
        "RATE_COMMANDS": os.environ.get("RATE_COMMANDS", "100000/minute"),
    }


def collect_static(roots: list[Path], env: dict[str, str]) -> None:
    """DEBUG is off, as in production: each checkout's pages need its collected static files."""
    for root in roots:
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
            cwd=root,
            env=env,
            check=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=200, help="timed requests per figure")
    parser.add_argument("--port", type=int, default=8102)
    parser.add_argument("--kind", choices=sorted(SEATS), default="moonrollers")
    parser.add_argument("--broker", default="redis://127.0.0.1:6379/13")
    # The production default (connections kept between requests) unless asked otherwise.
    # The rate limits' shared cache, as deployed (README: CACHE_URL); "" for the file cache.
    parser.add_argument("--cache-url", default=os.environ.get("CACHE_URL", "redis://127.0.0.1:6379/14"))
    parser.add_argument("--conn-max-age", default=os.environ.get("DATABASE_CONN_MAX_AGE", "600"))
    parser.add_argument("--against", default="", help="another checkout to compare with, interleaved")
    parser.add_argument(
        "--against-env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="with --against: set for the other server only (compares settings as well as code)",
    )
    args = parser.parse_args()
    setup_django(args.broker)
    from games import models

    users = bench_users()
    ann = users[0]
    print(f"{args.kind} games (built through the services, reused by later runs):")
    longs = [bench_game(args.kind, users, events, exclude=set()) for events in LONG_EVENTS]
    shorts: list[Any] = []
    sides = 2 if args.against else 1
    for _ in range(max(1, args.requests * sides // COMMANDS_PER_SHORT_GAME)):
        shorts.append(bench_game(args.kind, users, SHORT_EVENTS, exclude={g.pk for g in shorts}))
    tokens = {
        game.pk: {s.position: s.user.auth_token.key for s in game.seats.select_related("user__auth_token")}
        for game in [*longs, *shorts]
    }
    for game in longs:
        print(f"  long game {game.pk}: {game.last_seq} events")
    sizes = sorted(g.last_seq for g in shorts)
    print(f"  {len(shorts)} short games: {sizes[0]}-{sizes[-1]} events")

    env = server_env(args.cache_url, args.broker, args.conn_max_age)
    roots = [ROOT] + ([Path(args.against).resolve()] if args.against else [])
    collect_static(roots, env)
    labels = [describe(root) for root in roots]
    if args.against_env:
        labels[1] += " with " + " ".join(args.against_env)
    session = session_cookie(ann)
    # Each server its own cache (the next Redis db for the other one): the rate limits' counters,
    # the sessions and the page fragments of one must not serve the other.
    envs = [env, {**env, "CACHE_URL": next_db(args.cache_url)}]
    for setting in args.against_env:
        name, _, value = setting.partition("=")
        envs[1][name] = value
    servers = [start_gunicorn(args.port + side, envs[side], root) for side, root in enumerate(roots)]
    try:
        clients = [Client(args.port + side) for side in range(len(roots))]
        rng = random.Random(1)
        n = args.requests
        print(
            f"\ngunicorn, 2 workers, 127.0.0.1:{args.port}; "
            f"DATABASE_CONN_MAX_AGE={args.conn_max_age}; CACHE_URL={args.cache_url or '(files)'}; "
            "one client, one request at a time"
        )
        if len(roots) > 1:
            print(
                "every request to both servers in turn: "
                + "; ".join(f"{label} on port {args.port + side}" for side, label in enumerate(labels))
            )
        short = shorts[0]
        games = [short, *longs]
        pages = measure_pages(clients, [g.pk for g in games], session, n)
        for game in games:
            report(labels, f"GET game page, game of {game.last_seq} events", [p[game.pk] for p in pages])
        for side, label in enumerate(labels):
            for game in longs:
                ratio = statistics.median(pages[side][game.pk]) / statistics.median(pages[side][short.pk])
                print(
                    f"  {label if len(labels) > 1 else ''}{':' if len(labels) > 1 else ''}"
                    f" page of the {game.last_seq}-event game / the {short.last_seq}-event one: {ratio:.2f}x"
                )
        views = measure_gets(clients, {g.pk: tokens[g.pk][0] for g in games}, n)
        for game in games:
            report(labels, f"GET view, game of {game.last_seq} events", [v[game.pk] for v in views])
        before = min(g.last_seq for g in shorts)
        first_views: list[list[float]] = [[] for _ in clients]
        posts = measure_post(
            clients, [g.pk for g in shorts], tokens, n, rng, pages_after=(session, first_views)
        )
        after = max(models.Game.objects.get(pk=g.pk).last_seq for g in shorts)
        report(labels, f"POST command, games of {before}-{after} events", [t for t, _ in posts], posts)
        report(labels, "GET game page after each command (first view)", first_views)
        for game in longs:
            before = game.last_seq
            posts = measure_post(clients, [game.pk], tokens, n, rng, spare=True)
            after = models.Game.objects.get(pk=game.pk).last_seq
            report(labels, f"POST command, game of {before}-{after} events", [t for t, _ in posts], posts)
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
        drop_queued_tasks(args.broker)


def next_db(url: str) -> str:
    """redis://host:port/N -> redis://host:port/N+1 (empty: the file cache, which is per checkout)."""
    base, _, db = url.rpartition("/")
    return f"{base}/{int(db) + 1}" if url and db.isdigit() else url


def describe(root: Path) -> str:
    """A checkout named by its commit (and its folder, for another one)."""
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],  # noqa: S607 (git from the PATH, as a developer runs it)
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    return f"{commit or '?'}" if root == ROOT else f"{commit or '?'} ({root})"


def report(
    labels: list[str], name: str, times: list[list[float]], posts: list[tuple[list[float], int]] | None = None
) -> None:
    """One figure per server, and with two servers the ratio of their medians (this one / the other)."""
    for side, label in enumerate(labels):
        line = summary(name if len(labels) == 1 else f"{name} [{label.split()[0]}]", times[side])
        if posts is not None:
            line += f"  (refused {posts[side][1]})"
        print(line)
    if len(labels) > 1:
        ratio = statistics.median(times[0]) / statistics.median(times[1])
        print(f"  {labels[0]} / {labels[1].split()[0]}: {ratio:.2f}x")


def drop_queued_tasks(broker: str) -> None:
    """No worker runs here: forget the notification tasks the benchmark queued in its Redis db."""
    if broker.startswith("redis://"):
        import redis

        redis.Redis.from_url(broker).delete("celery")


if __name__ == "__main__":
    main()
