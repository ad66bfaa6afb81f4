"""The components: 30 crew cards (loaded from crew.json), factions, Hazard tokens, player tokens.

Their texts (ability texts, faction names) are messages: see texts.py and the catalogs in locale/."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from games.engine.moonrollers.dice import FACE_INDEX, WILD


@dataclass(frozen=True, slots=True)
class Requirement:
    face: int  # a dice.FACES index; WILD means "real Wild faces only"
    count: int  # dice to lock, and the Prestige it is worth
    hazard: bool  # completing it draws 2 Hazard tokens, keep 1
    # Wild requirements are harder and score double (the "x2" on the card). A field set once, not a
    # property: the bot reads it tens of times per decision.
    prestige: int = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "prestige", self.count * 2 if self.face == WILD else self.count)


@dataclass(frozen=True, slots=True)
class Crew:
    slug: str
    name: str
    faction: str
    starting: bool
    requirements: tuple[Requirement, ...]


def _load() -> tuple[dict[str, Crew], dict[str, str]]:
    data = json.loads((Path(__file__).parent / "crew.json").read_text(encoding="utf-8"))
    crew = {
        c["slug"]: Crew(
            slug=c["slug"],
            name=c["name"],
            faction=c["faction"],
            starting=c["starting"],
            requirements=tuple(Requirement(FACE_INDEX[f], n, h) for f, n, h in c["requirements"]),
        )
        for c in data["crew"]
    }
    symbols = {f["key"]: f["symbol"] for f in data["factions"]}
    return crew, symbols


CREW, FACTION_SYMBOLS = _load()
CREW_SLUGS: tuple[str, ...] = tuple(CREW)
FACTIONS: tuple[str, ...] = tuple(FACTION_SYMBOLS)
STARTING_CREW: tuple[str, ...] = tuple(s for s, c in CREW.items() if c.starting)

# "10 player tokens ... Each player places 1 token on the 0 space of the Prestige board": the other
# 9 are what a player commits to requirements.
PLAYER_TOKENS = 10
PRESTIGE_BOARD_TOKENS = 1
REQUIREMENT_TOKENS = PLAYER_TOKENS - PRESTIGE_BOARD_TOKENS

# Hazard tokens by Prestige value; the value fixes the Hazard symbols (1/0, 2/1, 5/2).
HAZARD_SYMBOLS: dict[int, int] = {1: 0, 2: 1, 5: 2}
HAZARD_TOKEN_COUNTS: dict[int, int] = {1: 20, 2: 15, 5: 10}
HAZARD_TOKENS_TOTAL = sum(HAZARD_TOKEN_COUNTS.values())

# The display: 2 players 4 cards, 3 players 5 (no duplicate faction); 4-5 players 6 (every faction).
DISPLAY_SIZE: dict[int, int] = {2: 4, 3: 5, 4: 6, 5: 6}


def hazard_symbols(tokens: tuple[int, ...] | list[int]) -> int:
    return sum(HAZARD_SYMBOLS[t] for t in tokens)
