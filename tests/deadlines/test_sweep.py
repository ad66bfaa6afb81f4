"""The deadline sweep, with the clock as a parameter: each thing happens exactly once."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pytest
from django.core.management import call_command

from games import deadlines, models, services
from games.engine.core import CommandError
from tests.factories import NOW, make_game, make_user
from tests.mail.helpers import raw_reply, reply_address, run_outbox, text_of

pytestmark = pytest.mark.django_db
HOUR = dt.timedelta(hours=1)
Kind = models.Notification.Kind


@pytest.fixture
def game(ann: Any, bob: Any) -> models.Game:
    """A race with ten hours per move: the reminder is due at 8 h, the timeout at 10 h."""
    return make_game(ann, bob, time_per_move=10 * HOUR)


def sweep(at: dt.datetime) -> deadlines.SweepReport:
    return deadlines.sweep(now=at)


def count(kind: str, **filters: Any) -> int:
    return models.Notification.objects.filter(kind=kind, **filters).count()


def test_the_reminder_goes_out_once_at_80_percent(game: models.Game, mover: models.Seat) -> None:
    run_outbox()
    assert sweep(NOW + 7 * HOUR + 59 * dt.timedelta(minutes=1)).reminders == []
    assert sweep(NOW + 8 * HOUR).reminders == [(game.pk, mover.position)]
    assert sweep(NOW + 8 * HOUR).reminders == []
    assert sweep(NOW + 9 * HOUR).reminders == []
    assert count(Kind.REMINDER) == 1
    mover.refresh_from_db()
    assert mover.reminder_sent_at == NOW + 8 * HOUR
    (message,) = run_outbox(NOW + 8 * HOUR)
    # One subject all game (the thread); the body says it is a reminder.
    assert message.to == [mover.user.email] and message.subject.endswith(": your move")
    assert "still waiting for your move" in text_of(message)


def test_the_reminder_share_is_configurable(game: models.Game, mover: models.Seat, settings: Any) -> None:
    settings.REMINDER_AT = 0.5
    assert sweep(NOW + 4 * HOUR).reminders == []
    assert sweep(NOW + 5 * HOUR).reminders == [(game.pk, mover.position)]


def test_a_player_who_moves_gets_no_reminder_for_that_turn(
    game: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    services.command_submit(
        game=game, user=mover.user, text="pass", expected_seq=game.last_seq, now=NOW + HOUR
    )
    # Ann's turn ended at 1 h; Bob's started then, so his reminder is due at 9 h, not 8 h.
    assert sweep(NOW + 8 * HOUR).reminders == []
    assert sweep(NOW + 9 * HOUR).reminders == [(game.pk, waiter.position)]


def test_the_timeout_plays_the_default_move_once(
    game: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    run_outbox()
    seq = game.last_seq
    assert sweep(NOW + 10 * HOUR - dt.timedelta(seconds=1)).timeouts == []
    assert sweep(NOW + 10 * HOUR).timeouts == [(game.pk, mover.position)]
    assert sweep(NOW + 10 * HOUR).timeouts == []
    written = models.Event.objects.filter(game=game, seq__gt=seq).order_by("seq")
    assert [(e.type, e.cause, e.command) for e in written] == [
        ("seat_timed_out", "platform", ""),
        ("turn_passed", "timeout", "pass"),
    ]
    mover.refresh_from_db()
    assert mover.consecutive_timeouts == 1 and not mover.bot_playing
    messages = run_outbox(NOW + 10 * HOUR)
    timeout = next(m for m in messages if m.to == [mover.user.email])
    assert "Your time ran out" in text_of(timeout) and "The default move was played for you: Pass" in text_of(
        timeout
    )
    assert "After 1 more timeout in a row, a bot will play your seat" in text_of(timeout)
    assert any(m.to == [waiter.user.email] for m in messages)  # Bob's turn now


def test_two_timeouts_in_a_row_hand_the_seat_to_a_bot_and_the_table_is_told_once(
    game: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    run_outbox()
    now = NOW + 10 * HOUR
    sweep(now)  # Ann times out once; Bob's turn
    run_outbox(now)  # that timeout's email leaves
    game.refresh_from_db()
    services.command_submit(game=game, user=waiter.user, text="pass", expected_seq=game.last_seq, now=now)
    now += 10 * HOUR
    report = sweep(now)  # Ann times out again: a bot takes her seat and plays at once
    assert report.timeouts == [(game.pk, mover.position)]
    mover.refresh_from_db()
    assert mover.bot_playing and mover.consecutive_timeouts == 2
    assert models.Event.objects.filter(game=game, type="bot_took_over").count() == 1
    # Ann's default move ended her turn; when it comes back, the bot plays it at once.
    game.refresh_from_db()
    services.command_submit(game=game, user=waiter.user, text="pass", expected_seq=game.last_seq, now=now)
    assert models.Event.objects.filter(game=game, cause="bot", actor=mover.position).exists()
    # Bob is told once; Ann's one email is her timeout's, which says a bot now plays for her.
    assert count(Kind.BOT_TAKEOVER, user=waiter.user) == 1 and count(Kind.BOT_TAKEOVER, user=mover.user) == 0
    sweep(now + 30 * HOUR)
    assert models.Event.objects.filter(game=game, type="bot_took_over").count() == 1
    messages = run_outbox(now)
    told = next(m for m in messages if m.to == [waiter.user.email] and "bot plays for" in m.subject)
    assert f"{mover.user.public_name} has not played for a while" in text_of(told)
    yours = [m for m in messages if m.to == [mover.user.email]]
    assert len(yours) == 1 and yours[0].subject.endswith(": your time ran out, a bot plays for you")
    assert "A bot now plays your seat. Reply with any command" in text_of(yours[0])
    assert "The move played for you: Pass" in text_of(yours[0])


def test_the_player_takes_the_seat_back_from_the_game_page_or_by_any_command(
    game: models.Game, mover: models.Seat
) -> None:
    models.Seat.objects.filter(pk=mover.pk).update(bot_playing=True, consecutive_timeouts=2)
    services.seat_reclaim(game=game, user=mover.user, now=NOW)  # the game page's button
    mover.refresh_from_db()
    assert not mover.bot_playing and mover.consecutive_timeouts == 0
    models.Seat.objects.filter(pk=mover.pk).update(bot_playing=True)
    from games.mail import receive

    raw = raw_reply(to=reply_address(mover), sender=mover.user.email, body="pass")
    assert receive.receive(raw, now=NOW).status == "accepted"  # by email
    mover.refresh_from_db()
    assert not mover.bot_playing
    assert models.Event.objects.filter(game=game, type="seat_reclaimed").count() == 2
    # Taking back a seat one already plays is refused and writes nothing.
    with pytest.raises(services.ServiceError, match="already playing"):
        services.seat_reclaim(game=game, user=mover.user, now=NOW)
    assert models.Event.objects.filter(game=game, type="seat_reclaimed").count() == 2


def test_a_refused_command_still_takes_the_seat_back_from_its_bot(
    game: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    # The bot answers every decision of its seat at once, so a command from the absent player (a
    # reply to an old email) is refused: the take-back it carried was rolled back with it, and the
    # seat stayed the bot's for ever ("Reply with any command ... to take it back").
    from games.mail import receive

    run_outbox()
    models.Seat.objects.filter(pk=waiter.pk).update(bot_playing=True, consecutive_timeouts=2)
    with pytest.raises(CommandError):
        services.command_submit(
            game=game, user=waiter.user, text="pass", expected_seq=game.last_seq, now=NOW
        )  # not Bob's turn: refused, and his seat is his again
    waiter.refresh_from_db()
    assert not waiter.bot_playing and waiter.consecutive_timeouts == 0
    assert models.Event.objects.filter(game=game, type="seat_reclaimed").count() == 1
    # By email: refused as well, and the answer says the seat is back.
    models.Seat.objects.filter(pk=waiter.pk).update(bot_playing=True)
    raw = raw_reply(to=reply_address(waiter), sender=waiter.user.email, body="pass")
    assert receive.receive(raw, now=NOW).status == "refused"
    waiter.refresh_from_db()
    assert not waiter.bot_playing
    answer = next(m for m in run_outbox(NOW) if m.to == [waiter.user.email])
    assert "Your seat is yours again: the bot no longer plays for you." in text_of(answer)
    assert answer.subject.startswith("Refused")


def test_a_timeout_email_of_a_game_that_ended_offers_no_seat_to_take_back(
    game: models.Game, mover: models.Seat, waiter: models.Seat
) -> None:
    # The bot that took the seat played the game to its end before the email left: "The game is
    # over" then "A bot now plays your seat ... take it back" contradicted each other.
    run_outbox()
    now = NOW + 10 * HOUR
    sweep(now)
    game.refresh_from_db()
    services.command_submit(game=game, user=waiter.user, text="pass", expected_seq=game.last_seq, now=now)
    sweep(now + 10 * HOUR)  # the second timeout: a bot takes Ann's seat
    models.Game.objects.filter(pk=game.pk).update(status=models.Game.Status.FINISHED)
    mine = [m for m in run_outbox(now + 10 * HOUR) if m.to == [mover.user.email]]
    assert mine and all("take it back" not in text_of(m) for m in mine)
    assert all("a bot plays for you" not in m.subject for m in mine)


def test_a_player_away_is_paused_once_and_gets_a_whole_move_after_coming_back(
    game: models.Game, mover: models.Seat
) -> None:
    away_until = (NOW + dt.timedelta(days=3)).date()
    type(mover.user).objects.filter(pk=mover.user.pk).update(away_until=away_until)
    back = dt.datetime.combine(away_until + dt.timedelta(days=1), dt.time(), tzinfo=dt.UTC)
    assert sweep(NOW + HOUR).paused == [(game.pk, mover.position)]
    for hours in (2, 8, 10, 30, 80):
        report = sweep(NOW + hours * HOUR)
        assert report.paused == report.reminders == report.timeouts == []
    mover.refresh_from_db()
    assert mover.deadline == back + 10 * HOUR and mover.reminder_sent_at is None
    assert sweep(back + 8 * HOUR).reminders == [(game.pk, mover.position)]
    assert sweep(back + 10 * HOUR).timeouts == [(game.pk, mover.position)]
    assert models.Event.objects.filter(game=game, type="seat_timed_out").count() == 1


def test_extending_the_absence_pushes_the_deadline_again(game: models.Game, mover: models.Seat) -> None:
    user_model = type(mover.user)
    user_model.objects.filter(pk=mover.user.pk).update(away_until=NOW.date())
    assert sweep(NOW).paused == [(game.pk, mover.position)]
    user_model.objects.filter(pk=mover.user.pk).update(away_until=NOW.date() + dt.timedelta(days=5))
    assert sweep(NOW + HOUR).paused == [(game.pk, mover.position)]
    mover.refresh_from_db()
    assert (
        mover.deadline
        == dt.datetime.combine(NOW.date() + dt.timedelta(days=6), dt.time(), tzinfo=dt.UTC) + 10 * HOUR
    )


def test_the_sweep_command_runs_one_sweep_at_the_given_time(game: models.Game, mover: models.Seat) -> None:
    out = io.StringIO()
    call_command("sweep_deadlines", "--now", (NOW + 10 * HOUR).isoformat(), stdout=out)
    assert "0 reminder(s), 1 timeout(s)" in out.getvalue()
    assert f"timeout: game {game.pk} seat {mover.position}" in out.getvalue()
    assert models.Event.objects.filter(game=game, type="seat_timed_out").count() == 1


def test_the_sweep_command_refuses_a_bad_time() -> None:
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="ISO 8601"):
        call_command("sweep_deadlines", "--now", "tomorrow")


class TestDigest:
    def test_a_digest_player_gets_one_email_a_day_listing_the_games_waiting_on_them(self) -> None:
        dee = make_user("Dee", notify="daily_digest")
        games = []
        for _ in range(2):
            other = make_user()
            game = make_game(dee, other)
            if not game.seats.get(user=dee).is_pending:
                services.command_submit(
                    game=game, user=other, text="pass", expected_seq=game.last_seq, now=NOW
                )
            games.append(game)
        assert not models.Notification.objects.filter(user=dee, kind=Kind.TURN).exists()
        out = io.StringIO()
        call_command("send_digests", "--now", NOW.isoformat(), stdout=out)
        call_command("send_digests", "--now", (NOW + HOUR).isoformat(), stdout=out)
        assert out.getvalue().splitlines() == ["1 digest(s) queued", "0 digest(s) queued"]
        (digest,) = [m for m in run_outbox() if m.to == [dee.email]]
        assert digest.subject == "2 games are waiting for you"
        for game in games:
            assert f"Race to 20 #{game.pk}" in text_of(digest)
        call_command("send_digests", "--now", (NOW + 24 * HOUR).isoformat(), stdout=out)
        assert models.Notification.objects.filter(user=dee, kind=Kind.DIGEST).count() == 2

    def test_players_on_every_turn_get_no_digest(self, game: models.Game) -> None:
        out = io.StringIO()
        call_command("send_digests", "--now", NOW.isoformat(), stdout=out)
        assert out.getvalue().strip() == "0 digest(s) queued"


def test_a_timeout_email_names_the_move_played_even_after_the_recap(ann: Any, bob: Any) -> None:
    # When the default's batch has a line of its own ("Ann stays at Base..."), the email opened with
    # that recap and never said which move was played for the player.
    from tests.web.moonrakers_play import kinds, play_until

    cyd = make_user("Cyd")
    game = make_game(ann, bob, cyd, kind="moonrakers", time_per_move=10 * HOUR)
    state = play_until(game, lambda s: "plan" in kinds(s))
    leader = game.seats.get(position=state.leader)
    run_outbox()
    leader.refresh_from_db()
    assert leader.deadline is not None
    assert sweep(leader.deadline).timeouts == [(game.pk, leader.position)]
    timeout = next(
        m for m in run_outbox(leader.deadline) if m.to == [leader.user.email] and "ran out" in text_of(m)
    )
    body = text_of(timeout)
    assert "Your time ran out and the default move was played." in body
    assert "The move played for you: Stay at Base" in body
