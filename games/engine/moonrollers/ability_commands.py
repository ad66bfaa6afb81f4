"""The commands that use a crew ability outside locking: re-rolls (Salatar, Lila Al Bindar, Vila
Noir), supply rolls (Ryan Rogal, Saghari), B3-AR, Imdar Shade, treating dice as Extra Dice
(FT-1000, Kary Powalk, Myla Dystra) and setting a Wild aside (Meg Gallak). Rolled faces are in
the events."""

from __future__ import annotations

from games.engine.core import Event, IllegalCommand, Rng
from games.engine.moonrollers import dice
from games.engine.moonrollers.abilities import (
    B3_AR,
    FT_1000,
    IMDAR_SHADE,
    KARY_POWALK,
    LILA_AL_BINDAR,
    MEG_GALLAK,
    MYLA_DYSTRA,
    RYAN_ROGAL,
    SALATAR,
    SUPPLY_ROLLS,
    TREAT_AS_EXTRA,
    VILA_NOIR,
    VILA_NOIR_DICE,
    can_reroll,
    can_roll_supply,
    can_save_wild,
    can_use_b3_ar,
    can_use_imdar_shade,
    treatable_faces,
)
from games.engine.moonrollers.checks import refuse, require_ability, require_rolled
from games.engine.moonrollers.commands import Reroll, SaveWild, TreatAsExtra, UseAbility
from games.engine.moonrollers.dice import DAMAGE, FACE_INDEX, REACTOR, SHIELD, THRUSTER, contains
from games.engine.moonrollers.events import DiceRerolled, DiceTreatedAsExtra, SupplyDiceRolled, WildSaved
from games.engine.moonrollers.hazards import draw_one
from games.engine.moonrollers.locking import complete_requirement
from games.engine.moonrollers.state import GameState
from games.engine.moonrollers.texts import face, faces_list, name


def _reroll_refusal(state: GameState, ability: str) -> IllegalCommand:
    turn = state.turn
    crew = name(ability)
    if ability in turn.used:
        return refuse("already_used", crew=crew)
    if turn.acted:
        return refuse("reroll_first")
    if ability == SALATAR:
        return refuse("salatar_first_roll", crew=crew)
    if ability == LILA_AL_BINDAR:
        return refuse("lila_needs_reactors", crew=crew, rolled=turn.rolled[REACTOR])
    return refuse("vila_needs_no_reactor", crew=crew, rolled=turn.rolled[REACTOR])


def _reroll(state: GameState, seat: int, ability: str, faces: list[str], rng: Rng) -> list[Event]:
    new = dice.face_names(dice.roll(rng, len(faces)))
    return [DiceRerolled(crew=ability, before=faces, after=new).event(seat)]


def reroll(state: GameState, seat: int, command: Reroll, rng: Rng) -> list[Event]:
    require_rolled(state)
    require_ability(state, command.crew)
    if command.crew not in (LILA_AL_BINDAR, VILA_NOIR):
        if command.crew == SALATAR:
            raise refuse("salatar_rerolls_all", crew=name(SALATAR))
        raise refuse("does_not_reroll", crew=name(command.crew))
    if not can_reroll(state, command.crew):
        raise _reroll_refusal(state, command.crew)
    if not command.faces:
        raise refuse("name_dice_to_reroll")
    if command.crew == VILA_NOIR and len(command.faces) > VILA_NOIR_DICE:
        raise refuse("vila_at_most_two", crew=name(VILA_NOIR))
    wanted = dice.counts_of(FACE_INDEX[f] for f in command.faces)
    # Only dice rolled this roll: Meg Gallak's saved Wild is not rolled again.
    if not contains(state.turn.rolled, wanted) or not contains(state.turn.pool, wanted):
        raise refuse("reroll_only_rolled", dice=faces_list(command.faces))
    return _reroll(state, seat, command.crew, list(command.faces), rng)


def use_ability(state: GameState, seat: int, command: UseAbility, rng: Rng) -> list[Event]:
    require_rolled(state)
    ability = command.crew
    require_ability(state, ability)
    turn = state.turn
    crew = name(ability)
    if ability == SALATAR:
        if not can_reroll(state, SALATAR):
            raise _reroll_refusal(state, SALATAR)
        return _reroll(state, seat, SALATAR, dice.names_of(turn.pool), rng)
    if ability in SUPPLY_ROLLS:
        if not can_roll_supply(state, ability):
            if ability in turn.used:
                raise refuse("already_used", crew=crew)
            if state.supply == 0:
                raise refuse("supply_empty")
            key = "ryan_needs_damage" if ability == RYAN_ROGAL else "saghari_needs_no_damage"
            raise refuse(key, crew=crew, rolled=turn.rolled[DAMAGE])
        count, joins = SUPPLY_ROLLS[ability]
        faces = dice.roll(rng, min(count, state.supply))
        added = [f for f in faces if f in joins]
        return [
            SupplyDiceRolled(
                crew=ability,
                faces=dice.face_names(faces),
                added=dice.face_names(added),
            ).event(seat)
        ]
    if ability == B3_AR:
        if not can_use_b3_ar(state):
            if B3_AR in turn.used:
                raise refuse("already_used", crew=crew)
            if turn.rolled[THRUSTER] < 3:
                raise refuse("b3_needs_thrusters", crew=crew, rolled=turn.rolled[THRUSTER])
            raise refuse("b3_commit_first", crew=crew)
        return complete_requirement(state, seat, B3_AR)
    if ability == IMDAR_SHADE:
        if not can_use_imdar_shade(state):
            if IMDAR_SHADE in turn.used:
                raise refuse("already_used", crew=crew)
            if not state.hazard_pile:
                raise refuse("hazard_pile_empty")
            raise refuse("imdar_needs_no_shield", crew=crew, rolled=turn.rolled[SHIELD])
        return draw_one(state, seat, IMDAR_SHADE)
    raise refuse("not_used_this_way", crew=crew)


def treat_as_extra(state: GameState, seat: int, command: TreatAsExtra, rng: Rng) -> list[Event]:
    require_rolled(state)
    ability = command.crew
    require_ability(state, ability)
    crew = name(ability)
    if ability not in TREAT_AS_EXTRA:
        raise refuse("does_not_treat", crew=crew)
    allowed = treatable_faces(state, ability)
    turn = state.turn
    if allowed is None:
        if ability in turn.used:
            raise refuse("already_used", crew=crew)
        if ability == FT_1000:
            raise refuse("ft_needs_one_wild", crew=crew)
        if ability == KARY_POWALK:
            raise refuse("kary_first_roll", crew=crew)
        raise refuse("myla_needs_thrusters", crew=crew, rolled=turn.rolled[THRUSTER])
    if not command.faces:
        raise refuse("name_dice_to_treat")
    if ability in (FT_1000, MYLA_DYSTRA) and len(command.faces) != 1:
        raise refuse("treats_exactly_one", crew=crew)
    wanted = dice.counts_of(FACE_INDEX[f] for f in command.faces)
    if not contains(allowed, wanted):
        if ability == KARY_POWALK:
            raise refuse("kary_only_damage", crew=crew, damage=turn.pool[DAMAGE])
        if ability == FT_1000:
            raise refuse("ft_only_wild", crew=crew)
        raise refuse("no_such_die_to_treat", face=face(FACE_INDEX[command.faces[0]]))
    return [DiceTreatedAsExtra(crew=ability, faces=list(command.faces)).event(seat)]


def save_wild(state: GameState, seat: int, command: SaveWild, rng: Rng) -> list[Event]:
    require_rolled(state)
    require_ability(state, MEG_GALLAK)
    if not can_save_wild(state):
        turn = state.turn
        if turn.roll != 1:
            raise refuse("meg_first_roll", crew=name(MEG_GALLAK))
        if turn.saved or MEG_GALLAK in turn.used:
            raise refuse("already_saved")
        raise refuse("no_wild_to_save")
    return [WildSaved(crew=MEG_GALLAK).event(seat)]
