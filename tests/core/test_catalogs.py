"""Every engine's gettext catalogs: the compiled .mo files served are those of the .po sources."""

from __future__ import annotations

import ast
import gettext
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(
    [
        *ROOT.glob("games/engine/**/locale/*/LC_MESSAGES/*.po"),
        *ROOT.glob("tests/tinygame_locale/*/LC_MESSAGES/*.po"),
    ]
)


def read_po(path: Path) -> dict[object, str]:
    """The entries of a .po file as gettext keys them: msgid, or (msgid, n) for plural forms."""
    entries: dict[object, str] = {}
    current: dict[str, str] = {}
    field = ""

    def flush() -> None:
        if current.get("msgid"):
            for name, text in current.items():
                if name == "msgstr":
                    entries[current["msgid"]] = text
                elif name.startswith("msgstr["):
                    entries[(current["msgid"], int(name[7:-1]))] = text
        current.clear()

    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        line = line.strip()
        if not line or line.startswith("#"):
            if not line and current:
                flush()
            continue
        if line.startswith('"'):
            current[field] += ast.literal_eval(line)
            continue
        field, _, value = line.partition(" ")
        current[field] = ast.literal_eval(value)
    flush()
    return entries


def test_there_are_catalogs_for_every_engine_in_both_languages() -> None:
    domains = {(p.parents[1].name, p.stem) for p in SOURCES}
    for domain in ("core", "moonrollers", "race"):
        assert ("en", domain) in domains and ("fr", domain) in domains


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_compiled_catalog_matches_its_source(source: Path) -> None:
    compiled = source.with_suffix(".mo")
    assert compiled.exists(), f"{compiled} is missing: run `make messages`"
    with compiled.open("rb") as f:
        served = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
    written = read_po(source)
    served = {k: v for k, v in served.items() if k != ""}
    assert served == written, f"{compiled.name} is stale: run `make messages`"
