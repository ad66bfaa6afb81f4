"""The event store on PostgreSQL: append-only rows, no gaps, conflicts, idempotency, the cache."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction
from django.test.utils import CaptureQueriesContext

from games import models, services, store
from games.engine.core import Event
from tests.factories import NOW, make_game, make_user, player_to_act

pytestmark = pytest.mark.django_db


def seqs(game: models.Game) -> list[int]:
    return list(models.Event.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))


def test_setup_writes_the_opening_events_from_seq_1() -> None:
    game = make_game(make_user("Ann"), make_user("Bob"))
    assert seqs(game) == [1, 2, 3]
    assert game.last_seq == 3
    assert game.seats.get(is_pending=True).decision_seq == 3
    assert models.Event.objects.get(game=game, seq=1).cause == "setup"


@pytest.mark.django_db(transaction=True)
def test_two_commands_for_the_same_seq_write_exactly_one_event() -> None:
    game = make_game(make_user("Ann"), make_user("Bob"))
    player = player_to_act(game)
    seen = game.last_seq
    barrier = threading.Barrier(2)
    outcomes: list[Any] = []

    def submit() -> None:
        try:
            barrier.wait()
            services.command_submit(
                game=models.Game.objects.get(pk=game.pk), user=player, text="pass", expected_seq=seen, now=NOW
            )
            outcomes.append("written")
        except store.StaleSeq as conflict:
            outcomes.append(conflict)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert sorted(map(str, outcomes)).count("written") == 1
    conflict = next(o for o in outcomes if isinstance(o, store.StaleSeq))
    assert conflict.expected == seen and conflict.current == seen + 1
    assert seqs(game) == list(range(1, seen + 2))  # one event more, no gap


def test_update_of_an_event_is_refused_by_the_database() -> None:
    game = make_game(make_user(), make_user())
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE games_event SET payload = '{}' WHERE game_id = %s", [game.pk])
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        models.Event.objects.filter(game=game).update(type="forged")
    assert not models.Event.objects.filter(type="forged").exists()


def test_delete_of_an_event_is_refused_by_the_database() -> None:
    game = make_game(make_user(), make_user())
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("DELETE FROM games_event WHERE game_id = %s", [game.pk])
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        models.Event.objects.filter(game=game, seq=1).delete()
    assert seqs(game) == [1, 2, 3]


def test_the_same_idempotency_key_twice_writes_one_event() -> None:
    game = make_game(make_user(), make_user())
    player = player_to_act(game)
    first = services.command_submit(
        game=game, user=player, text="roll", expected_seq=game.last_seq, idempotency_key="k-1", now=NOW
    )
    again = services.command_submit(
        game=game, user=player, text="roll", expected_seq=3, idempotency_key="k-1", now=NOW
    )
    assert not first.replayed and again.replayed
    assert [e.seq for e in again.events] == [e.seq for e in first.events] == [4]
    assert seqs(game) == [1, 2, 3, 4]


def test_append_refuses_a_stale_expected_seq_and_writes_nothing() -> None:
    game = make_game(make_user(), make_user())
    player = player_to_act(game)
    services.command_submit(game=game, user=player, text="pass", expected_seq=3, now=NOW)
    for seat in (0, 1):
        # Whoever moved, both seats' decisions changed at seq 4: a command made at 3 is stale.
        with pytest.raises(store.StaleSeq), transaction.atomic():
            store.append(game, [Event("turn_passed", {}, seat=seat)], expected_seq=3, seat=seat, now=NOW)
    with pytest.raises(store.StaleSeq), transaction.atomic():
        store.append(game, [Event("turn_passed", {}, seat=0)], expected_seq=99, seat=0, now=NOW)
    assert seqs(game) == [1, 2, 3, 4]


def test_chat_does_not_make_a_move_stale() -> None:
    ann, bob = make_user("Ann"), make_user("Bob")
    game = make_game(ann, bob)
    seen = game.last_seq
    other = bob if player_to_act(game) == ann else ann
    services.chat_send(game=game, user=other, text="good luck", now=NOW)
    services.command_submit(game=game, user=player_to_act(game), text="pass", expected_seq=seen, now=NOW)
    assert seqs(game) == [1, 2, 3, 4, 5]


def test_loading_reads_the_cache_plus_later_events() -> None:
    game = make_game(make_user(), make_user())
    player = player_to_act(game)
    services.command_submit(game=game, user=player, text="roll", expected_seq=3, now=NOW)
    cache = models.StateCache.objects.get(game=game)
    assert cache.seq == 4
    # A cache left behind at an older seq is caught up from the events written after it.
    models.StateCache.objects.filter(game=game).update(
        seq=3, state=store.engine_for(game).dump_state(store.refold(game, upto=3).state)
    )
    loaded = store.load(game)
    assert loaded.seq == 4
    assert loaded.state == store.refold(game).state


def test_rebuild_state_finds_and_repairs_a_cache_altered_behind_its_back(
    capsys: pytest.CaptureFixture[str],
) -> None:
    healthy = make_game(make_user(), make_user())
    damaged = make_game(make_user(), make_user())
    player = player_to_act(damaged)
    services.command_submit(game=damaged, user=player, text="roll", expected_seq=3, now=NOW)
    cache = models.StateCache.objects.get(game=damaged)
    cache.state = {**cache.state, "scores": [99, 99]}
    cache.save()

    call_command("rebuild_state")
    out = capsys.readouterr().out
    assert f"game {damaged.pk}: cache differed, repaired" in out
    assert f"game {healthy.pk}:" not in out
    assert "2 game(s) checked, 1 differed." in out
    assert models.StateCache.objects.get(game=damaged).state["scores"] != [99, 99]
    assert store.load(damaged).state == store.refold(damaged).state

    call_command("rebuild_state")
    assert "0 differed" in capsys.readouterr().out


def test_rebuild_state_dry_run_reports_without_repairing(capsys: pytest.CaptureFixture[str]) -> None:
    game = make_game(make_user(), make_user())
    models.StateCache.objects.filter(game=game).update(
        state={"scores": [1, 1], "turn": 0, "goal": 20, "secrets": {}, "over": False}
    )
    call_command("rebuild_state", "--dry-run")
    assert f"game {game.pk}: cache differed (cached state differs from the events)" in capsys.readouterr().out
    assert models.StateCache.objects.get(game=game).state["scores"] == [1, 1]


def test_a_cold_load_reads_the_events_in_one_query_and_folds_the_state_the_cache_holds() -> None:
    ann, bob = make_user(), make_user()
    game = make_game(ann, bob)
    for _ in range(6):
        services.command_submit(
            game=game, user=player_to_act(game), text="roll", expected_seq=game.last_seq, now=NOW
        )
        services.chat_send(game=game, user=ann, text="well played", now=NOW)
    game.refresh_from_db()
    last_move = models.Event.objects.filter(game=game).exclude(type="chat_sent").order_by("-seq")[0].seq
    with CaptureQueriesContext(connection) as queries:
        cold = store.refold(game)
    assert len(queries) == 1
    # A chat line is the last event: the state is at its seq, and is the one the cache holds.
    assert cold.seq == game.last_seq > last_move
    assert cold.state == store.load(game).state
    # Up to a seq: the state then, at that seq, whether the event there is a move or a chat line.
    assert store.refold(game, upto=last_move).seq == last_move
    assert store.refold(game, upto=last_move + 1).state == store.refold(game, upto=last_move).state
    assert store.refold(game, upto=last_move + 1).seq == last_move + 1


@pytest.mark.django_db(transaction=True)
def test_a_command_waiting_for_the_lock_reads_the_seats_as_the_holder_left_them() -> None:
    # The game and its seats are read together for a command, the seats after the lock: a join in
    # the locking statement would read them from before the wait.
    game = make_game(make_user("Ann"), make_user("Bob"))
    holder_wrote, reader_done = threading.Event(), threading.Event()
    read: list[Any] = []

    def reader() -> None:
        try:
            holder_wrote.wait()
            with transaction.atomic():
                locked, loaded, seats = store.lock_load_and_seat(game.pk)
                read.append((locked.last_seq, loaded.seq, [s.bot_playing for s in seats]))
        finally:
            reader_done.set()
            connection.close()

    thread = threading.Thread(target=reader)
    thread.start()
    with transaction.atomic():
        store.lock(game)
        models.Seat.objects.filter(game=game, position=1).update(bot_playing=True)
        holder_wrote.set()
        # Hold the lock until the reader is waiting for it.
        for _ in range(500):
            with connection.cursor() as cursor:
                # Activity is a snapshot kept for the transaction unless cleared.
                cursor.execute("SELECT pg_stat_clear_snapshot()")
                cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = %s", ["Lock"])
                if cursor.fetchone()[0]:
                    break
            time.sleep(0.01)
        else:
            pytest.fail("the reader never waited for the game's lock")
    assert reader_done.wait(10)
    thread.join()
    assert read == [(game.last_seq, game.last_seq, [False, True])]


def test_a_command_reads_a_missing_game_as_missing() -> None:
    with pytest.raises(models.Game.DoesNotExist), transaction.atomic():
        store.lock_load_and_seat(10**12)
