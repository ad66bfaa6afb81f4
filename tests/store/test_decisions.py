"""Several seats deciding at once: a command is stale only when *its seat's* decision changed.

The tiny game's ``ballot`` option opens with a secret ballot that every seat answers at the same
time, each with its own default.
"""

from __future__ import annotations

import datetime as dt
import threading
from typing import Any

import pytest
from django.db import connection, transaction

from games import models, services, store
from games.engine.core import Event, fold, get_engine
from tests.factories import NOW, make_game, make_user

pytestmark = pytest.mark.django_db

HOUR = dt.timedelta(hours=1)


def ballot_game(players: int = 3) -> tuple[models.Game, list[Any]]:
    users = [make_user(name) for name in ("Ann", "Bob", "Cy", "Di")[:players]]
    return make_game(*users, options={"ballot": True}), users


def seat(game: models.Game, position: int) -> models.Seat:
    return models.Seat.objects.get(game=game, position=position)


def pick(game: models.Game, user: Any, number: int, expected: int, now: dt.datetime = NOW) -> Any:
    return services.command_submit(
        game=models.Game.objects.get(pk=game.pk),
        user=user,
        text=f"pick {number}",
        expected_seq=expected,
        now=now,
    )


def test_every_seat_is_pending_at_once_each_with_its_own_default() -> None:
    game, _users = ballot_game()
    seats = list(game.seats.order_by("position"))
    assert [(s.is_pending, s.pending_kind, s.decision_seq) for s in seats] == [(True, "ballot", 4)] * 3
    state = store.load(game).state
    defaults = {p.seat: get_engine("race").format(p.default) for p in get_engine("race").pending(state)}
    assert defaults == {0: "pick 1", 1: "pick 2", 2: "pick 3"}


@pytest.mark.parametrize("order", [(0, 1, 2), (2, 0, 1), (1, 2, 0)])
def test_seats_answer_in_any_order_with_what_they_saw_and_all_are_accepted(order: tuple[int, ...]) -> None:
    game, users = ballot_game()
    seen = game.last_seq  # every form and email was made here
    for position in order:
        pick(game, users[position], position + 1, expected=seen)
    game.refresh_from_db()
    cast = models.Event.objects.filter(game=game, type="ballot_cast").order_by("seq")
    assert [e.seat for e in cast] == list(order)
    assert models.Event.objects.filter(game=game, type="ballot_revealed").count() == 1
    assert store.load(game).state["scores"] == [1, 2, 3]


def test_a_seat_that_answered_cannot_answer_again_with_an_old_form() -> None:
    game, users = ballot_game()
    seen = game.last_seq
    pick(game, users[0], 3, expected=seen)
    before = models.Event.objects.filter(game=game).count()
    with pytest.raises(store.StaleSeq):
        pick(game, users[0], 1, expected=seen)
    assert models.Event.objects.filter(game=game).count() == before


def test_another_seat_answering_leaves_my_decision_and_its_clock_alone() -> None:
    game, users = ballot_game()
    bob_before = seat(game, 1)
    pick(game, users[0], 1, expected=game.last_seq, now=NOW + 3 * HOUR)
    bob_after = seat(game, 1)
    assert bob_after.decision_seq == bob_before.decision_seq
    assert bob_after.deadline == bob_before.deadline == NOW + game.reply_window
    assert bob_after.pending_since == NOW
    ann = seat(game, 0)
    game.refresh_from_db()
    assert not ann.is_pending and ann.decision_seq == game.last_seq  # her decision ended with her ballot


def test_the_last_answer_changes_the_next_decision_and_starts_its_clock() -> None:
    game, users = ballot_game(players=2)
    seen = game.last_seq
    pick(game, users[0], 1, expected=seen, now=NOW + HOUR)
    pick(game, users[1], 2, expected=seen, now=NOW + 2 * HOUR)
    game.refresh_from_db()
    racer = game.seats.get(is_pending=True)
    assert racer.pending_kind == "turn" and racer.decision_seq == game.last_seq
    assert racer.deadline == NOW + 2 * HOUR + game.time_per_move


@pytest.mark.django_db(transaction=True)
def test_concurrent_answers_from_every_seat_are_all_written_with_no_gap_and_no_conflict() -> None:
    game, users = ballot_game(players=4)
    seen = game.last_seq
    barrier = threading.Barrier(len(users))
    outcomes: list[Any] = []

    def answer(position: int) -> None:
        try:
            barrier.wait()
            pick(game, users[position], 1 + position % 3, expected=seen)
            outcomes.append("written")
        except Exception as exc:  # a conflict would be a failure of the feature under test
            outcomes.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=answer, args=(p,)) for p in range(len(users))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert outcomes == ["written"] * 4
    rows = list(models.Event.objects.filter(game=game).order_by("seq").values_list("seq", "type"))
    assert [s for s, _t in rows] == list(range(1, len(rows) + 1))  # no gap
    assert sorted(t for _s, t in rows).count("ballot_cast") == 4
    assert [t for _s, t in rows].count("ballot_revealed") == 1


def test_a_timeout_plays_each_seats_own_default_and_leaves_the_others_pending() -> None:
    game, _users = ballot_game()
    late = NOW + game.time_per_move + HOUR
    services.seat_timeout(game=game, position=2, now=late)
    picks = {e.seat: e.payload["pick"] for e in models.Event.objects.filter(game=game, type="ballot_cast")}
    assert picks == {2: 3}
    assert [s.position for s in game.seats.filter(is_pending=True)] == [0, 1]


def test_an_old_version_of_an_event_is_upcast_before_the_engine_folds_it() -> None:
    """die_rolled version 1 had no ``sides``; the tiny game's upcaster rewrites it to version 2."""
    ann, bob = make_user("Ann"), make_user("Bob")
    game = make_game(ann, bob)
    mover = game.seats.get(is_pending=True).position
    with transaction.atomic():
        store.append(game, [Event("die_rolled", {"face": 4}, version=1, seat=mover)], now=NOW)
    row = models.Event.objects.get(game=game, type="die_rolled")
    assert (row.version, row.payload) == (1, {"face": 4})  # stored as written, never rewritten
    engine = get_engine("race")
    upcast = store.to_engine_event(row, engine)
    assert (upcast.version, upcast.payload) == (2, {"face": 4, "sides": 6})
    state = fold(engine, [store.to_engine_event(r) for r in models.Event.objects.filter(game=game)])
    assert state["scores"][mover] == 4
    assert store.refold(game).state == state == store.load(game).state
