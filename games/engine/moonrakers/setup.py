"""Setup (rulebook GAME SETUP): decks, rows, Credits, Objectives dealt 3, first Mission Leader by dice."""

from __future__ import annotations

from collections.abc import Mapping

from games.engine.core import Event, Rng
from games.engine.moonrakers.cards import (
    CONTRACTS,
    CREW,
    CREW_ROW,
    HAZARD_DICE,
    HAZARD_FACES,
    MERC_ROW,
    MERCENARY_BASICS,
    MERCENARY_CREW,
    OBJECTIVES,
    PART_ROW,
    PARTS,
    ROW_SIZE,
    STARTING_DECK,
)
from games.engine.moonrakers.events import (
    CardsDrawn,
    FirstPlayerRolled,
    GameSetUp,
    ObjectivesDealt,
)

MIN_PLAYERS = 1
MAX_PLAYERS = 5
OPTION_NAMES = ("armory_refresh", "auto_claim", "solo_remove_4_dice")
DEFAULT_OPTIONS = {"armory_refresh": True, "auto_claim": True, "solo_remove_4_dice": False}


def roll_die(rng: Rng) -> int:
    return HAZARD_FACES[rng.randbelow(len(HAZARD_FACES))]


def first_player(players: int, rng: Rng) -> FirstPlayerRolled:
    """All roll the 4 Hazard Dice; the least Hazard goes first; only the tied lowest roll again (A54)."""
    rolling = list(range(players))
    rounds: list[tuple[tuple[int, ...], ...]] = []
    while True:
        faces = [
            tuple(roll_die(rng) for _ in range(HAZARD_DICE)) if s in rolling else () for s in range(players)
        ]
        rounds.append(tuple(faces))
        low = min(sum(faces[s]) for s in rolling)
        rolling = [s for s in rolling if sum(faces[s]) == low]
        if len(rolling) == 1:
            return FirstPlayerRolled(tuple(rounds), rolling[0])


def setup(players: int, options: Mapping[str, bool], rng: Rng) -> list[Event]:
    opts = {**DEFAULT_OPTIONS, **{k: bool(v) for k, v in options.items() if k in OPTION_NAMES}}
    chosen = tuple(name for name in OPTION_NAMES if opts[name])
    decks = tuple(tuple(rng.shuffle(STARTING_DECK)) for _ in range(players))
    contracts = list(CONTRACTS)
    if players == 1 and opts["solo_remove_4_dice"]:
        contracts = [c for c in contracts if CONTRACTS[c].dice < 4]
    # R-S5 / A6: the 3- and 4-dice Contracts are set aside while the row is dealt, then shuffled back.
    low = rng.shuffle([c for c in contracts if CONTRACTS[c].dice < 3])
    high = [c for c in contracts if CONTRACTS[c].dice >= 3]
    row, rest = tuple(low[:ROW_SIZE]), rng.shuffle(low[ROW_SIZE:] + high)
    parts = rng.shuffle(PARTS)
    crew = rng.shuffle(CREW)
    objectives = [o for o in OBJECTIVES if not (players == 1 and o == "saboteur")]  # ruling A40
    objectives = rng.shuffle(objectives)
    merc_deck: tuple[str, ...] = ()
    merc_row: tuple[str, ...] = ()
    crew_row, crew_deck = tuple(crew[:CREW_ROW]), crew[CREW_ROW:]
    if players <= 2:
        merc = rng.shuffle(list(MERCENARY_BASICS) + crew_deck[:MERCENARY_CREW])
        crew_deck = crew_deck[MERCENARY_CREW:]
        merc_row, merc_deck = tuple(merc[:MERC_ROW]), tuple(merc[MERC_ROW:])
    events = [
        GameSetUp(
            players=players,
            options=chosen,
            contract_row=row,
            contract_deck=tuple(rest),
            part_row=tuple(parts[:PART_ROW]),
            part_deck=tuple(parts[PART_ROW:]),
            crew_row=crew_row,
            crew_deck=tuple(crew_deck),
            objective_deck=tuple(objectives),
            decks=decks,
            merc_deck=merc_deck,
            merc_row=merc_row,
        ).to_event()
    ]
    if players > 1:
        events.append(first_player(players, rng).to_event())
    for seat in range(players):
        events.append(CardsDrawn(seat, decks[seat][:5], "setup").to_event(seat))
    for seat in range(players):
        events.append(ObjectivesDealt(seat, tuple(objectives[3 * seat : 3 * seat + 3])).to_event(seat))
    return events
