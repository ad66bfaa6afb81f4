"""The API's limits (DRF throttling): per visitor address, per player, and per costly action.

Over a limit: 429, a JSON reason, Retry-After, and nothing written. The counters live in the
shared cache, so another process (or another cache client) sees the same count.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import CacheHandler, cache
from django.core.signals import request_finished
from rest_framework.test import APIClient

from games import limits, models, services
from moonweb import after_response
from tests.api.helpers import ClientFor, event_count, url
from tests.factories import NOW, make_game, make_user

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def set_rates(settings: Any, **rates: str) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates},
    }


def rival_table(user: Any) -> models.Game:
    """A started race game of ``user`` against a rival who always passes back (see ``send_pass``).

    Not a bot: the race bot rolls, and six rolls can reach 20 and end the game before the limit
    is reached (that made this file fail on a fresh machine, depending on the game's seed).
    """
    game = make_game(user, make_user("Rival"))
    rival_passes(game)
    return game


def rival_passes(game: models.Game) -> None:
    """If it is the rival's turn, the rival passes, through the services: outside the API, so
    it counts against no one's limit."""
    game.refresh_from_db()
    to_act = game.seats.filter(is_pending=True).first()
    if to_act is not None and to_act.user is not None and to_act.user.username.startswith("rival"):
        services.command_submit(game=game, user=to_act.user, text="pass", expected_seq=game.last_seq, now=NOW)


def send_pass(client: APIClient, game: models.Game) -> Any:
    """``pass`` through the API, then the rival passes back."""
    game.refresh_from_db()
    body = {"command": "pass", "expected_seq": game.last_seq}
    response = client.post(url(game, "commands"), body, format="json")
    rival_passes(game)
    return response


def test_the_command_after_the_limit_is_refused_with_429_and_changes_nothing(
    settings: Any, client_for: ClientFor, ann: Any, bob: Any
) -> None:
    set_rates(settings, commands="5/minute")
    game = rival_table(ann)
    ann_client = client_for(ann)
    for _ in range(5):
        assert send_pass(ann_client, game).status_code == 201
    before = event_count()

    refused = send_pass(ann_client, game)

    assert refused.status_code == 429
    body = refused.json()
    assert body["code"] == "throttled"
    assert body["detail"].startswith("Too many requests: nothing was done.")
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert event_count() == before
    # The limit is Ann's, not everybody's.
    assert send_pass(client_for(bob), rival_table(bob)).status_code == 201


def test_reading_does_not_count_against_the_command_limit(
    settings: Any, client_for: ClientFor, ann: Any
) -> None:
    set_rates(settings, commands="2/minute", tables="2/minute")
    game = rival_table(ann)
    client = client_for(ann)
    for _ in range(5):
        assert client.get(url(game)).status_code == 200
        assert client.get("/api/games/").status_code == 200
    assert send_pass(client, game).status_code == 201


class CountingCache:
    """The shared cache, counting the round trips the limits make to it."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.calls = inner, []

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.inner, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(name)
            return method(*args, **kwargs)

        return counted


def test_a_command_reads_its_two_counters_in_one_round_trip_and_writes_them_in_one(
    settings: Any, client_for: ClientFor, ann: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rates(settings, player="100/minute", commands="100/minute")
    game = rival_table(ann)
    client = client_for(ann)
    counting = CountingCache(cache)
    monkeypatch.setattr(limits._Rate, "cache", counting)

    assert send_pass(client, game).status_code == 201

    assert counting.calls == ["get_many", "set_many"]
    # Both limits counted the command: the player's and the action's.
    assert len(cache.get(f"throttle_player_{ann.pk}")) == 1
    assert len(cache.get(f"throttle_commands_{ann.pk}")) == 1


def test_the_counters_are_written_once_the_response_is_sent(
    settings: Any, client_for: ClientFor, ann: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rates(settings, player="100/minute", commands="100/minute")
    game = rival_table(ann)
    client = client_for(ann)
    seen_at_finish: list[Any] = []
    real_finish = after_response._finish

    def finish(**kwargs: Any) -> None:
        # What the cache holds when the response is finished, before the deferred work runs.
        seen_at_finish.append(cache.get(f"throttle_player_{ann.pk}"))
        real_finish(**kwargs)

    monkeypatch.setattr(after_response, "_finish", finish)
    request_finished.disconnect(dispatch_uid="moonweb-after-response-finish")
    request_finished.connect(finish, dispatch_uid="moonweb-after-response-finish")
    try:
        assert send_pass(client, game).status_code == 201
    finally:
        request_finished.disconnect(dispatch_uid="moonweb-after-response-finish")
        request_finished.connect(real_finish, dispatch_uid="moonweb-after-response-finish")
    assert seen_at_finish and seen_at_finish[0] is None  # not written during the request
    assert len(cache.get(f"throttle_player_{ann.pk}")) == 1  # written after it


def test_a_counter_is_stored_as_packed_timestamps_and_an_old_list_still_counts(
    settings: Any, client_for: ClientFor, ann: Any
) -> None:
    from array import array

    set_rates(settings, player="3/minute", commands="100/minute")
    game = rival_table(ann)
    client = client_for(ann)
    key = f"throttle_player_{ann.pk}"
    # A counter written as DRF writes it (a list of floats), before this change: still read.
    now = limits.PlayerRate().timer()
    cache.set(key, [now - 1.0], 60)

    assert send_pass(client, game).status_code == 201
    stored = cache.get(key)
    assert isinstance(stored, array) and stored.typecode == "d"
    assert len(stored) == 2 and stored[0] >= now > stored[1]  # newest first, as DRF keeps them
    # The old entry counts towards the limit of 3: the next request is the last one allowed.
    assert [send_pass(client, game).status_code for _ in range(2)] == [201, 429]


def test_a_request_one_limit_refuses_still_counts_against_the_others(
    settings: Any, client_for: ClientFor, ann: Any
) -> None:
    # DRF's rule, kept when the counters are read together: every limit a request passes counts it.
    set_rates(settings, player="100/minute", commands="2/minute")
    game = rival_table(ann)
    client = client_for(ann)

    assert [send_pass(client, game).status_code for _ in range(3)] == [201, 201, 429]

    assert len(cache.get(f"throttle_player_{ann.pk}")) == 3
    assert len(cache.get(f"throttle_commands_{ann.pk}")) == 2


def test_table_creation_and_chat_are_limited(settings: Any, client_for: ClientFor, ann: Any) -> None:
    set_rates(settings, tables="2/hour", chat="2/minute")
    client = client_for(ann)
    table = {"kind": "race", "seat_count": 2, "time_per_move": 7200}
    assert [client.post("/api/games/", table, format="json").status_code for _ in range(3)] == [201, 201, 429]
    assert models.Game.objects.filter(creator=ann).count() == 2

    game = rival_table(ann)
    before = event_count()
    codes = [client.post(url(game, "chat"), {"text": "hi"}, format="json").status_code for _ in range(3)]
    assert codes == [201, 201, 429]
    assert event_count() == before + 2


def test_visitors_are_limited_per_address_and_a_forged_forwarded_for_does_not_help(
    settings: Any, ann: Any
) -> None:
    set_rates(settings, visitor="3/minute")
    make_game(ann, start=False, seat_count=2)
    visitor = APIClient(REMOTE_ADDR="198.51.100.7")
    assert [visitor.get("/api/games/").status_code for _ in range(3)] == [200, 200, 200]

    assert visitor.get("/api/games/").status_code == 429
    forged = visitor.get("/api/games/", HTTP_X_FORWARDED_FOR="203.0.113.1")
    assert forged.status_code == 429
    assert APIClient(REMOTE_ADDR="198.51.100.8").get("/api/games/").status_code == 200


def test_behind_a_trusted_proxy_the_client_is_what_the_proxy_saw(settings: Any, ann: Any) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    set_rates(settings, visitor="2/minute")
    proxy = APIClient(REMOTE_ADDR="10.0.0.2")
    for forged in ("1.1.1.1", "2.2.2.2"):
        # Whatever the client wrote first, the proxy appended the address it saw: that one counts.
        response = proxy.get("/api/games/", HTTP_X_FORWARDED_FOR=f"{forged}, 198.51.100.7")
        assert response.status_code == 200
    assert proxy.get("/api/games/", HTTP_X_FORWARDED_FOR="3.3.3.3, 198.51.100.7").status_code == 429
    assert proxy.get("/api/games/", HTTP_X_FORWARDED_FOR="198.51.100.9").status_code == 200


def test_the_limits_live_in_a_cache_every_process_shares(
    settings: Any, client_for: ClientFor, ann: Any
) -> None:
    assert "locmem" not in settings.CACHES["default"]["BACKEND"]
    set_rates(settings, chat="2/minute")
    game = rival_table(ann)
    client = client_for(ann)
    for _ in range(2):
        assert client.post(url(game, "chat"), {"text": "hi"}, format="json").status_code == 201

    # A second cache client, as another web process would have, sees the same count...
    other = CacheHandler()["default"]
    assert other is not cache
    assert len(other.get(f"throttle_chat_{ann.pk}")) == 2
    # ...and so does another process, which refuses Ann's next chat line.
    script = (
        "import django, json; django.setup()\n"
        "from django.test import RequestFactory\n"
        "from accounts.models import User\n"
        "from games.limits import over_limit\n"
        f"request = RequestFactory().post('/'); request.user = User(pk={ann.pk})\n"
        "print(json.dumps(over_limit(request, 'chat')))\n"
    )
    child = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "RATE_CHAT": "2/minute"},
    )
    assert child.returncode == 0, child.stderr
    wait = json.loads(child.stdout.strip().splitlines()[-1])
    assert isinstance(wait, int) and 1 <= wait <= 60


def test_with_redis_two_cache_clients_share_one_count(settings: Any, client_for: ClientFor, ann: Any) -> None:
    broker = settings.CELERY_BROKER_URL
    if not broker.startswith("redis://"):
        pytest.skip("needs the Redis the suite runs on")
    prefix = f"limits-test-{ann.pk}"
    settings.CACHES = {
        "default": {
            "BACKEND": "moonweb.redis_cache.KeptClientRedisCache",
            "LOCATION": broker,
            "KEY_PREFIX": prefix,
        }
    }
    set_rates(settings, chat="2/minute")
    game = rival_table(ann)
    client = client_for(ann)
    first, second = CacheHandler()["default"], CacheHandler()["default"]
    try:
        codes = [client.post(url(game, "chat"), {"text": "hi"}, format="json").status_code for _ in range(3)]
        assert codes == [201, 201, 429]
        assert len(first.get(f"throttle_chat_{ann.pk}")) == 2
        first.delete(f"throttle_chat_{ann.pk}")
        assert second.get(f"throttle_chat_{ann.pk}") is None
        assert client.post(url(game, "chat"), {"text": "hi"}, format="json").status_code == 201
    finally:
        first.delete(f"throttle_chat_{ann.pk}")


@pytest.mark.django_db(transaction=True)
def test_the_example_bot_waits_out_the_limit_and_finishes(
    settings: Any, live_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rest_framework.authtoken.models import Token

    from games import limits
    from tests.factories import make_user

    set_rates(settings, commands="2/second")
    refusals: list[int] = []
    failure = limits.ActionRate.throttle_failure

    def counted(self: Any) -> bool:
        refusals.append(1)
        return failure(self)

    monkeypatch.setattr(limits.ActionRate, "throttle_failure", counted)
    ann = make_user("Ann")
    game = make_game(ann, start=False, seat_count=2)
    services.game_fill_with_bots(game=game, by=ann, now=NOW)
    services.game_start(game=game, by=ann, now=NOW)
    token = Token.objects.create(user=ann)

    bot = ROOT / "docs" / "examples" / "api_bot.py"
    run = subprocess.run(
        [sys.executable, str(bot), "--url", live_server.url, "--token", token.key, "--game", str(game.pk)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )

    assert run.returncode == 0, run.stderr
    game.refresh_from_db()
    assert game.status == models.Game.Status.FINISHED
    assert refusals, "the bot was never over the limit: the test proves nothing"


def test_a_throttle_of_another_kind_is_asked_as_drf_asks_it(settings: Any, ann: Any) -> None:
    from rest_framework.test import APIRequestFactory
    from rest_framework.throttling import BaseThrottle

    class Closed(BaseThrottle):
        def allow_request(self, request: Any, view: Any) -> bool:
            return False

        def wait(self) -> float:
            return 7.0

    set_rates(settings, player="100/minute")
    request = APIRequestFactory().get("/api/games/")
    request.user = ann

    waits = limits.allow([Closed(), limits.PlayerRate()], request, None)

    assert waits == [7.0]
    assert len(cache.get(f"throttle_player_{ann.pk}")) == 1  # the player's limit counted it all the same
