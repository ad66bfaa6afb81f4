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
from math import exp, factorial
from typing import NamedTuple

from games.engine.core import CommandError, CommandSpec, Rng
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
    LOCK_AS_WILD,
    MEG_GALLAK,
    MORO_MADA,
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
from games.engine.moonrollers.cards import (
    CREW,
    HAZARD_SYMBOLS,
    HAZARD_TOKEN_COUNTS,
    hazard_symbols,
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
    TOTAL_DICE,
    WILD,
    Counts,
)
from games.engine.moonrollers.hiring import ends_game
from games.engine.moonrollers.legal import (
    CHOOSE_CREW,
    COMMIT,
    KEEP_HAZARD,
    LOCK_DICE,
    RETURN_HAZARD,
    STACK_CREW,
    START_TURN,
    USE_ABILITY_OR_BUST,
    legal,
    pending,
)
from games.engine.moonrollers.notation import format_command, parse
from games.engine.moonrollers.state import START, GameState, Turn
from games.engine.moonrollers.turn import may_roll_again

# decide() is deterministic apart from the dice it rolls: a fixed stream is enough to check a command.
_PROBE_SEED = b"moonrollers-legality-probe"


def is_legal(state: GameState, seat: int, text: str) -> bool:
    """Would ``decide`` accept ``text`` from ``seat`` now? (For bots and tests; it runs decide.)"""
    from games.engine.moonrollers.engine import decide

    try:
        decide(state, seat, parse(text), Rng(_PROBE_SEED, "probe", 0))
    except CommandError:
        return False
    return True


# ==== the random bot ============================================================================


def _most_dice(state: GameState, spec: CommandSpec) -> int:
    """How many dice a spec's dice param may take, beyond what its choices say."""
    turn = state.turn
    if spec.action == "lock" and turn.crew is not None and turn.requirement is not None:
        # A plain lock: every die counts 1 and must be needed.
        return CREW[turn.crew].requirements[turn.requirement].count - turn.progress
    if spec.prefix == f"reroll with {VILA_NOIR}":
        return VILA_NOIR_DICE
    return TOTAL_DICE


def _sample(options: list[str], k: int, rng: Rng) -> list[str]:
    """``k`` of ``options`` drawn uniformly without replacement (a partial Fisher-Yates: k draws)."""
    out = list(options)
    for i in range(k):
        j = i + rng.randbelow(len(out) - i)
        out[i], out[j] = out[j], out[i]
    return out[:k]


def _fill(state: GameState, spec: CommandSpec, rng: Rng) -> str:
    values: dict[str, list[str]] = {}
    for param in spec.params:
        options = [c.value for c in param.choices]
        if param.multiple:
            most = max(param.min_count, min(len(options), _most_dice(state, spec)))
            values[param.name] = _sample(options, rng.randint(param.min_count, most), rng)
        else:
            values[param.name] = [options[rng.randbelow(len(options))]]
    return spec.build(values)


def random_command(state: GameState, seat: int, rng: Rng) -> str:
    """A random legal command for ``seat``: a spec of ``legal`` chosen uniformly, then random values
    for its params, within the limits the specs cannot express (dice a requirement still needs,
    Vila Noir's 2 dice).

    The moments with a fixed menu are answered without building the specs (about half the
    commands of a random game are a turn's first roll or pass): same menu, same odds, less work.
    """
    turn = state.turn
    if not state.finished and seat == turn.seat:
        if turn.drawn:
            return f"keep {1 + rng.randbelow(len(turn.drawn))}"
        if turn.phase == START:
            return "roll" if rng.randbelow(2) == 0 else "pass"
    specs = legal(state, seat)
    if not specs:
        raise ValueError(f"seat {seat} has nothing to decide now")
    return _fill(state, specs[rng.randbelow(len(specs))], rng)


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


def _relevant(face: int, abilities: frozenset[str]) -> frozenset[str]:
    """The abilities that can save a roll for a requirement of ``face`` (fewer keys to cache)."""
    if face == WILD:
        return abilities & _REROLL_RESCUES
    return frozenset(
        a
        for a in abilities & RESCUE_ABILITIES
        if AS_WILD_IF_EXACTLY_ONE.get(a) != face and EXTRA_AS_TWO.get(a, face) == face
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


def saved_by_ability(counts: Counts, req_faces: tuple[int, ...], abilities: frozenset[str]) -> bool:
    """On a roll where no die fits ``req_faces`` plainly, can an ability lock a die anyway, or make
    the roll safe? Written for speed; a test checks it against the engine's ``die_fits``."""
    n = sum(counts)
    if MORO_MADA in abilities and n <= 3 and counts[EXTRA]:
        return True
    normal = [f for f in req_faces if f != WILD]
    if not normal:
        return False
    for ability in abilities:
        g = AS_WILD_IF_EXACTLY_ONE.get(ability)
        if g is not None:
            if counts[g] == 1:
                return True
        elif ability == VANTA_SAE:
            if counts[EXTRA] == 0 and n:
                return True
        elif ability in EXTRA_AS_TWO and counts[EXTRA] and EXTRA_AS_TWO[ability] in normal:
            return True
    return False


def _second_chance(counts: Counts, n: int, fit: float, abilities: frozenset[str], committed: bool) -> float:
    """The chance that a re-roll or supply-roll ability turns a roll that locks nothing into one
    that does (approximately: re-rolled dice fit with the plain chance)."""
    miss = 1.0
    if VILA_NOIR in abilities and counts[REACTOR] == 0:
        miss = min(miss, (1 - fit) ** min(VILA_NOIR_DICE, n))
    if LILA_AL_BINDAR in abilities and counts[REACTOR] >= 2:
        miss = min(miss, (1 - fit) ** n)
    if SAGHARI in abilities and counts[DAMAGE] == 0:
        miss *= 5 / 6  # the supply die shows a Wild
    if RYAN_ROGAL in abilities and counts[DAMAGE] >= 2:
        miss *= (5 / 6) ** 2
    if B3_AR in abilities and committed and counts[THRUSTER] >= 3:
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
    second = bool(abilities & _REROLL_RESCUES)
    saved = 0.0
    for counts, chance in _compositions(n, others):
        if saved_by_ability(counts, req_faces, abilities):
            saved += chance
        elif second:
            saved += chance * _second_chance(counts, n, fit, abilities, committed)
    return saved


def roll_lock_chance(n: int, req_faces: tuple[int, ...], abilities: frozenset[str], committed: bool) -> float:
    """The chance that rolling ``n`` dice lets at least one die be locked on one of ``req_faces``
    (with ``committed``, a requirement committed before the roll: B3-AR may complete it)."""
    if n <= 0:
        return 0.0
    miss = ((6 - len(_fitting_faces(req_faces))) / 6) ** n
    relevant = frozenset().union(*(_relevant(f, abilities) for f in req_faces))
    return 1 - miss * (1 - _rescue_chance(n, req_faces, relevant, committed))


class _Odds(NamedTuple):
    """What the completion chance of a requirement depends on."""

    face: int
    doubled: bool  # an ability doubles this face's dice in a pool of 1 to 3
    extra_two: bool  # an ability locks an Extra Die as 2 of this face
    abilities: frozenset[str]  # the abilities that can save a roll (``_relevant``)


@lru_cache(maxsize=4096)
def _odds(face: int, abilities: frozenset[str]) -> _Odds:
    return _Odds(
        face,
        face != WILD and any(DOUBLE_IN_SMALL_POOL.get(a) == face for a in abilities),
        face != WILD and any(EXTRA_AS_TWO.get(a) == face for a in abilities),
        _relevant(face, abilities),
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


@lru_cache(maxsize=65536)
def complete_chance(n: int, needed: int, odds: _Odds) -> float:
    """The chance of completing a requirement that still needs ``needed``, rolling ``n`` dice now,
    if the player keeps rolling and locks, each roll, the number of dice that gives the best chance.
    (The supply running out late in a long turn is left out: it would multiply the table.)"""
    if needed <= 0:
        return 1.0
    n = min(n, TOTAL_DICE)
    if n <= 0:
        return 0.0
    mult = 2 if odds.doubled and n <= 3 else 1
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
        best = 0.0
        for twos in range(e + 1 if odds.extra_two else 1):
            for ones in range(k + 1):
                if ones + twos == 0:
                    continue
                value = ones * mult + 2 * twos
                if value - (mult if ones else 2) >= needed:
                    break  # over-locking: every die of a lock must be needed
                if value >= needed:
                    best = 1.0
                    break
                used = ones + twos
                best = max(best, complete_chance(n - used + e - twos, needed - value, odds))
            if best == 1.0:
                break
        total += chance * best
    return total


# ==== what things are worth =====================================================================

# A simple ranking of the abilities, for stacking and for the worth of a hire (higher is better).
ABILITY_RANK: dict[str, int] = {
    "b3-ar": 10,
    "vanta-sae": 9,
    "kal-damar": 9,
    "meg-gallak": 8,
    "at-ok": 7,
    "salatar": 7,
    "lila-al-bindar": 7,
    "vila-noir": 6,
    "zek-zarag": 6,
    "bill-bendo": 6,
    "lee-van-cribb": 6,
    "tantin-al-vale": 6,
    "ryan-rogal": 5,
    "saghari": 5,
    "moro-mada": 5,
    "sella-pelleon": 5,
    "ada-massa": 5,
    "dana-powalki": 5,
    "nella-van-daval": 5,
    "ryle-al-wren": 5,
    "aponi": 4,
    "dr-umbrage": 4,
    "redacted": 4,
    "sol-forst": 4,
    "myla-dystra": 4,
    "ft-1000": 4,
    "kary-powalk": 4,
    "namari": 3,
    "avari": 3,
    "imdar-shade": 2,
}

_TOKENS_IN_GAME = sum(HAZARD_TOKEN_COUNTS.values())
# What another player's unseen token is worth on average, in Hazard symbols and in Prestige.
_MEAN_SYMBOLS = sum(HAZARD_SYMBOLS[v] * n for v, n in HAZARD_TOKEN_COUNTS.items()) / _TOKENS_IN_GAME
_MEAN_TOKEN = sum(v * n for v, n in HAZARD_TOKEN_COUNTS.items()) / _TOKENS_IN_GAME
# A requirement worked on next to a completed one: how much of the card's other value counts.
_FOLLOW_ON = 0.2
# Ending the game: worth this much when it wins, costs it when it does not.
_GAME_END = 25.0
_HIRE_BASE = 3.0
_TWO_PLAYER_MARGIN = 3
_RISK_SLOPE = 1.0


def _others_symbols(state: GameState, seat: int) -> float:
    """The most Hazard symbols another player is believed to hold (their tokens are hidden)."""
    return max((len(p.hazard) * _MEAN_SYMBOLS for s, p in enumerate(state.players) if s != seat), default=0.0)


def disqualify_chance(symbols: int, others: float, players: int) -> float:
    """The chance that ``symbols`` Hazard symbols end up the most (scoring no tokens), when the
    other players' most is believed to be ``others``: certain well ahead, unlikely well behind,
    a smooth guess between (everyone still draws tokens until the end). Nobody is disqualified
    with no symbol; with 2 players only 3 symbols ahead."""
    if symbols == 0:
        return 0.0
    lead = symbols - others - (_TWO_PLAYER_MARGIN if players == 2 else 0)
    # A tie disqualifies too: the midpoint sits half a symbol behind.
    return 1 / (1 + exp(-_RISK_SLOPE * (lead + 0.5)))


def _hazard_points(tokens: tuple[int, ...], others: float, players: int) -> float:
    """What ``tokens`` are expected to score at the end."""
    return sum(tokens) * (1 - disqualify_chance(hazard_symbols(tokens), others, players))


def _keep_order(tokens: tuple[int, ...], candidates: Iterable[int], others: float, players: int) -> list[int]:
    """Candidate tokens, best to keep first: most points at the end, then fewest symbols."""
    return sorted(
        candidates, key=lambda t: (-_hazard_points((*tokens, t), others, players), HAZARD_SYMBOLS[t], -t)
    )


@lru_cache(maxsize=4096)
def _hazard_gain_cached(tokens: tuple[int, ...], others: float, players: int) -> float:
    now = _hazard_points(tokens, others, players)
    values = sorted(HAZARD_TOKEN_COUNTS)
    gain = 0.0
    for a in values:
        for b in values:
            p = HAZARD_TOKEN_COUNTS[a] / _TOKENS_IN_GAME * HAZARD_TOKEN_COUNTS[b] / _TOKENS_IN_GAME
            best = _keep_order(tokens, (a, b), others, players)[0]
            gain += p * (_hazard_points((*tokens, best), others, players) - now)
    return gain


def hazard_gain(state: GameState, seat: int) -> float:
    """What drawing 2 Hazard tokens and keeping the better is worth to ``seat`` (negative when it
    would make it the player with the most Hazard symbols)."""
    others = round(_others_symbols(state, seat), 2)
    return _hazard_gain_cached(tuple(sorted(state.players[seat].hazard)), others, state.seats)


def _imdar_gain(state: GameState, seat: int) -> float:
    tokens = state.players[seat].hazard
    others = _others_symbols(state, seat)
    now = _hazard_points(tokens, others, state.seats)
    return sum(
        n / _TOKENS_IN_GAME * (_hazard_points((*tokens, v), others, state.seats) - now)
        for v, n in HAZARD_TOKEN_COUNTS.items()
    )


def _score_estimate(state: GameState, seat: int, viewer: int) -> float:
    player = state.players[seat]
    if seat == viewer:
        return player.prestige + _hazard_points(player.hazard, _others_symbols(state, seat), state.seats)
    return player.prestige + len(player.hazard) * _MEAN_TOKEN * 0.7


def _hire_value(state: GameState, seat: int, crew: str) -> float:
    """Hiring ``crew`` (completing its card): its ability, the Prestige it gives the others, and
    whether it ends the game with ``seat`` in front."""
    player = state.players[seat]
    card = state.display[state.slot_of(crew)]
    awards: dict[int, int] = {}
    for req, owner in zip(CREW[crew].requirements, card.tokens, strict=True):
        who = seat if owner is None else owner  # the open one is the requirement being completed
        awards[who] = awards.get(who, 0) + req.prestige
    others = sum(p for s, p in awards.items() if s != seat)
    value = _HIRE_BASE + ABILITY_RANK.get(crew, 4) / 3 - others / max(1, state.seats - 1) / 2
    stack = player.stack_of(CREW[crew].faction)
    if stack is not None and ABILITY_RANK.get(player.stacks[stack][0], 4) >= ABILITY_RANK.get(crew, 4):
        value -= 1  # the ability goes under: only the count toward the game's end is gained
    # The last card of the deck refills the display: that ends the game too.
    if ends_game(player, crew) or len(state.deck) == 1:
        mine = _score_estimate(state, seat, seat) + awards.get(seat, 0)
        best_other = max(
            (_score_estimate(state, s, seat) + awards.get(s, 0) for s in range(state.seats) if s != seat),
            default=0.0,
        )
        value += _GAME_END if mine > best_other else -_GAME_END
    return value


def _open_requirements(state: GameState, crew: str) -> list[int]:
    card = state.display[state.slot_of(crew)]
    return [i for i, t in enumerate(card.tokens) if t is None]


def requirement_value(state: GameState, seat: int, crew: str, index: int) -> float:
    """What completing requirement ``index`` of ``crew`` is worth to ``seat``, in Prestige."""
    req = CREW[crew].requirements[index]
    value = float(req.prestige)
    if req.hazard:
        value += hazard_gain(state, seat)
    others = [i for i in _open_requirements(state, crew) if i != index]
    if not others:
        value += _hire_value(state, seat, crew)
    else:
        value += _FOLLOW_ON * max(CREW[crew].requirements[i].prestige for i in others)
    return value


def _placed_value(state: GameState) -> float:
    """The Prestige of the requirements completed this turn: what a bust would take back."""
    turn = state.turn
    if turn.crew is None:
        return 0.0
    reqs = CREW[turn.crew].requirements
    return float(sum(reqs[i].prestige for i in turn.placed))


# ==== locking ===================================================================================


class _Lock(NamedTuple):
    """A lock the bot may make: its dice, how much they count, how many Extra Dice it uses."""

    dice: tuple[LockedDie, ...]
    value: int  # how much it counts toward the requirement
    extras: int  # Extra Dice it uses (they would have added a die when rolling again)


@lru_cache(maxsize=8192)
def _lock_options(
    pool: Counts,
    rolled: Counts,
    small: bool,
    used: frozenset[str],
    face: int,
    needed: int,
    abilities: frozenset[str],
) -> tuple[_Lock, ...]:
    """The sensible locks on a requirement of ``face`` needing ``needed`` more: for each number of
    dice counting 2 and counting 1, the dice that cost least (Extra Dice last), within the
    over-locking rule. ``small``: the rolling pool held 1 to 3 dice after the roll."""
    left = list(pool)
    twos: list[LockedDie] = []
    ones: list[LockedDie] = []
    doubler = min((a for a in abilities if DOUBLE_IN_SMALL_POOL.get(a) == face), default=None)
    for f in (face,) if face == WILD else (face, WILD):
        for _ in range(left[f]):
            if doubler and small:
                twos.append(LockedDie(FACES[f], doubler))
            else:
                ones.append(LockedDie(FACES[f]))
        left[f] = 0
    if face != WILD:
        # One die each for the abilities that lock a die as a Wild: dice nothing else wants first.
        for ability in sorted(abilities & AS_WILD_IF_EXACTLY_ONE.keys()):
            g = AS_WILD_IF_EXACTLY_ONE[ability]
            if ability not in used and rolled[g] == 1 and left[g] > 0 and g != EXTRA:
                ones.append(LockedDie(FACES[g], ability))
                left[g] -= 1
        vanta = VANTA_SAE in abilities and VANTA_SAE not in used and rolled[EXTRA] == 0
        spare = [g for g in (DAMAGE, REACTOR, THRUSTER, SHIELD) if left[g] > 0]
        if vanta and spare:
            g = max(spare, key=lambda x: left[x])
            ones.append(LockedDie(FACES[g], VANTA_SAE))
            left[g] -= 1
            vanta = False
        extra_two = min((a for a in abilities if EXTRA_AS_TWO.get(a) == face), default=None)
        if extra_two:
            twos += [LockedDie(FACES[EXTRA], extra_two)] * left[EXTRA]
            left[EXTRA] = 0
        # Last resort: an Extra Die locked as a Wild (it then adds no die when rolling again).
        sella = SELLA_PELLEON in abilities and SELLA_PELLEON not in used and rolled[EXTRA] == 1
        for ability, usable in ((SELLA_PELLEON, sella), (VANTA_SAE, vanta)):
            if usable and left[EXTRA] > 0:
                ones.append(LockedDie(FACES[EXTRA], ability))
                left[EXTRA] -= 1
    options = []
    for n2 in range(len(twos) + 1):
        for n1 in range(len(ones) + 1):
            if n1 + n2 == 0:
                continue
            value = 2 * n2 + n1
            if value - (1 if n1 else 2) >= needed:
                break  # over-locking: every die of a lock must be needed
            dice = tuple(twos[:n2]) + tuple(ones[:n1])
            options.append(_Lock(dice, value, sum(1 for d in dice if d.face == "extra")))
    return tuple(options)


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


@lru_cache(maxsize=8192)
def _best_lock_for(
    options: tuple[_Lock, ...], needed: int, odds: _Odds, dice: tuple[int, int, int, int], b3_ar: bool
) -> tuple[float, _Lock] | None:
    """The lock giving the best chance of completing the requirement, and that chance. ``dice``:
    dice in the pool, Extra Die faces in it, other dice the next roll adds, supply."""
    if not options:
        return None
    if b3_ar and needed > 1:
        # One die commits; B3-AR does the rest.
        return 1.0, min(options, key=lambda o: (len(o.dice), o.extras))
    in_pool, extras, added, supply = dice
    best: tuple[float, int, int] | None = None
    chosen = options[0]
    for option in options:
        if option.value >= needed:
            chance = 1.0
        else:
            n = in_pool - len(option.dice) + min(supply, added + extras - option.extras)
            chance = complete_chance(n, needed - option.value, odds)
        # Completing now: with the fewest dice (the rest roll on); else the most dice locked.
        key = (chance, -option.extras, -len(option.dice) if chance == 1.0 else len(option.dice))
        if best is None or key > best:
            best, chosen = key, option
    assert best is not None
    return best[0], chosen


def _best_lock(state: GameState, crew: str, index: int) -> tuple[float, _Lock] | None:
    """The lock on requirement ``index`` of ``crew`` that gives the best chance of completing it,
    and that chance."""
    turn = state.turn
    abilities = state.players[turn.seat].abilities
    req = CREW[crew].requirements[index]
    progress = turn.progress if (turn.crew == crew and turn.requirement == index) else 0
    needed = req.count - progress
    small = 1 <= turn.pool_size <= 3
    options = _lock_options(turn.pool, turn.rolled, small, turn.used, req.face, needed, abilities)
    in_pool = sum(turn.pool) + sum(turn.as_extra) + turn.saved
    dice = (in_pool, turn.pool[EXTRA], _added_dice(state), state.supply)
    return _best_lock_for(options, needed, _odds(req.face, abilities), dice, _b3_ar_ready(state))


def _plans(state: GameState, crews: Iterable[str]) -> list[_Plan]:
    seat = state.turn.seat
    out = []
    for crew in crews:
        for index in _open_requirements(state, crew):
            found = _best_lock(state, crew, index)
            if found is not None:
                chance, lock = found
                out.append(_Plan(chance, requirement_value(state, seat, crew, index), crew, index, lock))
    return out


def _best_plan(plans: list[_Plan]) -> _Plan | None:
    # Best expected Prestige; then the roll that locks the most; then the most valuable.
    return max(plans, key=lambda p: (round(p.expected, 6), p.lock.value, p.value), default=None)


def _current_plan(state: GameState) -> _Plan | None:
    turn = state.turn
    if turn.crew is None:
        return _best_plan(_plans(state, [card.crew for card in state.display]))
    if turn.requirement is None:
        return _best_plan(_plans(state, [turn.crew]))
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


# ==== rolling again or stopping =================================================================


def _continue_value(state: GameState) -> float:
    """The expected Prestige of rolling again (and going on until the requirement is done)."""
    turn = state.turn
    seat = turn.seat
    assert turn.crew is not None
    abilities = state.players[seat].abilities
    at_stake = _placed_value(state)
    bust = NAMARI_PRESTIGE if NAMARI in abilities else 0
    n = _next_roll(state, None)
    reqs = CREW[turn.crew].requirements
    if turn.requirement is not None:
        targets = [(turn.requirement, reqs[turn.requirement].count - turn.progress)]
    else:
        if state.tokens_left(seat) == 0:
            return -1.0
        targets = [(i, reqs[i].count) for i in _open_requirements(state, turn.crew)]
    best = -1.0
    for index, needed in targets:
        chance = complete_chance(n, needed, _odds(reqs[index].face, abilities))
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
            sorted({CREW[turn.crew].requirements[i].face for i in _open_requirements(state, turn.crew)})
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
    if next_roll_safe(state) and (turn.requirement is not None or _open_requirements(state, turn.crew)):
        return True
    return _continue_value(state) > _placed_value(state)


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
    total = 0.0
    for counts in _sample_rolls(n):
        rolled = state._replace(turn=turn._replace(pool=counts, rolled=counts, pool_size=n))
        plan = _current_plan(rolled)
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
    if IMDAR_SHADE in abilities and can_use_imdar_shade(state) and _imdar_gain(state, seat) > 0.5:
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
    if IMDAR_SHADE in abilities and can_use_imdar_shade(state) and _imdar_gain(state, seat) > 0:
        return f"use {IMDAR_SHADE}"
    return "bust"


def _commit_text(crew: str, index: int) -> str:
    reqs = CREW[crew].requirements
    req = reqs[index]
    several = sum(1 for r in reqs if r.face == req.face) > 1
    return format_command(Commit(FACES[req.face], req.count if several else None))


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
            return "stop"  # e.g. only a hire that would end the game with another player ahead
        if kind == CHOOSE_CREW:
            return f"choose {plan.crew}"
        if kind == COMMIT:
            return _commit_text(plan.crew, plan.requirement)
        return format_command(LockDice(plan.lock.dice))
    if should_roll(state):
        return _before_rolling_command(state) or "roll"
    return "stop"


def _keep_command(state: GameState, seat: int) -> str:
    drawn = state.turn.drawn
    player = state.players[seat]
    best = _keep_order(player.hazard, drawn, _others_symbols(state, seat), state.seats)[0]
    return f"keep {drawn.index(best) + 1}"


def _return_command(state: GameState, seat: int) -> str:
    """Return the worst token: the one whose going makes the end score best, if any does."""
    held = state.players[seat].hazard
    others = _others_symbols(state, seat)
    best_index: int | None = None
    best_points = _hazard_points(held, others, state.seats)
    for i in range(len(held)):
        rest = held[:i] + held[i + 1 :]
        points = _hazard_points(rest, others, state.seats)
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
        player = state.players[seat]
        if state.tokens_left(seat) == 0 and NAMARI not in player.abilities:
            return "pass"  # no token to commit: the roll could only bust
        return "roll"
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
