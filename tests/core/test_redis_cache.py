"""The Redis cache (production's shared cache, ``CACHE_URL``) keeps one client per pool."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from moonweb.redis_cache import KeptClientRedisCache


@pytest.fixture
def redis_cache(settings: Any) -> Any:
    broker = settings.CELERY_BROKER_URL
    if not broker.startswith("redis://"):
        pytest.skip("needs the Redis the suite runs on")
    cache = KeptClientRedisCache(broker, {"KEY_PREFIX": "redis-cache-test"})
    yield cache
    cache.clear()


def test_every_call_uses_the_same_client_and_the_values_round_trip(redis_cache: Any) -> None:
    first = redis_cache._cache.get_client(write=True)
    redis_cache.set_many({"a": [1.5, 2.5], "b": "two"}, 60)
    redis_cache.set("n", 1, 60)
    redis_cache.incr("n")

    assert redis_cache.get_many(["a", "b", "missing"]) == {"a": [1.5, 2.5], "b": "two"}
    assert redis_cache.get("n") == 2
    assert redis_cache._cache.get_client() is first
    assert redis_cache._cache.get_client(write=True) is first


def test_threads_share_the_client_safely(redis_cache: Any) -> None:
    errors: list[BaseException] = []

    def count() -> None:
        try:
            for _ in range(50):
                redis_cache.incr("hits")
        except BaseException as error:  # reported by the assertion below
            errors.append(error)

    redis_cache.set("hits", 0, 60)
    threads = [threading.Thread(target=count) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    assert redis_cache.get("hits") == 200
