"""games/engine is pure: it imports nothing from Django, the rest of games/, or any I/O framework."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "games" / "engine"
# Top-level packages the engine must never reach: the web framework, the project, and services.
FORBIDDEN_ROOTS = {
    "django",
    "rest_framework",
    "drf_spectacular",
    "allauth",
    "celery",
    "kombu",
    "redis",
    "psycopg",
    "moonweb",
    "accounts",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, source: str | None = None) -> list[tuple[int, str]]:
    """Absolute names of every module the file imports, relative imports resolved.

    Static imports only: core's engine registry loads engines by dotted name on purpose.
    """
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text() if source is None else source, filename=str(path))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.append((node.lineno, name))
    return found


def engine_files() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


def test_it_finds_the_engine() -> None:
    assert (ENGINE / "__init__.py").is_file()


def offences(path: Path, source: str | None = None) -> list[str]:
    found = []
    for lineno, name in imported_modules(path, source):
        root = name.split(".")[0]
        if root in FORBIDDEN_ROOTS or (root == "games" and not name.startswith("games.engine")):
            found.append(f"{path.name}:{lineno} imports {name}")
    return found


@pytest.mark.parametrize("path", engine_files(), ids=lambda p: str(p.relative_to(ENGINE)))
def test_it_imports_nothing_outside_the_engine(path: Path) -> None:
    assert offences(path) == []


def test_it_catches_each_way_out() -> None:
    fake = ENGINE / "moonrollers" / "rules.py"
    source = "\n".join(
        [
            "from django.db import models",
            "import celery.app",
            "from ... import models as game_models",
            "from ...store import append",
            "from games.services import game_start",
            "from .. import core",
            "from ..core import Event",
            "from . import cards",
        ]
    )
    assert offences(fake, source) == [
        "rules.py:1 imports django.db",
        "rules.py:2 imports celery.app",
        "rules.py:3 imports games",
        "rules.py:4 imports games.store",
        "rules.py:5 imports games.services",
    ]
