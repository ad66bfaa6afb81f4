"""Dice odds for the heuristic bot: the chance a roll can lock something, and of completing a
requirement, with crew abilities taken into account."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import compress
from math import factorial
from typing import NamedTuple

from games.engine.moonrollers.abilities import (
    AS_WILD_IF_EXACTLY_ONE,
    B3_AR,
    DOUBLE_IN_SMALL_POOL,
    EXTRA_AS_TWO,
    LILA_AL_BINDAR,
    LOCK_AS_WILD,
    MORO_MADA,
    RYAN_ROGAL,
    SAGHARI,
    VANTA_SAE,
    VILA_NOIR,
    VILA_NOIR_DICE,
)
from games.engine.moonrollers.dice import (
    DAMAGE,
    EXTRA,
    REACTOR,
    THRUSTER,
    TOTAL_DICE,
    WILD,
    Counts,
)

# decide() is deterministic apart from the dice it rolls: a fixed stream is enough to check a command.


# ==== odds ======================================================================================
#
# A die shows each face with chance 1/6. A normal requirement takes its face or a Wild (1/3), a Wild
# requirement only a Wild (1/6). Abilities matter most when nothing fits plainly, so the chance that
# such a roll is still saved is computed exactly over every way the non-fitting dice can land (a
# die locked as a Wild, an Extra Die locked as 2, Moro Mada's safety), with the re-roll and
# supply-roll abilities counted as a second chance.

_EXTRA_CHANCE = 1 / 6
SELLA_PELLEON = "sella-pelleon"
_REROLL_RESCUES: frozenset[str] = frozenset(
    {MORO_MADA, VILA_NOIR, LILA_AL_BINDAR, SAGHARI, RYAN_ROGAL, B3_AR}
)
# The abilities that change whether a roll can lock anything.
RESCUE_ABILITIES: frozenset[str] = frozenset({*LOCK_AS_WILD, *EXTRA_AS_TWO, *_REROLL_RESCUES})


def _fit_chance(face: int) -> float:
    return 1 / 6 if face == WILD else 2 / 6


def _fitting_faces(req_faces: Iterable[int]) -> frozenset[int]:
    """The faces that fit one of the requirements plainly: theirs, and Wild (which fits all)."""
    return frozenset({WILD, *req_faces})


# The abilities a roll for a requirement of a face can never use: they need 2 Reactors, 2 Damage or
# 3 Thrusters among the dice that do not fit it, and those never show its face.
_NEVER_RESCUE: dict[int, str] = {REACTOR: LILA_AL_BINDAR, DAMAGE: RYAN_ROGAL, THRUSTER: B3_AR}


def _relevant(face: int, abilities: frozenset[str]) -> frozenset[str]:
    """The abilities that can save a roll for a requirement of ``face`` (fewer keys to cache, and
    fewer odds tables to work out)."""
    if face == WILD:
        return abilities & _REROLL_RESCUES
    return frozenset(
        a
        for a in abilities & RESCUE_ABILITIES
        if AS_WILD_IF_EXACTLY_ONE.get(a) != face
        and EXTRA_AS_TWO.get(a, face) == face
        and _NEVER_RESCUE.get(face) != a
    )


@cache
def _compositions(n: int, faces: tuple[int, ...]) -> tuple[tuple[Counts, float], ...]:
    """Every way ``n`` dice showing only ``faces`` (each equally likely) can land, with its chance."""
    if n == 0:
        return (((0, 0, 0, 0, 0, 0), 1.0),)
    out: list[tuple[Counts, float]] = []
    k = len(faces)
    scale = factorial(n) / k**n

    def walk(i: int, left: int, counts: list[int], inverse: float) -> None:
        # ``inverse`` is 1 / prod(m!) over the faces placed so far (the multinomial coefficient).
        if i == k - 1:
            counts[faces[i]] = left
            c = (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
            out.append((c, scale * inverse / factorial(left)))
            counts[faces[i]] = 0
            return
        for m in range(left + 1):
            counts[faces[i]] = m
            walk(i + 1, left - m, counts, inverse / factorial(m))
        counts[faces[i]] = 0

    walk(0, n, [0, 0, 0, 0, 0, 0], 1.0)
    return tuple(out)


@cache
def _chances(n: int, others: tuple[int, ...]) -> tuple[float, ...]:
    """The chance of each way of ``_compositions``, alone: the rescue chance adds them up."""
    return tuple(chance for _, chance in _compositions(n, others))


class _Saving(NamedTuple):
    """What saves a roll on which no die fits the requirements plainly, for one set of abilities."""

    singles: tuple[int, ...]  # a face rolled exactly once may be locked as a Wild
    no_extra: bool  # Vanta Sae: a die may be locked as a Wild when no Extra Die was rolled
    extra: bool  # an Extra Die may be locked as 2 of a requirement's face
    moro: bool  # Moro Mada: a pool of 1 to 3 dice with an Extra Die is safe


# By the requirement's faces and the abilities: asked once per rescue chance, for few such pairs.
@lru_cache(maxsize=4096)
def _saving(req_faces: tuple[int, ...], abilities: frozenset[str]) -> _Saving:
    normal = [f for f in req_faces if f != WILD]
    moro = MORO_MADA in abilities
    if not normal:
        return _Saving((), False, False, moro)  # only a real Wild fits a Wild requirement
    return _Saving(
        # Sorted and unique: the abilities' order is the set's (it varies between processes), and
        # ``_saved_rolls`` is cached by this tuple.
        tuple(sorted({AS_WILD_IF_EXACTLY_ONE[a] for a in abilities if a in AS_WILD_IF_EXACTLY_ONE})),
        VANTA_SAE in abilities,
        any(EXTRA_AS_TWO[a] in normal for a in abilities if a in EXTRA_AS_TWO),
        moro,
    )


def _saves(saving: _Saving, counts: Counts, n: int) -> bool:
    """Is a roll of ``n`` dice showing ``counts`` saved (see ``_Saving``)? ``saved_by_ability``
    asks it of one roll; ``_saved_rolls`` answers it for every way a roll can land at once, from
    ``_landings`` (a test compares the two)."""
    if counts[EXTRA]:
        if saving.extra or (saving.moro and n <= 3):
            return True
    elif saving.no_extra and n:
        return True
    return 1 in [counts[g] for g in saving.singles]


def saved_by_ability(counts: Counts, req_faces: tuple[int, ...], abilities: frozenset[str]) -> bool:
    """On a roll where no die fits ``req_faces`` plainly, can an ability lock a die anyway, or make
    the roll safe? A test checks it against the engine's ``die_fits``."""
    return _saves(_saving(req_faces, abilities), counts, sum(counts))


class _Retries(NamedTuple):
    """The re-roll and supply-roll abilities a player holds, priced for one roll of ``n`` dice."""

    vila_miss: float | None  # Vila Noir: 2 dice re-rolled all miss (when no Reactor was rolled)
    lila_miss: float | None  # Lila Al Bindar: every die re-rolled misses (when 2 Reactors were)
    saghari: bool
    ryan_rogal: bool
    b3_ar: bool  # only for a requirement committed on an earlier roll


def _retries(n: int, fit: float, abilities: frozenset[str], committed: bool) -> _Retries:
    return _Retries(
        (1 - fit) ** min(VILA_NOIR_DICE, n) if VILA_NOIR in abilities else None,
        (1 - fit) ** n if LILA_AL_BINDAR in abilities else None,
        SAGHARI in abilities,
        RYAN_ROGAL in abilities,
        B3_AR in abilities and committed,
    )


class _Landings(NamedTuple):
    """What the saving and re-roll abilities read of each way a roll can land (``_compositions``)."""

    extra: tuple[bool, ...]  # an Extra Die shows
    once: tuple[int, ...]  # the faces shown exactly once, as bits (1 << face)
    # Which second chances apply, as bits: no Reactor, 2 Reactors or more, no Damage, 2 Damage or
    # more, 3 Thrusters or more (``_second_chances``).
    retry: tuple[int, ...]


@cache
def _landings(n: int, others: tuple[int, ...]) -> _Landings:
    extra, once, retry = [], [], []
    for counts, _ in _compositions(n, others):
        extra.append(counts[EXTRA] > 0)
        once.append(
            (counts[0] == 1)
            | (counts[1] == 1) << 1
            | (counts[2] == 1) << 2
            | (counts[3] == 1) << 3
            | (counts[4] == 1) << 4
            | (counts[5] == 1) << 5
        )
        retry.append(
            (counts[REACTOR] == 0)
            | (counts[REACTOR] >= 2) << 1
            | (counts[DAMAGE] == 0) << 2
            | (counts[DAMAGE] >= 2) << 3
            | (counts[THRUSTER] >= 3) << 4
        )
    return _Landings(tuple(extra), tuple(once), tuple(retry))


# Which of the ways a roll can land are saved, and each one's second chance: by what they depend on
# (the dice, the faces they show, the saving or re-roll abilities), which many sets of abilities
# share; ``_rescue_chance`` then only adds them up.
@lru_cache(maxsize=8192)
def _saved_rolls(n: int, others: tuple[int, ...], saving: _Saving) -> tuple[bool, ...]:
    """``_saves`` of every way the roll can land (a roll of 12 dice lands in hundreds of ways),
    from what each way shows (``_landings``) rather than asking ``_saves`` hundreds of times."""
    landings = _landings(n, others)
    with_extra = saving.extra or (saving.moro and n <= 3)
    without_extra = saving.no_extra and n > 0
    singles = sum(1 << f for f in set(saving.singles))
    return tuple(
        [
            (with_extra if extra else without_extra) or bool(once & singles)
            for extra, once in zip(landings.extra, landings.once, strict=True)
        ]
    )


@lru_cache(maxsize=8192)
def _second_chances(n: int, others: tuple[int, ...], retries: _Retries) -> tuple[float, ...]:
    """For every way the roll can land, the chance that a re-roll or supply-roll ability turns a
    roll that locks nothing into one that does (approximately: re-rolled dice fit with the plain
    chance). It depends only on which retries apply (``_Landings.retry``): worked out once for each
    of those few cases."""
    cases = _landings(n, others).retry
    by_case = {case: _second_chance(case, retries) for case in set(cases)}
    return tuple(map(by_case.__getitem__, cases))


def _second_chance(case: int, retries: _Retries) -> float:
    """``_second_chances`` of a way to land whose retries are ``case`` (``_Landings.retry``)."""
    vila_miss, lila_miss = retries.vila_miss, retries.lila_miss
    miss = 1.0
    if vila_miss is not None and case & 1:  # no Reactor
        miss = min(miss, vila_miss)
    if lila_miss is not None and case & 2:  # 2 Reactors or more
        miss = min(miss, lila_miss)
    if retries.saghari and case & 4:  # no Damage
        miss *= 5 / 6  # the supply die shows a Wild
    if retries.ryan_rogal and case & 8:  # 2 Damage or more
        miss *= (5 / 6) ** 2
    if retries.b3_ar and case & 16:  # 3 Thrusters or more
        miss = 0.0  # completes a requirement committed on an earlier roll
    return 1 - miss


@lru_cache(maxsize=65536)
def _rescue_chance(n: int, req_faces: tuple[int, ...], abilities: frozenset[str], committed: bool) -> float:
    """Given that none of ``n`` dice fits ``req_faces`` plainly, the chance that an ability still
    saves the roll. ``abilities`` holds only the relevant ones (see ``_relevant``)."""
    if n == 0 or not abilities:
        return 0.0
    fitting = _fitting_faces(req_faces)
    others = tuple(f for f in range(6) if f not in fitting)
    fit = max(_fit_chance(f) for f in req_faces)
    saved_rolls = _saved_rolls(n, others, _saving(req_faces, abilities))
    chances = _chances(n, others)
    saved = 0.0
    # Added one by one in the order of the ways the roll lands (not ``sum``, whose rounding
    # differs between Python versions): the bot's choices depend on these exact floats.
    if not abilities & _REROLL_RESCUES:
        for chance in compress(chances, saved_rolls):
            saved += chance
        return saved
    seconds = _second_chances(n, others, _retries(n, fit, abilities, committed))
    for chance, is_saved, second in zip(chances, saved_rolls, seconds, strict=True):
        if is_saved:
            saved += chance
        elif second:
            saved += chance * second
    return saved


def roll_lock_chance(n: int, req_faces: tuple[int, ...], abilities: frozenset[str], committed: bool) -> float:
    """The chance that rolling ``n`` dice lets at least one die be locked on one of ``req_faces``
    (with ``committed``, a requirement committed before the roll: B3-AR may complete it)."""
    if n <= 0:
        return 0.0
    miss = ((6 - len(_fitting_faces(req_faces))) / 6) ** n
    relevant = frozenset().union(*(_relevant(f, abilities) for f in req_faces))
    return 1 - miss * (1 - _rescue_chance(n, req_faces, relevant, committed))


class Odds(NamedTuple):
    """What the completion chance of a requirement depends on."""

    # The requirement's face; DAMAGE stands for every normal face when no ability can save a roll
    # (``abilities`` empty): their chances are then the same floats, worked out once.
    face: int
    doubled: bool  # an ability doubles this face's dice in a pool of 1 to 3
    extra_two: bool  # an ability locks an Extra Die as 2 of this face
    abilities: frozenset[str]  # the abilities that can save a roll (``_relevant``)


@lru_cache(maxsize=4096)
def face_odds(face: int, abilities: frozenset[str]) -> Odds:
    relevant = _relevant(face, abilities)
    return Odds(
        # A normal face counts only through its chance to fit (a third) and the rescue chance, which
        # is none without a relevant ability: one table then serves the four (``complete_chance``).
        face if face == WILD or relevant else DAMAGE,
        face != WILD and any(DOUBLE_IN_SMALL_POOL.get(a) == face for a in abilities),
        face != WILD and any(EXTRA_AS_TWO.get(a) == face for a in abilities),
        relevant,
    )


@cache
def _trinomial(n: int, fit: float) -> tuple[tuple[int, int, float], ...]:
    """(fitting dice, Extra Dice among the others, chance) for a roll of ``n`` dice."""
    other = 1 - fit - _EXTRA_CHANCE
    out = []
    for k in range(n + 1):
        for e in range(n - k + 1):
            ways = factorial(n) // (factorial(k) * factorial(e) * factorial(n - k - e))
            out.append((k, e, ways * fit**k * _EXTRA_CHANCE**e * other ** (n - k - e)))
    return tuple(out)


# The completion chances worked out so far, per Odds and then by (dice rolled, still needed): a
# table of at most 12 x 12 floats for each Odds a game's abilities make (a few hundred a game). The
# tables are read in the inner loop of ``_best_after_lock``, where a plain dict is much quicker than a
# call. A process plays game after game: emptied when full (a table being filled is held by its
# caller meanwhile).
_TABLES: dict[Odds, dict[tuple[int, int], float]] = {}
_TABLES_KEPT = 4096


def complete_chance(n: int, needed: int, odds: Odds) -> float:
    """The chance of completing a requirement that still needs ``needed``, rolling ``n`` dice now,
    if the player keeps rolling and locks, each roll, the number of dice that gives the best chance.
    (The supply running out late in a long turn is left out: it would multiply the table.)"""
    if needed <= 0:
        return 1.0
    n = min(n, TOTAL_DICE)
    if n <= 0:
        return 0.0
    table = _TABLES.get(odds)
    if table is None:
        if len(_TABLES) >= _TABLES_KEPT:
            _TABLES.clear()
        table = _TABLES[odds] = {}
    found = table.get((n, needed))
    if found is None:
        found = table[n, needed] = _complete_chance(n, needed, odds, table)
    return found


def _complete_chance(n: int, needed: int, odds: Odds, table: dict[tuple[int, int], float]) -> float:
    """``complete_chance`` worked out, for 1 to 12 dice (``table``: that of ``odds``)."""
    best = _best_after_lock(n, needed, odds, table)
    total = 0.0
    rescue: float | None = None
    for k, e, chance in _trinomial(n, _fit_chance(odds.face)):
        if k == 0 and not (odds.extra_two and e):
            if rescue is None:
                rescue = _rescue_chance(n, (odds.face,), odds.abilities, True)
            if rescue:
                # Saved: counted as one die locked.
                after = 1.0 if needed <= 1 else complete_chance(n - 1 + e, needed - 1, odds)
                total += chance * rescue * after
            continue
        total += chance * best[k][e]
    return total


def _best_after_lock(
    n: int, needed: int, odds: Odds, table: dict[tuple[int, int], float]
) -> list[list[float]]:
    """For a roll of ``n`` dice, ``k`` of them fitting and ``e`` Extra Dice among the others: the best
    chance of completing after this roll's lock (``[k][e]``), exactly 1.0 when a lock completes now.

    A lock is ``ones`` fitting dice (each counting 2 in a small pool doubled by an ability) and
    ``twos`` Extra Dice counting 2 (with an ability that locks them so), never over-locked. Locks
    are weighed by ``twos`` (a level), each level's best over ``ones``; a level whose best brings the
    answer to exactly 1.0 ends the search (the chances are float sums: one may exceed 1.0). The best
    of a level up to ``k`` fitting dice is its best up to ``k - 1`` and the lock of exactly ``k``."""
    mult = 2 if odds.doubled and n <= 3 else 1
    best = [[0.0] * (n + 1 - k) for k in range(n + 1)]
    if not odds.extra_two:
        # No Extra Die counts: the one level, the best lock of 1 to ``k`` fitting dice (the loop below
        # for ``most_twos`` 0, without its levels; the same floats).
        for e in range(n + 1):
            found = 0.0
            for k in range(1, n + 1 - e):
                if k * mult >= needed:
                    for more in range(k, n + 1 - e):
                        best[more][e] = 1.0
                    break
                left = min(n + e - k, TOTAL_DICE)
                after = table.get((left, needed - k * mult)) if left else 0.0
                if after is None:
                    after = complete_chance(left, needed - k * mult, odds)
                if after > found:
                    found = after
                best[k][e] = found
        return best
    for e in range(n + 1):
        most_twos = e  # Extra Dice count 2 here (the other case returned above)
        level_best = [0.0] * (most_twos + 1)
        for k in range(n + 1 - e):
            if k * mult + 2 * most_twos >= needed:
                best[k][e] = 1.0  # a lock completes now (and with more fitting dice too)
                continue
            for twos in range(most_twos + 1):
                if k or twos:
                    value = k * mult + 2 * twos
                    # ``complete_chance(left, needed - value, odds)``, read from the table: more than
                    # 0 still needed (the lock does not complete), 0 to 12 dice left.
                    left = min(n + e - k - 2 * twos, TOTAL_DICE)
                    after = table.get((left, needed - value)) if left else 0.0
                    if after is None:
                        after = complete_chance(left, needed - value, odds)
                    if after > level_best[twos]:
                        level_best[twos] = after
            found = level_best[0]
            for twos in range(1, most_twos + 1):
                if found == 1.0:
                    break
                if level_best[twos] > found:
                    found = level_best[twos]
            best[k][e] = found
    return best
