"""The outbox: notifications are rows written with the events, and tasks start only after commit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core import mail
from django.db import transaction

from games import models, services
from tests.factories import NOW, make_game, make_user
from tests.mail.helpers import run_outbox

pytestmark = pytest.mark.django_db
Kind = models.Notification.Kind


def kinds_for(user: Any) -> list[str]:
    return list(models.Notification.objects.filter(user=user).order_by("pk").values_list("kind", flat=True))


def test_the_start_tells_the_first_player_it_is_their_turn(game: models.Game, mover: models.Seat) -> None:
    rows = models.Notification.objects.filter(game=game)
    assert [(r.kind, r.user_id, r.payload["seat"]) for r in rows] == [
        (Kind.TURN, mover.user_id, mover.position)
    ]


def test_a_move_queues_a_turn_email_for_the_next_player_and_none_for_the_mover(
    game: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    services.command_submit(game=game, user=mover.user, text="pass", expected_seq=game.last_seq, now=NOW)
    assert kinds_for(waiter.user) == [Kind.TURN]
    assert kinds_for(mover.user) == [Kind.TURN]  # only the one from the start
    note = models.Notification.objects.filter(user=waiter.user).get()
    assert note.seq == game.last_seq and note.created_at == NOW and note.sent_at is None


def test_chat_queues_a_chat_email_for_the_others_only(
    game: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    before = set(models.Notification.objects.values_list("pk", flat=True))
    services.chat_send(game=game, user=mover.user, text="good luck", now=NOW)
    new = models.Notification.objects.exclude(pk__in=before)
    assert [(n.kind, n.user_id) for n in new] == [(Kind.CHAT, waiter.user_id)]


def test_a_move_that_is_rolled_back_leaves_no_notification(
    game: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    with pytest.raises(RuntimeError), transaction.atomic():
        services.command_submit(game=game, user=mover.user, text="pass", expected_seq=game.last_seq, now=NOW)
        assert kinds_for(waiter.user) == [Kind.TURN]
        raise RuntimeError("the request failed after the move")
    assert kinds_for(waiter.user) == []


def test_the_send_task_starts_only_after_commit(
    game: models.Game,
    mover: models.Seat,
    waiter: models.Seat,
    django_capture_on_commit_callbacks: Callable[..., Any],
    settings: Any,
) -> None:
    run_outbox()  # the start's turn email
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.command_submit(game=game, user=mover.user, text="pass", expected_seq=game.last_seq, now=NOW)
    assert mail.outbox == [] and len(callbacks) == 1
    callbacks[0]()  # the commit: the (eager) task sends the row
    assert [m.to for m in mail.outbox] == [[waiter.user.email]]
    assert models.Notification.objects.get(user=waiter.user).sent_at is not None


@pytest.mark.parametrize("notify", ["daily_digest", "none"])
def test_players_who_chose_a_digest_or_nothing_get_no_turn_email(notify: str) -> None:
    ann, bob = make_user("Ann", notify=notify), make_user("Bob", notify=notify)
    game = make_game(ann, bob)
    mover = game.seats.get(is_pending=True)
    services.command_submit(game=game, user=mover.user, text="pass", expected_seq=game.last_seq, now=NOW)
    assert not models.Notification.objects.filter(kind=Kind.TURN).exists()


def finish(game: models.Game) -> None:
    while game.status == models.Game.Status.ACTIVE:
        seat = game.seats.select_related("user").get(is_pending=True)
        services.command_submit(game=game, user=seat.user, text="roll", expected_seq=game.last_seq, now=NOW)
        game.refresh_from_db()


def test_the_end_of_the_game_is_told_to_everyone_except_players_who_want_nothing() -> None:
    ann, bob, cyd = make_user("Ann"), make_user("Bob", notify="daily_digest"), make_user("Cyd", notify="none")
    game = make_game(ann, bob, cyd)
    finish(game)
    ends = models.Notification.objects.filter(game=game, kind=Kind.GAME_END)
    assert sorted(n.user_id for n in ends) == sorted([ann.pk, bob.pk])
    assert ends.count() == 2  # once each, from the batch that ended the game


def test_the_rows_a_batch_writes_are_handed_to_the_sender_by_their_own_ids(
    django_capture_on_commit_callbacks: Callable[..., Any], settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The batch's outbox rows are inserted in the batch's own statement, which answers their ids:
    # each id handed to the sender must be the row of the player it was queued for.
    from games import outbox

    ann, bob, cyd = make_user("Ann"), make_user("Bob"), make_user("Cyd")
    game = make_game(ann, bob, cyd)
    settings.OUTBOX_HANDOFF_IN_BACKGROUND = False
    handed: list[int] = []
    monkeypatch.setattr(outbox, "_dispatch", handed.append)
    with django_capture_on_commit_callbacks(execute=True):
        services.chat_send(game=game, user=ann, text="good luck both", now=NOW)
    rows = list(models.Notification.objects.filter(game=game, kind=Kind.CHAT).order_by("pk"))
    assert [r.user_id for r in rows] == [bob.pk, cyd.pk]
    assert handed == [r.pk for r in rows]
