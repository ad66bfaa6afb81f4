"""Quick follow-ups (answering an offer, a ballot) run on the table's reply time, not a move's."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from games import deadlines, models, services
from tests.factories import NOW, make_game, make_user

pytestmark = pytest.mark.django_db
HOUR = dt.timedelta(hours=1)


def ballot(**options: Any) -> models.Game:
    return make_game(make_user("Ann"), make_user("Bob"), options={"ballot": True}, **options)


def test_the_reply_time_defaults_to_a_quarter_of_the_time_per_move() -> None:
    game = ballot(time_per_move=dt.timedelta(hours=24))
    assert game.reply_window == dt.timedelta(hours=6)
    assert {s.deadline for s in game.seats.all()} == {NOW + dt.timedelta(hours=6)}
    assert all(s.pending_reply for s in game.seats.all())


def test_the_default_reply_time_is_at_most_a_day() -> None:
    game = ballot(time_per_move=dt.timedelta(days=8))
    assert game.reply_window == dt.timedelta(hours=24)


def test_a_table_may_choose_its_reply_time() -> None:
    game = ballot(time_per_move=dt.timedelta(hours=48), reply_time=dt.timedelta(hours=2))
    assert {s.deadline for s in game.seats.all()} == {NOW + 2 * HOUR}


def test_a_move_after_the_ballot_gets_the_full_time_per_move() -> None:
    game = ballot(time_per_move=dt.timedelta(hours=24))
    for seat in game.seats.select_related("user"):
        services.command_submit(
            game=game, user=seat.user, text="pick 1", expected_seq=game.last_seq, now=NOW + HOUR
        )
    racer = game.seats.get(is_pending=True)
    assert not racer.pending_reply and racer.deadline == NOW + HOUR + dt.timedelta(hours=24)


@pytest.mark.parametrize("reply", [dt.timedelta(minutes=5), dt.timedelta(hours=30)])
def test_a_reply_time_shorter_than_15_minutes_or_longer_than_a_move_is_refused(reply: dt.timedelta) -> None:
    with pytest.raises(services.ServiceError, match="Reply time"):
        services.game_create(
            creator=make_user(),
            kind="race",
            seat_count=2,
            time_per_move=dt.timedelta(hours=24),
            reply_time=reply,
            now=NOW,
        )
    assert not models.Game.objects.exists()


def test_the_reminder_comes_at_80_percent_of_the_reply_time_and_the_timeout_at_its_end() -> None:
    game = ballot(time_per_move=dt.timedelta(hours=24))  # 6 hours to answer
    early = deadlines.sweep(now=NOW + dt.timedelta(hours=4, minutes=40))
    assert early.reminders == []
    due = deadlines.sweep(now=NOW + dt.timedelta(hours=4, minutes=49))
    assert sorted(due.reminders) == [(game.pk, 0), (game.pk, 1)]
    late = deadlines.sweep(now=NOW + dt.timedelta(hours=6, minutes=1))
    assert sorted(late.timeouts) == [(game.pk, 0), (game.pk, 1)]
    assert models.Event.objects.filter(game=game, type="ballot_revealed").count() == 1
