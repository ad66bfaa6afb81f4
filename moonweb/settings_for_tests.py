"""The settings pytest and mypy load: the development values `make run` sets, then the real settings.

Production is the settings' default (DEBUG off, a strong SECRET_KEY and ALLOWED_HOSTS required);
the suite runs as a developer's machine does, with nothing more exported than DATABASE_URL and
CELERY_BROKER_URL. pytest-django still runs every view with DEBUG=False. The environment is set
here, not only read, so that processes the tests start (a Celery worker, manage.py) inherit it.
Production values are tested in subprocesses with an environment of their own
(tests/core/test_production_settings.py).
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("DEBUG", "1")
# Tests see the outbox's hand-off to the broker as part of the commit (one test runs the thread).
os.environ.setdefault("OUTBOX_HANDOFF_IN_BACKGROUND", "0")
# The tests empty the cache before each test: not the one a `make run` beside them is using.
os.environ.setdefault(
    "CACHE_DIR",
    str(
        Path(os.environ.get("MOONWEB_VAR_DIR", Path(__file__).resolve().parent.parent / "var")) / "test-cache"
    ),
)

from moonweb.settings import *  # noqa: F403
