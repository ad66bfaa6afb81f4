"""Checks the settings make before anything starts: a process that would be unsafe refuses to run.

Kept apart from settings.py so they can be tested without importing settings again.
"""

from __future__ import annotations

# Django's own rule (security.W009): shorter or less varied keys can be guessed.
SECRET_KEY_MIN_LENGTH = 50
SECRET_KEY_MIN_UNIQUE = 5
SECRET_KEY_INSECURE_PREFIX = "django-insecure-"  # noqa: S105 (a prefix to refuse, not a key)


def secret_key_weakness(key: str, *, dev_key: str) -> str | None:
    """Why ``key`` is not fit for production, or None when it is."""
    if not key:
        return "is not set"
    if key == dev_key or key.startswith(SECRET_KEY_INSECURE_PREFIX):
        return "is a development key"
    if len(key) < SECRET_KEY_MIN_LENGTH:
        return f"is too short ({len(key)} characters)"
    if len(set(key)) < SECRET_KEY_MIN_UNIQUE:
        return f"has only {len(set(key))} different characters"
    return None
