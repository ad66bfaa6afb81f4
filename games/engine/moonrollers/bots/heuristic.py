"""Bots that play a seat, both answering in the notation.

``random_command``: a uniformly random legal command (the fuzzer of the property tests, and the
benchmark's player): one of ``legal``'s specs chosen uniformly, then random values for its params.

``bot_command``: a heuristic player that weighs bust risk. For every requirement it could work on
it estimates the chance of completing it (a small dynamic programme over "dice to roll, dice still
needed", with the chance that a roll locks nothing corrected for its crew abilities), and plays
the best expected Prestige: it chooses the crew and requirement whose value times completion chance
is highest, locks the dice that give the best chance, and rolls again only while the expected gain
beats the Prestige this turn's tokens would lose in a bust. It uses its abilities when they help
(re-rolls, supply rolls, B3-AR, locking as a Wild or as 2, Extra Dice, Meg Gallak's saved Wild),
keeps and returns Hazard tokens to stay clear of the most Hazard symbols, and stacks the better
ability on top. It reads only what its seat may see: other players' Hazard tokens are estimated
from how many they hold, and the deck and Hazard pile orders are never looked at.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import NamedTuple

from games.engine.core import Rng
from games.engine.moonrollers.abilities import (
    AS_WILD_IF_EXACTLY_ONE,
    AVARI,
    AVARI_DICE,
    B3_AR,
    DOUBLE_IN_SMALL_POOL,
    EXTRA_AS_TWO,
    FT_1000,
    IMDAR_SHADE,
    KARY_POWALK,
    LILA_AL_BINDAR,
    LOCK_ABILITIES,
    MEG_GALLAK,
    MYLA_DYSTRA,
    NAMARI,
    NAMARI_PRESTIGE,
    RYAN_ROGAL,
    SAGHARI,
    SALATAR,
    VANTA_SAE,
    VILA_NOIR,
    VILA_NOIR_DICE,
    at_ok_protects_next_roll,
    can_reroll,
    can_roll_supply,
    can_save_wild,
    can_use_b3_ar,
    can_use_imdar_shade,
    treatable_faces,
)
from games.engine.moonrollers.bots.legality import is_legal
from games.engine.moonrollers.bots.odds import (
    SELLA_PELLEON,
    Odds,
    complete_chance,
    face_odds,
    roll_lock_chance,
)
from games.engine.moonrollers.bots.random_bot import random_command
from games.engine.moonrollers.bots.worth import (
    ABILITY_RANK,
    hazard_points,
    imdar_gain,
    keep_order,
    open_requirements,
    others_symbols,
    placed_value,
    requirement_value,
    requirement_values,
)
from games.engine.moonrollers.cards import (
    CREW,
)
from games.engine.moonrollers.commands import (
    Commit,
    LockDice,
    LockedDie,
    Reroll,
    TreatAsExtra,
)
from games.engine.moonrollers.dice import (
    DAMAGE,
    EXTRA,
    FACES,
    REACTOR,
    SHIELD,
    THRUSTER,
    WILD,
    Counts,
)
from games.engine.moonrollers.legal import (
    CHOOSE_CREW,
    COMMIT,
    KEEP_HAZARD,
    LOCK_DICE,
    RETURN_HAZARD,
    STACK_CREW,
    START_TURN,
    USE_ABILITY_OR_BUST,
    pending,
)
from games.engine.moonrollers.notation import format_command
from games.engine.moonrollers.state import GameState, Turn
from games.engine.moonrollers.turn import may_roll_again, may_stop

# decide() is deterministic apart from the dice it rolls: a fixed stream is enough to check a command.


# ==== locking ===================================================================================


class _Lock(NamedTuple):
    """A lock the bot may make: its dice, how much they count, how many Extra Dice it uses."""

    dice: tuple[LockedDie, ...]
    value: int  # how much it counts toward the requirement
    extras: int  # Extra Dice it uses (they would have added a die when rolling again)


def _added_dice(state: GameState) -> int:
    """Supply dice the next roll adds besides one per Extra Die face: dice treated as Extra Dice,
    and Avari's 3 after an all-Wild roll (uncapped)."""
    turn = state.turn
    rolled = sum(turn.rolled)
    avari = AVARI in state.players[turn.seat].abilities and rolled and turn.rolled[WILD] == rolled
    return sum(turn.as_extra) + (AVARI_DICE if avari else 0)


def _next_roll(state: GameState, lock: _Lock | None) -> int:
    """Dice rolled next if ``lock`` is made now (Extra Dice add dice while the supply lasts)."""
    turn = state.turn
    used = len(lock.dice) if lock else 0
    extras = turn.pool[EXTRA] - (lock.extras if lock else 0)
    left = sum(turn.pool) - used + sum(turn.as_extra)
    return left + min(state.supply, _added_dice(state) + extras) + turn.saved


class _Plan(NamedTuple):
    chance: float  # of completing the requirement this turn
    value: float  # what completing it is worth
    crew: str
    requirement: int
    lock: _Lock

    @property
    def expected(self) -> float:
        return self.chance * self.value


def _b3_ar_ready(state: GameState) -> bool:
    """Will B3-AR complete the requirement once a die is locked on this roll?"""
    turn = state.turn
    abilities = state.players[turn.seat].abilities
    return B3_AR in abilities and B3_AR not in turn.used and turn.rolled[THRUSTER] >= 3


# Dice as the bot names them in a lock: one shared object per (face, ability), built once.
_DIE: dict[tuple[int, str | None], LockedDie] = {}


def _die(face: int, ability: str | None = None) -> LockedDie:
    try:
        return _DIE[face, ability]
    except KeyError:
        die = _DIE[face, ability] = LockedDie(FACES[face], ability)
        return die


class _LockRules(NamedTuple):
    """How a player's abilities change what may be locked on a requirement of one face."""

    doubler: str | None  # counts a die of the face (or a Wild) as 2 in a pool of 1 to 3
    as_wild: tuple[tuple[str, int], ...]  # (ability, face) locked as a Wild when rolled exactly once
    vanta_sae: bool
    extra_two: str | None  # locks an Extra Die as 2 of the face
    sella_pelleon: bool

    @property
    def more_dice(self) -> bool:
        """Do the abilities let other dice than the face's and Wilds go on it?"""
        return bool(self.as_wild) or self.vanta_sae or self.extra_two is not None or self.sella_pelleon


# By face and abilities: every lock the bot weighs asks it, and a game holds few such pairs.
@lru_cache(maxsize=1024)
def _lock_rules(face: int, abilities: frozenset[str]) -> _LockRules:
    if face == WILD:
        return _LockRules(None, (), False, None, False)  # only a real Wild goes on a Wild requirement
    return _LockRules(
        min((a for a in abilities if DOUBLE_IN_SMALL_POOL.get(a) == face), default=None),
        tuple(
            (a, AS_WILD_IF_EXACTLY_ONE[a])
            for a in sorted(abilities & AS_WILD_IF_EXACTLY_ONE.keys())
            if AS_WILD_IF_EXACTLY_ONE[a] != EXTRA
        ),
        VANTA_SAE in abilities,
        min((a for a in abilities if EXTRA_AS_TWO.get(a) == face), default=None),
        SELLA_PELLEON in abilities,
    )


def _lockable_dice(
    turn: Turn, face: int, abilities: frozenset[str]
) -> tuple[list[LockedDie], list[LockedDie]]:
    """The dice the bot may lock on a requirement of ``face``, cheapest first: those that count 2,
    and those that count 1 (dice nothing else wants, then Extra Dice). ``abilities``: the
    player's abilities that change a lock."""
    rules = _lock_rules(face, abilities)
    pool = turn.pool
    twos: list[LockedDie] = []
    ones: list[LockedDie] = []
    plain = (face,) if face == WILD else (face, WILD)
    if rules.doubler is not None and 1 <= turn.pool_size <= 3:
        for f in plain:
            twos += [_die(f, rules.doubler)] * pool[f]
    else:
        for f in plain:
            ones += [_die(f)] * pool[f]
    if not rules.more_dice:
        return twos, ones
    left = list(pool)
    left[face] = left[WILD] = 0
    rolled, used = turn.rolled, turn.used
    # One die each for the abilities that lock a die as a Wild: dice nothing else wants first.
    for ability, g in rules.as_wild:
        if ability not in used and rolled[g] == 1 and left[g] > 0:
            ones.append(_die(g, ability))
            left[g] -= 1
    vanta = rules.vanta_sae and VANTA_SAE not in used and rolled[EXTRA] == 0
    spare = [g for g in (DAMAGE, REACTOR, THRUSTER, SHIELD) if left[g] > 0]
    if vanta and spare:
        g = max(spare, key=lambda x: left[x])
        ones.append(_die(g, VANTA_SAE))
        left[g] -= 1
        vanta = False
    if rules.extra_two is not None:
        twos += [_die(EXTRA, rules.extra_two)] * left[EXTRA]
        left[EXTRA] = 0
    # Last resort: an Extra Die locked as a Wild (it then adds no die when rolling again).
    sella = rules.sella_pelleon and SELLA_PELLEON not in used and rolled[EXTRA] == 1
    for ability, usable in ((SELLA_PELLEON, sella), (VANTA_SAE, vanta)):
        if usable and left[EXTRA] > 0:
            ones.append(_die(EXTRA, ability))
            left[EXTRA] -= 1
    return twos, ones


def _best_lock_of(
    twos: list[LockedDie],
    ones: list[LockedDie],
    needed: int,
    odds: Odds,
    dice: tuple[int, int, int, int],
    b3_ar: bool,
) -> tuple[float, _Lock] | None:
    """The lock giving the best chance of completing a requirement still needing ``needed``, and
    that chance. A lock is the first ``n2`` of ``twos`` and the first ``n1`` of ``ones``, within the
    over-locking rule (every die of a lock must be needed). ``dice``: dice in the pool, Extra Die
    faces in it, other dice the next roll adds, supply. Only the chosen lock is built."""
    in_pool, extras_in_pool, added, supply = dice
    # Extra Dice among the first k dice of each list.
    twos_extras = [0]
    for d in twos:
        twos_extras.append(twos_extras[-1] + (d.face == "extra"))
    ones_extras = [0]
    for d in ones:
        ones_extras.append(ones_extras[-1] + (d.face == "extra"))
    b3 = b3_ar and needed > 1
    best: tuple[float, int, int] | None = None
    chosen = (0, 0)
    for n2 in range(len(twos) + 1):
        for n1 in range(len(ones) + 1):
            if n1 + n2 == 0:
                continue
            value = 2 * n2 + n1
            if value - (1 if n1 else 2) >= needed:
                break  # over-locking: every die of a lock must be needed
            count, extras = n1 + n2, twos_extras[n2] + ones_extras[n1]
            if b3:
                # One die commits; B3-AR does the rest: the fewest dice, then the fewest Extra Dice.
                key: tuple[float, int, int] = (1.0, -count, -extras)
            else:
                if value >= needed:
                    chance = 1.0
                else:
                    n = in_pool - count + min(supply, added + extras_in_pool - extras)
                    chance = complete_chance(n, needed - value, odds)
                # Completing now: with the fewest dice (the rest roll on); else the most dice locked.
                key = (chance, -extras, -count if chance == 1.0 else count)
            if best is None or key > best:
                best, chosen = key, (n2, n1)
    if best is None:
        return None
    n2, n1 = chosen
    lock_dice = (*twos[:n2], *ones[:n1])
    return best[0], _Lock(lock_dice, 2 * n2 + n1, twos_extras[n2] + ones_extras[n1])


class _Locking:
    """What every lock the bot weighs in one position shares, worked out once per position: the
    display offers a dozen requirements but only a few (face, still needed) pairs."""

    __slots__ = ("abilities", "b3_ar", "dice", "found", "locking", "plain_dice", "turn")

    def __init__(self, state: GameState) -> None:
        turn = self.turn = state.turn
        self.abilities = state.players[turn.seat].abilities
        self.locking = self.abilities & LOCK_ABILITIES
        in_pool = sum(turn.pool) + sum(turn.as_extra) + turn.saved
        added, extras = _added_dice(state), turn.pool[EXTRA]
        self.dice = (in_pool, extras, added, min(state.supply, added + extras))
        # What a plain lock's chance depends on (``_plain_best_lock``): the dice rolled next but
        # those it locks, a plain lock using no Extra Die.
        self.plain_dice = in_pool + self.dice[3]
        self.b3_ar = _b3_ar_ready(state)
        self.found: dict[tuple[int, int], tuple[float, _Lock] | None] = {}

    def best(self, crew: str, index: int) -> tuple[float, _Lock] | None:
        """The lock on requirement ``index`` of ``crew`` that gives the best chance of completing
        it, and that chance."""
        turn = self.turn
        req = CREW[crew].requirements[index]
        progress = turn.progress if (turn.crew == crew and turn.requirement == index) else 0
        key = (req.face, req.count - progress)
        try:
            return self.found[key]
        except KeyError:
            pass
        face, needed = key
        odds = face_odds(face, self.abilities)
        rules = _lock_rules(face, self.locking)
        if not rules.more_dice and (rules.doubler is None or not 1 <= turn.pool_size <= 3):
            # Only the face's dice and Wilds go on it, each counting 1: a few numbers say it all.
            # A lock holds at most ``needed`` dice (over-locking), the face's first: dice beyond
            # those are never weighed, and left out of the key.
            fitting = min(turn.pool[face], needed)
            wilds = min(turn.pool[WILD], needed - fitting) if face != WILD else 0
            found = _plain_best_lock(face, needed, fitting, wilds, odds, self.plain_dice, self.b3_ar)
        else:
            twos, ones = _lockable_dice(turn, face, self.locking)
            found = _best_lock_of(twos, ones, needed, odds, self.dice, self.b3_ar)
        self.found[key] = found
        return found


# The best plain lock (``_lockable_dice`` without an ability that changes it) depends only on these
# numbers, which positions of every game share: worked out once for each. Of the dice (``dice`` of
# ``_best_lock_of``) only one number counts: a plain lock holds no Extra Die, so the next roll is
# ``rolled_next`` (the dice in the pool, and the supply dice the next roll adds) less the lock's
# dice. Keyed by that sum rather than its four parts, positions that differ only in how it is made
# up share an entry.
@lru_cache(maxsize=16384)
def _plain_best_lock(
    face: int, needed: int, fitting: int, wilds: int, odds: Odds, rolled_next: int, b3_ar: bool
) -> tuple[float, _Lock] | None:
    """``_best_lock_of`` for ``fitting`` dice of ``face`` then ``wilds`` Wilds (none when ``face``
    is Wild: ``fitting`` counts them), each counting 1."""
    ones = [_die(face)] * fitting + [_die(WILD)] * wilds
    # (rolled_next, 0, 0, 0): ``_best_lock_of`` rolls ``rolled_next - count + min(0, 0)`` dice next,
    # what the four numbers give without an Extra Die in the lock.
    return _best_lock_of([], ones, needed, odds, (rolled_next, 0, 0, 0), b3_ar)


def _best_lock(state: GameState, crew: str, index: int) -> tuple[float, _Lock] | None:
    """The lock on requirement ``index`` of ``crew`` that gives the best chance of completing it,
    and that chance."""
    return _Locking(state).best(crew, index)


class _Target(NamedTuple):
    """An open requirement the bot may work on, and what completing it is worth (whatever the dice)."""

    crew: str
    requirement: int
    value: float


# ``_Target(crew, index, value)`` without the keyword machinery of a NamedTuple's ``__new__``: a
# decision that chooses a crew lists some 17 of them.
_new_tuple = tuple.__new__


def _targets(state: GameState, crews: Iterable[str]) -> list[_Target]:
    seat = state.turn.seat
    out: list[_Target] = []
    for crew in crews:
        for index, value in enumerate(requirement_values(state, seat, crew)):
            if value is not None:
                out.append(_new_tuple(_Target, (crew, index, value)))
    return out


def _open_targets(state: GameState) -> list[_Target] | None:
    """The requirements the bot chooses between, on the display or the chosen card (None: one is
    committed)."""
    turn = state.turn
    if turn.crew is None:
        return _targets(state, [card.crew for card in state.display])
    if turn.requirement is None:
        return _targets(state, [turn.crew])
    return None


def _best_plan(state: GameState, targets: list[_Target]) -> _Plan | None:
    """The plan of the best key, the first of equal ones in the order of ``targets``. Locks are
    weighed from the most valuable target down, and no more once a target's value (the most it can
    be expected to bring) is below the best expected Prestige found: they could not beat it.

    A plan's key: the best expected Prestige (``_Plan.expected``, rounded); then the roll that locks
    the most; then the most valuable. Only the chosen plan is built."""
    locking = _Locking(state)
    best: tuple[tuple[float, int, float], int] | None = None
    chosen: tuple[float, float, str, int, _Lock] | None = None
    for i in sorted(range(len(targets)), key=[-target.value for target in targets].__getitem__):
        crew, requirement, value = targets[i]
        if best is not None and round(max(0.0, value), 6) < best[0][0]:
            break
        found = locking.best(crew, requirement)
        if found is None:
            continue
        chance, lock = found
        key = ((round(chance * value, 6), lock.value, value), -i)
        if best is None or key > best:
            best, chosen = key, (chance, value, crew, requirement, lock)
    return None if chosen is None else _new_tuple(_Plan, chosen)


def _plan_for(state: GameState, targets: list[_Target] | None) -> _Plan | None:
    """The plan for the current dice; ``targets``: ``_open_targets(state)``."""
    if targets is not None:
        return _best_plan(state, targets)
    turn = state.turn
    assert turn.crew is not None and turn.requirement is not None
    found = _best_lock(state, turn.crew, turn.requirement)
    if found is None:
        return None
    return _Plan(
        found[0],
        requirement_value(state, turn.seat, turn.crew, turn.requirement),
        turn.crew,
        turn.requirement,
        found[1],
    )


class _Planned(NamedTuple):
    """A plan and the position it was made in: what it was made from (``basis``), and the crew,
    requirement and progress of the turn then."""

    basis: tuple[object, ...]
    crew: str | None
    requirement: int | None
    progress: int
    plan: _Plan | None


# The last plan made (one entry, replaced whole). Choosing a crew and committing a requirement change
# nothing a plan is made from, so the commit and the first lock after a choice reuse its plan.
_last_planned: list[_Planned] = []


def _plan_basis(state: GameState) -> tuple[object, ...]:
    """Everything a plan is made from apart from the crew, requirement and progress of the turn:
    the dice and abilities used (locks), the players, display and cards left (values), the supply."""
    turn = state.turn
    return (
        turn.seat,
        turn.pool,
        turn.rolled,
        turn.pool_size,
        turn.as_extra,
        turn.saved,
        turn.used,
        state.supply,
        state.players,
        state.display,
        len(state.deck),
    )


def _reusable(planned: _Planned, turn: Turn) -> bool:
    """Is the plan made in ``planned`` this turn's plan too (its basis being the same)? The same
    position, or one that followed the plan's own choice of crew, then of requirement (before any
    die is locked on it). The best plan among the display's requirements is the best among those of
    its own crew, and then the best lock on its own requirement; ties keep their order."""
    if (planned.crew, planned.requirement, planned.progress) == (turn.crew, turn.requirement, turn.progress):
        return True
    plan = planned.plan
    if plan is None or planned.requirement is not None or turn.crew != plan.crew:
        return False
    if planned.crew not in (None, plan.crew):
        return False
    return turn.requirement is None or (turn.requirement == plan.requirement and turn.progress == 0)


def _current_plan(state: GameState) -> _Plan | None:
    turn = state.turn
    basis = _plan_basis(state)
    last = _last_planned[0] if _last_planned else None
    if last is not None and last.basis == basis and _reusable(last, turn):
        return last.plan
    plan = _plan_for(state, _open_targets(state))
    _last_planned[:] = [_Planned(basis, turn.crew, turn.requirement, turn.progress, plan)]
    return plan


# ==== rolling again or stopping =================================================================


def _continue_value(state: GameState) -> float:
    """The expected Prestige of rolling again (and going on until the requirement is done)."""
    turn = state.turn
    seat = turn.seat
    assert turn.crew is not None
    abilities = state.players[seat].abilities
    at_stake = placed_value(state)
    bust = NAMARI_PRESTIGE if NAMARI in abilities else 0
    n = _next_roll(state, None)
    reqs = CREW[turn.crew].requirements
    if turn.requirement is not None:
        targets = [(turn.requirement, reqs[turn.requirement].count - turn.progress)]
    else:
        if state.tokens_left(seat) == 0:
            return -1.0
        targets = [(i, reqs[i].count) for i in open_requirements(state, turn.crew)]
    best = -1.0
    for index, needed in targets:
        chance = complete_chance(n, needed, face_odds(reqs[index].face, abilities))
        value = requirement_value(state, seat, turn.crew, index)
        best = max(best, chance * (at_stake + value) + (1 - chance) * bust)
    return best


def next_roll_safe(state: GameState) -> bool:
    """The next roll cannot bust: AT-OK, or Meg Gallak's saved Wild (a Wild fits everything)."""
    return at_ok_protects_next_roll(state) or state.turn.saved > 0


def lock_chance(state: GameState) -> float:
    """The chance that the next roll can lock at least one die: the pool it will roll (Extra Dice
    add dice), what is committed (or the card's open requirements), Wild faces, and abilities."""
    turn = state.turn
    if next_roll_safe(state):
        return 1.0
    if turn.crew is None:
        return 0.0
    if turn.requirement is not None:
        faces: tuple[int, ...] = (CREW[turn.crew].requirements[turn.requirement].face,)
    else:
        faces = tuple(
            sorted({CREW[turn.crew].requirements[i].face for i in open_requirements(state, turn.crew)})
        )
    if not faces:
        return 0.0
    n = _next_roll(state, None)
    abilities = state.players[turn.seat].abilities
    return roll_lock_chance(n, faces, abilities, turn.requirement is not None)


def should_roll(state: GameState) -> bool:
    """Roll again when the expected gain beats what a bust would take back."""
    if not may_roll_again(state):
        return False
    turn = state.turn
    if turn.crew is None:
        return True  # safe roll before choosing: nothing to lose
    if turn.requirement is None and state.tokens_left(turn.seat) == 0:
        return False
    if next_roll_safe(state) and (turn.requirement is not None or open_requirements(state, turn.crew)):
        return True
    return _continue_value(state) > placed_value(state)


# ==== the heuristic decisions ===================================================================


def _faces_text(faces: Iterable[int]) -> tuple[str, ...]:
    return tuple(FACES[f] for f in faces)


def _rerollable(turn: Turn) -> Counts:
    r, p = turn.rolled, turn.pool
    return (
        min(r[0], p[0]),
        min(r[1], p[1]),
        min(r[2], p[2]),
        min(r[3], p[3]),
        min(r[4], p[4]),
        min(r[5], p[5]),
    )


def _useless_dice(state: GameState, plan: _Plan | None, keep_extras: bool) -> list[int]:
    """Rolled dice that neither fit the plan's requirement nor add a die: worth re-rolling."""
    useful = {WILD}
    if plan is not None:
        useful.add(CREW[plan.crew].requirements[plan.requirement].face)
        useful.update(FACES.index(d.face) for d in plan.lock.dice)
    if keep_extras:
        useful.add(EXTRA)
    counts = _rerollable(state.turn)
    return [f for f in range(6) if f not in useful for _ in range(counts[f])]


_SALATAR_SAMPLES = 16


@cache
def _sample_rolls(n: int) -> tuple[Counts, ...]:
    """A fixed sample of rolls of ``n`` dice, to price a fresh roll (the same for every game)."""
    rng = Rng(b"moonrollers-bot-samples", n, 0)
    out = []
    for _ in range(_SALATAR_SAMPLES):
        c = [0, 0, 0, 0, 0, 0]
        for _ in range(n):
            c[rng.randbelow(6)] += 1
        out.append((c[0], c[1], c[2], c[3], c[4], c[5]))
    return tuple(out)


def _fresh_roll_value(state: GameState) -> float:
    """The expected best plan after re-rolling the whole pool (Salatar), over a fixed sample."""
    turn = state.turn
    n = sum(turn.pool)
    targets = _open_targets(state)  # the dice change nothing in them
    total = 0.0
    for counts in _sample_rolls(n):
        rolled = state._replace(turn=turn._replace(pool=counts, rolled=counts, pool_size=n))
        plan = _plan_for(rolled, targets)
        total += plan.expected if plan else 0.0
    return total / _SALATAR_SAMPLES


def _reroll_command(state: GameState, plan: _Plan | None) -> str | None:
    """Re-rolls come first in a roll: Salatar when a fresh roll is worth more, Lila Al Bindar and
    Vila Noir on the dice that do not help the plan."""
    abilities = state.players[state.turn.seat].abilities
    if SALATAR in abilities and can_reroll(state, SALATAR):
        now = plan.expected if plan else 0.0
        if plan is None or (plan.chance < 1 and now < _fresh_roll_value(state)):
            return f"use {SALATAR}"
    if LILA_AL_BINDAR in abilities and can_reroll(state, LILA_AL_BINDAR):
        dice = _useless_dice(state, plan, keep_extras=plan is not None)
        if dice:
            return format_command(Reroll(_faces_text(dice), LILA_AL_BINDAR))
    if VILA_NOIR in abilities and can_reroll(state, VILA_NOIR):
        dice = _useless_dice(state, plan, keep_extras=plan is not None)[:VILA_NOIR_DICE]
        if dice:
            return format_command(Reroll(_faces_text(dice), VILA_NOIR))
    return None


def _may_reroll(state: GameState) -> bool:
    abilities = state.players[state.turn.seat].abilities
    return any(a in abilities and can_reroll(state, a) for a in (SALATAR, LILA_AL_BINDAR, VILA_NOIR))


def _free_ability_command(state: GameState) -> str | None:
    """Abilities that only ever help, used as soon as they may be: supply rolls, B3-AR, and Imdar
    Shade when another Hazard token is welcome."""
    turn = state.turn
    seat = turn.seat
    abilities = state.players[seat].abilities
    for ability in (RYAN_ROGAL, SAGHARI):
        if ability in abilities and can_roll_supply(state, ability) and not turn.completed_this_roll:
            return f"use {ability}"
    if B3_AR in abilities and can_use_b3_ar(state):
        return f"use {B3_AR}"
    if IMDAR_SHADE in abilities and can_use_imdar_shade(state) and imdar_gain(state, seat) > 0.5:
        return f"use {IMDAR_SHADE}"
    return None


def _before_rolling_command(state: GameState) -> str | None:
    """Going to roll again: set a Wild aside with Meg Gallak, turn dice that will be re-rolled
    anyway into Extra Dice (one more die each), roll supply dice."""
    turn = state.turn
    abilities = state.players[turn.seat].abilities
    if MEG_GALLAK in abilities and can_save_wild(state):
        return f"save wild with {MEG_GALLAK}"
    if FT_1000 in abilities and treatable_faces(state, FT_1000) is not None:
        return format_command(TreatAsExtra(("wild",), FT_1000))
    if KARY_POWALK in abilities:
        faces = treatable_faces(state, KARY_POWALK)
        if faces is not None and faces[DAMAGE]:
            return format_command(TreatAsExtra(("damage",) * faces[DAMAGE], KARY_POWALK))
    if MYLA_DYSTRA in abilities:
        faces = treatable_faces(state, MYLA_DYSTRA)
        if faces is not None:
            spare = [f for f in (DAMAGE, REACTOR, THRUSTER, SHIELD, WILD) if faces[f]]
            if spare:
                return format_command(TreatAsExtra((FACES[spare[0]],), MYLA_DYSTRA))
    for ability in (RYAN_ROGAL, SAGHARI):
        if ability in abilities and can_roll_supply(state, ability):
            return f"use {ability}"
    return None


def _rescue_command(state: GameState) -> str:
    """Nothing can be locked: try an ability that might change that, else bust."""
    turn = state.turn
    seat = turn.seat
    abilities = state.players[seat].abilities
    if B3_AR in abilities and can_use_b3_ar(state):
        return f"use {B3_AR}"
    if SALATAR in abilities and can_reroll(state, SALATAR):
        return f"use {SALATAR}"
    for ability in (LILA_AL_BINDAR, VILA_NOIR):
        if ability in abilities and can_reroll(state, ability):
            dice = _useless_dice(state, None, keep_extras=False)
            if ability == VILA_NOIR:
                # Extra Dice last: they still add a die if the roll is saved.
                dice = sorted(dice, key=lambda f: f == EXTRA)[:VILA_NOIR_DICE]
            if dice:
                return format_command(Reroll(_faces_text(dice), ability))
    for ability in (RYAN_ROGAL, SAGHARI):
        if ability in abilities and can_roll_supply(state, ability):
            return f"use {ability}"
    if IMDAR_SHADE in abilities and can_use_imdar_shade(state) and imdar_gain(state, seat) > 0:
        return f"use {IMDAR_SHADE}"
    return "bust"


# A function of the card alone, asked at every commit: each text is built once (30 cards).
@cache
def _commit_text(crew: str, index: int) -> str:
    reqs = CREW[crew].requirements
    req = reqs[index]
    several = sum(1 for r in reqs if r.face == req.face) > 1
    return format_command(Commit(FACES[req.face], req.count if several else None))


# A lock is a few dice of a few kinds: each text is built once.
@lru_cache(maxsize=1024)
def _lock_text(dice: tuple[LockedDie, ...]) -> str:
    return format_command(LockDice(dice))


def _rolled_command(state: GameState, kind: str) -> str:
    if kind == USE_ABILITY_OR_BUST:
        return _rescue_command(state)
    planning = kind in (CHOOSE_CREW, COMMIT, LOCK_DICE)
    plan = _current_plan(state) if planning or _may_reroll(state) else None
    first = _reroll_command(state, plan) or _free_ability_command(state)
    if first:
        return first
    if planning and plan is not None:
        if plan.expected < 0:
            # e.g. only a hire that would end the game with another player ahead: every roll must
            # lock, so lock the cheapest single die and end the turn (what a timeout does).
            return "stop" if may_stop(state) else "settle"
        if kind == CHOOSE_CREW:
            return f"choose {plan.crew}"
        if kind == COMMIT:
            return _commit_text(plan.crew, plan.requirement)
        return _lock_text(plan.lock.dice)
    if should_roll(state):
        return _before_rolling_command(state) or "roll"
    return "stop" if may_stop(state) else "settle"


def _keep_command(state: GameState, seat: int) -> str:
    drawn = state.turn.drawn
    player = state.players[seat]
    best = keep_order(player.hazard, drawn, others_symbols(state, seat), state.seats)[0]
    return f"keep {drawn.index(best) + 1}"


def _return_command(state: GameState, seat: int) -> str:
    """Return the worst token: the one whose going makes the end score best, if any does."""
    held = state.players[seat].hazard
    others = others_symbols(state, seat)
    best_index: int | None = None
    best_points = hazard_points(held, others, state.seats)
    for i in range(len(held)):
        rest = held[:i] + held[i + 1 :]
        points = hazard_points(rest, others, state.seats)
        if points > best_points + 0.01:
            best_index, best_points = i, points
    return "return none" if best_index is None else f"return {best_index + 1}"


def _stack_command(state: GameState, seat: int) -> str:
    hired = state.turn.hired
    assert hired is not None
    player = state.players[seat]
    stack = player.stack_of(CREW[hired].faction)
    top = player.stacks[stack][0] if stack is not None else None
    better = top is None or ABILITY_RANK.get(hired, 4) > ABILITY_RANK.get(top, 4)
    return "stack top" if better else "stack under"


def heuristic_command(state: GameState, seat: int) -> str:
    """The heuristic bot's command, unchecked (``bot_command`` checks it)."""
    waiting = pending(state)
    if not waiting or waiting[0].seat != seat:
        raise ValueError(f"seat {seat} has nothing to decide now")
    kind = waiting[0].kind
    if kind == KEEP_HAZARD:
        return _keep_command(state, seat)
    if kind == START_TURN:
        return "roll"  # "Roll 5 dice": a turn always starts with a roll
    if kind == STACK_CREW:
        return _stack_command(state, seat)
    if kind == RETURN_HAZARD:
        return _return_command(state, seat)
    return _rolled_command(state, kind)


def bot_command(state: GameState, seat: int, rng: Rng) -> str:
    """A sensible legal command for ``seat``. Should the heuristic ever pick an illegal command (a
    bug, which the tests look for), a random legal one is played instead, so a bot never stalls."""
    text = heuristic_command(state, seat)
    if is_legal(state, seat, text):
        return text
    return random_command(state, seat, rng)
