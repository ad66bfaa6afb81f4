"""``settle``, the timeout default: the move the rules allow that costs the absent player least.

The rulebook gives a turn no "pass" and a roll no "stop before locking" ("Lock in at least 1 die"),
so the default cannot simply end the turn. ``settle`` is one command that the engine expands into
the events a player would have made:

- the turn has not started: roll ("Roll 5 dice"); the next decision gets its own deadline;
- a roll that must still lock: choose a crew and commit if needed, lock exactly one die, then end
  the turn (``turn_settled``, folded like a stop). The die is chosen to cost least: a lock that
  completes nothing first; else one that draws no Hazard token; else one that does not complete
  the card; then plain dice before abilities, the display's order, the requirement's order;
- a roll already locked (or safe and unable to lock): end the turn the same way;
- nothing can be locked but an ability could still help: bust (the abilities are optional, and
  their outcome is a gamble the absent player did not choose);
- two Hazard tokens to keep from: keep the one with fewer Hazard symbols (a token without
  symbols can never disqualify anyone), the first on a tie; then the turn is settled as above;
- a hired duplicate faction: place it under (the ability the player chose stays on top), and
  return no Hazard token.
"""

from __future__ import annotations

from typing import NamedTuple

from games.engine.core import Command, Event, Message, Rng, msg
from games.engine.moonrollers.abilities import (
    DOUBLE_IN_SMALL_POOL,
    EXTRA_AS_TWO,
    KAL_DAMAR,
    KAL_DAMAR_DICE,
    STARTING_DICE,
    lockable_crews,
    lockable_requirements,
    must_lock_or_bust,
)
from games.engine.moonrollers.cards import CREW, hazard_symbols
from games.engine.moonrollers.checks import apply, refuse
from games.engine.moonrollers.commands import (
    Bust,
    ChooseCrew,
    Commit,
    KeepHazard,
    LockDice,
    LockedDie,
    ReturnHazard,
    Roll,
    Settle,
    StackCrew,
)
from games.engine.moonrollers.dice import FACE_INDEX, FACES, WILD
from games.engine.moonrollers.events import TurnSettled
from games.engine.moonrollers.legal import ability_lock_dice
from games.engine.moonrollers.state import HIRED, ROLLED, START, GameState
from games.engine.moonrollers.texts import a_face, requirement
from games.engine.moonrollers.turn import roll_done


class SettleLock(NamedTuple):
    crew: str
    requirement: int
    die: LockedDie
    counts_as: str


def _die_value(die: LockedDie) -> int:
    """How much a die counts: 2 with the abilities that count a die as 2, else 1."""
    return 2 if die.crew in EXTRA_AS_TWO or die.crew in DOUBLE_IN_SMALL_POOL else 1


def settle_lock(state: GameState) -> SettleLock | None:
    """The one-die lock that costs least (see the module docstring), or None if none exists."""
    turn = state.turn
    crews = lockable_crews(state) if turn.crew is None else [turn.crew]
    best: tuple[tuple[int, ...], SettleLock] | None = None
    for crew in crews:
        slot = state.slot_of(crew)
        card = state.display[slot]
        reqs = CREW[crew].requirements
        if turn.requirement is not None and crew == turn.crew:
            indexes = [turn.requirement]
        else:
            indexes = lockable_requirements(state, crew)
        open_count = sum(1 for t in card.tokens if t is None)
        for index in indexes:
            req = reqs[index]
            progress = turn.progress if (crew == turn.crew and index == turn.requirement) else 0
            candidate = state._replace(turn=turn._replace(crew=crew, requirement=index, progress=progress))
            dice: list[LockedDie] = []
            if req.face != WILD and turn.pool[req.face]:
                dice.append(LockedDie(FACES[req.face]))
            if turn.pool[WILD]:
                dice.append(LockedDie(FACES[WILD]))
            dice += ability_lock_dice(candidate, req.face)
            for die in dice:
                value = _die_value(die)
                completes = progress + value >= req.count
                key = (
                    int(completes),
                    int(completes and req.hazard),
                    int(completes and open_count == 1),
                    int(die.crew is not None),
                    slot,
                    index,
                    FACE_INDEX[die.face],
                )
                if best is None or key < best[0]:
                    best = (key, SettleLock(crew, index, die, FACES[req.face]))
    return best[1] if best else None


def _commit(crew: str, index: int) -> Commit:
    reqs = CREW[crew].requirements
    req = reqs[index]
    several = sum(1 for r in reqs if r.face == req.face) > 1
    return Commit(FACES[req.face], req.count if several else None)


def _keep(state: GameState) -> KeepHazard:
    drawn = state.turn.drawn
    best = min(range(len(drawn)), key=lambda i: (hazard_symbols([drawn[i]]), i))
    return KeepHazard(best + 1)


def settle_step(state: GameState) -> Command | None:
    """The next command of a settle (None: the turn is to be ended with ``turn_settled``)."""
    turn = state.turn
    if turn.drawn:
        return _keep(state)
    if turn.phase == START:
        return Roll()
    if turn.phase == HIRED:
        if turn.stack_pending:
            return StackCrew("under")
        return ReturnHazard(None)
    if turn.phase != ROLLED:
        return None
    if must_lock_or_bust(state):
        return Bust()
    if roll_done(state):
        return None
    lock = settle_lock(state)
    if lock is None:
        return None  # cannot happen: a roll that is not done can lock (or must_lock_or_bust)
    if turn.crew is None:
        return ChooseCrew(lock.crew)
    if turn.requirement is None:
        return _commit(lock.crew, lock.requirement)
    return LockDice((lock.die,))


def settle(state: GameState, seat: int, command: Settle, rng: Rng) -> list[Event]:
    """Expand ``settle`` into the events of the commands it stands for (the engine's own
    follow-up, such as the next turn, comes after, as for any command)."""
    from games.engine.moonrollers.engine import HANDLERS

    turn = state.turn
    if turn.phase not in (START, ROLLED, HIRED) and not turn.drawn:
        raise refuse("dice_done")
    events: list[Event] = []
    current = state
    start = turn.phase == START
    locked: list[str] = []
    locked_on: int | None = None
    while not current.finished and current.turn.seat == seat:
        step = settle_step(current)
        if step is None:
            t = current.turn
            if t.phase == ROLLED:
                events.append(
                    TurnSettled(
                        crew=t.crew,
                        requirement=locked_on,
                        locked=locked,
                        taken_back=t.requirement,
                        kept=list(t.placed),
                    ).event(seat)
                )
            break
        if isinstance(step, LockDice):
            locked_on = current.turn.requirement
            locked = [_counts_as(current)]
        new = HANDLERS[type(step)](current, seat, step, rng)
        events += new
        current = apply(current, new)
        after = current.turn
        if start or isinstance(step, Bust | ReturnHazard) or after.phase not in (ROLLED, HIRED):
            break
        hire_decisions = after.stack_pending or (after.return_pending and current.players[seat].hazard)
        if after.phase == HIRED and not hire_decisions and not after.drawn:
            break
    return events


def describe(state: GameState | None, seat: int) -> Message | None:
    """What ``settle`` would do now for ``seat``, in words, for the pages and emails that warn of
    it ("Lock a Shield on Namari's 4 Shields and end your turn"); None if the seat is not to act."""
    if state is None or state.finished or state.turn.seat != seat:
        return None
    turn = state.turn
    if turn.drawn:
        return msg("moonrollers.default.keep")
    if turn.phase == START:
        n = KAL_DAMAR_DICE if KAL_DAMAR in state.players[seat].abilities else STARTING_DICE
        return Message("moonrollers.default.roll", {}, n)
    if turn.phase == HIRED:
        if turn.stack_pending and turn.hired is not None:
            return msg("moonrollers.default.stack_under", crew=CREW[turn.hired].name)
        return msg("moonrollers.default.return_none")
    if turn.phase != ROLLED:
        return None
    if must_lock_or_bust(state):
        return msg("moonrollers.default.bust")
    lock = None if roll_done(state) else settle_lock(state)
    if lock is None:
        return msg("moonrollers.default.end_turn")
    return msg(
        "moonrollers.default.lock_one",
        die=a_face(FACE_INDEX[lock.die.face]),
        requirement=requirement(lock.crew, lock.requirement),
    )


def _counts_as(state: GameState) -> str:
    """What a die locked on the committed requirement counts as: its face."""
    turn = state.turn
    assert turn.crew is not None and turn.requirement is not None
    return FACES[CREW[turn.crew].requirements[turn.requirement].face]
