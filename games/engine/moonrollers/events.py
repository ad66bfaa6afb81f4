"""Event types, their payloads, and ``evolve``: one small fold function per event type.

Each event type's payload is a frozen dataclass below: its fields, in order, are the payload's keys
(the stored JSON keeps that order). ``decide`` builds events from them (``DiceRolled(...).event(seat)``)
and each fold function reads one (``DiceRolled.from_payload(event.payload)``), so the shape of a
payload is written down once. Lists stay lists: ``to_payload`` gives exactly the JSON stored so far.

Evolve never draws randomness and never re-checks rules: every outcome (faces, tokens drawn,
cards revealed, where a returned token went) is in the payload, decided by ``decide``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Self

from games.engine.core import Event
from games.engine.moonrollers.cards import CREW, DISPLAY_SIZE
from games.engine.moonrollers.dice import (
    EXTRA,
    FACE_INDEX,
    NO_DICE,
    TOTAL_DICE,
    Counts,
    add,
    counts_of,
    sub,
)
from games.engine.moonrollers.state import (
    HIRED,
    OVER,
    ROLLED,
    START,
    STATE_DECK,
    STATE_DISPLAY,
    STATE_ENDING,
    STATE_FINISHED,
    STATE_HAZARD_PILE,
    STATE_PLAYERS,
    STATE_SUPPLY,
    STATE_TURN,
    STATE_TURNS,
    TURN_ACTED,
    TURN_AS_EXTRA,
    TURN_COMMITTED_THIS_ROLL,
    TURN_COMPLETED_THIS_ROLL,
    TURN_CREW,
    TURN_DRAWN,
    TURN_EXTRAS_LOCKED_AS,
    TURN_HIRED,
    TURN_LOCKED,
    TURN_LOCKED_THIS_ROLL,
    TURN_PLACED,
    TURN_POOL,
    TURN_PROGRESS,
    TURN_REQUIREMENT,
    TURN_RETURN_PENDING,
    TURN_ROLLED,
    TURN_SAVED,
    TURN_STACK_PENDING,
    TURN_USED,
    DisplayCard,
    GameState,
    Player,
    Turn,
    new_player,
    state_of,
    turn_of,
)

JSON = dict[str, Any]

# Events are at version 1 unless their payload class says otherwise (``VERSION``); UPCASTERS
# rewrites older stored payloads to the newest version before they are read.
VERSION = 1


class EventPayload:
    """Base of the payload dataclasses: the JSON form of a payload, and its event.

    Payload dataclasses are frozen, without slots: reading a payload fills the instance's dict in
    one step (``from_payload``), which keeps ``evolve`` about as fast as reading the plain dict.
    """

    __slots__ = ()
    TYPE: ClassVar[str]
    VERSION: ClassVar[int] = 1
    # Set for each class below from its fields: the payload's keys in order, and those holding lists.
    KEYS: ClassVar[tuple[str, ...]] = ()
    _LISTS: ClassVar[tuple[str, ...]] = ()

    def to_payload(self) -> JSON:
        out = dict(self.__dict__)
        for key in self._LISTS:
            if out[key] is not None:
                out[key] = list(out[key])
        return out

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Self:
        obj = object.__new__(cls)
        fields_ = obj.__dict__
        fields_.update(payload)
        # A misnamed key would leave a field unset: the fold reading it fails.
        if len(fields_) != len(cls.KEYS):
            raise TypeError(f"a {cls.TYPE} payload has the keys {list(cls.KEYS)}, not {list(payload)}")
        return obj

    def event(self, actor: int | None) -> Event:
        """The event carrying this payload; ``actor`` is the seat that acted (or owns its secret)."""
        e = Event(self.TYPE, self.to_payload(), self.VERSION, actor)
        if len(_BUILT) >= _BUILT_KEPT:
            _BUILT.clear()
        _BUILT[id(e)] = (e, self)
        return e


# The typed payloads of the last events built, by the identity of the event (kept with it, so an id
# is never reused while its entry lives): ``evolve`` folds a new event from the payload it was built
# from rather than reading its JSON back. Nothing changes an event's payload once built. Emptied when
# full (quicker than dropping the oldest entry each time): an event built before is read from JSON.
_BUILT: dict[int, tuple[Event, EventPayload]] = {}
_BUILT_KEPT = 64


@dataclass(frozen=True)
class GameSetUp(EventPayload):
    TYPE: ClassVar[str] = "game_set_up"
    players: int
    longer_game: bool
    starting_crew: Sequence[str | None]  # per seat; None in the longer game
    display: Sequence[str]
    deck: Sequence[str]  # top first (secret order)
    hazard_pile: Sequence[int]  # top first (secret order)
    first_player: int


@dataclass(frozen=True)
class TurnStarted(EventPayload):
    TYPE: ClassVar[str] = "turn_started"
    seat: int


@dataclass(frozen=True)
class TurnPassed(EventPayload):
    TYPE: ClassVar[str] = "turn_passed"


@dataclass(frozen=True)
class DiceRolled(EventPayload):
    TYPE: ClassVar[str] = "dice_rolled"
    faces: Sequence[str]
    first: bool
    from_supply: int
    kept: int  # Meg Gallak's saved Wild comes back without being rolled (0 or 1)
    safe: bool  # AT-OK: this roll cannot bust


@dataclass(frozen=True)
class DiceRerolled(EventPayload):
    TYPE: ClassVar[str] = "dice_rerolled"
    crew: str
    before: Sequence[str]
    after: Sequence[str]


@dataclass(frozen=True)
class SupplyDiceRolled(EventPayload):
    TYPE: ClassVar[str] = "supply_dice_rolled"
    crew: str
    faces: Sequence[str]
    added: Sequence[str]  # the faces that join the rolling pool


@dataclass(frozen=True)
class CrewChosen(EventPayload):
    TYPE: ClassVar[str] = "crew_chosen"
    crew: str


@dataclass(frozen=True)
class RequirementCommitted(EventPayload):
    TYPE: ClassVar[str] = "requirement_committed"
    crew: str
    requirement: int


@dataclass(frozen=True, slots=True)
class LockedDieRecord:
    """One die of ``dice_locked``: its face, what it counts as and how much, the ability used."""

    face: str
    as_: str  # "as" in the payload
    counts: int
    with_: str | None  # "with" in the payload

    def to_json(self) -> JSON:
        return {"face": self.face, "as": self.as_, "counts": self.counts, "with": self.with_}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LockedDieRecord:
        return cls(data["face"], data["as"], data["counts"], data["with"])


@dataclass(frozen=True)
class DiceLocked(EventPayload):
    TYPE: ClassVar[str] = "dice_locked"
    crew: str
    requirement: int
    dice: Sequence[LockedDieRecord]
    progress: int
    needed: int

    def to_payload(self) -> JSON:
        out = dict(self.__dict__)
        out["dice"] = [d.to_json() for d in self.dice]
        return out

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Self:
        obj = super().from_payload(payload)
        obj.__dict__["dice"] = tuple(LockedDieRecord.from_json(d) for d in payload["dice"])
        return obj


@dataclass(frozen=True)
class DiceTreatedAsExtra(EventPayload):
    TYPE: ClassVar[str] = "dice_treated_as_extra"
    crew: str
    faces: Sequence[str]


@dataclass(frozen=True)
class WildSaved(EventPayload):
    TYPE: ClassVar[str] = "wild_saved"
    crew: str


@dataclass(frozen=True)
class RequirementCompleted(EventPayload):
    TYPE: ClassVar[str] = "requirement_completed"
    crew: str
    requirement: int
    by: str | None  # "b3-ar" when B3-AR completed it


@dataclass(frozen=True)
class HazardTokensDrawn(EventPayload):
    TYPE: ClassVar[str] = "hazard_tokens_drawn"
    tokens: Sequence[int]  # secret values
    choose: bool  # a keep decision follows
    crew: str | None  # "imdar-shade" when drawn with Imdar Shade


@dataclass(frozen=True)
class HazardTokenKept(EventPayload):
    TYPE: ClassVar[str] = "hazard_token_kept"
    choice: int
    token: int
    returned: int
    position: int  # where the returned token went in the pile


@dataclass(frozen=True)
class PrestigeScored(EventPayload):
    TYPE: ClassVar[str] = "prestige_scored"
    crew: str
    awards: Sequence[Sequence[int]]  # [seat, points] pairs

    def to_payload(self) -> JSON:
        return {"crew": self.crew, "awards": [list(pair) for pair in self.awards]}


@dataclass(frozen=True)
class CrewHired(EventPayload):
    TYPE: ClassVar[str] = "crew_hired"
    crew: str
    slot: int
    refill: str | None
    stack: str  # "new", "ask" or "top"
    ending: Sequence[str]


@dataclass(frozen=True)
class CrewStacked(EventPayload):
    TYPE: ClassVar[str] = "crew_stacked"
    crew: str
    position: str  # "top" or "under"


@dataclass(frozen=True)
class HazardTokenReturned(EventPayload):
    TYPE: ClassVar[str] = "hazard_token_returned"
    index: int | None  # None: all kept
    token: int | None
    position: int | None


@dataclass(frozen=True)
class Stopped(EventPayload):
    TYPE: ClassVar[str] = "stopped"
    VERSION: ClassVar[int] = 2  # 2: ``crew`` (the card worked on; None in version 1 games)
    taken_back: int | None
    kept: Sequence[int]
    auto: bool  # nothing but stopping was possible
    crew: str | None


@dataclass(frozen=True)
class Busted(EventPayload):
    TYPE: ClassVar[str] = "busted"
    VERSION: ClassVar[int] = 2  # 2: ``rolled`` (the faces of the roll that busted; None in version 1)
    crew: str | None
    removed: Sequence[int]
    taken_back: int | None
    prestige: int  # Namari's bonus
    rolled: Sequence[str] | None


@dataclass(frozen=True)
class TurnSettled(EventPayload):
    """The end of a turn settled by the timeout default (``settle``): folds like ``stopped``. What
    was locked for the player is here, so that the line can say it."""

    TYPE: ClassVar[str] = "turn_settled"
    crew: str | None
    requirement: int | None  # the requirement the settle locked a die on, if it did
    locked: Sequence[str]  # what the locked die counted as (one face name), or nothing
    taken_back: int | None
    kept: Sequence[int]


@dataclass(frozen=True)
class GameEnded(EventPayload):
    TYPE: ClassVar[str] = "game_ended"
    reasons: Sequence[str]


# Event types (snake_case, past tense, like the platform's own events).
GAME_SET_UP = GameSetUp.TYPE
TURN_STARTED = TurnStarted.TYPE
TURN_PASSED = TurnPassed.TYPE
DICE_ROLLED = DiceRolled.TYPE
DICE_REROLLED = DiceRerolled.TYPE
SUPPLY_DICE_ROLLED = SupplyDiceRolled.TYPE
CREW_CHOSEN = CrewChosen.TYPE
REQUIREMENT_COMMITTED = RequirementCommitted.TYPE
DICE_LOCKED = DiceLocked.TYPE
DICE_TREATED_AS_EXTRA = DiceTreatedAsExtra.TYPE
WILD_SAVED = WildSaved.TYPE
REQUIREMENT_COMPLETED = RequirementCompleted.TYPE
HAZARD_TOKENS_DRAWN = HazardTokensDrawn.TYPE
HAZARD_TOKEN_KEPT = HazardTokenKept.TYPE
PRESTIGE_SCORED = PrestigeScored.TYPE
CREW_HIRED = CrewHired.TYPE
CREW_STACKED = CrewStacked.TYPE
HAZARD_TOKEN_RETURNED = HazardTokenReturned.TYPE
STOPPED = Stopped.TYPE
BUSTED = Busted.TYPE
TURN_SETTLED = TurnSettled.TYPE
GAME_ENDED = GameEnded.TYPE

PAYLOADS: dict[str, type[EventPayload]] = {
    cls.TYPE: cls
    for cls in (
        GameSetUp,
        TurnStarted,
        TurnPassed,
        DiceRolled,
        DiceRerolled,
        SupplyDiceRolled,
        CrewChosen,
        RequirementCommitted,
        DiceLocked,
        DiceTreatedAsExtra,
        WildSaved,
        RequirementCompleted,
        HazardTokensDrawn,
        HazardTokenKept,
        PrestigeScored,
        CrewHired,
        CrewStacked,
        HazardTokenReturned,
        Stopped,
        Busted,
        TurnSettled,
        GameEnded,
    )
}
for _cls in PAYLOADS.values():
    _fields = fields(_cls)  # type: ignore[arg-type]
    _cls.KEYS = tuple(f.name for f in _fields)
    _cls._LISTS = tuple(f.name for f in _fields if str(f.type).startswith("Sequence"))


def payload_of(e: Event) -> EventPayload:
    """The typed payload of an event of this game."""
    cls = PAYLOADS.get(e.type)
    if cls is None:
        raise ValueError(f"moonrollers has no event type {e.type!r}")
    return cls.from_payload(e.payload)


def event(type_: str, actor: int | None, /, **payload: Any) -> Event:
    """An event built from keyword fields, checked against its payload class (for tests)."""
    return PAYLOADS[type_].from_payload(payload).event(actor)


def _faces(names: Sequence[str]) -> Counts:
    return counts_of(FACE_INDEX[n] for n in names)


def _set_card(state: GameState, slot: int, card: DisplayCard) -> tuple[DisplayCard, ...]:
    display = list(state.display)
    display[slot] = card
    return tuple(display)


def _insert(pile: tuple[int, ...], position: int, token: int) -> tuple[int, ...]:
    return (*pile[:position], token, *pile[position:])


def _end_of_turn(turn: Turn, phase: str, placed: tuple[int, ...] | None = None) -> Turn:
    """The dice go back to the supply; only what the hire's decisions need is kept (``placed``:
    other than the turn's)."""
    return Turn(
        turn.seat,
        phase,
        turn.roll,
        turn.crew,
        placed=turn.placed if placed is None else placed,
        drawn=turn.drawn,
    )


def _with_player(state: GameState, seat: int, player: Player) -> list[Any]:
    """The fields of ``state`` with ``player`` at ``seat`` (for ``state_of``, after more changes)."""
    fields = list(state)
    players = list(state.players)
    players[seat] = player
    fields[STATE_PLAYERS] = tuple(players)
    return fields


def _player(player: Player, *, prestige: int | None = None, hazard: tuple[int, ...] | None = None) -> Player:
    """``player._replace(prestige=..., hazard=...)``, built directly."""
    return Player(
        player.stacks,
        player.prestige if prestige is None else prestige,
        player.hazard if hazard is None else hazard,
        player.abilities,
    )


def _with_turn(state: GameState, turn: Turn) -> GameState:
    # ``state._replace(turn=turn)``, built directly: most folds change only the turn, and this is
    # twice as quick.
    return GameState(
        state.players,
        state.display,
        state.deck,
        state.hazard_pile,
        state.supply,
        turn,
        state.longer_game,
        state.first_player,
        state.ending,
        state.finished,
        state.turns,
    )


def _seat(seat: int | None) -> int:
    assert seat is not None
    return seat


# ---- fold functions ----------------------------------------------------------------------------


def game_set_up(state: GameState | None, p: GameSetUp, seat: int | None) -> GameState:
    players = tuple(new_player(stacks=((s,),) if s else ()) for s in p.starting_crew)
    display = tuple(DisplayCard(s, (None,) * len(CREW[s].requirements)) for s in p.display)
    assert len(display) == DISPLAY_SIZE[len(players)]
    return GameState(
        players=players,
        display=display,
        deck=tuple(p.deck),
        hazard_pile=tuple(p.hazard_pile),
        supply=TOTAL_DICE,
        turn=Turn(seat=p.first_player, phase=OVER),
        longer_game=bool(p.longer_game),
        first_player=p.first_player,
    )


def turn_started(state: GameState, p: TurnStarted, seat: int | None) -> GameState:
    fields = list(state)
    fields[STATE_TURN] = Turn(p.seat, START)
    fields[STATE_SUPPLY] = TOTAL_DICE
    fields[STATE_TURNS] = state.turns + 1
    return state_of(fields)


def turn_passed(state: GameState, p: TurnPassed, seat: int | None) -> GameState:
    return _with_turn(state, _end_of_turn(state.turn, OVER))


def dice_rolled(state: GameState, p: DiceRolled, seat: int | None) -> GameState:
    turn = state.turn
    rolled = _faces(p.faces)
    kept = p.kept  # Meg Gallak's saved Wild comes back without being rolled
    pool = add(rolled, (0, 0, 0, 0, kept, 0)) if kept else rolled
    # A roll starts the roll's part of the turn afresh: built whole, which is three times quicker
    # than a _replace of 13 of its 24 fields (the fold the most frequent after a lock).
    fields = list(state)
    fields[STATE_SUPPLY] = state.supply - p.from_supply
    fields[STATE_TURN] = Turn(
        turn.seat,
        ROLLED,
        turn.roll + 1,
        turn.crew,
        turn.requirement,
        turn.progress,
        pool,
        rolled,
        len(p.faces) + kept,  # pool_size
        turn.locked,
        turn.extras_locked_as,
        NO_DICE,  # as_extra
        0,  # saved
        0,  # locked_this_roll
        False,  # committed_this_roll
        False,  # completed_this_roll
        False,  # acted
        frozenset(),  # used
        bool(p.safe),  # at_ok_safe
        turn.placed,
        turn.drawn,
        turn.hired,
        turn.stack_pending,
        turn.return_pending,
    )
    return state_of(fields)


def dice_rerolled(state: GameState, p: DiceRerolled, seat: int | None) -> GameState:
    turn = state.turn
    before, after = _faces(p.before), _faces(p.after)
    fields = list(turn)
    fields[TURN_POOL] = add(sub(turn.pool, before), after)
    fields[TURN_ROLLED] = add(sub(turn.rolled, before), after)
    fields[TURN_USED] = turn.used | {p.crew}
    return _with_turn(state, turn_of(fields))


def supply_dice_rolled(state: GameState, p: SupplyDiceRolled, seat: int | None) -> GameState:
    turn = state.turn
    added = _faces(p.added)
    changed = list(turn)
    changed[TURN_POOL] = add(turn.pool, added)
    changed[TURN_USED] = turn.used | {p.crew}
    changed[TURN_ACTED] = True
    fields = list(state)
    fields[STATE_SUPPLY] = state.supply - sum(added)
    fields[STATE_TURN] = turn_of(changed)
    return state_of(fields)


def crew_chosen(state: GameState, p: CrewChosen, seat: int | None) -> GameState:
    fields = list(state.turn)
    fields[TURN_CREW] = p.crew
    fields[TURN_ACTED] = True
    return _with_turn(state, turn_of(fields))


def requirement_committed(state: GameState, p: RequirementCommitted, seat: int | None) -> GameState:
    fields = list(state.turn)
    fields[TURN_REQUIREMENT] = p.requirement
    fields[TURN_PROGRESS] = 0
    fields[TURN_COMMITTED_THIS_ROLL] = True
    fields[TURN_ACTED] = True
    return _with_turn(state, turn_of(fields))


def dice_locked(state: GameState, p: DiceLocked, seat: int | None) -> GameState:
    turn = state.turn
    faces = _faces([d.face for d in p.dice])
    used = {d.with_ for d in p.dice if d.with_}
    fields = list(turn)
    fields[TURN_POOL] = sub(turn.pool, faces)
    fields[TURN_LOCKED] = add(turn.locked, faces)
    if faces[EXTRA]:
        fields[TURN_EXTRAS_LOCKED_AS] = turn.extras_locked_as + tuple(
            d.as_ for d in p.dice if d.face == "extra"
        )
    fields[TURN_PROGRESS] = p.progress
    fields[TURN_LOCKED_THIS_ROLL] = turn.locked_this_roll + sum(faces)
    if used:
        fields[TURN_USED] = turn.used | used
    fields[TURN_ACTED] = True
    return _with_turn(state, turn_of(fields))


def dice_treated_as_extra(state: GameState, p: DiceTreatedAsExtra, seat: int | None) -> GameState:
    turn = state.turn
    faces = _faces(p.faces)
    fields = list(turn)
    fields[TURN_POOL] = sub(turn.pool, faces)
    fields[TURN_AS_EXTRA] = add(turn.as_extra, faces)
    fields[TURN_USED] = turn.used | {p.crew}
    fields[TURN_ACTED] = True
    return _with_turn(state, turn_of(fields))


def wild_saved(state: GameState, p: WildSaved, seat: int | None) -> GameState:
    turn = state.turn
    fields = list(turn)
    fields[TURN_POOL] = sub(turn.pool, (0, 0, 0, 0, 1, 0))
    fields[TURN_SAVED] = 1
    fields[TURN_USED] = turn.used | {p.crew}
    fields[TURN_ACTED] = True
    return _with_turn(state, turn_of(fields))


def requirement_completed(state: GameState, p: RequirementCompleted, seat: int | None) -> GameState:
    turn = state.turn
    slot = state.slot_of(p.crew)
    card = state.display[slot]
    tokens = list(card.tokens)
    tokens[p.requirement] = seat
    changed = list(turn)
    changed[TURN_REQUIREMENT] = None
    changed[TURN_PROGRESS] = 0
    changed[TURN_COMPLETED_THIS_ROLL] = True
    changed[TURN_PLACED] = (*turn.placed, p.requirement)
    if p.by:
        changed[TURN_USED] = turn.used | {p.by}
    changed[TURN_ACTED] = True
    fields = list(state)
    fields[STATE_DISPLAY] = _set_card(state, slot, DisplayCard(card.crew, tuple(tokens)))
    fields[STATE_TURN] = turn_of(changed)
    return state_of(fields)


def hazard_tokens_drawn(state: GameState, p: HazardTokensDrawn, seat: int | None) -> GameState:
    tokens = tuple(p.tokens)
    turn = state.turn
    if p.crew or p.choose:
        changed = list(turn)
        if p.crew:
            changed[TURN_USED] = turn.used | {p.crew}
            changed[TURN_ACTED] = True
        if p.choose:
            changed[TURN_DRAWN] = tokens
        turn = turn_of(changed)
    if p.choose:
        fields = list(state)
    else:
        who = _seat(seat)
        player = state.players[who]
        fields = _with_player(state, who, _player(player, hazard=player.hazard + tokens))
    fields[STATE_HAZARD_PILE] = state.hazard_pile[len(tokens) :]
    fields[STATE_TURN] = turn
    return state_of(fields)


def hazard_token_kept(state: GameState, p: HazardTokenKept, seat: int | None) -> GameState:
    who = _seat(seat)
    player = state.players[who]
    fields = _with_player(state, who, _player(player, hazard=(*player.hazard, p.token)))
    fields[STATE_HAZARD_PILE] = _insert(state.hazard_pile, p.position, p.returned)
    changed = list(state.turn)
    changed[TURN_DRAWN] = ()
    fields[STATE_TURN] = turn_of(changed)
    return state_of(fields)


def prestige_scored(state: GameState, p: PrestigeScored, seat: int | None) -> GameState:
    players = list(state.players)
    for who, points in p.awards:
        players[who] = _player(players[who], prestige=players[who].prestige + points)
    fields = list(state)
    fields[STATE_PLAYERS] = tuple(players)
    return state_of(fields)


def crew_hired(state: GameState, p: CrewHired, seat: int | None) -> GameState:
    who = _seat(seat)
    crew = p.crew
    player = state.players[who]
    stack = player.stack_of(CREW[crew].faction)
    stacks = list(player.stacks)
    if stack is None:
        stacks.append((crew,))
    elif p.stack == "top":  # the hire ends the game: where it goes no longer matters
        stacks[stack] = (crew, *stacks[stack])
    refill = p.refill
    display = list(state.display)
    if refill:
        display[p.slot] = DisplayCard(refill, (None,) * len(CREW[refill].requirements))
    else:
        del display[p.slot]
    changed = list(_end_of_turn(state.turn, HIRED))
    changed[TURN_HIRED] = crew if p.stack == "ask" else None
    changed[TURN_STACK_PENDING] = p.stack == "ask"
    changed[TURN_RETURN_PENDING] = stack is not None  # a duplicate faction: return a Hazard token
    fields = _with_player(state, who, player.with_stacks(tuple(stacks)))
    fields[STATE_DISPLAY] = tuple(display)
    if refill:
        fields[STATE_DECK] = state.deck[1:]
    fields[STATE_SUPPLY] = TOTAL_DICE
    fields[STATE_TURN] = turn_of(changed)
    fields[STATE_ENDING] = state.ending + tuple(r for r in p.ending if r not in state.ending)
    return state_of(fields)


def crew_stacked(state: GameState, p: CrewStacked, seat: int | None) -> GameState:
    who = _seat(seat)
    player = state.players[who]
    crew = p.crew
    stack = player.stack_of(CREW[crew].faction)
    assert stack is not None
    stacks = list(player.stacks)
    stacks[stack] = (crew, *stacks[stack]) if p.position == "top" else (*stacks[stack], crew)
    fields = _with_player(state, who, player.with_stacks(tuple(stacks)))
    changed = list(state.turn)
    changed[TURN_HIRED] = None
    changed[TURN_STACK_PENDING] = False
    fields[STATE_TURN] = turn_of(changed)
    return state_of(fields)


def hazard_token_returned(state: GameState, p: HazardTokenReturned, seat: int | None) -> GameState:
    changed = list(state.turn)
    changed[TURN_RETURN_PENDING] = False
    turn = turn_of(changed)
    if p.index is None:
        return _with_turn(state, turn)
    assert p.token is not None and p.position is not None
    who = _seat(seat)
    player = state.players[who]
    index = p.index
    hazard = player.hazard[:index] + player.hazard[index + 1 :]
    fields = _with_player(state, who, _player(player, hazard=hazard))
    fields[STATE_HAZARD_PILE] = _insert(state.hazard_pile, p.position, p.token)
    fields[STATE_TURN] = turn
    return state_of(fields)


def stopped(state: GameState, p: Stopped | TurnSettled, seat: int | None) -> GameState:
    # The token of an uncompleted commitment lives in turn.requirement: ending the turn takes it back.
    fields = list(state)
    fields[STATE_SUPPLY] = TOTAL_DICE
    fields[STATE_TURN] = _end_of_turn(state.turn, OVER)
    return state_of(fields)


def busted(state: GameState, p: Busted, seat: int | None) -> GameState:
    who = _seat(seat)
    turn = state.turn
    display = state.display
    if turn.crew is not None and p.removed:
        slot = state.slot_of(turn.crew)
        card = display[slot]
        tokens = list(card.tokens)
        for i in p.removed:
            tokens[i] = None
        display = _set_card(state, slot, DisplayCard(card.crew, tuple(tokens)))
    if p.prestige:
        player = state.players[who]
        fields = _with_player(state, who, _player(player, prestige=player.prestige + p.prestige))
    else:
        fields = list(state)
    fields[STATE_DISPLAY] = display
    fields[STATE_SUPPLY] = TOTAL_DICE
    fields[STATE_TURN] = _end_of_turn(turn, OVER, placed=())
    return state_of(fields)


def game_ended(state: GameState, p: GameEnded, seat: int | None) -> GameState:
    changed = list(_end_of_turn(state.turn, OVER))
    changed[TURN_DRAWN] = ()
    fields = list(state)
    fields[STATE_FINISHED] = True
    fields[STATE_ENDING] = tuple(p.reasons)
    fields[STATE_SUPPLY] = TOTAL_DICE
    fields[STATE_TURN] = turn_of(changed)
    return state_of(fields)


Fold = Callable[[Any, Any, int | None], GameState]

# Per event type: how to read its payload, and how to fold it.
FOLDS: dict[str, tuple[Callable[[Mapping[str, Any]], Any], Fold]] = {
    GAME_SET_UP: (GameSetUp.from_payload, game_set_up),
    TURN_STARTED: (TurnStarted.from_payload, turn_started),
    TURN_PASSED: (TurnPassed.from_payload, turn_passed),
    DICE_ROLLED: (DiceRolled.from_payload, dice_rolled),
    DICE_REROLLED: (DiceRerolled.from_payload, dice_rerolled),
    SUPPLY_DICE_ROLLED: (SupplyDiceRolled.from_payload, supply_dice_rolled),
    CREW_CHOSEN: (CrewChosen.from_payload, crew_chosen),
    REQUIREMENT_COMMITTED: (RequirementCommitted.from_payload, requirement_committed),
    DICE_LOCKED: (DiceLocked.from_payload, dice_locked),
    DICE_TREATED_AS_EXTRA: (DiceTreatedAsExtra.from_payload, dice_treated_as_extra),
    WILD_SAVED: (WildSaved.from_payload, wild_saved),
    REQUIREMENT_COMPLETED: (RequirementCompleted.from_payload, requirement_completed),
    HAZARD_TOKENS_DRAWN: (HazardTokensDrawn.from_payload, hazard_tokens_drawn),
    HAZARD_TOKEN_KEPT: (HazardTokenKept.from_payload, hazard_token_kept),
    PRESTIGE_SCORED: (PrestigeScored.from_payload, prestige_scored),
    CREW_HIRED: (CrewHired.from_payload, crew_hired),
    CREW_STACKED: (CrewStacked.from_payload, crew_stacked),
    HAZARD_TOKEN_RETURNED: (HazardTokenReturned.from_payload, hazard_token_returned),
    STOPPED: (Stopped.from_payload, stopped),
    TURN_SETTLED: (TurnSettled.from_payload, stopped),
    BUSTED: (Busted.from_payload, busted),
    GAME_ENDED: (GameEnded.from_payload, game_ended),
}
assert set(FOLDS) == set(PAYLOADS)

EVENT_TYPES: frozenset[str] = frozenset(FOLDS)

# Stored payloads of an older version, rewritten to the next version (engine.UPCASTERS).
UPCASTERS: dict[tuple[str, int], Callable[[JSON], JSON]] = {
    (STOPPED, 1): lambda p: {**p, "crew": None},
    (BUSTED, 1): lambda p: {**p, "rolled": None},
}


# The last folds, by the identity of the event, with the state it was folded from (both kept, so an
# id is never reused while its entry lives): a command's handler folds its own events to look ahead,
# decide folds them again to find what follows, and its caller folds them once more; each is folded
# once. An event folded from another state is folded again (and that fold kept instead). Emptied
# when full, quicker than dropping the oldest entry each time: a command's folds span a few events,
# and the rare one lost is folded again (to an equal state).
_FOLDED: dict[int, tuple[Event, GameState | None, GameState]] = {}
_FOLDS_KEPT = 64


def evolve(state: GameState | None, e: Event) -> GameState:
    folded = _FOLDED.get(id(e))
    if folded is not None and folded[0] is e and folded[1] is state:
        return folded[2]
    entry = FOLDS.get(e.type)
    if entry is None:
        raise ValueError(f"moonrollers has no event type {e.type!r}")
    read, fold = entry
    built = _BUILT.get(id(e))
    after = fold(state, built[1] if built is not None and built[0] is e else read(e.payload), e.seat)
    if folded is None and len(_FOLDED) >= _FOLDS_KEPT:
        _FOLDED.clear()
    _FOLDED[id(e)] = (e, state, after)
    return after
