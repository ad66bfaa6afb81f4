"""Issue 9 in the emails: a turn email opens with what happened to the reader's last move and one
line per other player; the emails of one game thread; times are in the reader's zone; the end of
the game explains the scores; chat reaches players as they chose."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.core import mail

from games import models, outbox, services, store, texts
from games.engine.core import get_engine
from games.mail import messages
from tests.factories import NOW, make_game, make_user
from tests.mail.helpers import html_of, run_outbox, text_of
from tests.web.moonrollers_play import ENGINE, moonrollers_game, play_one

pytestmark = pytest.mark.django_db


def turn_email(game: models.Game, seat: models.Seat) -> mail.EmailMessage:
    note = outbox.notification(game=game, user=seat.user, kind=models.Notification.Kind.TURN, now=NOW)
    note.payload = {"seat": seat.position}
    note.save()
    return messages.build(note, now=NOW)


def bust_then_back(language: str = "en", zone: str = "") -> tuple[models.Game, models.Event, models.Seat]:
    """A Moonrollers game played until a player goes bust and it is their turn again."""
    for _ in range(5):
        ann, bob = (
            make_user("Ann", language=language, time_zone=zone),
            make_user("Bob", language=language, time_zone=zone),
        )
        game = moonrollers_game(ann, bob)
        for _ in range(600):
            if game.is_finished:
                break
            bust = models.Event.objects.filter(game=game, type="busted", cause="player").first()
            pending = ENGINE.pending(store.load(game).state)
            if bust is not None and pending and pending[0].seat == bust.seat:
                return game, bust, game.seats.get(position=bust.seat)
            play_one(game)
    raise AssertionError("no bust in five games")


def summary(row: models.Event, seat: int, game: models.Game, lang: str = "en") -> str:
    engine = get_engine(game.kind)
    message = engine.summary(store.to_engine_event(row, engine), seat)
    assert message is not None
    return texts.render(message, texts.seat_names(game), lang=lang)


def test_a_turn_email_opens_with_what_happened_to_my_last_move() -> None:
    game, bust, seat = bust_then_back()

    message = turn_email(game, seat)

    first_line = text_of(message).splitlines()[0]
    assert summary(bust, seat.position, game) in first_line
    # Then one line per other player, before the full log.
    other = game.seats.exclude(pk=seat.pk).get()
    text = text_of(message)
    lines = [line for line in text.splitlines() if line.startswith(other.name)]
    assert len(lines) == 1
    assert text.index(lines[0]) < text.index("Since your last move:")
    assert summary(bust, seat.position, game) in html_of(message)


def test_every_email_of_a_game_threads_under_the_games_message_id(game: models.Game) -> None:
    first = run_outbox()
    services.command_submit(
        game=game, user=game.seats.get(is_pending=True).user, text="roll", expected_seq=game.last_seq, now=NOW
    )
    second = run_outbox()
    thread = messages.game_thread_id(game.pk)
    assert first and second
    for message in first + second:
        assert message.extra_headers["References"].split()[0] == thread
        assert message.extra_headers["In-Reply-To"] == thread
        assert message.subject == f"Race to 20 #{game.pk}: your move"
        assert message.extra_headers["Message-ID"] != thread


def test_a_reply_subject_never_stacks_prefixes() -> None:
    assert (
        messages.bare_subject("Re: Accepted: RE: Fwd: Moonrollers #3: your move")
        == "Moonrollers #3: your move"
    )
    assert messages.bare_subject("Re\u00a0: Accepté\u00a0: Moonrollers #3") == "Moonrollers #3"
    assert messages.bare_subject("Moonrollers #3: your move") == "Moonrollers #3: your move"


def test_times_in_an_email_are_in_the_readers_zone_and_named(ann: Any, bob: Any) -> None:
    bob.time_zone = "America/New_York"
    bob.save()
    ann.time_zone = "Asia/Tokyo"
    ann.save()
    game = make_game(ann, bob)
    seat = game.seats.get(is_pending=True)
    message = turn_email(game, seat)
    local = seat.deadline.astimezone(seat.user.zone)
    assert f"{local:%H:%M} ({seat.user.time_zone})" in text_of(message)
    assert "UTC" not in text_of(message)


def test_emails_use_a_sans_serif_layout_for_phones(game: models.Game) -> None:
    (message, *_) = run_outbox()
    html = html_of(message)
    assert "sans-serif" in html and "Georgia" not in html
    assert 'name="viewport"' in html


def test_the_end_of_game_email_explains_the_scores() -> None:
    ann, bob = make_user("Ann"), make_user("Bob")
    game = moonrollers_game(ann, bob)
    for _ in range(1500):
        if game.is_finished:
            break
        play_one(game)
    assert game.is_finished
    sent = [m for m in run_outbox() if m.extra_headers.get("X-Moonweb-Kind") == "game_end"]
    assert len(sent) == 2
    text, html = text_of(sent[0]), html_of(sent[0])
    for position, total in game.outcome["scores"].items():
        name = game.seats.get(position=int(position)).name
        assert re.search(rf"\d\. {name}( \(you\))?: {total}\n", text)
    assert "Prestige on the track" in text and "Hazard symbols" in text
    assert 'id="score-table"' not in html and "Prestige on the track" in html
    assert not text.startswith("Hello")  # it opens with a one-line summary: who won


class TestChat:
    def test_a_private_message_reaches_its_reader_only(self, game: models.Game, ann: Any, bob: Any) -> None:
        cyd = make_user("Cyd")
        three = make_game(ann, bob, cyd)
        run_outbox()
        services.chat_send(game=three, user=ann, text="Shall we?", to_position=1, now=NOW)
        sent = [m for m in run_outbox() if m.extra_headers.get("X-Moonweb-Kind") == "chat"]
        assert [m.to for m in sent] == [[bob.email]]
        assert "Shall we?" in text_of(sent[0]) and "privately" in text_of(sent[0])
        assert sent[0].extra_headers["References"].split()[0] == messages.game_thread_id(three.pk)

    def test_a_message_to_the_table_reaches_the_others_as_they_chose(self, ann: Any, bob: Any) -> None:
        cyd = make_user("Cyd", chat_email="never")
        game = make_game(ann, bob, cyd)
        run_outbox()
        services.chat_send(game=game, user=ann, text="Good luck all", now=NOW)
        sent = [m for m in run_outbox() if m.extra_headers.get("X-Moonweb-Kind") == "chat"]
        assert [m.to for m in sent] == [[bob.email]]  # not Ann, who wrote it; not Cyd, who said never

    def test_a_digest_reader_finds_the_message_in_the_digest(self, ann: Any) -> None:
        from games.mail import digests

        dee = make_user("Dee", chat_email="digest", notify="daily_digest")
        game = make_game(ann, dee)
        run_outbox()
        services.chat_send(game=game, user=ann, text="See you tomorrow", to_position=1, now=NOW)
        assert not [m for m in run_outbox() if m.extra_headers.get("X-Moonweb-Kind") == "chat"]
        digests.queue_digests(now=NOW + dt.timedelta(hours=1))
        (digest,) = [m for m in run_outbox(NOW + dt.timedelta(hours=1)) if m.to == [dee.email]]
        assert "See you tomorrow" in text_of(digest)

    def test_the_preference_is_on_the_profile(self, ann: Any) -> None:
        from django.test import Client

        client = Client()
        client.force_login(ann)
        page = client.get("/accounts/profile/").content.decode()
        assert 'name="chat_email"' in page
        data = {
            "display_name": "Ann",
            "language": "en",
            "time_zone": "",
            "notify": "every_turn",
            "chat_email": "never",
        }
        client.post("/accounts/profile/", data)
        ann.refresh_from_db()
        assert ann.chat_email == "never"


def test_a_french_thread_reads_in_french() -> None:
    game, bust, seat = bust_then_back(language="fr", zone="Europe/Paris")
    message = turn_email(game, seat)
    text = text_of(message)
    assert summary(bust, seat.position, game, lang="fr") in text.splitlines()[0]
    assert "jouer dans" in text and "(Europe/Paris)" in text
    print("\n--- French turn email ---\nSubject: " + message.subject + "\n\n" + text)


def test_a_one_click_link_says_the_move_in_words(game: models.Game) -> None:
    from django.test import Client

    (message,) = run_outbox()
    url = re.search(r"(http://\S+/mail/act/\S+/)", text_of(message))
    assert url
    seat = game.seats.get(is_pending=True)
    client = Client()
    client.force_login(seat.user)
    path = re.sub(r"^https?://[^/]+", "", url.group(1))

    page = client.get(path).content.decode()

    button = re.search(r'<button type="submit">(.*?)</button>', page, re.S)
    assert button and button.group(1).strip() in ("Play: Roll the die", "Play: Pass")
    done = client.post(path).content.decode()
    assert "“Roll the die” was played" in done or "“Pass” was played" in done
