"""Emails carry only what their reader may see: another player's Hazard tokens never leave by email.

A Moonrollers game is played (through the services) to the moment a player draws Hazard tokens;
the other player's email tells that tokens were drawn, never their values.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from games import models, selectors, services, texts
from games.engine.core import Rng, fold, get_engine
from games.mail import messages
from tests.factories import NOW, make_game, make_user
from tests.mail.helpers import html_of, text_of

pytestmark = pytest.mark.django_db
ENGINE = get_engine("moonrollers")
MAX_MOVES = 120


def commands_until_hazard_drawn(game: models.Game) -> list[str] | None:
    """With this game's seed and id, random commands that lead to a Hazard draw, or None.

    The services derive each batch's dice from (seed, game id, seq), so a pure simulation with the
    same derivation predicts exactly what playing these commands will do.
    """
    opening = ENGINE.setup(game.seat_count, game.options, services._rng(game, 1))
    state, seq = fold(ENGINE, opening), len(opening)
    chosen = []
    for n in range(MAX_MOVES):
        seat = ENGINE.pending(state)[0].seat
        text = ENGINE.random_command(state, seat, Rng(b"commands", game.pk, n))
        events = ENGINE.decide(state, seat, ENGINE.parse(text), services._rng(game, seq + 1))
        state, seq = fold(ENGINE, events, state), seq + len(events)
        chosen.append(text)
        if any(e.type == "hazard_tokens_drawn" for e in events):
            return chosen
        if state.finished:
            return None
    return None


def game_with_a_hazard_draw() -> tuple[models.Game, models.Seat, models.Seat]:
    ann, bob = make_user("Ann"), make_user("Bob")
    game = make_game(ann, bob, kind="moonrollers", start=False)
    for attempt in range(200):
        seed = attempt.to_bytes(2, "big") * 16
        models.Game.objects.filter(pk=game.pk).update(seed=seed, seed_sha256="")
        game.refresh_from_db()
        plan = commands_until_hazard_drawn(game)
        if plan is not None:
            break
    else:
        pytest.fail("no seed found that draws Hazard tokens early")
    services.game_start(game=game, by=ann, now=NOW)
    for text in plan:
        game.refresh_from_db()
        seat = game.seats.select_related("user").get(is_pending=True)
        services.command_submit(game=game, user=seat.user, text=text, expected_seq=game.last_seq, now=NOW)
    drawn = models.Event.objects.filter(game=game, type="hazard_tokens_drawn").latest("seq")
    owner = game.seats.select_related("user").get(position=drawn.seat)
    other = game.seats.select_related("user").exclude(pk=owner.pk).get()
    return game, owner, other


def email_for(game: models.Game, seat: models.Seat) -> Any:
    """The answer an email command would get now: it shows the seat's situation, to act or not."""
    note = models.Notification.objects.create(
        game=game,
        user=seat.user,
        to_email=seat.user.email,
        kind=models.Notification.Kind.REPLY,
        seq=game.last_seq,
        payload={"status": "accepted", "code": "", "seat": seat.position, "applied": []},
        created_at=NOW,
    )
    return messages.build(note, now=NOW + dt.timedelta(minutes=1))


def test_another_players_hazard_tokens_never_appear_in_an_email() -> None:
    game, owner, other = game_with_a_hazard_draw()
    drawn = models.Event.objects.filter(game=game, type="hazard_tokens_drawn").latest("seq")
    name = owner.user.public_name
    # The owner's own log shows the values ("... drew 2 Hazard tokens: 2 Prestige/1 Hazard, ...").
    own = next(e for e in selectors.event_log(game, owner.position) if e["seq"] == drawn.seq)
    assert "Prestige/" in texts.render(own["text"], lang="en")
    # Rewind the other seat's "last acted" so the draw is part of what their email tells.
    models.Seat.objects.filter(pk=other.pk).update(last_acted_seq=drawn.seq - 1)
    other.refresh_from_db()
    message = email_for(game, other)
    for body in (text_of(message), html_of(message)):
        told = f"{name} drew {len(drawn.payload['tokens'])} Hazard token"
        assert told in body
        assert "Prestige/" not in body and "Hazard token:" not in body
        # The line that tells of the draw names no value. (Not the whole body: "Ann: 2 Prestige" at
        # the table is her public score, which a token's value may equal.)
        line = body[body.index(told) :].split("\n", 1)[0].split("<", 1)[0]
        assert "Prestige" not in line, line
