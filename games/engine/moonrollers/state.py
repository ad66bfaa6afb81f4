"""The game state, folded by evolve, and its JSON form (dump/load).

Immutable NamedTuples rather than frozen dataclasses: building one is a tuple's construction,
which keeps a fold step a few microseconds (see the speed targets in the package docs).
``_replace`` is written in Python and costs several times a direct construction: the folds
(``events.py``) build their tuples directly, or list one, set the changed fields by position
(``TURN_POOL``...) and build it again (``turn_of``, ``state_of``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, NamedTuple, TypeVar, cast

from games.engine.moonrollers.cards import CREW, REQUIREMENT_TOKENS
from games.engine.moonrollers.dice import FACE_INDEX, NO_DICE, Counts, counts_of, names_of

# Turn phases. "rolled" covers everything between a roll and the next roll or the end of the turn.
START = "start"  # the active player must roll
ROLLED = "rolled"  # choose, commit, lock, use abilities, then roll again or stop
HIRED = "hired"  # the last requirement is done: only the hire's decisions (stack, return) remain
OVER = "over"  # the turn is over; the next turn_started (or game_ended) follows


class DisplayCard(NamedTuple):
    crew: str
    # Per requirement: the seat whose token covers it (completed), or None while open.
    tokens: tuple[int | None, ...]


class Player(NamedTuple):
    # One stack per faction, in the order hired; each stack lists its cards top first.
    stacks: tuple[tuple[str, ...], ...] = ()
    prestige: int = 0
    hazard: tuple[int, ...] = ()  # held Hazard tokens by Prestige value, in the order drawn (secret)
    # The top card of each stack: only those give their ability. Derived from ``stacks`` (kept
    # here because every rule check asks for it); build players with ``new_player``.
    abilities: frozenset[str] = frozenset()

    def with_stacks(self, stacks: tuple[tuple[str, ...], ...]) -> Player:
        return self._replace(stacks=stacks, abilities=tops(stacks))

    def stack_of(self, faction: str) -> int | None:
        for i, stack in enumerate(self.stacks):
            if CREW[stack[0]].faction == faction:
                return i
        return None


class Turn(NamedTuple):
    seat: int
    phase: str = START
    roll: int = 0  # rolls made this turn; 1 during the first roll
    crew: str | None = None  # the crew card worked on this turn
    requirement: int | None = None  # the committed requirement (index on that card)
    progress: int = 0  # dice counted toward the committed requirement
    pool: Counts = NO_DICE  # the rolling pool's lockable dice
    rolled: Counts = NO_DICE  # the real faces rolled this roll: ability conditions read these
    pool_size: int = 0  # rolling pool size after the roll, for the "1, 2 or 3 dice" abilities
    locked: Counts = NO_DICE
    # What each locked Extra Die counts as (Sella Pelleon's Wild, Ada Massa's Reactors...): pages
    # draw such a die as what it counts as.
    extras_locked_as: tuple[str, ...] = ()
    as_extra: Counts = NO_DICE  # dice treated as Extra Dice (FT-1000, Kary, Myla): never locked
    saved: int = 0  # Meg Gallak's Wild set aside for the next roll
    locked_this_roll: int = 0
    committed_this_roll: bool = False
    completed_this_roll: bool = False
    acted: bool = False  # anything but a re-roll happened this roll: re-rolls are closed
    used: frozenset[str] = frozenset()  # abilities used this roll
    at_ok_safe: bool = False  # AT-OK made this roll safe from busting
    placed: tuple[int, ...] = ()  # requirements completed this turn: the tokens a bust takes back
    drawn: tuple[int, ...] = ()  # Hazard tokens drawn and waiting for the keep decision
    hired: str | None = None  # the crew hired this turn, waiting for the stack decision
    stack_pending: bool = False
    return_pending: bool = False


class GameState(NamedTuple):
    players: tuple[Player, ...]
    display: tuple[DisplayCard, ...]
    deck: tuple[str, ...]  # top card first (secret order)
    hazard_pile: tuple[int, ...]  # top token first (secret order)
    supply: int  # dice in the supply
    turn: Turn
    longer_game: bool = False
    first_player: int = 0
    ending: tuple[str, ...] = ()  # why the game ends, once triggered
    finished: bool = False
    turns: int = 0  # turns started so far

    @property
    def seats(self) -> int:
        return len(self.players)

    def slot_of(self, crew: str) -> int:
        return _display_facts(self.display).slots[crew]  # KeyError: not on the display

    def tokens_out(self, seat: int) -> int:
        """Player tokens on cards: completed requirements, plus a live commitment."""
        out = _display_facts(self.display).placed.get(seat, 0)
        if self.turn.seat == seat and self.turn.requirement is not None:
            out += 1
        return out

    def tokens_left(self, seat: int) -> int:
        # One of the 10 tokens marks the player's Prestige on the board: 9 go on requirements.
        return REQUIREMENT_TOKENS - self.tokens_out(seat)


# The position of each field that folds change (``turn_of``, ``state_of``).
TURN_CREW = Turn._fields.index("crew")
TURN_REQUIREMENT = Turn._fields.index("requirement")
TURN_PROGRESS = Turn._fields.index("progress")
TURN_POOL = Turn._fields.index("pool")
TURN_ROLLED = Turn._fields.index("rolled")
TURN_LOCKED = Turn._fields.index("locked")
TURN_EXTRAS_LOCKED_AS = Turn._fields.index("extras_locked_as")
TURN_AS_EXTRA = Turn._fields.index("as_extra")
TURN_SAVED = Turn._fields.index("saved")
TURN_LOCKED_THIS_ROLL = Turn._fields.index("locked_this_roll")
TURN_COMMITTED_THIS_ROLL = Turn._fields.index("committed_this_roll")
TURN_COMPLETED_THIS_ROLL = Turn._fields.index("completed_this_roll")
TURN_ACTED = Turn._fields.index("acted")
TURN_USED = Turn._fields.index("used")
TURN_PLACED = Turn._fields.index("placed")
TURN_DRAWN = Turn._fields.index("drawn")
TURN_HIRED = Turn._fields.index("hired")
TURN_STACK_PENDING = Turn._fields.index("stack_pending")
TURN_RETURN_PENDING = Turn._fields.index("return_pending")
STATE_PLAYERS = GameState._fields.index("players")
STATE_DISPLAY = GameState._fields.index("display")
STATE_DECK = GameState._fields.index("deck")
STATE_HAZARD_PILE = GameState._fields.index("hazard_pile")
STATE_SUPPLY = GameState._fields.index("supply")
STATE_TURN = GameState._fields.index("turn")
STATE_ENDING = GameState._fields.index("ending")
STATE_FINISHED = GameState._fields.index("finished")
STATE_TURNS = GameState._fields.index("turns")

_new_tuple = tuple.__new__


# A fold changing a few fields lists the tuple, sets them by position and builds it again with one of
# these: ``_replace`` without its keyword machinery, about three times as quick.
def turn_of(fields: list[Any]) -> Turn:
    """The turn of these fields, in ``Turn._fields`` order (``list(turn)`` with some changed)."""
    return _new_tuple(Turn, fields)


def state_of(fields: list[Any]) -> GameState:
    """The state of these fields, in ``GameState._fields`` order (``list(state)`` with some changed)."""
    return _new_tuple(GameState, fields)


class _DisplayFacts(NamedTuple):
    """What the rules ask of a display again and again: where each card lies, and how many tokens each
    player has on it."""

    slots: dict[str, int]
    placed: dict[int, int]


T = TypeVar("T")
A = TypeVar("A")


def for_last_state(question: Callable[[A], T]) -> Callable[[A], T]:
    """``question`` answered once for the last state (or part of one) it was asked about: the
    platform, the bot and the rules ask the same question of one state in turn, and a state never
    changes. One entry, holding that very object only; the answer must not be changed."""
    # The state last asked about and its answer, as one tuple replaced whole (a reader in another
    # thread sees one pair or the other); at first, an object no state is.
    last: list[tuple[object, Any]] = [(object(), None)]

    @wraps(question)
    def answer(state: A) -> T:
        seen, known = last[0]
        if seen is state:
            return cast(T, known)
        found = question(state)
        last[0] = (state, found)
        return found

    return answer


@for_last_state
def _display_facts(display: tuple[DisplayCard, ...]) -> _DisplayFacts:
    """The facts of ``display``, worked out once for the last display asked about (a display is
    replaced, never changed, and most commands leave it as it was)."""
    slots: dict[str, int] = {}
    placed: dict[int, int] = {}
    for i, card in enumerate(display):
        slots.setdefault(card.crew, i)
        for seat in card.tokens:
            if seat is not None:
                placed[seat] = placed.get(seat, 0) + 1
    return _DisplayFacts(slots, placed)


def tops(stacks: tuple[tuple[str, ...], ...]) -> frozenset[str]:
    return frozenset(stack[0] for stack in stacks)


def new_player(
    stacks: tuple[tuple[str, ...], ...] = (), prestige: int = 0, hazard: tuple[int, ...] = ()
) -> Player:
    return Player(stacks, prestige, hazard, tops(stacks))


# ---- JSON ----------------------------------------------------------------------------------


def _counts_json(c: Counts) -> list[str]:
    return names_of(c)


def _counts_load(names: list[str]) -> Counts:
    return counts_of(FACE_INDEX[n] for n in names)


def dump_turn(turn: Turn) -> dict[str, Any]:
    return {
        "seat": turn.seat,
        "phase": turn.phase,
        "roll": turn.roll,
        "crew": turn.crew,
        "requirement": turn.requirement,
        "progress": turn.progress,
        "pool": _counts_json(turn.pool),
        "rolled": _counts_json(turn.rolled),
        "pool_size": turn.pool_size,
        "locked": _counts_json(turn.locked),
        "extras_locked_as": list(turn.extras_locked_as),
        "as_extra": _counts_json(turn.as_extra),
        "saved": turn.saved,
        "locked_this_roll": turn.locked_this_roll,
        "committed_this_roll": turn.committed_this_roll,
        "completed_this_roll": turn.completed_this_roll,
        "acted": turn.acted,
        "used": sorted(turn.used),
        "at_ok_safe": turn.at_ok_safe,
        "placed": list(turn.placed),
        "drawn": list(turn.drawn),
        "hired": turn.hired,
        "stack_pending": turn.stack_pending,
        "return_pending": turn.return_pending,
    }


def load_turn(data: dict[str, Any]) -> Turn:
    return Turn(
        seat=int(data["seat"]),
        phase=str(data["phase"]),
        roll=int(data["roll"]),
        crew=data["crew"],
        requirement=data["requirement"],
        progress=int(data["progress"]),
        pool=_counts_load(data["pool"]),
        rolled=_counts_load(data["rolled"]),
        pool_size=int(data["pool_size"]),
        locked=_counts_load(data["locked"]),
        # States cached before this field existed have none.
        extras_locked_as=tuple(data.get("extras_locked_as", ())),
        as_extra=_counts_load(data["as_extra"]),
        saved=int(data["saved"]),
        locked_this_roll=int(data["locked_this_roll"]),
        committed_this_roll=bool(data["committed_this_roll"]),
        completed_this_roll=bool(data["completed_this_roll"]),
        acted=bool(data["acted"]),
        used=frozenset(data["used"]),
        at_ok_safe=bool(data["at_ok_safe"]),
        placed=tuple(data["placed"]),
        drawn=tuple(data["drawn"]),
        hired=data["hired"],
        stack_pending=bool(data["stack_pending"]),
        return_pending=bool(data["return_pending"]),
    )


def dump_state(state: GameState) -> dict[str, Any]:
    return {
        "players": [
            {"stacks": [list(s) for s in p.stacks], "prestige": p.prestige, "hazard": list(p.hazard)}
            for p in state.players
        ],
        "display": [{"crew": c.crew, "tokens": list(c.tokens)} for c in state.display],
        "deck": list(state.deck),
        "hazard_pile": list(state.hazard_pile),
        "supply": state.supply,
        "turn": dump_turn(state.turn),
        "longer_game": state.longer_game,
        "first_player": state.first_player,
        "ending": list(state.ending),
        "finished": state.finished,
        "turns": state.turns,
    }


def load_state(data: dict[str, Any]) -> GameState:
    return GameState(
        players=tuple(
            new_player(
                stacks=tuple(tuple(s) for s in p["stacks"]),
                prestige=int(p["prestige"]),
                hazard=tuple(p["hazard"]),
            )
            for p in data["players"]
        ),
        display=tuple(DisplayCard(c["crew"], tuple(c["tokens"])) for c in data["display"]),
        deck=tuple(data["deck"]),
        hazard_pile=tuple(data["hazard_pile"]),
        supply=int(data["supply"]),
        turn=load_turn(data["turn"]),
        longer_game=bool(data["longer_game"]),
        first_player=int(data["first_player"]),
        ending=tuple(data["ending"]),
        finished=bool(data["finished"]),
        turns=int(data["turns"]),
    )
