"""The crew abilities are messages: English written for Moonweb, French in the official wording (the
French rulebook's ability appendix)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from moonrollers_scenario import Game, french

from games.engine.messages import has_text, render
from games.engine.moonrollers import ENGINE
from games.engine.moonrollers.cards import CREW
from games.engine.moonrollers.texts import ability

# Copied letter for letter from the French rulebook's appendix (bold marks removed; the catalog
# sets the apostrophes as French typography does: see ``french``).
OFFICIAL = {
    "zek-zarag": "Si vous obtenez exactement 1 Propulseur, ce Propulseur peut être verrouillé comme Joker.",
    # The French book spells her "NAMARIT".
    "namari": "Vous gagnez 2 points de Prestige après vous être planté.",
    "ada-massa": (
        "Chaque Dé supplémentaire peut être verrouillé en tant que 2 Réacteurs. Tout dé verrouillé "
        "de cette façon n'est pas ajouté à vos dés de lancer si vous relancez."
    ),
}


def with_ability(node: Any) -> Iterator[dict[str, Any]]:
    """Every dict of a view that carries an ability text, however deep."""
    if isinstance(node, dict):
        if "ability" in node:
            yield node
        for value in node.values():
            yield from with_ability(value)
    elif isinstance(node, list):
        for value in node:
            yield from with_ability(value)


def test_it_gives_every_crew_an_ability_text_in_both_languages() -> None:
    assert len(CREW) == 30
    for slug in CREW:
        key = ability(slug).key
        assert key == f"moonrollers.ability.{slug}"
        assert has_text(key, "en") and has_text(key, "fr"), slug
        english, french = render(ability(slug), "en"), render(ability(slug), "fr")
        assert english.strip() and french.strip() and french != english, slug
        # Markdown of the source and doubled spaces must not leak into the pages.
        assert "**" not in french and "  " not in french, slug


def test_it_gives_each_crew_its_own_french_text() -> None:
    # The French appendix is one section per crew: a mapping slip would repeat or swap texts.
    texts = [render(ability(slug), "fr") for slug in CREW]
    assert len(set(texts)) == len(texts)


@pytest.mark.parametrize(("slug", "text"), OFFICIAL.items())
def test_it_uses_the_official_french_wording(slug: str, text: str) -> None:
    assert render(ability(slug), "fr") == french(text)


def test_it_puts_the_ability_message_of_every_crew_in_the_view() -> None:
    g = Game.build(
        ["Ann", "Bob", "Cy"],
        crew={"Ann": ["zek-zarag", "ada-massa"], "Bob": [["namari", "imdar-shade"]]},
        display=["aponi"],
    )
    for seat in (0, 1, 2, None):
        view = ENGINE.view(g.state, seat)
        assert json.loads(json.dumps(view)) == view
        found = list(with_ability(view))
        # Display cards and the three players' stacks at least.
        assert len(found) >= len(view["display"]) + 3
        for node in found:
            slug = node.get("crew") or node["active"]
            assert node["ability"] == {"key": f"moonrollers.ability.{slug}"}
            assert "ability_fr" not in node
    stacks = ENGINE.view(g.state, None)["players"][1]["crew"]
    assert stacks[0]["active"] == "namari"
    assert render(stacks[0]["ability"], "fr") == french(OFFICIAL["namari"])
    assert render(stacks[0]["ability"], "en") == "Gain 2 Prestige after you bust."
