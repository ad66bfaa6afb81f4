"""The game pages in French, from the committed catalog in locale/fr."""

from __future__ import annotations

import gettext
import re
from pathlib import Path
from typing import Any

import pytest

from games import models, services
from tests.factories import NOW, make_game, player_to_act
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def french_catalog() -> None:
    """The committed French catalog (locale/fr) is the one in use: nothing to set up."""


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


# Every English text the tiny game's catalog has: none may reach a French page.
RACE_ENGLISH = (
    "Roll the die",
    "Say a word",
    "rolled the die",
    "The race begins",
    "A secret was dealt",
    "It is not your turn",
    "You cannot say that now",
    "I do not understand",
)


def test_a_french_page_shows_the_engines_texts_in_french_only(game: models.Game) -> None:
    mover = player_to_act(game)
    services.command_submit(game=game, user=mover, text="roll", expected_seq=game.last_seq, now=NOW)
    game.refresh_from_db()
    roller, mover = mover, player_to_act(game)
    mover.language = "fr"
    mover.save(update_fields=["language"])

    page = client_for(mover).get(f"/games/{game.pk}/").content.decode()

    assert f"{roller.public_name} a lancé le dé." in page  # the log, a player named
    assert "La course commence." in page
    for label in ("Lancer le dé", "Passer", "Dire un mot", "Mot", "Salut"):  # commands, params, choices
        assert label in page
    for english in RACE_ENGLISH:
        assert english not in page


@pytest.mark.parametrize(
    ("post", "french"),
    [
        ({"action": "notation", "notation": "dance"}, "Je ne comprends pas «\u00a0dance\u00a0»"),
        ({"action": "say", "prefix": "say", "p_word": "hi"}, "Vous ne pouvez pas dire cela maintenant."),
    ],
)
def test_a_refusal_by_the_engine_is_in_french(game: models.Game, post: dict[str, str], french: str) -> None:
    mover = player_to_act(game)
    mover.language = "fr"
    mover.save(update_fields=["language"])

    response = client_for(mover).post(f"/games/{game.pk}/move/", {"seq": game.last_seq, **post})

    page = response.content.decode()
    assert response.status_code == 400 and french in page
    for english in RACE_ENGLISH:
        assert english not in page


def test_every_message_of_the_site_has_a_french_text() -> None:
    catalog = Path(__file__).resolve().parents[2] / "locale" / "fr" / "LC_MESSAGES" / "django.po"
    body = catalog.read_text(encoding="utf-8").split("\n\n", 1)[1]  # past the header
    assert 'msgstr ""\n\n' not in body + "\n" and not body.rstrip().endswith('msgstr ""')
    assert "#, fuzzy" not in body
    # The compiled catalog the site serves carries the same translations (file times are no
    # proof on a fresh clone, so read it).
    with catalog.with_suffix(".mo").open("rb") as compiled:
        translations = gettext.GNUTranslations(compiled)
    assert translations.gettext("All headers") == "Tous les en-têtes"
    assert translations.gettext("The request body is too large.") != "The request body is too large."


def test_the_sites_french_follows_french_typography() -> None:
    """A no-break space before : and a narrow one before ; ! ?, and inside « »."""
    catalog = Path(__file__).resolve().parents[2] / "locale" / "fr" / "LC_MESSAGES" / "django.po"
    with catalog.with_suffix(".mo").open("rb") as compiled:
        texts = list(gettext.GNUTranslations(compiled)._catalog.values())  # type: ignore[attr-defined]
    french = [t for t in texts if isinstance(t, str) and t and not t.startswith("Project-Id")]
    assert len(french) > 400
    bad = [t for t in french if re.search(r" [:;!?](\s|$)", t) or "« " in t or " »" in t]
    assert bad == []
    assert any("\u00a0:" in t for t in french) and any("\u202f!" in t or "\u202f?" in t for t in french)


def test_a_french_player_reads_the_moonrollers_log_in_french(ann: Any, bob: Any) -> None:
    game = make_game(ann, bob, kind="moonrollers")
    mover = player_to_act(game)
    services.command_submit(game=game, user=mover, text="roll", expected_seq=game.last_seq, now=NOW)
    mover.language = "fr"
    mover.save(update_fields=["language"])

    page = client_for(mover).get(f"/games/{game.pk}/").content.decode()

    assert f"{mover.public_name} lance 5 dés" in page or f"{mover.public_name} lance 6 dés" in page
    assert "Au tour de " in page or "Au tour d\u2019" in page  # "Au tour de Bob", "Au tour d'Ann" (elided)
    # The engine's own prompt, which names crew and counts, in French too.
    assert "Choisissez la carte Équipage" in page or "Aucun dé obtenu" in page
    assert " rolled " not in page and "&#x27;s turn." not in page

    mover.language = "en"
    mover.save(update_fields=["language"])
    english = client_for(mover).get(f"/games/{game.pk}/").content.decode()
    assert " rolled " in english and "Au tour de" not in english


def test_a_colon_after_a_translated_word_gets_its_french_space() -> None:
    from django.template import Context, Template
    from django.utils import translation

    template = Template('{% load i18n %}{% translate "Supply" %}{% colon %} 6')
    with translation.override("fr"):
        assert template.render(Context()) == "Réserve\u00a0: 6"
    with translation.override("en"):
        assert template.render(Context()) == "Supply: 6"
