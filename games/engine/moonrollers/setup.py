"""Setting up: starting crew, the crew deck, the display for the player count, the Hazard pile,
the first player. Every shuffle's result is written into the game_set_up event."""

from __future__ import annotations

from collections.abc import Mapping

from games.engine.core import Event, Rng
from games.engine.moonrollers.cards import (
    CREW,
    CREW_SLUGS,
    DISPLAY_SIZE,
    FACTIONS,
    HAZARD_TOKEN_COUNTS,
    STARTING_CREW,
)
from games.engine.moonrollers.events import GameSetUp, TurnStarted

MIN_PLAYERS = 2
MAX_PLAYERS = 5
LONGER_GAME = "longer_game"


def deal_display(deck: list[str], players: int) -> tuple[list[str], list[str]]:
    """Reveal the starting display from the shuffled deck: 2-3 players get one card per faction
    (4 or 5 cards, no duplicate); 4-5 players get 6 with every faction: the first card of each
    faction, then the next card of any. Cards passed over stay in the deck in their order."""
    size = DISPLAY_SIZE[players]
    display: list[str] = []
    seen: set[str] = set()
    for slug in deck:
        faction = CREW[slug].faction
        if faction not in seen and len(display) < min(size, len(FACTIONS)):
            display.append(slug)
            seen.add(faction)
    for slug in deck:
        if len(display) == size:
            break
        if slug not in display:
            display.append(slug)
    rest = [s for s in deck if s not in display]
    return display, rest


def setup(players: int, options: Mapping[str, bool], rng: Rng) -> list[Event]:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Moonrollers is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    longer = bool(options.get(LONGER_GAME, False))
    starters = rng.shuffle(STARTING_CREW)
    starting: list[str | None] = [None] * players if longer else list(starters[:players])
    dealt = {s for s in starting if s}
    deck = rng.shuffle([s for s in CREW_SLUGS if s not in dealt])
    display, deck = deal_display(deck, players)
    pile = rng.shuffle([value for value, n in HAZARD_TOKEN_COUNTS.items() for _ in range(n)])
    first = rng.randbelow(players)
    return [
        GameSetUp(
            players=players,
            longer_game=longer,
            starting_crew=starting,
            display=display,
            deck=deck,
            hazard_pile=pile,
            first_player=first,
        ).event(None),
        TurnStarted(seat=first).event(first),
    ]
