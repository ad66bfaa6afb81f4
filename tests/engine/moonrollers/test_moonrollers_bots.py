"""The bots: the random bot is uniform over the legal specs and always legal; the heuristic bot
always plays legal commands, beats random bots, weighs bust risk, uses its abilities, handles its
Hazard tokens and stacks sensibly, and decides only on what its seat may see."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from moonrollers_scenario import Game

from games.engine.core import Event, Rng
from games.engine.moonrollers import ENGINE, bots
from games.engine.moonrollers.dice import WILD
from games.engine.moonrollers.state import GameState
from games.engine.moonrollers.stats import bust_rate
from games.engine.simulation import MAX_COMMANDS, PlayedGame, game_seed

Policy = Callable[[GameState, int, Rng], str]


def heuristic(state: GameState, seat: int, rng: Rng) -> str:
    # Unchecked: decide refuses it if the heuristic ever picks an illegal command (no fallback).
    return bots.heuristic_command(state, seat)


def always_roll_again(state: GameState, seat: int, rng: Rng) -> str:
    """The heuristic bot without its bust-risk weighing: it never stops while it may roll."""
    text = bots.heuristic_command(state, seat)
    return "roll" if text == "stop" and bots.is_legal(state, seat, "roll") else text


def play(seed: bytes, policies: list[Policy], options: dict[str, bool] | None = None) -> PlayedGame:
    """A whole game, one policy per seat, driven as the platform drives it."""
    events = ENGINE.setup(len(policies), options or {}, Rng(seed, 1, 1))
    state: GameState | None = None
    for e in events:
        state = ENGINE.evolve(state, e)
    assert state is not None
    commands = 0
    while not state.finished:
        assert commands < MAX_COMMANDS, "the game does not end"
        seat = ENGINE.pending(state)[0].seat
        seq = len(events) + 1
        text = policies[seat](state, seat, Rng(seed, 1, seq, "bot"))
        new: list[Event] = ENGINE.decide(state, seat, ENGINE.parse(text), Rng(seed, 1, seq))
        for e in new:
            state = ENGINE.evolve(state, e)
        events += new
        commands += 1
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return PlayedGame(events, outcome, commands)


def win_share(games: list[PlayedGame], seats_of: Callable[[int], set[int]]) -> float:
    """The share of games won by the seats ``seats_of(game number)`` (ties share the win)."""
    won = sum(len(seats_of(i) & set(g.outcome.winners)) / len(g.outcome.winners) for i, g in enumerate(games))
    return won / len(games)


# ---- the random bot ------------------------------------------------------------------------------


def test_it_picks_each_legal_spec_about_equally_often() -> None:
    g = Game.build(["Ann", "Bob"], crew={"Ann": ["salatar", "ryan-rogal"]}, display=["namari"])
    # choose, Salatar, Ryan Rogal; no stop: "Lock in at least 1 die" comes first.
    g.roll("damage damage shield thruster reactor")
    specs = ENGINE.legal(g.state, 0)
    assert len(specs) == 3
    samples = 800
    picked = Counter(
        ENGINE.random_command(g.state, 0, Rng(b"uniform", i, 0)).split()[0] for i in range(samples)
    )
    expected = {"choose": 1, "use": 2}
    for verb, share in expected.items():
        assert abs(picked[verb] / samples - share / 3) < 0.06, picked
    start = Game.build(["Ann", "Bob"]).state
    rolls = sum(ENGINE.random_command(start, 0, Rng(b"uniform", i, 1)) == "roll" for i in range(samples))
    assert rolls == samples  # a turn starts with a roll: there is no pass


def test_its_random_commands_are_legal_in_every_kind_of_position() -> None:
    kinds: Counter[str] = Counter()
    for i in range(3):
        seed = game_seed("random-legal", i)
        events = ENGINE.setup(3, {}, Rng(seed, 1, 1))
        state: GameState | None = None
        for e in events:
            state = ENGINE.evolve(state, e)
        assert state is not None
        for n in range(3000):
            if state.finished:
                break
            pending = ENGINE.pending(state)[0]
            kinds[pending.kind] += 1
            text = ENGINE.random_command(state, pending.seat, Rng(seed, 2, n, "bot"))
            assert bots.is_legal(state, pending.seat, text), text
            for e in ENGINE.decide(state, pending.seat, ENGINE.parse(text), Rng(seed, 2, n)):
                state = ENGINE.evolve(state, e)
    assert {"start_turn", "choose_crew", "commit", "lock_dice", "roll_or_stop", "keep_hazard"} <= set(kinds)


# ---- the heuristic bot: whole games ------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_it_plays_50_games_to_the_end_with_every_command_accepted(players: int) -> None:
    # 4 x 50 = 200 games; the longer game variant in one game out of four.
    for i in range(50):
        game = play(game_seed(f"bots-{players}", i), [heuristic] * players, {"longer_game": i % 4 == 0})
        assert game.events[-1].type == "game_ended"
        assert game.commands < 2000


def test_it_wins_far_more_than_its_fair_share_against_random_bots() -> None:
    games = []
    for i in range(40):
        seat = i % 4  # every seat in turn, so the first player's edge does not count
        policies: list[Policy] = [ENGINE.random_command] * 4
        policies[seat] = heuristic
        games.append(play(game_seed("versus-random", i), policies))
    assert win_share(games, lambda i: {i % 4}) > 0.75  # a fair share is 0.25


def test_weighing_bust_risk_busts_less_and_wins_more_than_always_rolling_again() -> None:
    # 160 games: at 60 the share wobbles around its mean (about 0.58 under the rules of issue 9).
    games, weighing, bold = [], [], []
    for i in range(160):
        first = i % 2 == 0
        policies: list[Policy] = [heuristic, always_roll_again] if first else [always_roll_again, heuristic]
        games.append(play(game_seed("versus-bold", i), policies))
        weighing.append({0} if first else {1})
        bold.append({1} if first else {0})
    assert win_share(games, lambda i: weighing[i]) > 0.5
    busts_weighing = sum(bust_rate([g], weighing[i]) for i, g in enumerate(games)) / len(games)
    busts_bold = sum(bust_rate([g], bold[i]) for i, g in enumerate(games)) / len(games)
    assert busts_weighing < busts_bold * 0.8


# ---- the heuristic bot: decisions ----------------------------------------------------------------


def ann_with(
    *crew: str, display: list[str] | None = None, names: list[str] | None = None, **kw: object
) -> Game:
    """Ann (seat 0, to play) holds ``crew``; the display is Namari, Salatar, Aponi, Vila Noir."""
    return Game.build(
        names or ["Ann", "Bob"],
        crew={"Ann": list(crew)},
        display=display or ["namari", "salatar", "aponi", "vila-noir"],
        **kw,  # type: ignore[arg-type]
    )


def bot(g: Game) -> str:
    text = ENGINE.bot_command(g.state, g.turn.seat, Rng(b"bot", 0, 0))
    assert text == bots.heuristic_command(g.state, g.turn.seat)  # no fallback was needed
    return text


def test_it_chooses_the_crew_and_requirement_its_roll_completes_for_the_most_prestige() -> None:
    # Namari's Shield 4 (4 Prestige) beats Salatar's Shield 3 and Ryle Al Wren's Shield 2.
    g = ann_with(display=["namari", "salatar", "ryle-al-wren", "vila-noir"])
    g.roll("shield shield shield shield damage")
    assert bot(g) == "choose namari"
    g.play("choose namari")
    assert bot(g) == "commit shield"
    g.play("commit shield")
    assert ENGINE.parse(bot(g)) == ENGINE.parse("lock 4 shield")


def test_it_locks_a_single_thruster_as_a_wild_with_zek_zarag() -> None:
    g = ann_with("zek-zarag")
    g.roll("shield damage damage reactor reactor")
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock shield")
    g.roll("thruster damage damage reactor")
    assert bot(g) == "lock thruster as wild with zek-zarag"


def test_it_rerolls_with_vila_noir_rather_than_bust() -> None:
    g = ann_with("vila-noir", display=["namari", "salatar", "aponi", "imdar-shade"])
    g.roll("shield reactor damage thruster thruster")
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock shield")
    g.roll("thruster damage damage damage")
    text = bot(g)
    assert text.startswith("reroll ") and text.endswith(" with vila-noir")
    assert len(ENGINE.parse(text).faces) == 2  # type: ignore[attr-defined]


def test_it_rerolls_the_dice_that_do_not_help_with_lila_al_bindar() -> None:
    # No card on display asks for Reactors: with 2 of them rolled, Lila re-rolls them.
    g = ann_with("lila-al-bindar", display=["imdar-shade", "ryle-al-wren", "redacted", "b3-ar"])
    g.roll("reactor reactor shield shield thruster")
    text = bot(g)
    assert text.startswith("reroll reactor reactor") and text.endswith(" with lila-al-bindar")


def test_it_rerolls_a_roll_that_fits_nothing_with_salatar() -> None:
    g = ann_with("salatar", display=["namari", "ryle-al-wren", "dana-powalki", "sella-pelleon"])
    g.roll("extra extra extra extra extra")
    assert bot(g) == "use salatar"


def test_it_completes_its_requirement_with_b3_ar() -> None:
    g = ann_with("b3-ar")
    g.roll("thruster thruster thruster shield damage")
    for _ in range(6):
        if g.turn.seat != 0 or any(e.type == "requirement_completed" for e in g.events):
            break
        g.play(bot(g))
    completed = [e for e in g.events if e.type == "requirement_completed"]
    assert completed and completed[0].payload["by"] == "b3-ar"


def test_it_saves_a_spare_wild_with_meg_gallak_before_rolling_again() -> None:
    g = ann_with("meg-gallak")
    g.roll("shield wild thruster reactor reactor")
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock shield")
    assert bot(g) == "save wild with meg-gallak"
    g.play("save wild with meg-gallak")
    assert bots.lock_chance(g.state) == 1.0  # the Wild fits whatever comes
    assert bot(g) == "roll"


def test_it_rolls_again_when_nothing_is_at_stake() -> None:
    g = ann_with()
    g.roll("shield damage damage reactor reactor")
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock shield")
    assert bots.should_roll(g.state)
    assert bot(g) == "roll"


def test_it_stops_when_a_bust_would_cost_more_than_rolling_is_worth() -> None:
    g = ann_with()
    g.roll("shield shield shield shield damage")
    g.play("choose namari")
    g.play("commit shield")
    g.play("lock 4 shield")  # 4 Prestige placed; 1 die left to roll for Damage 3, Thruster 3, Reactor 1
    assert bots.lock_chance(g.state) == pytest.approx(4 / 6)
    assert bot(g) == "stop"


def test_it_rolls_even_with_all_its_tokens_out_since_there_is_no_pass() -> None:
    # "Each turn consists of a series of rolls": the first step is "Roll 5 dice", whatever it costs.
    covered = {
        "salatar": {"reactor": "Ann", "thruster": "Ann", "shield": "Ann", "damage": "Ann"},
        "aponi": {"reactor": "Ann", "thruster": "Ann", "shield": "Ann", "wild": "Ann"},
        "vila-noir": {"reactor 4": "Ann"},
    }
    g = ann_with(tokens=covered)
    assert g.state.tokens_left(0) == 0
    assert bot(g) == "roll"


def test_the_chance_of_locking_on_the_next_roll_counts_dice_wilds_and_abilities() -> None:
    plain = ann_with()
    plain.roll("shield thruster damage reactor reactor")
    plain.play("choose namari")
    plain.play("commit shield")
    plain.play("lock shield")  # 4 dice to roll, for a Shield (Shield or Wild: 1 in 3)
    assert bots.lock_chance(plain.state) == pytest.approx(1 - (2 / 3) ** 4)
    zek = ann_with("zek-zarag")
    zek.roll("shield thruster damage reactor reactor")
    zek.play("choose namari")
    zek.play("commit shield")
    zek.play("lock shield")
    # Nothing fits in (2/3)^4 of rolls; of those, exactly 1 Thruster (Zek locks it) in 4 (1/4)(3/4)^3.
    assert bots.lock_chance(zek.state) == pytest.approx(1 - (2 / 3) ** 4 * (1 - 4 * (1 / 4) * (3 / 4) ** 3))
    extra = ann_with()
    extra.roll("shield extra extra damage reactor")
    extra.play("choose namari")
    extra.play("commit shield")
    extra.play("lock shield")  # 4 dice + 2 added by the Extra Dice
    assert bots.lock_chance(extra.state) == pytest.approx(1 - (2 / 3) ** 6)
    assert bots.roll_lock_chance(3, (WILD,), frozenset(), False) == pytest.approx(1 - (5 / 6) ** 3)


def test_its_quick_rescue_check_agrees_with_the_engine() -> None:
    from games.engine.moonrollers.abilities import die_fits
    from games.engine.moonrollers.cards import Requirement
    from games.engine.moonrollers.state import Turn

    # Every way up to 6 dice can fit nothing plainly, for every face, with each ability alone.
    for face in range(5):
        others = tuple(f for f in range(6) if f not in (face, WILD))
        for ability in sorted(
            bots.RESCUE_ABILITIES - {"moro-mada", "vila-noir", "lila-al-bindar", "saghari"}
        ):
            abilities = frozenset({ability})
            for n in range(1, 7):
                for counts, _ in bots._compositions(n, others):
                    turn = Turn(seat=0, pool=counts, rolled=counts, pool_size=n)
                    engine = die_fits(turn, Requirement(face, 1, False), abilities)
                    assert bots.saved_by_ability(counts, (face,), abilities) == engine, (
                        face,
                        ability,
                        counts,
                    )


# ---- Hazard tokens and stacking -------------------------------------------------------------------


def drew_for_namari_reactor(g: Game) -> Game:
    g.roll("reactor thruster thruster damage damage")
    g.play("choose namari")
    g.play("commit reactor")
    g.play("lock reactor")  # Namari's Reactor 1 is hazardous: draw 2, keep 1
    assert len(g.turn.drawn) == 2
    return g


def test_it_keeps_the_higher_token_when_it_is_not_at_risk_of_the_most_hazard() -> None:
    g = ann_with(names=["Ann", "Bob", "Cy"], hazard={"Bob": [1, 2, 1, 1, 5]}, hazard_pile_top=[1, 5])
    drew_for_namari_reactor(g)
    assert bot(g) == "keep 2"  # the 5


def test_it_keeps_the_token_with_fewer_symbols_when_at_risk_of_the_most_hazard() -> None:
    g = ann_with(names=["Ann", "Bob", "Cy"], hazard={"Ann": [5, 5], "Bob": [1]}, hazard_pile_top=[5, 1])
    drew_for_namari_reactor(g)
    assert bot(g) == "keep 2"  # the 1: a 5 would make Ann's lead in symbols certain


DUPLICATE = {"namari": {"shield": "Bob", "damage": "Bob", "reactor": "Bob"}}


def hire_namari(g: Game) -> Game:
    g.roll("thruster thruster thruster damage damage")
    g.play("choose namari")
    g.play("commit thruster")
    g.play("lock thruster thruster thruster")
    return g


def test_it_stacks_the_better_ability_on_top() -> None:
    worse = hire_namari(ann_with("imdar-shade", display=["namari"], tokens=DUPLICATE))
    assert bot(worse) == "stack top"  # Namari's Prestige on a bust beats Imdar Shade
    better = hire_namari(ann_with("ryle-al-wren", display=["namari"], tokens=DUPLICATE))
    assert bot(better) == "stack under"


def test_it_returns_its_worst_token_when_at_risk_and_none_otherwise() -> None:
    risky = hire_namari(
        ann_with(
            "ryle-al-wren",
            names=["Ann", "Bob", "Cy"],
            display=["namari"],
            tokens=DUPLICATE,
            hazard={"Ann": [1, 5, 2]},
        )
    )
    risky.play("stack under")
    assert bot(risky) == "return 2"  # the 5: 2 symbols
    safe = hire_namari(
        ann_with(
            "ryle-al-wren",
            names=["Ann", "Bob", "Cy"],
            display=["namari"],
            tokens=DUPLICATE,
            hazard={"Ann": [1, 2], "Bob": [2, 2, 5, 5, 2, 2]},
        )
    )
    safe.play("stack under")
    assert bot(safe) == "return none"


# ---- hidden information ----------------------------------------------------------------------------


def test_it_decides_the_same_whatever_it_cannot_see() -> None:
    """Other players' Hazard token values, the deck order and the Hazard pile order are secret: the
    bot's command is the same when they are changed."""
    checked = 0
    for i in range(6):
        seed = game_seed("hidden", i)
        events = ENGINE.setup(3, {}, Rng(seed, 1, 1))
        state: GameState | None = None
        for e in events:
            state = ENGINE.evolve(state, e)
        assert state is not None
        while not state.finished:
            seat = state.turn.seat
            text = bots.heuristic_command(state, seat)
            others = tuple(
                p._replace(hazard=tuple(6 - h if h != 2 else 2 for h in p.hazard)) if s != seat else p
                for s, p in enumerate(state.players)
            )
            masked = state._replace(
                players=others, deck=state.deck[::-1], hazard_pile=state.hazard_pile[::-1]
            )
            assert bots.heuristic_command(masked, seat) == text
            checked += 1
            for e in ENGINE.decide(state, seat, ENGINE.parse(text), Rng(seed, 1, checked)):
                state = ENGINE.evolve(state, e)
    assert checked > 500


# ---- simulation figures -----------------------------------------------------------------------------


def test_simulation_stats_count_turns_busts_spread_endings_and_hazard() -> None:
    from games.engine.core import Outcome
    from games.engine.moonrollers.events import event
    from games.engine.moonrollers.stats import simulation_stats

    def rolled(seat: int) -> Event:
        return event("dice_rolled", seat, faces=["wild"], first=True, from_supply=5, kept=0, safe=False)

    events = [
        event("turn_started", 0, seat=0),
        rolled(0),
        event("busted", 0, crew=None, removed=[], taken_back=None, prestige=0, rolled=["wild"]),
        event("turn_started", 1, seat=1),
        event("turn_passed", 1),
        event("turn_started", 0, seat=0),
        rolled(0),
        event("turn_started", 1, seat=1),
        rolled(1),
        event("game_ended", None, reasons=["three_of_a_faction", "deck_exhausted"]),
    ]
    details = {"hazard_tokens": {"0": [5, 2], "1": [1]}, "hazard_disqualified": [0]}
    game = PlayedGame(events, Outcome(scores={0: 30, 1: 21}, ranking=[[0], [1]], details=details), 9)
    other = PlayedGame(
        [*events[:4], event("game_ended", None, reasons=["one_of_each_faction"])],
        Outcome(scores={0: 10, 1: 10}, ranking=[[0, 1]], details={**details, "hazard_disqualified": []}),
        3,
    )
    stats = simulation_stats([game, other])
    assert stats["average turns per game"] == (4 + 2) / 2
    assert stats["bust rate (busts / turns with a roll)"] == 2 / 4  # 2 busts, 4 turns with a roll
    assert stats["average Prestige spread (winner - last)"] == (9 + 0) / 2
    assert stats["average winning Prestige"] == (30 + 10) / 2
    assert stats["games ended by three of a faction"] == 0.5
    assert stats["games ended by deck exhausted"] == 0.5
    assert stats["games ended by one of each faction"] == 0.5
    assert stats["average Hazard tokens held per player"] == 1.5
    assert stats["share of players scoring no Hazard tokens"] == 1 / 4


def test_the_simulate_command_finds_the_moonrollers_figures() -> None:
    import importlib

    from games.engine.moonrollers.stats import simulation_stats

    assert importlib.import_module(type(ENGINE).__module__).simulation_stats is simulation_stats
