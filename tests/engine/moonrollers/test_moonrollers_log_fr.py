"""The log in French: every event of real games has a French line, and it hides what English hides."""

from __future__ import annotations

import re

from games.engine.core import Rng
from games.engine.moonrollers import ENGINE
from games.engine.moonrollers.texts_fr import text_fr
from games.engine.simulation import game_seed, play

PLACEHOLDER = re.compile(r"\{p\d\}")


def test_every_event_of_real_games_reads_in_french() -> None:
    seen: set[str] = set()
    for index in range(6):
        game = play(ENGINE, 2 + index % 4, seed=game_seed("fr", index))
        for event in game.events:
            for seat in (event.seat, None):
                entry = ENGINE.redact(event, seat)
                assert entry is not None
                french = entry["text_fr"]
                assert french != event.type, f"no French text for {event.type}"
                assert french != entry["text"]
                assert not PLACEHOLDER.sub("", french).count("{"), french
            seen.add(event.type)
    assert {"dice_rolled", "dice_locked", "requirement_completed", "crew_hired", "busted", "stopped"} <= seen


def test_french_hides_the_hazard_tokens_of_others_as_english_does() -> None:
    game = play(ENGINE, 3, seed=game_seed("fr-hazard", 0))
    drawn = [e for e in game.events if e.type == "hazard_tokens_drawn"]
    assert drawn
    event = drawn[0]
    other = (event.seat or 0) + 1
    assert "Prestige/" not in ENGINE.redact(event, other)["text_fr"]
    assert "Prestige/" in ENGINE.redact(event, event.seat)["text_fr"]


def test_it_uses_the_french_rulebook_words() -> None:
    events = ENGINE.setup(2, {}, Rng(b"s" * 32, 1, 1))
    assert text_fr(events[0], False).startswith("Partie à 2 joueurs. Cartes visibles : ")
    game = play(ENGINE, 2, seed=game_seed("fr-words", 1))
    lines = " ".join(text_fr(e, True) for e in game.events)
    for word in ("lance", "verrouille", "condition", "Au tour de"):
        assert word in lines


def test_the_prompt_reads_in_french_for_every_decision_of_real_games() -> None:
    from games.engine.moonrollers.legal import prompt_fr

    kinds: set[str] = set()
    for index in range(4):
        game = play(ENGINE, 2 + index % 3, seed=game_seed("fr-prompt", index))
        state = None
        for event in game.events:
            state = ENGINE.evolve(state, event)
            pending = ENGINE.pending(state)
            if not pending:
                continue
            view = ENGINE.view(state, pending[0].seat)
            assert view["prompt_fr"] == prompt_fr(state) and view["prompt_fr"], view["prompt"]
            assert view["prompt_fr"] != view["prompt"]
            kinds.add(pending[0].kind)
    assert {"start_turn", "choose_crew", "commit", "lock_dice", "roll_or_stop", "keep_hazard"} <= kinds


def test_every_label_built_from_names_or_counts_has_its_french_twin() -> None:
    from games.engine.moonrollers.cards import CREW

    names = [crew.name for crew in CREW.values()]
    checked = 0
    for index in range(4):
        game = play(ENGINE, 2 + index % 3, seed=game_seed("fr-labels", index))
        state = None
        for event in game.events:
            state = ENGINE.evolve(state, event)
            for pending in ENGINE.pending(state):
                for spec in ENGINE.legal(state, pending.seat):
                    items = [spec, *spec.params, *(c for p in spec.params for c in p.choices)]
                    for item in items:
                        built = any(ch.isdigit() for ch in item.label) or any(
                            f"{n} " in item.label or f"{n}'" in item.label or f"({n})" in item.label
                            for n in names
                        )
                        # A crew name alone (a choice of crew) needs no translation.
                        if built and item.label not in names:
                            assert item.label_fr and item.label_fr != item.label, item.label
                            checked += 1
    assert checked > 100
