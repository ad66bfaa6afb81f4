"""Proof beyond scenarios: properties of the Moonrollers engine over random legal play.

- Invariants after every event of random games (2 to 5 players, longer game or not, and games
  started from positions where players hold random stacks of hired crew): 12 dice accounted for, 45
  Hazard tokens in the pile or held, 30 crew cards accounted for, the display's size constant while
  the deck lasts, at most 10 tokens out per player, Prestige never decreasing; every game ends.
- Replay: the events, through JSON, folded from nothing equal the live state; every state survives
  a JSON round trip. Determinism: the same seed and commands give the same events.
- Every one of the 30 crew abilities is actually used by random play (a deterministic sweep).
- Illegal commands: random text raises CannotParse or IllegalCommand and nothing else, and changes
  nothing; every well-formed command of the notation, sent by every seat in positions of every
  kind, is accepted exactly when ``legal`` offers it (so wrong seats, wrong moments, dice not in the
  pool, covered requirements, crew not in the display... raise IllegalCommand).

Random play mixes three policies, chosen per command: the random bot, the heuristic bot, and a
"push" player that always rolls again and locks all it can (it reaches the rare small pools).

Hypothesis profile: set CI=1 for derandomized (repeatable) runs; failures print a reproduction blob.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from moonrollers_scenario import Game

from games.engine.core import CannotParse, Command, CommandSpec, Event, IllegalCommand, Rng, fold
from games.engine.moonrollers import ENGINE, bots
from games.engine.moonrollers.abilities import (
    AVARI,
    DOUBLE_IN_SMALL_POOL,
    EXTRA_AS_TWO,
    LILA_AL_BINDAR,
    LOCK_AS_WILD,
    MORO_MADA,
    TREAT_AS_EXTRA,
    USE_ABILITIES,
    VILA_NOIR,
    can_lock_any,
    small_pool,
)
from games.engine.moonrollers.cards import (
    CREW,
    CREW_SLUGS,
    DISPLAY_SIZE,
    HAZARD_TOKENS_TOTAL,
    REQUIREMENT_TOKENS,
)
from games.engine.moonrollers.commands import (
    Bust,
    ChooseCrew,
    Commit,
    KeepHazard,
    LockDice,
    LockedDie,
    Reroll,
    ReturnHazard,
    Roll,
    SaveWild,
    Settle,
    StackCrew,
    Stop,
    TreatAsExtra,
    UseAbility,
)
from games.engine.moonrollers.dice import EXTRA, FACES, TOTAL_DICE, WILD
from games.engine.moonrollers.notation import format_die
from games.engine.moonrollers.state import GameState
from games.engine.simulation import MAX_COMMANDS, game_seed

settings.register_profile(
    "moonrollers-dev", deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("moonrollers-ci", settings.get_profile("moonrollers-dev"), derandomize=True)
# Applied per test (not loaded globally, which would change every other Hypothesis test's settings).
PROFILE = settings.get_profile("moonrollers-ci" if os.environ.get("CI") else "moonrollers-dev")

Policy = Callable[[GameState, int, Rng], str]


# ---- invariants --------------------------------------------------------------------------------


def check_invariants(state: GameState, before: GameState | None) -> None:
    turn = state.turn
    in_play = sum(turn.pool) + sum(turn.locked) + sum(turn.as_extra) + turn.saved
    assert state.supply + in_play == TOTAL_DICE, "12 dice accounted for"
    assert min((*turn.pool, *turn.locked, *turn.as_extra, state.supply, turn.saved)) >= 0
    held = sum(len(p.hazard) for p in state.players)
    assert len(state.hazard_pile) + held + len(turn.drawn) == HAZARD_TOKENS_TOTAL, "45 Hazard tokens"
    cards = [c.crew for c in state.display] + list(state.deck)
    cards += [slug for p in state.players for stack in p.stacks for slug in stack]
    if turn.hired is not None:
        cards.append(turn.hired)  # hired, waiting for the top-or-under decision
    assert sorted(cards) == sorted(CREW_SLUGS), "30 crew cards accounted for"
    if state.deck:
        assert len(state.display) == DISPLAY_SIZE[state.seats], "the display's size is constant"
    for seat in range(state.seats):
        assert 0 <= state.tokens_out(seat) <= REQUIREMENT_TOKENS, "no more than 9 tokens out"
    if before is not None:
        for old, new in zip(before.players, state.players, strict=True):
            assert new.prestige >= old.prestige, "Prestige never decreases"


# ---- random play --------------------------------------------------------------------------------


def push(state: GameState, seat: int, rng: Rng) -> str:
    """Rolls again whenever it may, locks every die it may: small pools, rare abilities (Avari)."""
    specs = ENGINE.legal(state, seat)
    if any(s.action == "roll" for s in specs):
        return "roll"
    turn = state.turn
    for spec in specs:
        if spec.action == "lock" and spec.params and turn.crew is not None and turn.requirement is not None:
            needed = CREW[turn.crew].requirements[turn.requirement].count - turn.progress
            return spec.build({"dice": [c.value for c in spec.params[0].choices][:needed]})
    return bots.random_command(state, seat, rng)


def heuristic(state: GameState, seat: int, rng: Rng) -> str:
    return bots.heuristic_command(state, seat)


POLICIES: dict[str, tuple[Policy, ...]] = {
    "random": (bots.random_command,),
    "mixed": (bots.random_command, heuristic, push),
    # More pushing: the rarest abilities need small pools rolled again (Avari: a roll of all Wilds).
    "sweep": (bots.random_command, heuristic, push, push),
}


@dataclass(frozen=True)
class Setup:
    players: int
    longer_game: bool
    seed: int
    policy: str
    # Per seat, the hired crew stacks (top card first) of a position to start from, or None for a
    # real game set up by the engine.
    hired: tuple[tuple[tuple[str, ...], ...], ...] | None = None


def deal_hired(players: int, order: list[str], stacks: list[int], doubles: list[bool]) -> Game:
    """A position where each player holds ``stacks[seat]`` faction stacks (a second card of the
    faction when ``doubles`` says so), dealt from ``order``; the rest makes the display and deck."""
    free = list(order)
    crew: dict[int, list[tuple[str, ...]]] = {}
    flags = iter(doubles)
    for seat in range(players):
        mine: list[tuple[str, ...]] = []
        for _ in range(stacks[seat]):
            taken = {CREW[s[0]].faction for s in mine}
            top = next((s for s in free if CREW[s].faction not in taken), None)
            if top is None:
                break
            free.remove(top)
            stack = [top]
            under = next((s for s in free if CREW[s].faction == CREW[top].faction), None)
            if under is not None and next(flags, False):
                free.remove(under)
                stack.append(under)
            mine.append(tuple(stack))
        crew[seat] = mine
    size = DISPLAY_SIZE[players]
    return Game.build(players, crew=crew, display=free[:size], deck=free[size:])  # type: ignore[arg-type]


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    players = draw(st.integers(2, 5))
    hired = None
    if draw(st.booleans()):
        order = draw(st.permutations(CREW_SLUGS))
        stacks = draw(st.lists(st.integers(0, 3), min_size=players, max_size=players))
        doubles = draw(st.lists(st.booleans(), min_size=12, max_size=12))
        game = deal_hired(players, order, stacks, doubles)
        hired = tuple(p.stacks for p in game.state.players)
    return Setup(
        players=players,
        longer_game=draw(st.booleans()),
        seed=draw(st.integers(0, 2**32)),
        policy=draw(st.sampled_from(["mixed", "random", "mixed"])),
        hired=hired,
    )


def start_of(setup: Setup) -> tuple[GameState | None, list[Event]]:
    """The position a game starts from, and the events that make it (none for a dealt position)."""
    if setup.hired is None:
        seed = game_seed("properties", setup.seed)
        return None, ENGINE.setup(setup.players, {"longer_game": setup.longer_game}, Rng(seed, 1, 1))
    crew = {seat: list(stacks) for seat, stacks in enumerate(setup.hired)}
    taken = {slug for stacks in setup.hired for stack in stacks for slug in stack}
    free = Rng(game_seed("deal", setup.seed), 0, 0).shuffle([s for s in CREW_SLUGS if s not in taken])
    size = DISPLAY_SIZE[setup.players]
    game = Game.build(
        setup.players,
        crew=crew,  # type: ignore[arg-type]
        display=free[:size],
        deck=free[size:],
        first=setup.seed % setup.players,
    )
    return game.state, []


@dataclass
class Played:
    start: GameState | None
    events: list[Event]
    commands: list[tuple[int, str]]  # (seat, text)
    state: GameState
    used: set[str] = field(default_factory=set)  # crew abilities actually used
    positions: list[GameState] = field(default_factory=list)  # before each command


def abilities_used(before: GameState, event: Event, after: GameState) -> set[str]:
    """The crew abilities an event shows in use: the ``crew``/``with``/``by`` fields of the events,
    and the abilities that apply by themselves when their effect shows (Kal Damar's 6th die, AT-OK's
    safe roll, Avari's 3 dice after all Wilds, Moro Mada saving a roll, Namari's bust Prestige)."""
    p = event.payload
    kind = event.type
    if kind in ("dice_rerolled", "supply_dice_rolled", "dice_treated_as_extra", "wild_saved"):
        return {p["crew"]}
    if kind == "dice_locked":
        return {d["with"] for d in p["dice"] if d["with"]}
    if kind == "requirement_completed" and p["by"]:
        return {p["by"]}
    if kind == "hazard_tokens_drawn" and p["crew"]:
        return {p["crew"]}
    if kind == "busted" and p["prestige"]:
        return {"namari"}
    used: set[str] = set()
    if kind == "dice_rolled" and event.seat is not None:
        abilities = before.players[event.seat].abilities
        if p["first"] and p["from_supply"] == 6:
            used.add("kal-damar")
        if p["safe"]:
            used.add("at-ok")
        rolled = before.turn.rolled
        all_wild = rolled[WILD] > 0 and rolled[WILD] == sum(rolled)
        if not p["first"] and AVARI in abilities and all_wild:
            used.add("avari")
        turn = after.turn
        saved_by_moro = small_pool(turn) and turn.rolled[EXTRA] > 0 and not turn.at_ok_safe
        if MORO_MADA in abilities and saved_by_moro and not can_lock_any(after):
            used.add("moro-mada")
    return used


def play_checked(setup: Setup, *, round_trip: bool = True) -> Played:
    """Play a whole game with random legal commands, checking the invariants after every event."""
    start, events = start_of(setup)
    state = start
    for e in events:
        after = ENGINE.evolve(state, e)
        check_invariants(after, state)
        state = after
    assert state is not None
    check_invariants(state, None)
    played = Played(start, list(events), [], state)
    seed = game_seed("properties", setup.seed)
    choose = Rng(seed, 0, 0, "policy")
    policies = POLICIES[setup.policy]
    while not state.finished:
        assert len(played.commands) < MAX_COMMANDS, "every game ends"
        seat = ENGINE.pending(state)[0].seat
        seq = len(played.events) + 1
        policy = policies[choose.randbelow(len(policies))]
        text = policy(state, seat, Rng(seed, 1, seq, "bot"))
        played.positions.append(state)
        new = ENGINE.decide(state, seat, ENGINE.parse(text), Rng(seed, 1, seq))
        for e in new:
            after = ENGINE.evolve(state, e)
            check_invariants(after, state)
            played.used |= abilities_used(state, e, after)
            state = after
        if round_trip:
            assert ENGINE.load_state(json.loads(json.dumps(ENGINE.dump_state(state)))) == state
        played.events += new
        played.commands.append((seat, text))
    assert ENGINE.outcome(state) is not None
    played.state = state
    return played


def replay(setup: Setup, played: Played) -> list[Event]:
    """The same commands again, with the same seed: the events they give."""
    seed = game_seed("properties", setup.seed)
    state, events = start_of(setup)
    events = list(events)
    state = fold(ENGINE, events, state)
    for seat, text in played.commands:
        new = ENGINE.decide(state, seat, ENGINE.parse(text), Rng(seed, 1, len(events) + 1))
        state = fold(ENGINE, new, state)
        events += new
    return events


@settings(PROFILE, max_examples=14)
@given(setups())
def test_random_games_keep_every_invariant_replay_from_json_and_are_deterministic(setup: Setup) -> None:
    played = play_checked(setup)
    stored = [Event.from_json(json.loads(json.dumps(e.to_json()))) for e in played.events]
    assert fold(ENGINE, stored, played.start) == played.state
    assert [e.to_json() for e in replay(setup, played)] == [e.to_json() for e in played.events]


def test_every_crew_ability_is_used_by_random_play() -> None:
    """A deterministic sweep of games from positions where the players hold random hired crew, the
    abilities not used yet dealt first, until each of the 30 has been used (it takes ~30 games)."""
    used: Counter[str] = Counter()
    games = 0
    while set(CREW_SLUGS) - set(used) and games < 150:
        rng = Rng(b"ability-sweep", games, 0)
        players = 2 + games % 4
        order = rng.shuffle(CREW_SLUGS)
        order = [s for s in order if s not in used] + [s for s in order if s in used]
        game = deal_hired(players, order, [3] * players, [rng.randbelow(2) == 0 for _ in range(12)])
        hired = tuple(p.stacks for p in game.state.players)
        used.update(play_checked(Setup(players, False, games, "sweep", hired), round_trip=False).used)
        games += 1
    assert sorted(set(CREW_SLUGS) - set(used)) == []


# ---- illegal commands ---------------------------------------------------------------------------


@cache
def sample_states() -> tuple[GameState, ...]:
    """Positions of every kind from random games with hired crew: up to 12 per pending kind, and
    more where an ability is on offer."""
    by_kind: dict[str, list[GameState]] = {}
    with_ability: list[GameState] = []
    for i in range(6):
        rng = Rng(b"sample-states", i, 0)
        players = 2 + i % 4
        game = deal_hired(players, rng.shuffle(CREW_SLUGS), [3] * players, [i % 2 == 0] * 12)
        setup = Setup(players, False, 1000 + i, "mixed", tuple(p.stacks for p in game.state.players))
        played = play_checked(setup, round_trip=False)
        for state in [*played.positions, played.state]:
            pending = ENGINE.pending(state)
            kind = pending[0].kind if pending else "finished"
            if len(by_kind.setdefault(kind, [])) < 12:
                by_kind[kind].append(state)
            specs = ENGINE.legal(state, pending[0].seat) if pending else []
            if any(sp.action in ("use", "reroll", "treat", "save") or " with " in sp.prefix for sp in specs):
                with_ability.append(state)
    return tuple(s for states in by_kind.values() for s in states) + tuple(with_ability[::3][:60])


TEXT_WORDS = [
    *["roll", "settle", "stop", "bust", "choose", "commit", "lock", "reroll", "re-roll", "use", "treat"],
    *["without", "without avari", "without kal-damar"],
    *["save", "keep", "stack", "return", "as", "with", "extra", "again", "all", "top", "under", "on"],
    *["bottom", "none", "nothing", "first", "second", ",", ";", ".", "!", "-", "2 shields", "as 2"],
    *FACES,
    *[f + "s" for f in FACES],
    *CREW_SLUGS,
    *["zek", "lila", "ryan", "sa", "b3", "[redacted]", "dr.", "nobody"],
    *["as wild", "as 2 damage", "as 2 reactors", "with zek-zarag", "as extra with kary-powalk"],
]
NUMBERS = ["0", "1", "2", "3", "4", "5", "12", "13", "99", "-1", "2.5", "²", "٣", "1e3", "00", "0x2"]


VERBS = ["roll", "settle", "stop", "bust", "choose", "commit", "lock", "reroll", "use", "treat", "save"]
VERBS += ["keep", "stack", "return"]


@settings(PROFILE, max_examples=500)
@given(
    st.integers(0, 10_000),
    st.one_of(
        st.text(max_size=40),
        st.lists(st.sampled_from(TEXT_WORDS + NUMBERS), max_size=8).map(" ".join),
        st.tuples(
            st.sampled_from(VERBS),
            st.lists(st.sampled_from(TEXT_WORDS) | st.sampled_from(NUMBERS), max_size=6),
        ).map(lambda t: " ".join([t[0], *t[1]])),
    ),
)
def test_random_text_is_refused_with_a_command_error_and_changes_nothing(index: int, text: str) -> None:
    states = sample_states()
    state = states[index % len(states)]
    before = ENGINE.dump_state(state)
    try:
        command = ENGINE.parse(text)
    except CannotParse:
        return
    for seat in range(state.seats):
        with contextlib.suppress(IllegalCommand):  # anything else fails the test
            ENGINE.decide(state, seat, command, Rng(b"fuzz", index, seat))
    assert ENGINE.dump_state(state) == before


@pytest.mark.parametrize(
    "text", ["keep ²", "return ²", "commit shield ²", "lock ² wild", "treat ² damage as extra with kary"]
)
def test_unicode_digits_that_are_not_numbers_cannot_be_parsed(text: str) -> None:
    # Found by the fuzzing above: "²" passes str.isdigit() but int("²") raised ValueError.
    with pytest.raises(CannotParse):
        ENGINE.parse(text)


def _grammar() -> list[str]:
    """Well-formed commands of the notation, for every verb, with every kind of argument."""
    out = ["roll", "settle", "stop", "bust", "save wild with meg-gallak", "keep 1", "keep 2"]
    out += ["roll without avari", "roll without kal-damar"]
    out += ["stack top", "stack under", "return none", *[f"return {i}" for i in range(1, 6)]]
    out += [f"choose {slug}" for slug in CREW_SLUGS]
    out += [f"commit {f}" for f in FACES[:5]] + [f"commit {f} {n}" for f in FACES[:5] for n in range(1, 5)]
    for f in FACES:
        out += [f"lock {f}", f"lock 2 {f}", f"lock {f} wild", f"lock 5 {f}"]
    out += ["lock 3 wild", "lock 12 wild", "lock shield shield wild"]
    for ability in sorted(LOCK_AS_WILD):
        out += ["lock " + format_die(LockedDie(f, ability)) for f in FACES]
    for ability in sorted(EXTRA_AS_TWO):
        out += ["lock " + format_die(LockedDie("extra", ability))]
    for ability in sorted(DOUBLE_IN_SMALL_POOL):
        out += ["lock " + format_die(LockedDie(f, ability)) for f in FACES[:5]]
    for ability in (LILA_AL_BINDAR, VILA_NOIR):
        out += [f"reroll {f} with {ability}" for f in FACES] + [
            f"reroll damage thruster shield with {ability}"
        ]
    out += [f"use {ability}" for ability in sorted(USE_ABILITIES)]
    for ability in sorted(TREAT_AS_EXTRA):
        out += [f"treat {f} as extra with {ability}" for f in FACES] + [
            f"treat 2 damage as extra with {ability}"
        ]
    return out


GRAMMAR = _grammar()


def _requirement_of(state: GameState, value: str) -> int | None:
    """The requirement a commit choice (``shield`` or ``shield 3``) names on the chosen card."""
    turn = state.turn
    assert turn.crew is not None
    words = value.split()
    reqs = CREW[turn.crew].requirements
    card = state.display[state.slot_of(turn.crew)]
    for i, req in enumerate(reqs):
        named = FACES[req.face] == words[0] and (len(words) == 1 or req.count == int(words[1]))
        if named and card.tokens[i] is None:
            return i
    return None


def _within(chosen: Iterable[str], spec: CommandSpec) -> bool:
    """Are the dice ``chosen`` among the spec's (one choice per die)?"""
    offered = Counter(c.value for p in spec.params for c in p.choices)
    return not Counter(chosen) - offered


def offered(state: GameState, seat: int, command: Command, events: list[Event]) -> bool:
    """Does ``legal`` offer this accepted command? (Its action, and its values among the choices.)"""
    specs = ENGINE.legal(state, seat)
    by_prefix = {s.prefix: s for s in specs}
    actions = {s.action for s in specs}
    if isinstance(command, Settle):
        return True  # the timeout default: not a form of its own, it stands for offered commands
    if isinstance(command, Roll) and command.without is not None:
        return f"roll without {command.without}" in by_prefix
    if isinstance(command, Roll | Stop | Bust):
        return type(command).__name__.lower() in actions
    if isinstance(command, SaveWild):
        return "save" in actions
    if isinstance(command, UseAbility):
        return f"use {command.crew}" in by_prefix
    if isinstance(command, KeepHazard | StackCrew | ReturnHazard | ChooseCrew):
        action = {KeepHazard: "keep", StackCrew: "stack", ReturnHazard: "return", ChooseCrew: "choose"}
        value = {
            KeepHazard: lambda c: str(c.choice),
            StackCrew: lambda c: c.position,
            ReturnHazard: lambda c: "none" if c.index is None else str(c.index),
            ChooseCrew: lambda c: c.crew,
        }[type(command)](command)
        spec = next((s for s in specs if s.action == action[type(command)]), None)
        return spec is not None and value in {c.value for c in spec.params[0].choices}
    if isinstance(command, Commit):
        spec = next((s for s in specs if s.action == "commit"), None)
        if spec is None:
            return False
        indexes = {_requirement_of(state, c.value) for c in spec.params[0].choices}
        return events[0].payload["requirement"] in indexes
    if isinstance(command, Reroll):
        spec = by_prefix.get(f"reroll with {command.crew}")
        return spec is not None and _within(command.faces, spec)
    if isinstance(command, TreatAsExtra):
        spec = next((s for s in specs if s.action == "treat" and s.prefix.endswith(command.crew)), None)
        return spec is not None and (not spec.params or _within(command.faces, spec))
    if isinstance(command, LockDice):
        plain = [d.face for d in command.dice if d.crew is None]
        locks = [s for s in specs if s.action == "lock"]
        spec = next((s for s in locks if s.params), None)
        if plain and (spec is None or not _within(plain, spec)):
            return False
        return all(f"lock {format_die(d)}" in by_prefix for d in command.dice if d.crew is not None)
    raise AssertionError(f"unknown command {command!r}")


def _minimal(spec: CommandSpec) -> str:
    return spec.build({p.name: [c.value for c in p.choices][: p.min_count] for p in spec.params})


def test_well_formed_commands_are_accepted_exactly_when_legal_offers_them() -> None:
    """Every command of the grammar, from every seat, in positions of every kind: accepted only from
    the seat to act and only if ``legal`` offers it; otherwise IllegalCommand (never another error)
    and the position unchanged. And what ``legal`` offers is accepted."""
    commands = [(text, ENGINE.parse(text)) for text in GRAMMAR]
    refused: Counter[str] = Counter()
    accepted: Counter[str] = Counter()
    states = sample_states()
    assert len(states) > 80
    for state in states:
        before = ENGINE.dump_state(state)
        pending = ENGINE.pending(state)
        active = pending[0].seat if pending else None
        for text, command in commands:
            for seat in range(state.seats):
                try:
                    events = ENGINE.decide(state, seat, command, Rng(b"grammar", seat, 0))
                except IllegalCommand:
                    refused[text.split()[0]] += 1
                    continue
                assert seat == active, f"{text!r} accepted from seat {seat}, not the one to act"
                assert offered(state, seat, command, events), f"{text!r} accepted but not offered"
                accepted[text.split()[0]] += 1
        if active is not None:
            for spec in ENGINE.legal(state, active):
                ENGINE.decide(state, active, ENGINE.parse(_minimal(spec)), Rng(b"grammar", 9, 0))
        assert ENGINE.dump_state(state) == before
    # Not vacuous: every verb was accepted somewhere and refused somewhere (wrong seat at least).
    verbs = {t.split()[0] for t in GRAMMAR}
    assert verbs <= set(refused)
    assert verbs <= set(accepted)


def test_keep_3_is_not_a_command_and_keep_2_without_a_draw_is_illegal() -> None:
    state = sample_states()[0]
    with pytest.raises(CannotParse):
        ENGINE.parse("keep 3")
    assert not state.turn.drawn
    with pytest.raises(IllegalCommand):
        ENGINE.decide(state, state.turn.seat, ENGINE.parse("keep 2"), Rng(b"k", 0, 0))
