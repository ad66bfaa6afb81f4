"""Engine tests need neither Django's settings nor its cache: these no-ops shadow the autouse
fixtures of tests/conftest.py for every test under tests/engine (written once here, not in each
engine's folder)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _fast_password_hashing() -> None:
    return None


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    return None
