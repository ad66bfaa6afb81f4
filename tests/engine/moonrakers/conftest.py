"""Moonrakers engine tests: pure Python, no database, no Django settings.

The suite runs with ``--import-mode=importlib``, which does not put test folders on sys.path;
the scenario helper next to these tests is made importable here.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

_HERE = str(Path(__file__).parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


# tests/conftest.py's autouse fixtures need Django (settings, cache). The engine needs neither:
# these no-ops shadow them, so that `pytest tests/engine -p no:django` runs.
@pytest.fixture(autouse=True)
def _fast_password_hashing() -> None:
    return None


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    return None
