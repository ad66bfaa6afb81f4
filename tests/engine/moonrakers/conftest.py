"""Moonrakers engine tests: pure Python, no database, no Django settings.

The suite runs with ``--import-mode=importlib``, which does not put test folders on sys.path;
the scenario helper next to these tests is made importable here.
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
