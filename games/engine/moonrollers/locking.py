"""Locking dice onto the committed requirement, and completing requirements (Hazard draws, and the
card when it was the last one).

Over-locking: dice are locked only while the requirement still needs them. Every die of a lock
must be needed: a lock whose dice would reach the number without one of them is refused. A die
that counts as 2 may still finish a requirement that needs only 1 more.
"""

from __future__ import annotations

from games.engine.core import Event, IllegalCommand, Rng
from games.engine.moonrollers.abilities import (
    AS_WILD_IF_EXACTLY_ONE,
    DOUBLE_IN_SMALL_POOL,
    EXTRA_AS_TWO,
    LOCK_ABILITIES,
    LOCK_AS_WILD,
    VANTA_SAE,
    small_pool,
)
from games.engine.moonrollers.cards import CREW, Requirement, requirement_label
from games.engine.moonrollers.checks import apply, crew_name, require_ability, require_rolled
from games.engine.moonrollers.commands import LockDice, LockedDie
from games.engine.moonrollers.dice import EXTRA, FACE_INDEX, FACE_LABELS, FACES, WILD, counts_of
from games.engine.moonrollers.events import DICE_LOCKED, REQUIREMENT_COMPLETED, event
from games.engine.moonrollers.hazards import draw_for_requirement
from games.engine.moonrollers.hiring import complete_card
from games.engine.moonrollers.state import GameState, Turn


def _plural(face: int) -> str:
    return FACE_LABELS[face] + ("" if face == 0 else "s")


def die_value(turn: Turn, req: Requirement, die: LockedDie, abilities: frozenset[str]) -> tuple[int, str]:
    """How much ``die`` counts toward ``req`` and what it is locked as; refuses a die that cannot."""
    face = FACE_INDEX[die.face]
    label = FACE_LABELS[face]
    if die.crew is None:
        if req.face == WILD and face != WILD:
            raise IllegalCommand(f"A Wild requirement takes only real Wild faces, not a {label}.")
        if face == req.face or face == WILD:
            return 1, FACES[req.face]
        if face == EXTRA:
            raise IllegalCommand("An Extra Die is not locked: it adds a die when you roll again.")
        raise IllegalCommand(f"A {label} does not fit a {FACE_LABELS[req.face]} requirement.")
    ability = die.crew
    name = crew_name(ability)
    if ability not in abilities:
        raise IllegalCommand(f"{name}'s ability is not yours to use.")
    if ability in LOCK_AS_WILD:
        if ability in turn.used:
            raise IllegalCommand(f"{name} locks only 1 die as a Wild per roll.")
        if ability == VANTA_SAE:
            if turn.rolled[EXTRA] or not sum(turn.rolled):
                raise IllegalCommand(f"{name} works only on a roll with no Extra Dice.")
        else:
            needed = AS_WILD_IF_EXACTLY_ONE[ability]
            if face != needed:
                raise IllegalCommand(f"{name} locks a {FACE_LABELS[needed]} as a Wild, not a {label}.")
            if turn.rolled[needed] != 1:
                raise IllegalCommand(
                    f"{name} works only when you roll exactly 1 {FACE_LABELS[needed]} "
                    f"(you rolled {turn.rolled[needed]})."
                )
        if req.face == WILD:
            raise IllegalCommand(
                f"A Wild requirement takes only real Wild faces, not a die {name} locks as a Wild."
            )
        if face == req.face or face == WILD:
            # It fits as it is: spending the once-a-roll ability on it would change nothing.
            raise IllegalCommand(f"A {label} already fits this requirement: lock it without {name}.")
        return 1, "wild"
    if ability in EXTRA_AS_TWO:
        target = EXTRA_AS_TWO[ability]
        if face != EXTRA:
            raise IllegalCommand(f"{name} locks an Extra Die as 2 {_plural(target)}, not a {label}.")
        if req.face != target:
            raise IllegalCommand(
                f"{name}'s Extra Die counts as 2 {_plural(target)}: it fits only that requirement."
            )
        return 2, FACES[target]
    if ability in DOUBLE_IN_SMALL_POOL:
        target = DOUBLE_IN_SMALL_POOL[ability]
        if face not in (WILD, target):
            raise IllegalCommand(f"{name} doubles a Wild or a {FACE_LABELS[target]}, not a {label}.")
        if req.face != target:
            raise IllegalCommand(
                f"{name}'s dice count as 2 {_plural(target)}: they fit only that requirement."
            )
        if not small_pool(turn):
            raise IllegalCommand(f"{name} works only when your rolling pool holds 1, 2 or 3 dice.")
        return 2, FACES[target]
    raise IllegalCommand(f"{name}'s ability does not lock dice.")


def lock_dice(state: GameState, seat: int, command: LockDice, rng: Rng) -> list[Event]:
    require_rolled(state)
    turn = state.turn
    if turn.crew is None:
        raise IllegalCommand("Choose a crew card first: choose <crew>.")
    if turn.completed_this_roll:
        raise IllegalCommand("You completed a requirement on this roll: roll again (then commit) or stop.")
    if turn.requirement is None:
        raise IllegalCommand(f"Commit to a requirement of {crew_name(turn.crew)} first: commit <face>.")
    if not command.dice:
        raise IllegalCommand("Name at least one die to lock.")
    req = CREW[turn.crew].requirements[turn.requirement]
    wanted = counts_of(FACE_INDEX[d.face] for d in command.dice)
    for f in range(6):
        if wanted[f] > turn.pool[f]:
            have = turn.pool[f]
            raise IllegalCommand(
                f"Your rolling pool has {have} {FACE_LABELS[f]}{'' if have == 1 else 's'} to lock, "
                f"not {wanted[f]}."
            )
    abilities = state.players[seat].abilities
    for d in command.dice:
        if d.crew is not None:
            require_ability(state, d.crew)
            if d.crew not in LOCK_ABILITIES:
                raise IllegalCommand(f"{crew_name(d.crew)}'s ability does not lock dice.")
            if d.crew in LOCK_AS_WILD and sum(1 for x in command.dice if x.crew == d.crew) > 1:
                raise IllegalCommand(f"{crew_name(d.crew)} locks only 1 die as a Wild per roll.")
    values = [die_value(turn, req, d, abilities) for d in command.dice]
    counts = [v for v, _ in values]
    remaining = req.count - turn.progress
    if sum(counts) - min(counts) >= remaining:
        raise IllegalCommand(
            f"{requirement_label(turn.crew, turn.requirement)} needs only {remaining} more: lock fewer dice."
        )
    progress = min(req.count, turn.progress + sum(counts))
    dice = [
        {"face": d.face, "as": as_, "counts": n, "with": d.crew}
        for d, (n, as_) in zip(command.dice, values, strict=True)
    ]
    events = [
        event(
            DICE_LOCKED,
            seat,
            crew=turn.crew,
            requirement=turn.requirement,
            dice=dice,
            progress=progress,
            needed=req.count,
        )
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
    events = [event(REQUIREMENT_COMPLETED, seat, crew=crew, requirement=index, by=by)]
    if CREW[crew].requirements[index].hazard:
        events += draw_for_requirement(state, seat)
    after = apply(state, events)
    card = after.display[after.slot_of(crew)]
    if all(t is not None for t in card.tokens):
        events += complete_card(after, seat, crew)
    return events
