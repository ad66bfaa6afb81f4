"""What each crew ability allows, as pure checks on the state. The commands that use them are in
ability_commands.py (re-rolls, supply rolls, B3-AR, Imdar Shade, treating dice as Extra, Meg Gallak)
and locking.py (abilities that change how a die locks).

The appendix's four ability rules, and where they live:
- you bust only if nothing can be locked after abilities: ``rescues`` keeps a roll alive while an
  ability could still change it (turn.py busts only when none is left);
- a face-specific ability needs the real rolled face: conditions read ``turn.rolled`` (the faces
  actually rolled this roll), never what another ability made of a die;
- re-roll abilities come before the others: ``can_reroll`` closes once anything else happened;
- every ability is optional: each is its own command, or a choice inside ``lock``. Kal Damar and
  Avari apply unless declined (``roll without kal-damar``, ``roll without avari``); the safety of
  AT-OK and Moro Mada may be declined by busting on a safe roll that can lock nothing (offered with
  Namari, the only case where busting beats stopping). Namari applies by herself: 2 more Prestige
  never lowers a player's place (ties are broken by Hazard symbols, not by Prestige).
"""

from __future__ import annotations

from games.engine.moonrollers.cards import CREW, Requirement
from games.engine.moonrollers.dice import DAMAGE, EXTRA, REACTOR, SHIELD, THRUSTER, WILD, Counts
from games.engine.moonrollers.state import ROLLED, GameState, Turn, for_last_state

# "If you roll exactly 1 <face>, that die may be locked as a Wild."
AS_WILD_IF_EXACTLY_ONE: dict[str, int] = {
    "bill-bendo": SHIELD,
    "lee-van-cribb": REACTOR,
    "zek-zarag": THRUSTER,
    "tantin-al-vale": DAMAGE,
    "sella-pelleon": EXTRA,
}
# "If you roll no Extra Dice, 1 die from your rolling pool may be locked as a Wild."
VANTA_SAE = "vanta-sae"
# "Each Extra Die may be locked as 2 <face>."
EXTRA_AS_TWO: dict[str, int] = {
    "ada-massa": REACTOR,
    "dana-powalki": DAMAGE,
    "nella-van-daval": THRUSTER,
    "ryle-al-wren": SHIELD,
}
# "If your rolling pool contains 1, 2, or 3 dice, each Wild or <face> locked may count as 2 <face>."
DOUBLE_IN_SMALL_POOL: dict[str, int] = {
    "aponi": REACTOR,
    "dr-umbrage": DAMAGE,
    "redacted": SHIELD,
    "sol-forst": THRUSTER,
}
LOCK_AS_WILD: frozenset[str] = frozenset({*AS_WILD_IF_EXACTLY_ONE, VANTA_SAE})
LOCK_ABILITIES: frozenset[str] = frozenset({*LOCK_AS_WILD, *EXTRA_AS_TWO, *DOUBLE_IN_SMALL_POOL})

SALATAR = "salatar"
LILA_AL_BINDAR = "lila-al-bindar"
VILA_NOIR = "vila-noir"
REROLLS: frozenset[str] = frozenset({SALATAR, LILA_AL_BINDAR, VILA_NOIR})
VILA_NOIR_DICE = 2

FT_1000 = "ft-1000"
KARY_POWALK = "kary-powalk"
MYLA_DYSTRA = "myla-dystra"
TREAT_AS_EXTRA: frozenset[str] = frozenset({FT_1000, KARY_POWALK, MYLA_DYSTRA})

RYAN_ROGAL = "ryan-rogal"
SAGHARI = "saghari"
# How many supply dice each rolls, and which faces join the rolling pool.
SUPPLY_ROLLS: dict[str, tuple[int, frozenset[int]]] = {
    RYAN_ROGAL: (2, frozenset({WILD})),
    SAGHARI: (1, frozenset({WILD, EXTRA})),
}

B3_AR = "b3-ar"
IMDAR_SHADE = "imdar-shade"
MEG_GALLAK = "meg-gallak"
USE_ABILITIES: frozenset[str] = frozenset({SALATAR, B3_AR, IMDAR_SHADE, RYAN_ROGAL, SAGHARI})

KAL_DAMAR = "kal-damar"
KAL_DAMAR_DICE = 6
STARTING_DICE = 5
AVARI = "avari"
AVARI_DICE = 3
AT_OK = "at-ok"
MORO_MADA = "moro-mada"
NAMARI = "namari"
NAMARI_PRESTIGE = 2


# The faces of each crew's requirements, in order: the bust check reads them often.
REQUIREMENT_FACES: dict[str, tuple[int, ...]] = {
    slug: tuple(r.face for r in crew.requirements) for slug, crew in CREW.items()
}


def abilities_of(state: GameState) -> frozenset[str]:
    return state.players[state.turn.seat].abilities


def small_pool(turn: Turn) -> bool:
    return 1 <= turn.pool_size <= 3


def _open(turn: Turn, ability: str, abilities: frozenset[str]) -> bool:
    return ability in abilities and ability not in turn.used


# ---- locking ---------------------------------------------------------------------------------


def can_lock_as_wild(turn: Turn, ability: str, face: int, abilities: frozenset[str]) -> bool:
    """May a die showing ``face`` be locked as a (non-real) Wild with ``ability`` this roll?"""
    if not _open(turn, ability, abilities) or turn.pool[face] == 0:
        return False
    if ability == VANTA_SAE:
        return turn.rolled[EXTRA] == 0 and sum(turn.rolled) > 0  # "no Extra Dice" needs a roll
    return AS_WILD_IF_EXACTLY_ONE.get(ability) == face and turn.rolled[face] == 1


def _any_die_as_wild(turn: Turn, abilities: frozenset[str]) -> bool:
    """Can some die be locked as a Wild by an ability (for a normal requirement)?"""
    for ability in abilities & LOCK_AS_WILD:
        if ability in turn.used:
            continue
        if ability == VANTA_SAE:
            if turn.rolled[EXTRA] == 0 and sum(turn.rolled) > 0 and sum(turn.pool) > 0:
                return True
        else:
            face = AS_WILD_IF_EXACTLY_ONE[ability]
            if turn.rolled[face] == 1 and turn.pool[face] > 0:
                return True
    return False


def die_fits(turn: Turn, req: Requirement, abilities: frozenset[str]) -> bool:
    """Can at least one die of the rolling pool be locked onto ``req`` now?"""
    pool = turn.pool
    if req.face == WILD:
        return pool[WILD] > 0  # Wild requirements take only real Wild faces
    if pool[req.face] or pool[WILD]:
        return True
    if pool[EXTRA] and any(EXTRA_AS_TWO.get(a) == req.face for a in abilities):
        return True
    return _any_die_as_wild(turn, abilities)


def lockable_requirements(state: GameState, crew: str) -> list[int]:
    """Open requirements of ``crew`` the active player could commit to and lock a die on now."""
    turn = state.turn
    if state.tokens_left(turn.seat) == 0:
        return []
    abilities = abilities_of(state)
    card = state.display[state.slot_of(crew)]
    return [
        i
        for i, req in enumerate(CREW[crew].requirements)
        if card.tokens[i] is None and die_fits(turn, req, abilities)
    ]


def lockable_crews(state: GameState) -> list[str]:
    """The display cards with an open requirement the active player could lock a die on now."""
    turn = state.turn
    if state.tokens_left(turn.seat) == 0:
        return []
    abilities = abilities_of(state)
    out = []
    for card in state.display:
        reqs = CREW[card.crew].requirements
        if any(t is None and die_fits(turn, reqs[i], abilities) for i, t in enumerate(card.tokens)):
            out.append(card.crew)
    return out


# Asked of a command's last state by its follow-up, then of the same state by who must act next.
@for_last_state
def can_lock_any(state: GameState) -> bool:
    """Could the active player lock at least one die now (committing first if needed)?

    Asked after every event of a roll (to spot a bust), so it is written for speed: most rolls
    answer on the first open requirement."""
    turn = state.turn
    if turn.completed_this_roll:
        return False  # one requirement per roll: after completing one, roll again or stop
    abilities = abilities_of(state)
    if turn.requirement is not None:
        assert turn.crew is not None
        return die_fits(turn, CREW[turn.crew].requirements[turn.requirement], abilities)
    pool = turn.pool
    if state.tokens_left(turn.seat) == 0:
        return False
    wild = pool[WILD] > 0
    extra_as = {EXTRA_AS_TWO[a] for a in abilities if a in EXTRA_AS_TWO} if pool[EXTRA] else set()
    as_wild: bool | None = None  # computed once, if needed
    for card in state.display:
        if turn.crew is not None and card.crew != turn.crew:
            continue
        for face, token in zip(REQUIREMENT_FACES[card.crew], card.tokens, strict=True):
            if token is not None:
                continue
            if face == WILD:
                if wild:
                    return True
            elif wild or pool[face] or face in extra_as:
                return True
            else:
                if as_wild is None:
                    as_wild = _any_die_as_wild(turn, abilities)
                if as_wild:
                    return True
    return False


# ---- other abilities -------------------------------------------------------------------------


def can_reroll(state: GameState, ability: str) -> bool:
    turn = state.turn
    if turn.acted or turn.phase != ROLLED or turn.drawn or not _open(turn, ability, abilities_of(state)):
        return False
    if ability == SALATAR:
        return turn.roll == 1
    if ability == LILA_AL_BINDAR:
        return turn.rolled[REACTOR] >= 2
    if ability == VILA_NOIR:
        return turn.rolled[REACTOR] == 0 and sum(turn.rolled) > 0
    return False


def can_roll_supply(state: GameState, ability: str) -> bool:
    turn = state.turn
    if (
        turn.phase != ROLLED
        or turn.drawn
        or state.supply == 0
        or not _open(turn, ability, abilities_of(state))
    ):
        return False
    if ability == RYAN_ROGAL:
        return turn.rolled[DAMAGE] >= 2
    if ability == SAGHARI:
        return turn.rolled[DAMAGE] == 0 and sum(turn.rolled) > 0
    return False


def can_use_b3_ar(state: GameState) -> bool:
    turn = state.turn
    return (
        turn.phase == ROLLED
        and not turn.drawn
        and _open(turn, B3_AR, abilities_of(state))
        and turn.rolled[THRUSTER] >= 3
        and turn.requirement is not None
        # Not yet committed before this roll: "commit by locking at least 1 die" first.
        and (not turn.committed_this_roll or turn.locked_this_roll > 0)
    )


def can_use_imdar_shade(state: GameState) -> bool:
    turn = state.turn
    return (
        turn.phase == ROLLED
        and not turn.drawn
        and bool(state.hazard_pile)
        and _open(turn, IMDAR_SHADE, abilities_of(state))
        and turn.rolled[SHIELD] == 0
        and sum(turn.rolled) > 0
    )


def can_use(state: GameState, ability: str) -> bool:
    """For the abilities with nothing to choose (the ``use <crew>`` command)."""
    if ability == SALATAR:
        return can_reroll(state, SALATAR)
    if ability in SUPPLY_ROLLS:
        return can_roll_supply(state, ability)
    if ability == B3_AR:
        return can_use_b3_ar(state)
    if ability == IMDAR_SHADE:
        return can_use_imdar_shade(state)
    return False


def treatable_faces(state: GameState, ability: str) -> Counts | None:
    """The dice ``ability`` may treat as Extra Dice now, or None if it cannot be used."""
    turn = state.turn
    if turn.phase != ROLLED or turn.drawn or not _open(turn, ability, abilities_of(state)):
        return None
    pool = turn.pool
    if ability == FT_1000 and turn.rolled[WILD] == 1 and pool[WILD]:
        return (0, 0, 0, 0, 1, 0)
    if ability == KARY_POWALK and turn.roll == 1 and pool[DAMAGE]:
        return (pool[DAMAGE], 0, 0, 0, 0, 0)
    if ability == MYLA_DYSTRA and turn.rolled[THRUSTER] >= 2 and sum(pool) > 0:
        return pool
    return None


def can_save_wild(state: GameState) -> bool:
    turn = state.turn
    return (
        turn.phase == ROLLED
        and not turn.drawn
        and turn.roll == 1
        and turn.saved == 0
        and turn.pool[WILD] > 0
        and _open(turn, MEG_GALLAK, abilities_of(state))
    )


def rescues(state: GameState) -> list[str]:
    """Abilities still usable on a roll where nothing can be locked: while any is left, the roll is
    not a bust yet (the player may use one, or give up with ``bust``)."""
    out = [a for a in sorted(REROLLS) if can_reroll(state, a)]
    out += [a for a in sorted(SUPPLY_ROLLS) if can_roll_supply(state, a)]
    if can_use_b3_ar(state):
        out.append(B3_AR)
    if can_use_imdar_shade(state):
        out.append(IMDAR_SHADE)
    return out


def is_safe(state: GameState) -> bool:
    """Safe from busting this roll: AT-OK (from the previous roll) or Moro Mada."""
    turn = state.turn
    if turn.at_ok_safe:
        return True
    return MORO_MADA in abilities_of(state) and small_pool(turn) and turn.rolled[EXTRA] >= 1


def must_lock_or_bust(state: GameState, lockable: bool | None = None) -> bool:
    """Nothing locked this roll, nothing lockable, not safe: the roll busts unless an ability helps.
    ``lockable`` is ``can_lock_any(state)`` when the caller already knows it."""
    turn = state.turn
    return (
        turn.phase == ROLLED
        and not turn.drawn
        and turn.locked_this_roll == 0
        and not turn.completed_this_roll
        and not is_safe(state)
        and not (can_lock_any(state) if lockable is None else lockable)
    )


def avari_applies(state: GameState) -> bool:
    """Avari: "If you roll all Wilds, add 3 dice from the supply to your rolling pool when you roll
    again" (optional: ``roll without avari`` declines it)."""
    turn = state.turn
    rolled = sum(turn.rolled)
    return AVARI in abilities_of(state) and rolled > 0 and turn.rolled[WILD] == rolled and state.supply > 0


def dice_added_on_roll(state: GameState, *, avari: bool = True) -> int:
    """Supply dice joining the rolling pool when rolling again: one per Extra Die shown (and per die
    treated as one), 3 more after an all-Wild roll with Avari (unless declined), while the supply
    lasts."""
    turn = state.turn
    wanted = turn.pool[EXTRA] + sum(turn.as_extra)
    if avari and avari_applies(state):
        wanted += AVARI_DICE
    return min(wanted, state.supply)


def dice_to_roll_again(state: GameState) -> int:
    turn = state.turn
    return sum(turn.pool) + sum(turn.as_extra) + dice_added_on_roll(state)


def at_ok_protects_next_roll(state: GameState) -> bool:
    turn = state.turn
    return AT_OK in abilities_of(state) and turn.rolled[SHIELD] >= 2
