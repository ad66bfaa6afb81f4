"""What `manage.py check --deploy` says about Moonweb's own production settings."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Tags, Warning, register

SHARED_CACHE_BACKENDS = (
    "django.core.cache.backends.redis.RedisCache",
    "moonweb.redis_cache.KeptClientRedisCache",
)


@register(Tags.security, deploy=True)
def shared_cache(app_configs: Any = None, **kwargs: Any) -> list[Warning]:
    """Rate limits live in the cache: files under var/ hold only on one machine."""
    backend = settings.CACHES["default"]["BACKEND"]
    if backend in SHARED_CACHE_BACKENDS:
        return []
    return [
        Warning(
            "The cache (which holds every rate limit) is not shared between machines.",
            hint=(
                "Set CACHE_URL=redis://host:6379/1. Without it the limits are kept in files under "
                "CACHE_DIR, which is enough only when every web process runs on this one machine."
            ),
            id="moonweb.W001",
        )
    ]
