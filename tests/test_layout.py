"""Shared code never names a game (DESIGN.md, "Layout"): a game's words live in its own packages,
games/engine/<game>/ and games/boards/<game>/. The imports are checked by import-linter
(pyproject.toml, `make lint`); this checks the text of shared modules and templates, where an
import contract cannot look (template names, words shown to players, JSON field names).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"

# What the platform shares: its modules, pages and emails. A game's own folders are not in it.
SHARED = [
    *sorted(GAMES.glob("*.py")),
    *sorted((GAMES / "views").rglob("*.py")),
    *sorted((GAMES / "api").rglob("*.py")),
    *sorted((GAMES / "mail").rglob("*.py")),
    *sorted((GAMES / "templatetags").rglob("*.py")),
    *sorted((ROOT / "templates" / "games").rglob("*.html")),
    *sorted((ROOT / "templates" / "emails").rglob("*")),
]

# Words only one game uses: every game's name (its engine and presentation packages), and the
# words of Moonrollers' rules that once leaked into shared code.
GAME_WORDS = ("prestige", "hazard")

# (path relative to the repository, word) -> why the shared file may say it. Empty: no shared file
# needs a game's word. A site-wide credit naming the games (templates/base.html's footer) is not a
# game page and is not scanned.
ALLOWED: dict[tuple[str, str], str] = {}


def game_names() -> set[str]:
    engines = {p.name for p in (GAMES / "engine").iterdir() if (p / "__init__.py").is_file()}
    boards = {p.name for p in (GAMES / "boards").iterdir() if (p / "__init__.py").is_file()}
    return {n for n in engines | boards if not n.startswith("_")}


def pattern() -> re.Pattern[str]:
    words = sorted(game_names() | set(GAME_WORDS))
    return re.compile("|".join(re.escape(w) for w in words), re.IGNORECASE)


def hits(path: Path, text: str | None = None) -> list[tuple[str, str]]:
    body = path.read_text(encoding="utf-8") if text is None else text
    relative = str(path.relative_to(ROOT))
    found = {m.group(0).lower() for m in pattern().finditer(body)}
    return sorted((relative, word) for word in found if (relative, word) not in ALLOWED)


def test_it_knows_the_games_and_the_files_to_check() -> None:
    assert "moonrollers" in game_names()
    assert len(SHARED) > 40 and all(p.is_file() for p in SHARED)


@pytest.mark.parametrize("path", SHARED, ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_code_names_no_game(path: Path) -> None:
    assert hits(path) == []


def test_it_catches_a_game_named_in_shared_code() -> None:
    page = ROOT / "templates" / "games" / "game.html"
    assert hits(page, '{% include "boards/moonrollers/board.html" %} {{ p.prestige }} Hazard') == [
        ("templates/games/game.html", "hazard"),
        ("templates/games/game.html", "moonrollers"),
        ("templates/games/game.html", "prestige"),
    ]
