"""After the end, every roll and shuffle is recomputed from the revealed seed."""

from __future__ import annotations

import pytest

from games import models, services, verification
from tests.factories import NOW, make_game, make_user

pytestmark = pytest.mark.django_db


def finished_game() -> models.Game:
    ann = make_user("Ann")
    game = make_game(ann, start=False, seat_count=2)
    services.game_fill_with_bots(game=game, by=ann, now=NOW)
    services.game_start(game=game, by=ann, now=NOW)
    game.refresh_from_db()
    services.chat_send(game=game, user=ann, text="gl", now=NOW)
    while game.status == "active":
        services.command_submit(game=game, user=ann, text="roll", expected_seq=game.last_seq, now=NOW)
        game.refresh_from_db()
    return game


def test_it_recomputes_every_roll_and_says_they_all_match() -> None:
    game = finished_game()
    report = verification.verify_game(game)
    assert report.seed_matches_hash and report.all_match
    commands = (
        models.Event.objects.filter(game=game)
        .exclude(cause__in=["platform"])
        .values("batch")
        .distinct()
        .count()
    )
    assert len(report.batches) == commands
    assert report.batches[0].cause == "setup"


def test_it_reports_a_roll_that_does_not_follow_from_the_seed() -> None:
    game = finished_game()
    # A game whose seed does not match what was rolled: simulate a tampered seed column.
    models.Game.objects.filter(pk=game.pk).update(seed=bytes(32))
    game.refresh_from_db()
    report = verification.verify_game(game)
    assert not report.seed_matches_hash
    assert not report.all_match and report.mismatches
