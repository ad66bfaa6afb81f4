"""What made the heuristic bot and the engine faster (issue 13) changes nothing they answer: a bot still
never plays an illegal command, a command decided with the events of the bot's own check gives the
events a fresh decide gives, the completion odds are the very floats of the plain computation, and the
memos stay small."""

from __future__ import annotations

import json
from math import factorial

import pytest

from games.engine.core import Event, Rng, fold
from games.engine.moonrollers import ENGINE, bots, events
from games.engine.moonrollers.abilities import DOUBLE_IN_SMALL_POOL, EXTRA_AS_TWO
from games.engine.moonrollers.bots import heuristic, legality, odds, worth
from games.engine.moonrollers.cards import CREW
from games.engine.moonrollers.dice import TOTAL_DICE
from games.engine.moonrollers.legal import COMMIT, LOCK_DICE
from games.engine.moonrollers.state import GameState
from games.engine.simulation import game_seed


def _positions(
    games: int, players: int = 4, name: str = "bot-speed", driver: str = "heuristic"
) -> list[tuple[GameState, int, bytes, int]]:
    """(state, seat to act, seed, seq) for every position of games the heuristic bot plays (or
    random players, who reach positions the bot avoids)."""
    choose = ENGINE.bot_command if driver == "heuristic" else ENGINE.random_command
    out = []
    for index in range(games):
        seed = game_seed(name, index)
        game_events = ENGINE.setup(players, {}, Rng(seed, 1, 1))
        state = fold(ENGINE, game_events)
        while not state.finished:
            seat = ENGINE.pending(state)[0].seat
            seq = len(game_events) + 1
            out.append((state, seat, seed, seq))
            text = choose(state, seat, Rng(seed, 1, seq, "bot"))
            new = ENGINE.decide(state, seat, ENGINE.parse(text), Rng(seed, 1, seq))
            for e in new:
                state = ENGINE.evolve(state, e)
            game_events += new
    return out


def _json(new: list[Event]) -> str:
    return json.dumps([e.to_json() for e in new], sort_keys=True)


def test_an_illegal_heuristic_pick_falls_back_to_a_random_legal_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state, seat, seed, seq = _positions(1)[0]  # the first turn's start: "stop" is refused
    assert not bots.is_legal(state, seat, "stop")
    monkeypatch.setattr(heuristic, "heuristic_command", lambda state, seat: "stop")
    text = ENGINE.bot_command(state, seat, Rng(seed, 1, seq, "bot"))
    assert text == bots.random_command(state, seat, Rng(seed, 1, seq, "bot"))
    assert bots.is_legal(state, seat, text)


def test_a_command_decided_after_the_bots_check_has_the_events_of_a_fresh_decide() -> None:
    """``decide`` takes the events of the bot's check (once) when they owed nothing to the dice."""
    reused = 0
    for state, seat, seed, seq in _positions(2):
        text = bots.heuristic_command(state, seat)
        fresh = _json(ENGINE.decide(state, seat, ENGINE.parse(text), Rng(seed, 1, seq)))
        assert bots.is_legal(state, seat, text)
        reused += legality.CHECKED.take(state, seat, ENGINE.parse(text)) is not None
        assert bots.is_legal(state, seat, text)
        assert _json(ENGINE.decide(state, seat, ENGINE.parse(text), Rng(seed, 1, seq))) == fresh
        # Taken once: deciding again handles the command again, to the same events.
        assert _json(ENGINE.decide(state, seat, ENGINE.parse(text), Rng(seed, 1, seq))) == fresh
    assert reused > 100


def test_the_check_of_another_state_or_command_is_not_taken() -> None:
    (first, seat, _, _), (second, _, _, _) = _positions(1)[:2]
    assert bots.is_legal(first, seat, "roll")
    assert legality.CHECKED.take(second, seat, ENGINE.parse("roll")) is None
    assert legality.CHECKED.take(first, seat, ENGINE.parse("stop")) is None


def test_the_check_of_a_command_that_rolls_stops_at_its_first_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every refusal comes before a handler's first draw: the check of "roll" ends there, legal,
    without rolling nor building the roll's event (the decide that plays it rolls the real dice)."""
    state, seat, seed, seq = _positions(1)[0]  # the first turn's start
    built: list[object] = []
    real_event = events.DiceRolled.event

    def counted(payload: events.DiceRolled, actor: int | None) -> Event:
        built.append(payload)
        return real_event(payload, actor)

    monkeypatch.setattr(events.DiceRolled, "event", counted)
    assert bots.is_legal(state, seat, "roll")
    assert built == []
    assert legality.CHECKED.take(state, seat, ENGINE.parse("roll")) is None
    rolled = ENGINE.decide(state, seat, ENGINE.parse("roll"), Rng(seed, 1, seq))
    assert rolled[0].type == "dice_rolled"
    assert len(built) == 1


def _plain_complete_chance(n: int, needed: int, o: odds.Odds, memo: dict[tuple[int, int], float]) -> float:
    """The completion chance as first written: every lock of every roll weighed in turn."""
    if needed <= 0:
        return 1.0
    n = min(n, TOTAL_DICE)
    if n <= 0:
        return 0.0
    if (n, needed) in memo:
        return memo[n, needed]
    fit = odds._fit_chance(o.face)
    other = 1 - fit - 1 / 6
    mult = 2 if o.doubled and n <= 3 else 1
    total = 0.0
    rescue: float | None = None
    for k in range(n + 1):
        for e in range(n - k + 1):
            ways = factorial(n) // (factorial(k) * factorial(e) * factorial(n - k - e))
            chance = ways * fit**k * (1 / 6) ** e * other ** (n - k - e)
            if k == 0 and not (o.extra_two and e):
                if rescue is None:
                    rescue = odds._rescue_chance(n, (o.face,), o.abilities, True)
                if rescue:
                    after = 1.0 if needed <= 1 else _plain_complete_chance(n - 1 + e, needed - 1, o, memo)
                    total += chance * rescue * after
                continue
            best = 0.0
            for twos in range(e + 1 if o.extra_two else 1):
                for ones in range(k + 1):
                    if ones + twos == 0:
                        continue
                    value = ones * mult + 2 * twos
                    if value - (mult if ones else 2) >= needed:
                        break
                    if value >= needed:
                        best = 1.0
                        break
                    after = _plain_complete_chance(n - ones - 2 * twos + e, needed - value, o, memo)
                    best = max(best, after)
                if best == 1.0:
                    break
            total += chance * best
    memo[n, needed] = total
    return total


@pytest.mark.parametrize(
    "abilities",
    [
        frozenset(),
        frozenset({"zek-zarag", "vila-noir"}),
        frozenset({"vanta-sae", "moro-mada", "b3-ar"}),
        *(frozenset({a, b, "lila-al-bindar"}) for a in EXTRA_AS_TWO for b in DOUBLE_IN_SMALL_POOL),
    ],
)
def test_the_completion_chance_is_the_float_of_the_plain_computation(abilities: frozenset[str]) -> None:
    for face in range(5):
        o = odds.face_odds(face, abilities)
        memo: dict[tuple[int, int], float] = {}
        for n in range(1, TOTAL_DICE + 1):
            for needed in range(1, 9):
                assert odds.complete_chance(n, needed, o) == _plain_complete_chance(n, needed, o, memo)


def test_every_fold_builds_whole_states_and_turns() -> None:
    """The folds build states and turns from their fields by position (``state_of``, ``turn_of``):
    each has all its fields, no more (``tuple.__new__`` would not complain)."""
    positions = _positions(2, 3, "whole") + _positions(1, 2, "whole", driver="random")
    for state, *_ in positions:
        assert len(state) == len(GameState._fields) and len(state.turn) == len(type(state.turn)._fields)
        assert all(len(card) == len(type(card)._fields) for card in state.display)


def test_the_memos_stay_small() -> None:
    _positions(3)
    assert len(events._FOLDED) <= events._FOLDS_KEPT
    assert len(events._BUILT) <= events._BUILT_KEPT
    assert len(odds._TABLES) <= odds._TABLES_KEPT
    assert len(heuristic._last_planned) <= 1
    assert len(worth._position) <= 1


def _forget_plans_and_values() -> None:
    heuristic._last_planned.clear()
    worth._position.clear()


def test_a_plan_taken_from_the_last_decision_is_the_plan_made_afresh() -> None:
    """The commit and the lock after a choice reuse its plan: in every position of games driven by
    the bot and by random players (who choose other crews and requirements than the bot's plan), the
    bot answers what it answers with nothing remembered."""
    reused = 0
    positions = _positions(2, 3, "plan-reuse") + _positions(2, 3, "plan-reuse", driver="random")
    for state, seat, _, seq in positions:  # in order: each follows the decision before it
        planning = ENGINE.pending(state)[0].kind in (COMMIT, LOCK_DICE)  # these always plan
        remembered = heuristic._last_planned[0] if heuristic._last_planned else None
        following = heuristic.heuristic_command(state, seat)
        if planning and remembered is not None and heuristic._last_planned[0] is remembered:
            reused += 1
        _forget_plans_and_values()
        assert following == heuristic.heuristic_command(state, seat), seq
    assert reused > 100  # the memo was used, not only filled


def test_a_plain_lock_from_the_shared_table_is_the_lock_worked_out_afresh() -> None:
    """A lock on which only the face's dice and Wilds can go is taken from a table shared by every
    position (``_plain_best_lock``): in every position of games by the bot and by random players, and
    for every open requirement on the display, it is the lock ``_best_lock_of`` makes of the dice
    ``_lockable_dice`` lists."""
    plain = 0
    positions = _positions(2, 4, "plain-lock") + _positions(2, 3, "plain-lock", driver="random")
    for state, _, _, _ in positions:
        turn = state.turn
        if turn.phase != "rolled" or turn.drawn:
            continue
        locking = heuristic._Locking(state)
        for card in state.display:
            for index, token in enumerate(card.tokens):
                if token is not None:
                    continue
                req = CREW[card.crew].requirements[index]
                mine = turn.crew == card.crew and turn.requirement == index
                needed = req.count - (turn.progress if mine else 0)
                twos, ones = heuristic._lockable_dice(turn, req.face, locking.locking)
                plain += not twos and all(d.crew is None for d in ones)
                odds_ = odds.face_odds(req.face, locking.abilities)
                afresh = heuristic._best_lock_of(twos, ones, needed, odds_, locking.dice, locking.b3_ar)
                assert locking.best(card.crew, index) == afresh
    assert plain > 1000


def _second_chance(retries: odds._Retries, counts: tuple[int, ...]) -> float:
    """A way to land's second chance, as first written."""
    miss = 1.0
    if retries.vila_miss is not None and counts[1] == 0:
        miss = min(miss, retries.vila_miss)
    if retries.lila_miss is not None and counts[1] >= 2:
        miss = min(miss, retries.lila_miss)
    if retries.saghari and counts[0] == 0:
        miss *= 5 / 6
    if retries.ryan_rogal and counts[0] >= 2:
        miss *= (5 / 6) ** 2
    if retries.b3_ar and counts[2] >= 3:
        miss = 0.0
    return 1 - miss


@pytest.mark.parametrize("req_faces", [(0,), (1,), (2,), (3,), (4,), (0, 3), (1, 2, 4)])
def test_the_saved_rolls_and_second_chances_are_those_of_each_way_to_land(req_faces: tuple[int, ...]) -> None:
    """``_saved_rolls`` and ``_second_chances`` read what each way a roll lands shows from a table
    (``_landings``): the very answers of asking each way in turn, for every set of saving and
    re-roll abilities."""
    others = tuple(f for f in range(6) if f not in {4, *req_faces})
    savings = {
        odds._saving(req_faces, frozenset(a))
        for a in (
            (),
            ("zek-zarag",),
            ("vanta-sae",),
            ("moro-mada", "bill-bendo"),
            ("tantin-al-vale", "lee-van-cribb", "ada-massa"),
            ("ryle-al-wren", "dana-powalki", "nella-van-daval", "moro-mada"),
        )
    }
    retries_sets = [
        odds._Retries(vila, lila, saghari, ryan, b3)
        for vila in (None, 0.25)
        for lila in (None, 0.1)
        for saghari in (False, True)
        for ryan in (False, True)
        for b3 in (False, True)
    ]
    for n in range(TOTAL_DICE + 1):
        landings = [counts for counts, _ in odds._compositions(n, others)]
        for saving in savings:
            expected = tuple(odds._saves(saving, c, n) for c in landings)
            assert odds._saved_rolls(n, others, saving) == expected
        for retries in retries_sets:
            assert odds._second_chances(n, others, retries) == tuple(
                _second_chance(retries, c) for c in landings
            )


@pytest.mark.parametrize("abilities", [frozenset(), frozenset({"ada-massa"}), frozenset({"tantin-al-vale"})])
def test_the_normal_faces_share_one_table_only_when_their_chances_are_the_same(
    abilities: frozenset[str],
) -> None:
    """Without an ability that saves a roll, the completion chances of a normal face are one table
    (``face_odds`` names DAMAGE for the four): the floats of the plain computation for the face
    itself."""
    for face in range(4):
        shared = odds.face_odds(face, abilities)
        own = shared._replace(face=face)
        memo: dict[tuple[int, int], float] = {}
        for n in range(1, TOTAL_DICE + 1):
            for needed in range(1, 9):
                assert odds.complete_chance(n, needed, shared) == _plain_complete_chance(n, needed, own, memo)
    with_rescue = odds.face_odds(1, frozenset({"vanta-sae"}))
    assert with_rescue.face == 1 and with_rescue.abilities
