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
from games.engine.moonrollers.checks import crew_name, require_ability, require_rolled
from games.engine.moonrollers.commands import Reroll, SaveWild, TreatAsExtra, UseAbility
from games.engine.moonrollers.dice import DAMAGE, FACE_INDEX, FACE_LABELS, REACTOR, SHIELD, THRUSTER, contains
from games.engine.moonrollers.events import (
    DICE_REROLLED,
    DICE_TREATED_AS_EXTRA,
    SUPPLY_DICE_ROLLED,
    WILD_SAVED,
    event,
)
from games.engine.moonrollers.hazards import draw_one
from games.engine.moonrollers.locking import complete_requirement
from games.engine.moonrollers.state import GameState

REROLL_FIRST = (
    "Re-roll abilities must be used first on a roll, before choosing, committing, locking or other abilities."
)


def _reroll_refusal(state: GameState, ability: str) -> str:
    turn = state.turn
    if ability in turn.used:
        return f"You already used {crew_name(ability)} on this roll."
    if turn.acted:
        return REROLL_FIRST
    if ability == SALATAR:
        return "Salatar re-rolls only on the first roll of your turn."
    if ability == LILA_AL_BINDAR:
        return f"Lila Al Bindar needs 2 or more Reactors rolled (you rolled {turn.rolled[REACTOR]})."
    return f"Vila Noir needs a roll with no Reactors (you rolled {turn.rolled[REACTOR]})."


def _reroll(state: GameState, seat: int, ability: str, faces: list[str], rng: Rng) -> list[Event]:
    new = dice.face_names(dice.roll(rng, len(faces)))
    return [event(DICE_REROLLED, seat, crew=ability, before=faces, after=new)]


def reroll(state: GameState, seat: int, command: Reroll, rng: Rng) -> list[Event]:
    require_rolled(state)
    require_ability(state, command.crew)
    if command.crew not in (LILA_AL_BINDAR, VILA_NOIR):
        if command.crew == SALATAR:
            raise IllegalCommand("Salatar re-rolls the whole pool: use salatar.")
        raise IllegalCommand(f"{crew_name(command.crew)} does not re-roll dice.")
    if not can_reroll(state, command.crew):
        raise IllegalCommand(_reroll_refusal(state, command.crew))
    if not command.faces:
        raise IllegalCommand("Name the dice to re-roll.")
    if command.crew == VILA_NOIR and len(command.faces) > VILA_NOIR_DICE:
        raise IllegalCommand("Vila Noir re-rolls at most 2 dice.")
    wanted = dice.counts_of(FACE_INDEX[f] for f in command.faces)
    # Only dice rolled this roll: Meg Gallak's saved Wild is not rolled again.
    if not contains(state.turn.rolled, wanted) or not contains(state.turn.pool, wanted):
        raise IllegalCommand(
            "You can re-roll only dice you rolled this roll: " + ", ".join(command.faces) + "?"
        )
    return _reroll(state, seat, command.crew, list(command.faces), rng)


def use_ability(state: GameState, seat: int, command: UseAbility, rng: Rng) -> list[Event]:
    require_rolled(state)
    ability = command.crew
    require_ability(state, ability)
    turn = state.turn
    if ability == SALATAR:
        if not can_reroll(state, SALATAR):
            raise IllegalCommand(_reroll_refusal(state, SALATAR))
        return _reroll(state, seat, SALATAR, dice.names_of(turn.pool), rng)
    if ability in SUPPLY_ROLLS:
        if not can_roll_supply(state, ability):
            if ability in turn.used:
                raise IllegalCommand(f"You already used {crew_name(ability)} on this roll.")
            if state.supply == 0:
                raise IllegalCommand("The dice supply is empty.")
            need = "2 or more Damage" if ability == "ryan-rogal" else "no Damage"
            raise IllegalCommand(
                f"{crew_name(ability)} needs a roll with {need} (you rolled {turn.rolled[DAMAGE]})."
            )
        count, joins = SUPPLY_ROLLS[ability]
        faces = dice.roll(rng, min(count, state.supply))
        added = [f for f in faces if f in joins]
        return [
            event(
                SUPPLY_DICE_ROLLED,
                seat,
                crew=ability,
                faces=dice.face_names(faces),
                added=dice.face_names(added),
            )
        ]
    if ability == B3_AR:
        if not can_use_b3_ar(state):
            if B3_AR in turn.used:
                raise IllegalCommand("You already used B3-AR on this roll.")
            if turn.rolled[THRUSTER] < 3:
                raise IllegalCommand(
                    f"B3-AR needs 3 or more Thrusters rolled (you rolled {turn.rolled[THRUSTER]})."
                )
            raise IllegalCommand(
                "B3-AR completes your committed requirement: commit by locking at least 1 die first."
            )
        return complete_requirement(state, seat, B3_AR)
    if ability == IMDAR_SHADE:
        if not can_use_imdar_shade(state):
            if IMDAR_SHADE in turn.used:
                raise IllegalCommand("You already used Imdar Shade on this roll.")
            if not state.hazard_pile:
                raise IllegalCommand("The Hazard pile is empty.")
            raise IllegalCommand(
                f"Imdar Shade needs a roll with no Shields (you rolled {turn.rolled[SHIELD]})."
            )
        return draw_one(state, seat, IMDAR_SHADE)
    raise IllegalCommand(f"{crew_name(ability)}'s ability is not used this way.")


def treat_as_extra(state: GameState, seat: int, command: TreatAsExtra, rng: Rng) -> list[Event]:
    require_rolled(state)
    ability = command.crew
    require_ability(state, ability)
    if ability not in TREAT_AS_EXTRA:
        raise IllegalCommand(f"{crew_name(ability)} does not treat dice as Extra Dice.")
    allowed = treatable_faces(state, ability)
    turn = state.turn
    if allowed is None:
        if ability in turn.used:
            raise IllegalCommand(f"You already used {crew_name(ability)} on this roll.")
        if ability == FT_1000:
            raise IllegalCommand("FT-1000 needs exactly 1 Wild rolled, still in your rolling pool.")
        if ability == KARY_POWALK:
            raise IllegalCommand("Kary Powalk works on the first roll of your turn, on Damage dice.")
        raise IllegalCommand(
            f"Myla Dystra needs 2 or more Thrusters rolled (you rolled {turn.rolled[THRUSTER]})."
        )
    if not command.faces:
        raise IllegalCommand("Name the dice to treat as Extra Dice.")
    if ability in (FT_1000, MYLA_DYSTRA) and len(command.faces) != 1:
        raise IllegalCommand(f"{crew_name(ability)} treats exactly 1 die as an Extra Die.")
    wanted = dice.counts_of(FACE_INDEX[f] for f in command.faces)
    if not contains(allowed, wanted):
        if ability == KARY_POWALK:
            raise IllegalCommand(
                f"Kary Powalk treats only your Damage dice ({turn.pool[DAMAGE]}) as Extra Dice."
            )
        if ability == FT_1000:
            raise IllegalCommand("FT-1000 treats only the Wild as an Extra Die.")
        raise IllegalCommand(
            "Your rolling pool has no "
            + FACE_LABELS[FACE_INDEX[command.faces[0]]]
            + " to treat as an Extra Die."
        )
    return [event(DICE_TREATED_AS_EXTRA, seat, crew=ability, faces=list(command.faces))]


def save_wild(state: GameState, seat: int, command: SaveWild, rng: Rng) -> list[Event]:
    require_rolled(state)
    require_ability(state, MEG_GALLAK)
    if not can_save_wild(state):
        turn = state.turn
        if turn.roll != 1:
            raise IllegalCommand("Meg Gallak saves a Wild from the first roll of your turn only.")
        if turn.saved or MEG_GALLAK in turn.used:
            raise IllegalCommand("You already saved a Wild.")
        raise IllegalCommand("You have no Wild in your rolling pool to save.")
    return [event(WILD_SAVED, seat, crew=MEG_GALLAK)]
