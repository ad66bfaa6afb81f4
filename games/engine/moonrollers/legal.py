"""Who must act (``pending``, with the timeout defaults), what they must decide (``prompt``), and
the commands they may send (``legal``), as CommandSpecs complete enough to draw forms."""

from __future__ import annotations

from functools import cache

from games.engine.core import Choice, CommandSpec, Message, Param, Pending, msg
from games.engine.messages import ParamValue
from games.engine.moonrollers.abilities import (
    AS_WILD_IF_EXACTLY_ONE,
    AVARI,
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
    VILA_NOIR_DICE,
    avari_applies,
    can_lock_as_wild,
    can_reroll,
    can_roll_supply,
    can_save_wild,
    can_use_b3_ar,
    can_use_imdar_shade,
    dice_added_on_roll,
    lockable_crews,
    lockable_requirements,
    must_lock_or_bust,
    rescues,
    small_pool,
    treatable_faces,
)
from games.engine.moonrollers.cards import CREW
from games.engine.moonrollers.commands import LockedDie, Settle
from games.engine.moonrollers.dice import EXTRA, FACE_INDEX, FACES, WILD, Counts, faces_of
from games.engine.moonrollers.notation import format_die
from games.engine.moonrollers.state import HIRED, ROLLED, START, GameState, for_last_state
from games.engine.moonrollers.texts import a_face, dice, face, faction, name, requirement, token
from games.engine.moonrollers.turn import may_decline_safety, may_roll_again, may_stop
from games.engine.shapes import LegalCommandJSON

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


# Asked of the same state by the platform, then the bot.
@for_last_state
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
    """Who must act. Every kind's timeout default is ``settle`` (settle.py): roll at the start of
    a turn; lock one die (choosing and committing if needed) and end the turn; bust when only an
    ability could save the roll; keep the token with fewer Hazard symbols; place a hire under;
    return no Hazard token."""
    if state is None:
        return []
    kind = _kind(state)
    if kind is None:
        return []
    return [_pending(state.turn.seat, kind)]


@cache
def _pending(seat: int, kind: str) -> Pending:
    # Asked twice a command (the platform, the bot): the few there are are built once and shared,
    # being immutable.
    return Pending(seat, kind, Settle(), private=kind in (KEEP_HAZARD, RETURN_HAZARD))


def prompt(state: GameState) -> Message:
    """What the active player must decide, in a sentence."""
    kind = _kind(state)
    turn = state.turn
    if kind == START_TURN:
        n = KAL_DAMAR_DICE if KAL_DAMAR in state.players[turn.seat].abilities else STARTING_DICE
        return Message("moonrollers.prompt.start_turn", {}, n)
    if kind == STACK_CREW and turn.hired:
        crew = CREW[turn.hired]
        return msg("moonrollers.prompt.stack_crew", crew=crew.name, faction=faction(crew.faction))
    if kind == COMMIT and turn.crew is not None:
        return msg("moonrollers.prompt.commit", crew=name(turn.crew))
    if kind == LOCK_DICE and turn.crew is not None and turn.requirement is not None:
        return msg("moonrollers.prompt.lock_dice", requirement=requirement(turn.crew, turn.requirement))
    if kind is None:
        return _GAME_OVER if state.finished else _NOTHING_TO_DECIDE
    return _PROMPTS[kind]


_PROMPTS = {
    kind: msg(f"moonrollers.prompt.{kind}")
    for kind in (KEEP_HAZARD, RETURN_HAZARD, USE_ABILITY_OR_BUST, CHOOSE_CREW, ROLL_OR_STOP)
}
_GAME_OVER = msg("moonrollers.prompt.over")
_NOTHING_TO_DECIDE = msg("moonrollers.prompt.nothing")


# ---- CommandSpecs --------------------------------------------------------------------------------


def _label(key: str, count: int | None = None, **params: ParamValue) -> Message:
    return msg(f"moonrollers.{key}", count, **params)


_FACE_CHOICES = tuple(Choice(FACES[f], face(f)) for f in range(6))


def _die_choices(counts: Counts) -> tuple[Choice, ...]:
    # One choice per die, so that a form shows one checkbox per die.
    return tuple(_FACE_CHOICES[f] for f in faces_of(counts))


def _face_choices(counts: Counts) -> tuple[Choice, ...]:
    return tuple(_FACE_CHOICES[f] for f in range(6) if counts[f])


def _token_choices(tokens: tuple[int, ...]) -> tuple[Choice, ...]:
    return tuple(Choice(str(i + 1), token(t)) for i, t in enumerate(tokens))


def _die_label(die: LockedDie) -> Message:
    """A die locked with an ability: "a Thruster as a Wild", "an Extra Die as 2 Reactors"."""
    f = FACE_INDEX[die.face]
    ability = die.crew or ""
    target = EXTRA_AS_TWO.get(ability, DOUBLE_IN_SMALL_POOL.get(ability))
    if target is None:
        return msg("moonrollers.die.as_wild", die=a_face(f))
    return msg("moonrollers.die.as_amount", die=a_face(f), amount=dice(target, 2))


def _roll_specs(state: GameState) -> list[CommandSpec]:
    specs = []
    if may_roll_again(state):
        specs.append(CommandSpec("roll", "roll", _ROLL_AGAIN, help=_ROLL_AGAIN_HELP))
        turn = state.turn
        without = sum(turn.pool) + sum(turn.as_extra) + dice_added_on_roll(state, avari=False) + turn.saved
        if avari_applies(state) and without > 0:  # declining must still leave a die to roll
            label = _label("command.roll_without_avari", crew=name(AVARI))
            specs.append(CommandSpec("roll", f"roll without {AVARI}", label))
    if may_stop(state):
        specs.append(CommandSpec("stop", "stop", _STOP, confirm=True, help=_STOP_HELP))
    if may_decline_safety(state):
        specs.append(
            CommandSpec(
                "bust", "bust", _label("command.bust_safe"), confirm=True, help=_label("help.bust_safe")
            )
        )
    return specs


_ROLL_AGAIN = _label("command.roll_again")
_ROLL_AGAIN_HELP = _label("help.roll_again")
_STOP = _label("command.stop")
_STOP_HELP = _label("help.stop")


def _ability_specs(state: GameState) -> list[CommandSpec]:
    """Every ability usable now, outside locking."""
    abilities = state.players[state.turn.seat].abilities
    turn = state.turn
    specs: list[CommandSpec] = []
    if SALATAR in abilities and can_reroll(state, SALATAR):
        specs.append(CommandSpec("use", f"use {SALATAR}", _label("command.salatar", crew=name(SALATAR))))
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
            vila = ability == VILA_NOIR
            specs.append(
                CommandSpec(
                    "reroll",
                    f"reroll with {ability}",
                    _label("command.reroll", crew=name(ability)),
                    params=(
                        Param(
                            "dice",
                            _label("param.reroll_dice_up_to_2" if vila else "param.reroll_dice"),
                            _die_choices(rerollable),
                            multiple=count > 1,
                            max_count=VILA_NOIR_DICE if vila else None,
                        ),
                    ),
                )
            )
    for ability in (RYAN_ROGAL, SAGHARI):
        if ability in abilities and can_roll_supply(state, ability):
            key = "command.ryan_rogal" if ability == RYAN_ROGAL else "command.saghari"
            specs.append(CommandSpec("use", f"use {ability}", _label(key, crew=name(ability))))
    if B3_AR in abilities and can_use_b3_ar(state):
        specs.append(CommandSpec("use", f"use {B3_AR}", _label("command.b3_ar", crew=name(B3_AR))))
    if IMDAR_SHADE in abilities and can_use_imdar_shade(state):
        specs.append(
            CommandSpec(
                "use",
                f"use {IMDAR_SHADE}",
                _label("command.imdar_shade", crew=name(IMDAR_SHADE)),
                confirm=True,
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
                _label("command.ft_1000", crew=name(FT_1000)),
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
                    _label("command.kary_powalk" if kary else "command.myla_dystra", crew=name(ability)),
                    params=(
                        Param(
                            "dice",
                            _label("param.damage_dice" if kary else "param.die"),
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
                _label("command.meg_gallak", crew=name(MEG_GALLAK)),
            )
        )
    return specs


def ability_lock_dice(state: GameState, req_face: int) -> list[LockedDie]:
    """The dice an ability lets the active player lock on a requirement of ``req_face`` now, one
    per ability and face (how it counts: ``locking.die_value``)."""
    turn = state.turn
    abilities = state.players[turn.seat].abilities
    pool = turn.pool
    out: list[LockedDie] = []
    if req_face == WILD:
        return out
    for ability in sorted(abilities & set(AS_WILD_IF_EXACTLY_ONE)):
        f = AS_WILD_IF_EXACTLY_ONE[ability]
        if f != req_face and can_lock_as_wild(turn, ability, f, abilities):
            out.append(LockedDie(FACES[f], ability))
    if VANTA_SAE in abilities:
        for f in range(6):
            if f not in (req_face, WILD) and can_lock_as_wild(turn, VANTA_SAE, f, abilities):
                out.append(LockedDie(FACES[f], VANTA_SAE))
    for ability in sorted(abilities & set(EXTRA_AS_TWO)):
        if EXTRA_AS_TWO[ability] == req_face and pool[EXTRA]:
            out.append(LockedDie(FACES[EXTRA], ability))
    for ability in sorted(abilities & set(DOUBLE_IN_SMALL_POOL)):
        if DOUBLE_IN_SMALL_POOL[ability] == req_face and small_pool(turn):
            for f in (req_face, WILD):
                if pool[f]:
                    out.append(LockedDie(FACES[f], ability))
    return out


def _lock_specs(state: GameState) -> list[CommandSpec]:
    turn = state.turn
    assert turn.crew is not None and turn.requirement is not None
    req = CREW[turn.crew].requirements[turn.requirement]
    target = requirement(turn.crew, turn.requirement)
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
                _label("command.lock", requirement=target),
                confirm=_may_end_turn(state, min(sum(fits), remaining), min(sum(fits), remaining)),
                params=(
                    Param(
                        "dice",
                        _label("param.lock_dice", progress=turn.progress, needed=req.count),
                        _die_choices(fits),
                        multiple=min(remaining, sum(fits)) > 1,
                        # Every die of a plain lock counts 1 and must be needed.
                        max_count=remaining,
                    ),
                ),
            )
        )
    for die in ability_lock_dice(state, req.face):
        value = 2 if die.crew in EXTRA_AS_TWO or die.crew in DOUBLE_IN_SMALL_POOL else 1
        specs.append(
            CommandSpec(
                "lock",
                f"lock {format_die(die)}",
                _label(
                    "command.lock_with", die=_die_label(die), requirement=target, crew=name(die.crew or "")
                ),
                confirm=_may_end_turn(state, value, 1),
            )
        )
    return specs


def _may_end_turn(state: GameState, value: int, dice_locked: int) -> bool:
    """Could a lock counting up to ``value`` with up to ``dice_locked`` dice end the turn? It does
    when it completes the card's last requirement ("you must stop if you complete the last
    requirement on a Crew card"), or when it locks the last dice, leaving nothing to roll."""
    turn = state.turn
    assert turn.crew is not None and turn.requirement is not None
    req = CREW[turn.crew].requirements[turn.requirement]
    card = state.display[state.slot_of(turn.crew)]
    if turn.progress + value >= req.count and sum(1 for t in card.tokens if t is None) == 1:
        return True
    left = sum(turn.pool) - dice_locked
    return left <= 0 and not sum(turn.as_extra) and not turn.saved and not avari_applies(state)


_KEEP = _label("command.keep")
_TOKEN_TO_KEEP = _label("param.token_to_keep")
_ROLL = _label("command.roll")
_STACK = _label("command.stack")
_WHERE = _label("param.where")
_STACK_CHOICES = (Choice("top", _label("choice.top")), Choice("under", _label("choice.under")))
_RETURN = _label("command.return")
_TOKEN_TO_RETURN = _label("param.token_to_return")
_KEEP_ALL = Choice("none", _label("choice.keep_all"))
_BUST = _label("command.bust")
_BUST_HELP = _label("help.bust")
_CHOOSE = _label("command.choose")
_CREW = _label("param.crew")
_COMMIT = _label("command.commit")
_REQUIREMENT = _label("param.requirement")


@cache
def _crew_choice(slug: str) -> Choice:
    crew = CREW[slug]
    return Choice(slug, _label("choice.crew", crew=crew.name, faction=faction(crew.faction)))


@cache
def _requirement_choice(crew: str, index: int) -> Choice:
    reqs = CREW[crew].requirements
    req = reqs[index]
    value = FACES[req.face]
    if sum(1 for r in reqs if r.face == req.face) > 1:
        value += f" {req.count}"
    amount = dice(req.face, req.count)
    return Choice(value, _label("choice.requirement_hazard", amount=amount) if req.hazard else amount)


def legal(state: GameState | None, seat: int) -> list[CommandSpec]:
    if state is None or state.finished or seat != state.turn.seat:
        return []
    kind = _kind(state)
    turn = state.turn
    if kind == KEEP_HAZARD:
        params = (Param("token", _TOKEN_TO_KEEP, _token_choices(turn.drawn)),)
        return [CommandSpec("keep", "keep", _KEEP, params=params, confirm=True)]
    if kind == START_TURN:
        # "Roll 5 dice": a turn always starts with a roll (there is no pass).
        specs = [CommandSpec("roll", "roll", _ROLL)]
        if KAL_DAMAR in state.players[seat].abilities:
            label = _label("command.roll_without_kal_damar", crew=name(KAL_DAMAR))
            specs.append(CommandSpec("roll", f"roll without {KAL_DAMAR}", label))
        return specs
    if kind == STACK_CREW:
        params = (Param("position", _WHERE, _STACK_CHOICES),)
        return [CommandSpec("stack", "stack", _STACK, params=params, confirm=True)]
    if kind == RETURN_HAZARD:
        choices = (*_token_choices(state.players[seat].hazard), _KEEP_ALL)
        params = (Param("token", _TOKEN_TO_RETURN, choices),)
        return [CommandSpec("return", "return", _RETURN, params=params, confirm=True)]
    if kind is None:
        return []
    if kind == USE_ABILITY_OR_BUST:
        helpful = rescues(state)
        specs = [s for s in _ability_specs(state) if s.prefix.split()[-1] in helpful]
        specs += _extra_specs(state)  # allowed, though they cannot save this roll
        specs.append(CommandSpec("bust", "bust", _BUST, confirm=True, help=_BUST_HELP))
        return specs
    specs = _ability_specs(state)
    if turn.crew is None:
        crews = lockable_crews(state)
        if crews:
            choices = tuple(_crew_choice(c) for c in crews)
            specs.insert(0, CommandSpec("choose", "choose", _CHOOSE, params=(Param("crew", _CREW, choices),)))
    elif turn.requirement is None and not turn.completed_this_roll:
        choices = tuple(_requirement_choice(turn.crew, i) for i in lockable_requirements(state, turn.crew))
        if choices:
            specs.insert(
                0,
                CommandSpec(
                    "commit", "commit", _COMMIT, params=(Param("requirement", _REQUIREMENT, choices),)
                ),
            )
    elif turn.requirement is not None and not turn.completed_this_roll:
        specs = _lock_specs(state) + specs
    return specs + _extra_specs(state) + _roll_specs(state)


def spec_json(spec: CommandSpec) -> LegalCommandJSON:
    """A spec as JSON: its labels and help are message JSON."""
    return {
        "action": spec.action,
        "prefix": spec.prefix,
        "label": spec.label.to_json(),
        "params": [
            {
                "name": p.name,
                "label": p.label.to_json(),
                "choices": [{"value": c.value, "label": c.label.to_json()} for c in p.choices],
                "multiple": p.multiple,
                "min_count": p.min_count,
                "max_count": p.most,
            }
            for p in spec.params
        ],
        "confirm": spec.confirm,
        "help": spec.help.to_json() if spec.help is not None else None,
    }
