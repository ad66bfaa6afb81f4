"""The WSGI entry point moves the loaded site out of the garbage collector's reach (moonweb/wsgi.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_loaded_site_is_frozen_out_of_the_collectors_reach() -> None:
    code = "import gc, moonweb.wsgi; print(gc.get_freeze_count())"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "moonweb.settings", "DEBUG": "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert int(done.stdout.strip().splitlines()[-1]) > 50_000  # Django, the apps and the URL patterns
