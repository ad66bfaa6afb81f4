"""The game-end email (results, replay link) and the invitation."""

from __future__ import annotations

import pytest

from games import models, services
from games.mail import links
from tests.factories import NOW, make_game, make_user
from tests.mail.helpers import html_of, run_outbox, text_of

pytestmark = pytest.mark.django_db


def test_the_game_end_email_goes_to_every_player_with_results_and_the_replay() -> None:
    ann, bob = make_user("Ann"), make_user("Bob")
    game = make_game(ann, bob)
    while game.status == models.Game.Status.ACTIVE:
        seat = game.seats.select_related("user").get(is_pending=True)
        services.command_submit(game=game, user=seat.user, text="roll", expected_seq=game.last_seq, now=NOW)
        game.refresh_from_db()
    ends = [m for m in run_outbox() if "is over" in m.subject]
    assert sorted(m.to[0] for m in ends) == sorted([ann.email, bob.email])
    winner = game.seats.get(position=game.outcome["winners"][0]).user.public_name
    for message in ends:
        assert message.subject == f"Race to 20 #{game.pk} is over: {winner} won"
        for body in (text_of(message), html_of(message)):
            assert links.replay_url(game) in body
            assert f"1. {winner}" in text_of(message)
            assert bytes(game.seed).hex() in body  # the seed is revealed at the end


def test_an_invitation_reaches_an_address_without_an_account() -> None:
    ann = make_user("Ann")
    game = make_game(ann, start=False, seat_count=2)
    services.game_invite_by_email(
        game=game, by=ann, email="friend@example.org", invite_url="http://x.test/games/invite/abc/", now=NOW
    )
    (message,) = run_outbox()
    assert message.to == ["friend@example.org"]
    assert message.subject == "An invitation to play Race to 20 on Moonweb"
    assert "http://x.test/games/invite/abc/" in text_of(message) and "24 hours per move" in text_of(message)
    assert "List-Unsubscribe" not in message.extra_headers
