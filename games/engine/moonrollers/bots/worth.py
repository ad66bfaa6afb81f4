"""What things are worth to the heuristic bot: Hazard tokens, hires, requirements, placed tokens."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from math import exp
from typing import NamedTuple

from games.engine.moonrollers.cards import (
    CREW,
    HAZARD_SYMBOLS,
    HAZARD_TOKEN_COUNTS,
    hazard_symbols,
)
from games.engine.moonrollers.hiring import ends_game
from games.engine.moonrollers.state import GameState, Player

# decide() is deterministic apart from the dice it rolls: a fixed stream is enough to check a command.


# ==== what things are worth =====================================================================

# A simple ranking of the abilities, for stacking and for the worth of a hire (higher is better).
ABILITY_RANK: dict[str, int] = {
    "b3-ar": 10,
    "vanta-sae": 9,
    "kal-damar": 9,
    "meg-gallak": 8,
    "at-ok": 7,
    "salatar": 7,
    "lila-al-bindar": 7,
    "vila-noir": 6,
    "zek-zarag": 6,
    "bill-bendo": 6,
    "lee-van-cribb": 6,
    "tantin-al-vale": 6,
    "ryan-rogal": 5,
    "saghari": 5,
    "moro-mada": 5,
    "sella-pelleon": 5,
    "ada-massa": 5,
    "dana-powalki": 5,
    "nella-van-daval": 5,
    "ryle-al-wren": 5,
    "aponi": 4,
    "dr-umbrage": 4,
    "redacted": 4,
    "sol-forst": 4,
    "myla-dystra": 4,
    "ft-1000": 4,
    "kary-powalk": 4,
    "namari": 3,
    "avari": 3,
    "imdar-shade": 2,
}

_TOKENS_IN_GAME = sum(HAZARD_TOKEN_COUNTS.values())
# What another player's unseen token is worth on average, in Hazard symbols and in Prestige.
_MEAN_SYMBOLS = sum(HAZARD_SYMBOLS[v] * n for v, n in HAZARD_TOKEN_COUNTS.items()) / _TOKENS_IN_GAME
_MEAN_TOKEN = sum(v * n for v, n in HAZARD_TOKEN_COUNTS.items()) / _TOKENS_IN_GAME
# A requirement worked on next to a completed one: how much of the card's other value counts.
_FOLLOW_ON = 0.2
# Ending the game: worth this much when it wins, costs it when it does not.
_GAME_END = 25.0
_HIRE_BASE = 3.0
_TWO_PLAYER_MARGIN = 3
_RISK_SLOPE = 1.0


def others_symbols(state: GameState, seat: int) -> float:
    """The most Hazard symbols another player is believed to hold (their tokens are hidden)."""
    return _others_symbols(state.players, seat)


def _others_symbols(players: tuple[Player, ...], seat: int) -> float:
    return max((len(p.hazard) * _MEAN_SYMBOLS for s, p in enumerate(players) if s != seat), default=0.0)


def disqualify_chance(symbols: int, others: float, players: int) -> float:
    """The chance that ``symbols`` Hazard symbols end up the most (scoring no tokens), when the
    other players' most is believed to be ``others``: certain well ahead, unlikely well behind,
    a smooth guess between (everyone still draws tokens until the end). Nobody is disqualified
    with no symbol; with 2 players only 3 symbols ahead."""
    if symbols == 0:
        return 0.0
    lead = symbols - others - (_TWO_PLAYER_MARGIN if players == 2 else 0)
    # A tie disqualifies too: the midpoint sits half a symbol behind.
    return 1 / (1 + exp(-_RISK_SLOPE * (lead + 0.5)))


# Asked for every token kept, returned or hoped for, and for every player's score estimate in a hire's
# worth: a few hundred hands, worked out once each.
@lru_cache(maxsize=8192)
def hazard_points(tokens: tuple[int, ...], others: float, players: int) -> float:
    """What ``tokens`` are expected to score at the end."""
    return sum(tokens) * (1 - disqualify_chance(hazard_symbols(tokens), others, players))


def keep_order(tokens: tuple[int, ...], candidates: Iterable[int], others: float, players: int) -> list[int]:
    """Candidate tokens, best to keep first: most points at the end, then fewest symbols."""
    return sorted(
        candidates, key=lambda t: (-hazard_points((*tokens, t), others, players), HAZARD_SYMBOLS[t], -t)
    )


@lru_cache(maxsize=4096)
def _hazard_gain_cached(tokens: tuple[int, ...], others: float, players: int) -> float:
    now = hazard_points(tokens, others, players)
    values = sorted(HAZARD_TOKEN_COUNTS)
    gain = 0.0
    for a in values:
        for b in values:
            p = HAZARD_TOKEN_COUNTS[a] / _TOKENS_IN_GAME * HAZARD_TOKEN_COUNTS[b] / _TOKENS_IN_GAME
            best = keep_order(tokens, (a, b), others, players)[0]
            gain += p * (hazard_points((*tokens, best), others, players) - now)
    return gain


def hazard_gain(state: GameState, seat: int) -> float:
    """What drawing 2 Hazard tokens and keeping the better is worth to ``seat`` (negative when it
    would make it the player with the most Hazard symbols)."""
    # Cached by the few numbers it depends on, not by the players (hashing them costs more than
    # the lookup saves).
    players = state.players
    others = round(_others_symbols(players, seat), 2)
    return _hazard_gain_cached(tuple(sorted(players[seat].hazard)), others, len(players))


def imdar_gain(state: GameState, seat: int) -> float:
    tokens = state.players[seat].hazard
    others = others_symbols(state, seat)
    now = hazard_points(tokens, others, state.seats)
    return sum(
        n / _TOKENS_IN_GAME * (hazard_points((*tokens, v), others, state.seats) - now)
        for v, n in HAZARD_TOKEN_COUNTS.items()
    )


def _score_estimate(state: GameState, seat: int, viewer: int) -> float:
    player = state.players[seat]
    if seat == viewer:
        return player.prestige + hazard_points(player.hazard, others_symbols(state, seat), state.seats)
    return player.prestige + len(player.hazard) * _MEAN_TOKEN * 0.7


def _hire_value(state: GameState, seat: int, crew: str) -> float:
    """Hiring ``crew`` (completing its card): its ability, the Prestige it gives the others, and
    whether it ends the game with ``seat`` in front."""
    player = state.players[seat]
    card = state.display[state.slot_of(crew)]
    awards: dict[int, int] = {}
    for req, owner in zip(CREW[crew].requirements, card.tokens, strict=True):
        who = seat if owner is None else owner  # the open one is the requirement being completed
        awards[who] = awards.get(who, 0) + req.prestige
    others = sum(p for s, p in awards.items() if s != seat)
    value = _HIRE_BASE + ABILITY_RANK.get(crew, 4) / 3 - others / max(1, state.seats - 1) / 2
    stack = player.stack_of(CREW[crew].faction)
    if stack is not None and ABILITY_RANK.get(player.stacks[stack][0], 4) >= ABILITY_RANK.get(crew, 4):
        value -= 1  # the ability goes under: only the count toward the game's end is gained
    # The last card of the deck refills the display: that ends the game too.
    if ends_game(player, crew) or len(state.deck) == 1:
        mine = _score_estimate(state, seat, seat) + awards.get(seat, 0)
        best_other = max(
            (_score_estimate(state, s, seat) + awards.get(s, 0) for s in range(state.seats) if s != seat),
            default=0.0,
        )
        value += _GAME_END if mine > best_other else -_GAME_END
    return value


def open_requirements(state: GameState, crew: str) -> list[int]:
    card = state.display[state.slot_of(crew)]
    return [i for i, t in enumerate(card.tokens) if t is None]


class _Position:
    """What requirements are worth in one position, by crew, and the Hazard gain they share: the
    same objects (players, display) mean the same values, told by identity. Nothing hashes the
    players' tuples: a memo by equal players and display found next to nothing a new position had
    not already been asked about (what repeats is a card's worth: ``_card_worths``)."""

    __slots__ = ("by_crew", "deck_left", "display", "gain", "players", "seat")

    def __init__(self, state: GameState, seat: int) -> None:
        self.players = state.players
        self.display = state.display
        self.deck_left = len(state.deck)
        self.seat = seat
        self.by_crew: dict[str, tuple[float | None, ...]] = {}
        # What drawing Hazard tokens is worth (``hazard_gain``): asked once, by the first crew
        # with a Hazard requirement.
        self.gain: float | None = None

    def is_of(self, state: GameState, seat: int) -> bool:
        return (
            self.players is state.players
            and self.display is state.display
            and self.deck_left == len(state.deck)
            and self.seat == seat
        )

    def values_of(self, state: GameState, crew: str) -> tuple[float | None, ...]:
        """What completing each requirement of ``crew`` is worth to the seat (None: not open)."""
        seat = self.seat
        card = self.display[state.slot_of(crew)]
        values: list[float | None] = [None] * len(card.tokens)
        for worth in _card_worths(crew, card.tokens):
            # Added in this order: the same floats as adding Prestige, Hazard, then the rest.
            value = worth.prestige
            if worth.hazard:
                if self.gain is None:
                    self.gain = hazard_gain(state, seat)
                value += self.gain
            if worth.follow_on is None:
                value += _hire_value(state, seat, crew)
            else:
                value += worth.follow_on
            values[worth.requirement] = value
        return tuple(values)


class _Worth(NamedTuple):
    """What an open requirement is worth whoever completes it, and what depends on who does."""

    requirement: int  # its index on the card
    prestige: float
    hazard: bool  # it draws Hazard tokens: their worth depends on the player
    # A part of the card's other value, or None: the card's last open requirement, worth its hire.
    follow_on: float | None


# By card and tokens: a card keeps its tokens for turns while the players change, and a game has a
# few hundred such pairs (some thousands over many games: 1024 entries were too few to keep them).
@lru_cache(maxsize=8192)
def _card_worths(crew: str, tokens: tuple[int | None, ...]) -> tuple[_Worth, ...]:
    reqs = CREW[crew].requirements
    open_reqs = [i for i, t in enumerate(tokens) if t is None]
    out = []
    for index in open_reqs:
        others = [reqs[i].prestige for i in open_reqs if i != index]
        follow_on = _FOLLOW_ON * max(others) if others else None
        out.append(_Worth(index, float(reqs[index].prestige), reqs[index].hazard, follow_on))
    return tuple(out)


# The last position asked about (one entry, replaced whole): a bot's decision asks it for every crew
# on the display, and the decisions of a turn ask it again.
_position: list[_Position] = []


def requirement_values(state: GameState, seat: int, crew: str) -> tuple[float | None, ...]:
    """What completing each requirement of ``crew`` is worth to ``seat``, in Prestige (None: the
    requirement is not open): its Prestige, the Hazard tokens it draws, and either the hire (the
    card's last open requirement) or a part of the card's other value."""
    position = _position[0] if _position else None
    if position is None or not position.is_of(state, seat):
        position = _Position(state, seat)
        _position[:] = [position]
    values = position.by_crew.get(crew)
    if values is None:
        values = position.by_crew[crew] = position.values_of(state, crew)
    return values


def requirement_value(state: GameState, seat: int, crew: str, index: int) -> float:
    """What completing open requirement ``index`` of ``crew`` is worth to ``seat``, in Prestige."""
    value = requirement_values(state, seat, crew)[index]
    assert value is not None, "a requirement already completed"
    return value


def placed_value(state: GameState) -> float:
    """The Prestige of the requirements completed this turn: what a bust would take back."""
    turn = state.turn
    if turn.crew is None:
        return 0.0
    reqs = CREW[turn.crew].requirements
    return float(sum(reqs[i].prestige for i in turn.placed))
