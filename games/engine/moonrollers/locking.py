"""Locking dice onto the committed requirement, and completing requirements (Hazard draws, and the
card when it was the last one).

Over-locking: dice are locked only while the requirement still needs them. Every die of a lock
must be needed: a lock whose dice would reach the number without one of them is refused. A die
that counts as 2 may still finish a requirement that needs only 1 more.
"""

from __future__ import annotations

from games.engine.core import Event, Rng
from games.engine.moonrollers.abilities import (
    AS_WILD_IF_EXACTLY_ONE,
    DOUBLE_IN_SMALL_POOL,
    EXTRA_AS_TWO,
    LOCK_ABILITIES,
    LOCK_AS_WILD,
    VANTA_SAE,
    small_pool,
)
from games.engine.moonrollers.cards import CREW, Requirement
from games.engine.moonrollers.checks import apply, refuse, require_ability, require_rolled
from games.engine.moonrollers.commands import LockDice, LockedDie
from games.engine.moonrollers.dice import EXTRA, FACE_INDEX, FACES, WILD, counts_of
from games.engine.moonrollers.events import DiceLocked, LockedDieRecord, RequirementCompleted
from games.engine.moonrollers.hazards import draw_for_requirement
from games.engine.moonrollers.hiring import complete_card
from games.engine.moonrollers.state import GameState, Turn
from games.engine.moonrollers.texts import a_face, dice, face, name, requirement


def die_value(turn: Turn, req: Requirement, die: LockedDie, abilities: frozenset[str]) -> tuple[int, str]:
    """How much ``die`` counts toward ``req`` and what it is locked as; refuses a die that cannot."""
    f = FACE_INDEX[die.face]
    if die.crew is None:
        if req.face == WILD and f != WILD:
            raise refuse("wild_takes_only_wild", die=a_face(f))
        if f == req.face or f == WILD:
            return 1, FACES[req.face]
        if f == EXTRA:
            raise refuse("extra_not_locked")
        raise refuse("does_not_fit", face=face(f), required=face(req.face))
    ability = die.crew
    crew = name(ability)
    if ability not in abilities:
        raise refuse("not_yours", crew=crew)
    if ability in LOCK_AS_WILD:
        if ability in turn.used:
            raise refuse("once_per_roll_wild", crew=crew)
        if ability == VANTA_SAE:
            if turn.rolled[EXTRA] or not sum(turn.rolled):
                raise refuse("needs_no_extra", crew=crew)
        else:
            needed = AS_WILD_IF_EXACTLY_ONE[ability]
            if f != needed:
                raise refuse("as_wild_wrong_face", crew=crew, needed=a_face(needed), die=a_face(f))
            if turn.rolled[needed] != 1:
                raise refuse("exactly_one", crew=crew, face=face(needed), rolled=turn.rolled[needed])
        if req.face == WILD:
            raise refuse("wild_not_by_ability", crew=crew)
        if f == req.face or f == WILD:
            # It fits as it is: spending the once-a-roll ability on it would change nothing.
            raise refuse("already_fits", face=face(f), crew=crew)
        return 1, "wild"
    if ability in EXTRA_AS_TWO:
        target = EXTRA_AS_TWO[ability]
        if f != EXTRA:
            raise refuse("extra_as_two_wrong_die", crew=crew, amount=dice(target, 2), die=a_face(f))
        if req.face != target:
            raise refuse("extra_as_two_wrong_requirement", crew=crew, amount=dice(target, 2))
        return 2, FACES[target]
    if ability in DOUBLE_IN_SMALL_POOL:
        target = DOUBLE_IN_SMALL_POOL[ability]
        if f not in (WILD, target):
            raise refuse("doubles_wrong_die", crew=crew, target=a_face(target), die=a_face(f))
        if req.face != target:
            raise refuse("doubles_wrong_requirement", crew=crew, amount=dice(target, 2))
        if not small_pool(turn):
            raise refuse("small_pool_only", crew=crew)
        return 2, FACES[target]
    raise refuse("does_not_lock", crew=crew)


def lock_dice(state: GameState, seat: int, command: LockDice, rng: Rng) -> list[Event]:
    require_rolled(state)
    turn = state.turn
    if turn.crew is None:
        raise refuse("choose_crew_first")
    if turn.completed_this_roll:
        raise refuse("completed_this_roll_lock")
    if turn.requirement is None:
        raise refuse("commit_first", crew=name(turn.crew))
    if not command.dice:
        raise refuse("name_dice_to_lock")
    req = CREW[turn.crew].requirements[turn.requirement]
    wanted = counts_of(FACE_INDEX[d.face] for d in command.dice)
    for f in range(6):
        if wanted[f] > turn.pool[f]:
            raise refuse("not_in_pool", have=dice(f, turn.pool[f]), wanted=wanted[f])
    abilities = state.players[seat].abilities
    for d in command.dice:
        if d.crew is not None:
            require_ability(state, d.crew)
            if d.crew not in LOCK_ABILITIES:
                raise refuse("does_not_lock", crew=name(d.crew))
            if d.crew in LOCK_AS_WILD and sum(1 for x in command.dice if x.crew == d.crew) > 1:
                raise refuse("once_per_roll_wild", crew=name(d.crew))
    values = [die_value(turn, req, d, abilities) for d in command.dice]
    counts = [v for v, _ in values]
    remaining = req.count - turn.progress
    if sum(counts) - min(counts) >= remaining:
        raise refuse("lock_fewer", remaining, requirement=requirement(turn.crew, turn.requirement))
    progress = min(req.count, turn.progress + sum(counts))
    locked = [
        LockedDieRecord(face=d.face, as_=as_, counts=n, with_=d.crew)
        for d, (n, as_) in zip(command.dice, values, strict=True)
    ]
    events = [
        DiceLocked(
            crew=turn.crew,
            requirement=turn.requirement,
            dice=locked,
            progress=progress,
            needed=req.count,
        ).event(seat)
    ]
    if progress >= req.count:
        events += complete_requirement(apply(state, events), seat, None)
    return events


def complete_requirement(state: GameState, seat: int, by: str | None) -> list[Event]:
    """The committed requirement is reached (or B3-AR completes it): cover it, draw Hazard tokens,
    and score and hire the card when it was its last requirement."""
    turn = state.turn
    assert turn.crew is not None and turn.requirement is not None
    crew, index = turn.crew, turn.requirement
    events = [RequirementCompleted(crew=crew, requirement=index, by=by).event(seat)]
    if CREW[crew].requirements[index].hazard:
        events += draw_for_requirement(state, seat)
    after = apply(state, events)
    card = after.display[after.slot_of(crew)]
    if all(t is not None for t in card.tokens):
        events += complete_card(after, seat, crew)
    return events
