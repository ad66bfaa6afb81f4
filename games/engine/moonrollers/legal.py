"""Who must act (``pending``, with the timeout defaults), what they must decide (``prompt``), and
the commands they may send (``legal``), as CommandSpecs complete enough to draw forms."""

from __future__ import annotations

from typing import Any

from games.engine.core import Choice, CommandSpec, Param, Pending
from games.engine.moonrollers.abilities import (
    AS_WILD_IF_EXACTLY_ONE,
    B3_AR,
    DOUBLE_IN_SMALL_POOL,
    EXTRA_AS_TWO,
    FT_1000,
    IMDAR_SHADE,
    KAL_DAMAR,
    KAL_DAMAR_DICE,
    KARY_POWALK,
    LILA_AL_BINDAR,
    MEG_GALLAK,
    MYLA_DYSTRA,
    RYAN_ROGAL,
    SAGHARI,
    SALATAR,
    STARTING_DICE,
    VANTA_SAE,
    VILA_NOIR,
    can_lock_as_wild,
    can_reroll,
    can_roll_supply,
    can_save_wild,
    can_use_b3_ar,
    can_use_imdar_shade,
    lockable_crews,
    lockable_requirements,
    must_lock_or_bust,
    rescues,
    small_pool,
    treatable_faces,
)
from games.engine.moonrollers.cards import CREW, FACTION_NAMES, HAZARD_SYMBOLS, requirement_label
from games.engine.moonrollers.commands import Bust, KeepHazard, LockedDie, Pass, ReturnHazard, StackCrew, Stop
from games.engine.moonrollers.dice import EXTRA, FACE_INDEX, FACE_LABELS, FACES, WILD, Counts, faces_of
from games.engine.moonrollers.notation import format_die
from games.engine.moonrollers.state import HIRED, ROLLED, START, GameState
from games.engine.moonrollers.texts_fr import FACE_FR, FACTION_FR, requirement_fr
from games.engine.moonrollers.turn import may_roll_again

# Pending kinds.
START_TURN = "start_turn"
KEEP_HAZARD = "keep_hazard"
STACK_CREW = "stack_crew"
RETURN_HAZARD = "return_hazard"
CHOOSE_CREW = "choose_crew"
COMMIT = "commit"
LOCK_DICE = "lock_dice"
ROLL_OR_STOP = "roll_or_stop"
USE_ABILITY_OR_BUST = "use_ability_or_bust"


def _kind(state: GameState) -> str | None:
    turn = state.turn
    if state.finished:
        return None
    if turn.drawn:
        return KEEP_HAZARD
    if turn.phase == START:
        return START_TURN
    if turn.phase == HIRED:
        if turn.stack_pending:
            return STACK_CREW
        if turn.return_pending and state.players[turn.seat].hazard:
            return RETURN_HAZARD
        return None
    if turn.phase != ROLLED:
        return None
    if must_lock_or_bust(state):
        return USE_ABILITY_OR_BUST
    if turn.crew is None:
        return CHOOSE_CREW
    if turn.requirement is None and not turn.completed_this_roll and not turn.locked_this_roll:
        return COMMIT
    if turn.requirement is not None and not turn.locked_this_roll:
        return LOCK_DICE
    return ROLL_OR_STOP


def pending(state: GameState | None) -> list[Pending]:
    if state is None:
        return []
    kind = _kind(state)
    if kind is None:
        return []
    seat = state.turn.seat
    if kind == KEEP_HAZARD:
        return [Pending(seat, kind, KeepHazard(1), private=True)]
    if kind == START_TURN:
        return [Pending(seat, kind, Pass())]
    if kind == STACK_CREW:
        return [Pending(seat, kind, StackCrew("under"))]
    if kind == RETURN_HAZARD:
        return [Pending(seat, kind, ReturnHazard(None), private=True)]
    if kind == USE_ABILITY_OR_BUST:
        return [Pending(seat, kind, Bust())]
    return [Pending(seat, kind, Stop())]


def prompt(state: GameState) -> str:
    """What the active player must decide, in a sentence."""
    kind = _kind(state)
    turn = state.turn
    crew = CREW[turn.crew].name if turn.crew else ""
    if kind == KEEP_HAZARD:
        return "Keep one of the two Hazard tokens you drew; the other goes back to the pile."
    if kind == START_TURN:
        n = KAL_DAMAR_DICE if KAL_DAMAR in state.players[turn.seat].abilities else STARTING_DICE
        return f"Take {n} dice from the supply and roll them."
    if kind == STACK_CREW and turn.hired:
        faction = FACTION_NAMES[CREW[turn.hired].faction]
        return f"Put {CREW[turn.hired].name} on top of or under your {faction} stack."
    if kind == RETURN_HAZARD:
        return "You hired a duplicate faction: you may return one of your Hazard tokens to the pile."
    if kind == USE_ABILITY_OR_BUST:
        return "Nothing you rolled can be locked: use an ability that might help, or bust."
    if kind == CHOOSE_CREW:
        return "Choose the crew card to work on this turn."
    if kind == COMMIT:
        return f"Commit to a requirement of {crew}."
    if kind == LOCK_DICE and turn.crew is not None and turn.requirement is not None:
        return f"Lock at least one die on {requirement_label(turn.crew, turn.requirement)}."
    if kind == ROLL_OR_STOP:
        return "Roll again, or stop and keep your completed requirements."
    return ""


def prompt_fr(state: GameState) -> str:
    """``prompt`` in French, in the words of the French rulebook."""
    kind = _kind(state)
    turn = state.turn
    crew = CREW[turn.crew].name if turn.crew else ""
    if kind == KEEP_HAZARD:
        return "Gardez l'un des deux jetons Danger tirés ; l'autre retourne dans la pile."
    if kind == START_TURN:
        n = KAL_DAMAR_DICE if KAL_DAMAR in state.players[turn.seat].abilities else STARTING_DICE
        return f"Prenez {n} dés dans la réserve et lancez-les."
    if kind == STACK_CREW and turn.hired:
        faction = FACTION_FR.get(CREW[turn.hired].faction, CREW[turn.hired].faction)
        return f"Placez {CREW[turn.hired].name} sur ou sous votre pile {faction}."
    if kind == RETURN_HAZARD:
        return (
            "Vous avez recruté une faction en double : "
            "vous pouvez remettre un de vos jetons Danger dans la pile."
        )
    if kind == USE_ABILITY_OR_BUST:
        return (
            "Aucun dé obtenu ne peut être verrouillé : "
            "utilisez une aptitude qui pourrait aider, ou plantez-vous."
        )
    if kind == CHOOSE_CREW:
        return "Choisissez la carte Équipage sur laquelle travailler ce tour-ci."
    if kind == COMMIT:
        return f"Engagez-vous sur une condition de {crew}."
    if kind == LOCK_DICE and turn.crew is not None and turn.requirement is not None:
        return f"Verrouillez au moins un dé sur {requirement_fr(turn.crew, turn.requirement)}."
    if kind == ROLL_OR_STOP:
        return "Relancez, ou arrêtez-vous en gardant vos conditions remplies."
    return ""


# ---- CommandSpecs --------------------------------------------------------------------------------


def _die_choices(counts: Counts) -> tuple[Choice, ...]:
    # One choice per die, so that a form shows one checkbox per die.
    return tuple(Choice(FACES[f], FACE_LABELS[f]) for f in faces_of(counts))


def _face_choices(counts: Counts) -> tuple[Choice, ...]:
    return tuple(Choice(FACES[f], FACE_LABELS[f]) for f in range(6) if counts[f])


def _token_label(token: int) -> str:
    return f"{token} Prestige, {HAZARD_SYMBOLS[token]} Hazard"


def _token_fr(token: int) -> str:
    return f"{token} Prestige, {HAZARD_SYMBOLS[token]} Danger"


def _face_fr(face: int, count: int = 1) -> str:
    one, several = FACE_FR[face]
    return one if count == 1 else several


def _die_fr(die: LockedDie) -> str:
    """A die locked with an ability, in French: 'propulseur comme Joker'."""
    face = _face_fr(FACE_INDEX[die.face]).lower()
    ability = die.crew or ""
    if ability in EXTRA_AS_TWO:
        return f"{face} comme 2 {_face_fr(EXTRA_AS_TWO[ability], 2)}"
    if ability in DOUBLE_IN_SMALL_POOL:
        return f"{face} comme 2 {_face_fr(DOUBLE_IN_SMALL_POOL[ability], 2)}"
    return f"{face} comme Joker"


def _name(slug: str) -> str:
    return CREW[slug].name


def _roll_specs(state: GameState) -> list[CommandSpec]:
    specs = []
    if may_roll_again(state):
        specs.append(
            CommandSpec("roll", "roll", "Roll again", help="Extra Dice shown add supply dice first.")
        )
    specs.append(CommandSpec("stop", "stop", "Stop", help="End your turn, keeping completed requirements."))
    return specs


def _ability_specs(state: GameState) -> list[CommandSpec]:
    """Every ability usable now, outside locking."""
    abilities = state.players[state.turn.seat].abilities
    turn = state.turn
    specs: list[CommandSpec] = []
    if SALATAR in abilities and can_reroll(state, SALATAR):
        specs.append(
            CommandSpec(
                "use",
                f"use {SALATAR}",
                "Re-roll your whole rolling pool (Salatar)",
                label_fr="Relancer tous vos dés de lancer (Salatar)",
            )
        )
    for ability in (LILA_AL_BINDAR, VILA_NOIR):
        if ability in abilities and can_reroll(state, ability):
            # Only dice rolled this roll: Meg Gallak's saved Wild is not rolled again.
            r, p = turn.rolled, turn.pool
            rerollable: Counts = (
                min(r[0], p[0]),
                min(r[1], p[1]),
                min(r[2], p[2]),
                min(r[3], p[3]),
                min(r[4], p[4]),
                min(r[5], p[5]),
            )
            count = sum(rerollable)
            specs.append(
                CommandSpec(
                    "reroll",
                    f"reroll with {ability}",
                    f"Re-roll dice ({_name(ability)})",
                    label_fr=f"Relancer des dés ({_name(ability)})",
                    params=(
                        Param(
                            "dice",
                            "Dice to re-roll" + (" (up to 2)" if ability == VILA_NOIR else ""),
                            _die_choices(rerollable),
                            multiple=count > 1,
                            label_fr="Dés à relancer" + (" (2 au plus)" if ability == VILA_NOIR else ""),
                        ),
                    ),
                )
            )
    for ability in (RYAN_ROGAL, SAGHARI):
        if ability in abilities and can_roll_supply(state, ability):
            what = (
                "2 supply dice, keeping Wilds"
                if ability == RYAN_ROGAL
                else "1 supply die, keeping a Wild or Extra"
            )
            what_fr = (
                "2 dés de la réserve, en gardant les Jokers"
                if ability == RYAN_ROGAL
                else "1 dé de la réserve, en gardant un Joker ou un Dé supplémentaire"
            )
            specs.append(
                CommandSpec(
                    "use",
                    f"use {ability}",
                    f"Roll {what} ({_name(ability)})",
                    label_fr=f"Lancer {what_fr} ({_name(ability)})",
                )
            )
    if B3_AR in abilities and can_use_b3_ar(state):
        specs.append(
            CommandSpec(
                "use",
                f"use {B3_AR}",
                "Complete your committed requirement (B3-AR)",
                label_fr="Remplir la condition engagée (B3-AR)",
            )
        )
    if IMDAR_SHADE in abilities and can_use_imdar_shade(state):
        specs.append(
            CommandSpec(
                "use",
                f"use {IMDAR_SHADE}",
                "Draw 1 Hazard token (Imdar Shade)",
                confirm=True,
                label_fr="Tirer 1 jeton Danger (Imdar Shade)",
            )
        )
    return specs


def _extra_specs(state: GameState) -> list[CommandSpec]:
    """Treating dice as Extra Dice, and Meg Gallak's saved Wild."""
    abilities = state.players[state.turn.seat].abilities
    specs: list[CommandSpec] = []
    if FT_1000 in abilities and treatable_faces(state, FT_1000) is not None:
        specs.append(
            CommandSpec(
                "treat",
                f"treat wild as extra with {FT_1000}",
                "Treat your Wild as an Extra Die (FT-1000)",
                label_fr="Compter votre Joker comme Dé supplémentaire (FT-1000)",
            )
        )
    for ability in (KARY_POWALK, MYLA_DYSTRA):
        faces = treatable_faces(state, ability) if ability in abilities else None
        if faces is not None:
            kary = ability == KARY_POWALK
            specs.append(
                CommandSpec(
                    "treat",
                    f"treat as extra with {ability}",
                    f"Treat {'Damage dice' if kary else 'a die'} as Extra Dice ({_name(ability)})",
                    label_fr=(
                        f"Compter {'des Dommages' if kary else 'un dé'} comme Dés supplémentaires "
                        f"({_name(ability)})"
                    ),
                    params=(
                        Param(
                            "dice",
                            "Damage dice" if kary else "Die",
                            _die_choices(faces) if kary else _face_choices(faces),
                            multiple=kary and faces[0] > 1,
                        ),
                    ),
                )
            )
    if MEG_GALLAK in abilities and can_save_wild(state):
        specs.append(
            CommandSpec(
                "save",
                f"save wild with {MEG_GALLAK}",
                "Set a Wild aside for your next roll (Meg Gallak)",
                label_fr="Mettre un Joker de côté pour le prochain lancer (Meg Gallak)",
            )
        )
    return specs


def _lock_specs(state: GameState) -> list[CommandSpec]:
    turn = state.turn
    assert turn.crew is not None and turn.requirement is not None
    req = CREW[turn.crew].requirements[turn.requirement]
    target = requirement_label(turn.crew, turn.requirement)
    target_fr = requirement_fr(turn.crew, turn.requirement)
    abilities = state.players[turn.seat].abilities
    pool = turn.pool
    plain = [0, 0, 0, 0, 0, 0]
    if req.face != WILD:
        plain[req.face] = pool[req.face]
    plain[WILD] = pool[WILD]
    remaining = req.count - turn.progress
    specs: list[CommandSpec] = []
    fits: Counts = (plain[0], plain[1], plain[2], plain[3], plain[4], plain[5])
    if sum(fits):
        specs.append(
            CommandSpec(
                "lock",
                "lock",
                f"Lock dice on {target}",
                label_fr=f"Verrouiller des dés sur {target_fr}",
                params=(
                    Param(
                        "dice",
                        f"Dice to lock ({turn.progress}/{req.count} so far)",
                        _die_choices(fits),
                        multiple=min(remaining, sum(fits)) > 1,
                        label_fr=f"Dés à verrouiller ({turn.progress}/{req.count} pour l'instant)",
                    ),
                ),
            )
        )
    ability_dice: list[LockedDie] = []
    if req.face != WILD:
        for ability in sorted(abilities & set(AS_WILD_IF_EXACTLY_ONE)):
            face = AS_WILD_IF_EXACTLY_ONE[ability]
            if face != req.face and can_lock_as_wild(turn, ability, face, abilities):
                ability_dice.append(LockedDie(FACES[face], ability))
        if VANTA_SAE in abilities:
            for face in range(6):
                if face not in (req.face, WILD) and can_lock_as_wild(turn, VANTA_SAE, face, abilities):
                    ability_dice.append(LockedDie(FACES[face], VANTA_SAE))
        for ability in sorted(abilities & set(EXTRA_AS_TWO)):
            if EXTRA_AS_TWO[ability] == req.face and pool[EXTRA]:
                ability_dice.append(LockedDie(FACES[EXTRA], ability))
        for ability in sorted(abilities & set(DOUBLE_IN_SMALL_POOL)):
            if DOUBLE_IN_SMALL_POOL[ability] == req.face and small_pool(turn):
                for face in (req.face, WILD):
                    if pool[face]:
                        ability_dice.append(LockedDie(FACES[face], ability))
    for die in ability_dice:
        text = format_die(die)
        specs.append(
            CommandSpec(
                "lock",
                f"lock {text}",
                f"Lock {text} on {target} ({_name(die.crew or '')})",
                label_fr=f"Verrouiller {_die_fr(die)} sur {target_fr} ({_name(die.crew or '')})",
            )
        )
    return specs


def legal(state: GameState | None, seat: int) -> list[CommandSpec]:
    if state is None or state.finished or seat != state.turn.seat:
        return []
    kind = _kind(state)
    turn = state.turn
    if kind == KEEP_HAZARD:
        choices = tuple(Choice(str(i + 1), _token_label(t), _token_fr(t)) for i, t in enumerate(turn.drawn))
        return [
            CommandSpec(
                "keep", "keep", "Keep a Hazard token", params=(Param("token", "Token to keep", choices),)
            )
        ]
    if kind == START_TURN:
        return [
            CommandSpec("roll", "roll", "Roll the dice"),
            CommandSpec("pass", "pass", "Pass your turn", help="You place nothing this turn."),
        ]
    if kind == STACK_CREW:
        choices = (Choice("top", "On top (its ability replaces the current one)"), Choice("under", "Under"))
        return [
            CommandSpec(
                "stack", "stack", "Place the new crew card", params=(Param("position", "Where", choices),)
            )
        ]
    if kind == RETURN_HAZARD:
        held = state.players[seat].hazard
        choices = tuple(Choice(str(i + 1), _token_label(t), _token_fr(t)) for i, t in enumerate(held))
        choices += (Choice("none", "Keep them all"),)
        return [
            CommandSpec(
                "return",
                "return",
                "Return a Hazard token",
                params=(Param("token", "Token to return", choices),),
            )
        ]
    if kind is None:
        return []
    if kind == USE_ABILITY_OR_BUST:
        helpful = rescues(state)
        specs = [s for s in _ability_specs(state) if s.prefix.split()[-1] in helpful]
        specs += _extra_specs(state)  # allowed, though they cannot save this roll
        specs.append(CommandSpec("bust", "bust", "Bust", help="Take back the tokens you placed this turn."))
        return specs
    specs = _ability_specs(state)
    if turn.crew is None:
        crews = lockable_crews(state)
        if crews:
            choices = tuple(Choice(c, CREW[c].name) for c in crews)
            specs.insert(
                0,
                CommandSpec(
                    "choose", "choose", "Choose a crew card", params=(Param("crew", "Crew", choices),)
                ),
            )
    elif turn.requirement is None and not turn.completed_this_roll:
        reqs = CREW[turn.crew].requirements
        choices = tuple(
            Choice(
                FACES[reqs[i].face]
                + ("" if sum(1 for r in reqs if r.face == reqs[i].face) == 1 else f" {reqs[i].count}"),
                f"{reqs[i].count} {FACE_LABELS[reqs[i].face]}" + (" (Hazard)" if reqs[i].hazard else ""),
                f"{reqs[i].count} {_face_fr(reqs[i].face, reqs[i].count)}"
                + (" (Danger)" if reqs[i].hazard else ""),
            )
            for i in lockable_requirements(state, turn.crew)
        )
        if choices:
            specs.insert(
                0,
                CommandSpec(
                    "commit",
                    "commit",
                    "Commit to a requirement",
                    params=(Param("requirement", "Requirement", choices),),
                ),
            )
    elif turn.requirement is not None and not turn.completed_this_roll:
        specs = _lock_specs(state) + specs
    return specs + _extra_specs(state) + _roll_specs(state)


def spec_json(spec: CommandSpec) -> dict[str, Any]:
    return {
        "action": spec.action,
        "prefix": spec.prefix,
        "label": spec.label,
        "label_fr": spec.label_fr,
        "params": [
            {
                "name": p.name,
                "label": p.label,
                "label_fr": p.label_fr,
                "choices": [{"value": c.value, "label": c.label, "label_fr": c.label_fr} for c in p.choices],
                "multiple": p.multiple,
                "min_count": p.min_count,
            }
            for p in spec.params
        ],
        "confirm": spec.confirm,
        "help": spec.help,
    }
