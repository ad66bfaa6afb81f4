"""Mail piped by the MTA through bin/moonweb-receive-email (issue 12: "Play by email behind a real
mail server"): real messages in, the exit status Postfix sees, nothing on standard error, and the
answers the outbox then writes under MAILBOX_DIR.

These run the wrapper in a subprocess against the test database, so they commit for real.
"""

from __future__ import annotations

import email
import email.policy
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core import mail

from games import models
from tests.factories import make_game, make_user
from tests.mail.helpers import run_outbox
from tests.mail.test_bounces import dsn

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
WRAPPER = ROOT / "bin" / "moonweb-receive-email"
EX_TEMPFAIL = 75


def database_url(port: int | None = None) -> str:
    db = django_settings.DATABASES["default"]
    return (
        f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:{port or db['PORT'] or 5432}/"
        f"{db['NAME']}"
    )


# A production-grade key, shared by this process and the piped one (the web, the worker and the
# receiver share one environment file): our Message-IDs carry a digest keyed by it.
SECRET_KEY = "pipe-test-9f2c47e1b8d35a60c4e7f1a2b3d4c5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2"


@pytest.fixture
def env_file(tmp_path: Path, mailbox_dir: Path, settings: Any) -> Path:
    """The deployment's environment file, as the web and the worker would read it."""
    settings.SECRET_KEY = SECRET_KEY
    path = tmp_path / "moonweb.env"
    write_env(path, tmp_path, mailbox_dir)
    return path


def write_env(path: Path, tmp_path: Path, mailbox_dir: Path, **overrides: str) -> None:
    values = {
        "DEBUG": "0",
        "SECRET_KEY": SECRET_KEY,
        "ALLOWED_HOSTS": "moonweb.test",
        "SITE_URL": "https://moonweb.test",
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/6"),
        "REPLY_DOMAIN": django_settings.REPLY_DOMAIN,
        "DEFAULT_FROM_EMAIL": django_settings.DEFAULT_FROM_EMAIL,
        "MAIL_BOUNCE_ADDRESS": f"bounces@{django_settings.REPLY_DOMAIN}",
        "EMAIL_BACKEND": "moonweb.mailbox.MailboxBackend",
        "MAILBOX_DIR": str(mailbox_dir),
        "RECEIVE_EMAIL_LOG": str(tmp_path / "receive_email.log"),
        "MOONWEB_VAR_DIR": str(tmp_path / "var"),
        **overrides,
    }
    # Quoted: read the same by systemd's EnvironmentFile and by the wrapper's shell.
    path.write_text("".join(f'{k}="{v}"\n' for k, v in values.items()))


def pipe(env_file: Path, raw: bytes, *, recipient: str, sender: str) -> subprocess.CompletedProcess[bytes]:
    """Run the wrapper as Postfix's pipe(8) would: argv from flags=DOR, the message on stdin."""
    env = {
        "PATH": os.environ["PATH"],
        "HOME": os.environ.get("HOME", str(env_file.parent)),
        "MOONWEB_ENV_FILE": str(env_file),
    }
    return subprocess.run(
        [str(WRAPPER), recipient, sender], input=raw, capture_output=True, env=env, timeout=120, check=False
    )


def answers(mailbox_dir: Path, address: str) -> list[Any]:
    """Send what the outbox holds (as the worker would) and read the answers (to incoming mail) the
    mailbox got for ``address``."""
    run_outbox()
    found = []
    for path in sorted(mailbox_dir.glob("*.eml")) if mailbox_dir.exists() else []:
        message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        if address in str(message["To"]) and message["X-Moonweb-Kind"] == "reply":
            found.append(message)
    return found


def body_of(message: Any) -> str:
    return str(message.get_body(preferencelist=("plain",)).get_content())


@pytest.fixture
def table(settings: Any) -> tuple[models.Game, models.Seat]:
    settings.EMAIL_BACKEND = "moonweb.mailbox.MailboxBackend"
    # A real game: the subprocess knows only the real engines, not the tests' tiny one.
    game = make_game(make_user("Ann"), make_user("Bob"), kind="moonrollers")
    mover = game.seats.select_related("user").get(is_pending=True)
    models.Notification.objects.update(sent_at=django_now())  # the opening emails are not the point
    return game, mover


def django_now() -> Any:
    from django.utils import timezone

    return timezone.now()


def mutt_reply(seat: models.Seat, command: str) -> tuple[bytes, str]:
    address = f"reply+{seat.reply_token}.{seat.decision_seq}@{django_settings.REPLY_DOMAIN}"
    raw = (
        f"Return-Path: <{seat.user.email}>\n"
        f"X-Original-To: {address}\n"
        f"Delivered-To: {address}\n"
        "Received: from laptop.example (laptop.example [192.0.2.7])\n"
        "\tby mx.moonweb.test (Postfix) with ESMTPS id 4Abc\n"
        "\tfor <" + address + ">; Sun, 22 Nov 2026 12:05:01 +0000 (UTC)\n"
        "Date: Sun, 22 Nov 2026 13:05:00 +0100\n"
        f"From: Ann <{seat.user.email}>\n"
        f"To: Moonweb <{address}>\n"
        f"Subject: Re: Race to 20 #{seat.game_id}: your move\n"
        "Message-ID: <20261122120500.GA4321@laptop.example>\n"
        f"In-Reply-To: <moonweb.game.{seat.game_id}@{django_settings.REPLY_DOMAIN}>\n"
        "MIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=us-ascii\n"
        "Content-Disposition: inline\n"
        "User-Agent: Mutt/2.2.12 (2023-09-09)\n"
        "\n"
        f"{command}\n"
        "\n"
        "On Sun, Nov 22, 2026 at 12:00:00PM +0000, Moonweb wrote:\n"
        "> It is your move in Race to 20.\n"
        "> roll    (Roll the die)\n"
        "\n"
        "-- \n"
        "Ann\n"
    )
    return raw.encode(), address


def test_a_mutt_reply_is_played_exit_0_and_answered_accepted(
    env_file: Path, mailbox_dir: Path, table: tuple[models.Game, models.Seat]
) -> None:
    game, mover = table
    raw, address = mutt_reply(mover, "roll")
    done = pipe(env_file, raw, recipient=address, sender=mover.user.email)
    assert (done.returncode, done.stderr) == (0, b"")
    assert models.Event.objects.filter(game=game, command="roll", cause="player").count() == 1
    found = answers(mailbox_dir, mover.user.email)
    assert [str(m["Subject"])[:8] for m in found] == ["Accepted"]
    (answer,) = found
    assert str(answer["Reply-To"]).startswith(f"reply+{mover.reply_token}.")
    assert str(answer["Date"]).endswith("+0000")


def test_an_html_only_reply_is_played(
    env_file: Path, mailbox_dir: Path, table: tuple[models.Game, models.Seat]
) -> None:
    game, mover = table
    address = f"reply+{mover.reply_token}@{django_settings.REPLY_DOMAIN}"
    raw = (
        f"From: Ann <{mover.user.email}>\nTo: {address}\nSubject: Re: your move\n"
        "Message-ID: <html-only@webmail.example>\nMIME-Version: 1.0\n"
        'Content-Type: text/html; charset="utf-8"\n\n'
        '<html><body><div dir="ltr">roll</div><br><div class="gmail_quote">'
        "<div>On Sun, Moonweb wrote:</div><blockquote>roll</blockquote></div></body></html>\n"
    ).encode()
    done = pipe(env_file, raw, recipient=address, sender=mover.user.email)
    assert (done.returncode, done.stderr) == (0, b"")
    assert models.Event.objects.filter(game=game, command="roll", cause="player").count() == 1
    (answer,) = answers(mailbox_dir, mover.user.email)
    assert str(answer["Subject"]).startswith("Accepted")


def test_a_bounce_exits_0_is_recorded_and_never_answered(
    env_file: Path, mailbox_dir: Path, table: tuple[models.Game, models.Seat], settings: Any
) -> None:
    _game, mover = table
    settings.MAIL_BOUNCE_ADDRESS = f"bounces@{django_settings.REPLY_DOMAIN}"
    models.Notification.objects.update(sent_at=None, claimed_at=None, attempts=0)
    mail.outbox.clear()
    original = next(m for m in _sent_in_memory() if m.to == [mover.user.email])
    done = pipe(env_file, dsn(original), recipient=settings.MAIL_BOUNCE_ADDRESS, sender="")
    assert (done.returncode, done.stderr) == (0, b"")
    mover.user.refresh_from_db()
    assert mover.user.email_bounces.filter(hard=True).count() == 1
    assert answers(mailbox_dir, "MAILER-DAEMON") == [] and answers(mailbox_dir, mover.user.email) == []


def _sent_in_memory() -> list[Any]:
    """The opening emails, built as they would be sent (to bounce one of them)."""
    from django.test import override_settings

    with override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"):
        return run_outbox()


def test_an_unreachable_broker_after_the_commit_still_exits_0_and_writes_nothing_on_stderr(
    tmp_path: Path, mailbox_dir: Path, table: tuple[models.Game, models.Seat]
) -> None:
    game, mover = table
    refused = tmp_path / "refused.env"
    write_env(refused, tmp_path, mailbox_dir, CELERY_BROKER_URL="redis://127.0.0.1:1/0")
    raw, address = mutt_reply(mover, "roll")
    done = pipe(refused, raw, recipient=address, sender=mover.user.email)
    assert (done.returncode, done.stderr) == (0, b"")
    assert models.Event.objects.filter(game=game, command="roll", cause="player").count() == 1
    # The answer waits in the outbox for the catch-up task.
    assert models.Notification.objects.filter(kind="reply", sent_at__isnull=True).count() == 1
    assert "accepted" in (tmp_path / "receive_email.log").read_text()


def test_an_unreachable_database_is_75_and_nothing_on_stderr(
    tmp_path: Path, mailbox_dir: Path, table: tuple[models.Game, models.Seat]
) -> None:
    game, mover = table
    down = tmp_path / "down.env"
    write_env(down, tmp_path, mailbox_dir, DATABASE_URL=database_url(port=1))
    raw, address = mutt_reply(mover, "roll")
    done = pipe(down, raw, recipient=address, sender=mover.user.email)
    assert (done.returncode, done.stderr) == (EX_TEMPFAIL, b"")
    assert not models.Event.objects.filter(game=game, command="roll").exists()


def test_a_nul_byte_and_a_broken_subject_exit_0_with_an_answer(
    env_file: Path, mailbox_dir: Path, table: tuple[models.Game, models.Seat]
) -> None:
    _game, mover = table
    raw, address = mutt_reply(mover, "ro\x00ll")
    raw = raw.replace(b"Subject: Re:", b"Subject: =?utf-8?q?=00=FF?= Re:")
    done = pipe(env_file, raw, recipient=address, sender=mover.user.email)
    assert (done.returncode, done.stderr) == (0, b"")
    (answer,) = answers(mailbox_dir, mover.user.email)
    # Stripped: with a long subject (a game id of four digits) the header is folded right after
    # "Subject:", and unfolding keeps the folding space (RFC 5322 2.2.3); mail clients trim it.
    assert str(answer["Subject"]).strip().startswith("Refused")
    assert str(answer["Reply-To"]).startswith(f"reply+{mover.reply_token}.")


def test_the_wrong_envelope_sender_is_refused(
    env_file: Path, mailbox_dir: Path, table: tuple[models.Game, models.Seat]
) -> None:
    game, mover = table
    raw, address = mutt_reply(mover, "roll")
    done = pipe(env_file, raw, recipient=address, sender="attacker@evil.example")
    assert (done.returncode, done.stderr) == (0, b"")
    assert not models.Event.objects.filter(game=game, command="roll").exists()
