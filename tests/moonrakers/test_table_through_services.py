"""Moonrakers through the platform's services, on PostgreSQL: a table nobody answers still ends (the
sweep plays each seat's default, then a bot takes the seat), and a solo game played to the end shows
its score and rank."""

from __future__ import annotations

import datetime as dt

import pytest

from games import deadlines, models, services, store
from games.engine.core import BOT_TOOK_OVER, Rng, get_engine
from tests.factories import NOW, make_game, make_user

pytestmark = pytest.mark.django_db
ENGINE = get_engine("moonrakers")


def _sweep_until_finished(game: models.Game, *, rounds: int) -> list[str]:
    """Let every clock run out, again and again; returns the kinds of decision that timed out."""
    timed_out: list[str] = []
    for _ in range(rounds):
        game.refresh_from_db()
        if game.is_finished:
            break
        due = [s for s in game.seats.all() if s.is_pending and s.deadline is not None]
        assert due, "a running table always waits on somebody with a deadline"
        timed_out += [s.pending_kind for s in due]
        report = deadlines.sweep(now=max(s.deadline for s in due) + dt.timedelta(seconds=1))
        assert not report.errors
    game.refresh_from_db()
    return timed_out


def test_a_table_where_nobody_ever_answers_still_finishes() -> None:
    """Defaults never commit a seat to a Contract, so Staying at Base alone never reaches 10 Prestige;
    after TIMEOUTS_BEFORE_BOT timeouts in a row a bot plays the seat, and the bots end the game."""
    game = make_game(make_user("Ann"), make_user("Bob"), make_user("Cid"), kind="moonrakers")
    kinds = _sweep_until_finished(game, rounds=40)
    assert game.is_finished, f"still running after {len(kinds)} timeouts: {kinds}"
    assert kinds[:3] == ["keep_objectives"] * 3  # the first deadline: every seat keeps two at once
    assert "plan" in kinds  # then the Mission Leader's Planning timed out: Stay at Base
    assert all(s.bot_playing for s in game.seats.all())
    assert max(game.outcome["scores"].values()) >= 10
    assert models.Event.objects.filter(game=game, type=BOT_TOOK_OVER).count() == 3  # one takeover each
    timeouts = models.Event.objects.filter(game=game, cause=models.Event.Cause.TIMEOUT)
    assert not timeouts.filter(type__in=["contract_selected", "offer_accepted"]).exists()


def test_a_solo_game_played_to_the_end_through_the_services_shows_score_and_rank() -> None:
    ann = make_user("Ann")
    game = make_game(ann, kind="moonrakers")
    assert game.seat_count == 1
    rng = Rng(b"solo-test-seed".ljust(32, b"."), game.pk, 0)
    for _ in range(3000):
        game.refresh_from_db()
        if game.is_finished:
            break
        state = store.load(game).state
        assert [p.seat for p in ENGINE.pending(state)] == [0]
        text = ENGINE.bot_command(state, 0, rng)
        services.command_submit(game=game, user=ann, text=text, expected_seq=game.last_seq, now=NOW)
    assert game.is_finished
    state = store.load(game).state
    assert state.solo and state.end_reason == "solo_rounds"
    details = game.outcome["details"]
    assert game.outcome["scores"] == {"0": details["solo_score"]}
    assert details["rank"]["key"].startswith("moonrakers.rank.")
    turns = models.Event.objects.filter(game=game, type="turn_started").count()
    assert turns == 10  # the solo game lasts ten rounds
