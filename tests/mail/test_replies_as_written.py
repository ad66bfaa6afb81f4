"""Replies as people write them (issue 12): forwards, sign-offs without "-- ", bottom-posting."""

from __future__ import annotations

from typing import Any

import pytest

from games import models
from games.mail import inbound, receive
from tests.factories import NOW
from tests.mail.helpers import raw_reply, reply_address, run_outbox, text_of

pytestmark = pytest.mark.django_db

TURN_EMAIL = "It is your move in Race to 20.\nroll    (Roll the die)\npass    (Pass)"
QUOTED = "\n".join("> " + line for line in TURN_EMAIL.split("\n"))


def play(seat: models.Seat, body: str) -> receive.Received:
    return receive.receive(raw_reply(to=reply_address(seat), sender=seat.user.email, body=body), now=NOW)


def answer_to(seat: models.Seat) -> Any:
    (message,) = [m for m in run_outbox() if m.to == [seat.user.email]]
    return message


@pytest.mark.parametrize(
    "body",
    [
        # mutt's forward marker
        f"roll\n\n----- Forwarded message from Moonweb <play@moonweb.localhost> -----\n{TURN_EMAIL}\n"
        "----- End forwarded message -----\n",
        # Apple Mail
        f"roll\n\nBegin forwarded message:\n\nFrom: Moonweb <play@moonweb.localhost>\n{TURN_EMAIL}\n",
        # a sign-off without "-- "
        "roll\n\nCheers,\nBob\n",
        "roll\nThanks!\nAnn\n",
        # bottom-posting: the quote first, the commands below it
        f"On Sun, 22 Nov 2026 at 12:00, Moonweb <play@moonweb.localhost> wrote:\n{QUOTED}\n"
        "\nroll\n\nCheers,\nBob\n",
    ],
    ids=["mutt-forward", "apple-forward", "cheers", "thanks", "bottom-posting"],
)
def test_the_commands_are_played_and_nothing_after_them_is_a_command(
    game: models.Game, mover: models.Seat, body: str
) -> None:
    run_outbox()
    seq = game.last_seq
    result = play(mover, body)
    assert (result.status, result.applied) == ("accepted", ["roll"])
    played = list(
        models.Event.objects.filter(game=game, seq__gt=seq, cause="player").values_list("command", flat=True)
    )
    assert played == ["roll"]
    answer = answer_to(mover)
    assert answer.subject.startswith("Accepted")
    assert "Your commands were accepted." in text_of(answer)
    assert "refused" not in text_of(answer).lower()


def test_lines_after_the_commands_are_reported_politely(game: models.Game, mover: models.Seat) -> None:
    run_outbox()
    play(mover, "roll\n\nCheers,\nBob\n")
    text = text_of(answer_to(mover))
    assert "were not read as commands" in text and "Cheers," in text


def test_a_mistyped_command_under_a_played_one_is_refused_with_its_reason_not_passed_over(
    game: models.Game, mover: models.Seat
) -> None:
    # "play reactor" then "play thurster" was answered "Accepted", the typo listed among the lines
    # "not read as commands" like a sign-off: a line that begins with a command's word is a command.
    run_outbox()
    result = play(mover, "roll\nroll twice\n\nCheers,\nBob\n")
    assert (result.status, result.applied) == ("refused", ["roll"])
    text = text_of(answer_to(mover))
    assert "roll twice" in text and "The commands before it were played" in text
    assert "were not read as commands" not in text


def test_a_sign_off_that_begins_with_a_command_word_is_still_a_sign_off(
    game: models.Game, mover: models.Seat
) -> None:
    run_outbox()
    result = play(mover, "roll\nRoll on, thanks all!\n")
    assert (result.status, result.applied) == ("accepted", ["roll"])


def test_a_line_that_is_no_command_before_any_command_is_still_refused(
    game: models.Game, mover: models.Seat
) -> None:
    run_outbox()
    result = play(mover, "Cheers,\nroll\n")
    assert (result.status, result.code) == ("refused", "command")


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("roll\n----- Forwarded message from Bob <b@example.com> -----\npass\n", ["roll"]),
        ("roll\nBegin forwarded message:\npass\n", ["roll"]),
        ("On Sun, Bob wrote:\n> pass\n\nroll\n", ["roll"]),
        ("ro\x00ll\n", ["ro ll"]),
    ],
)
def test_command_lines(text: str, lines: list[str]) -> None:
    assert inbound.command_lines(text) == lines
