"""Every refusal a service raises reaches French readers in French: pages, the API and mail answers
pass it through gettext (games.texts.reason), so each one must be in the catalog
(games/views/catalog.py lists them for makemessages)."""

from __future__ import annotations

import re
from pathlib import Path

from django.utils import translation

import games.services

REFUSAL = re.compile(r'(?:ServiceError|NotAllowed)\(\s*"([^"]+)"')


def test_every_service_refusal_has_a_french_text() -> None:
    refusals = set(REFUSAL.findall(Path(games.services.__file__).read_text()))
    assert len(refusals) > 20  # the pattern still finds them
    with translation.override("fr"):
        untranslated = sorted(r for r in refusals if translation.gettext(r) == r)
    assert untranslated == []
