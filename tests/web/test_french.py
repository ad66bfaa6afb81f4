"""The game pages in French, with this layer's catalog (locale-snippets/web.po) merged in."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from games import models
from tests.factories import player_to_act
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
SNIPPET = ROOT / "locale-snippets" / "web.po"
SITE_CATALOG = ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"


@pytest.fixture
def french_catalog(settings: Any, tmp_path: Path) -> None:
    """The site's French catalog with this layer's entries merged, compiled, and in use."""
    if not (shutil.which("msgcat") and shutil.which("msgfmt")):
        pytest.skip("GNU gettext tools are not installed")
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    sources = [str(p) for p in (SITE_CATALOG, SNIPPET) if p.exists()]
    merged = folder / "django.po"
    subprocess.run(["msgcat", "--use-first", "-o", str(merged), *sources], check=True)
    subprocess.run(["msgfmt", "--check-format", "-o", str(folder / "django.mo"), str(merged)], check=True)
    settings.LOCALE_PATHS = [tmp_path]  # the setting_changed signal drops Django's cached catalogs


def test_a_french_player_reads_the_game_page_in_french(french_catalog: None, game: models.Game) -> None:
    mover = player_to_act(game)
    mover.language = "fr"
    mover.save(update_fields=["language"])

    page = client_for(mover).get(f"/games/{game.pk}/").content.decode()

    for french in (
        "Ce que vous devez décider",
        "Journal",
        "Dés équitables",
        "Abandonner",
        "Envoyer le message",
    ):
        assert french in page
    for english in ("What you must decide", "Fair dice", "Send the message"):
        assert english not in page


def test_a_french_refusal_is_translated_too(french_catalog: None, game: models.Game, cyd: Any) -> None:
    cyd.language = "fr"
    cyd.save(update_fields=["language"])

    response = client_for(cyd).post(f"/games/{game.pk}/chat/", {"text": "salut", "to": ""})

    assert response.status_code == 403
    assert "les spectateurs ne peuvent pas jouer" in response.content.decode()


def test_every_message_of_the_snippet_has_a_french_text() -> None:
    text = SNIPPET.read_text(encoding="utf-8")
    assert 'msgstr ""\n\n' not in text.split("\n\n", 1)[1]  # past the header, nothing left empty
    assert "Ce que vous devez décider" in text
