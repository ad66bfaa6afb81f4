"""The development mailbox: MailboxBackend stores readable files; /dev/mail/ shows them when DEBUG is on."""

from __future__ import annotations

import email
import email.policy
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.mail import EmailMultiAlternatives, send_mail
from django.test import Client

from moonweb.mailbox import NAME_RE
from tests.accounts.helpers import PASSWORD


@pytest.fixture
def debug(settings: Any) -> None:
    settings.DEBUG = True


def send_turn_email(subject: str = "Your move at table 7") -> None:
    message = EmailMultiAlternatives(
        subject,
        "It is your turn. Play here: http://testserver/games/7/\nOr reply with a command.",
        "Moonweb <play@moonweb.localhost>",
        ["ada@example.com"],
    )
    message.attach_alternative(
        '<p>It is your turn. <a href="http://testserver/games/7/">Play</a></p>', "text/html"
    )
    message.send()


def test_it_stores_each_message_as_a_readable_file_named_by_time(mailbox_dir: Path) -> None:
    send_mail("First", "one", "from@example.com", ["ada@example.com"])
    send_mail("Second", "two", "from@example.com", ["bob@example.com"])

    files = sorted(mailbox_dir.iterdir())
    assert [f.name for f in files if not NAME_RE.match(f.name)] == []
    parsed = [email.message_from_bytes(f.read_bytes(), policy=email.policy.default) for f in files]
    assert [(m["Subject"], m["To"], m.get_content().strip()) for m in parsed] == [  # type: ignore[attr-defined]
        ("First", "ada@example.com", "one"),
        ("Second", "bob@example.com", "two"),
    ]


def test_it_does_not_exist_when_debug_is_off(client: Client, mailbox_dir: Path) -> None:
    send_turn_email()
    name = next(mailbox_dir.iterdir()).name

    for path in ["/dev/mail/", f"/dev/mail/{name}/", f"/dev/mail/{name}/html/"]:
        assert client.get(path).status_code == 404, path


@pytest.mark.usefixtures("debug")
def test_it_lists_messages_newest_first(client: Client, mailbox_dir: Path) -> None:
    send_mail("Older", "one", "from@example.com", ["ada@example.com"])
    send_mail("Newer", "two", "from@example.com", ["bob@example.com"])

    page = client.get("/dev/mail/").content.decode()

    assert page.index("Newer") < page.index("Older")
    assert "bob@example.com" in page


@pytest.mark.usefixtures("debug")
def test_it_shows_headers_text_with_clickable_links_and_the_html_part(
    client: Client, mailbox_dir: Path
) -> None:
    send_turn_email()
    name = next(mailbox_dir.iterdir()).name

    page = client.get(f"/dev/mail/{name}/").content.decode()

    assert "Your move at table 7" in page
    assert "ada@example.com" in page
    assert '<a href="http://testserver/games/7/"' in page
    assert f'src="/dev/mail/{name}/html/"' in page
    assert re.search(r'<iframe[^>]*sandbox="[^"]*"', page)
    assert "allow-scripts" not in page and "allow-same-origin" not in page

    html = client.get(f"/dev/mail/{name}/html/")
    assert html.status_code == 200
    assert '<a href="http://testserver/games/7/">Play</a>' in html.content.decode()
    assert "default-src 'none'" in html["Content-Security-Policy"]
    assert html["X-Frame-Options"] == "SAMEORIGIN"


@pytest.mark.usefixtures("debug")
def test_it_serves_only_files_of_the_mailbox(client: Client, mailbox_dir: Path) -> None:
    send_mail("Only text", "no html here", "from@example.com", ["ada@example.com"])
    name = next(mailbox_dir.iterdir()).name
    (mailbox_dir.parent / "secret.eml").write_text("Subject: secret\n\nkeep out")

    assert client.get(f"/dev/mail/{name}/html/").status_code == 404
    assert client.get("/dev/mail/..%2Fsecret.eml/").status_code == 404
    assert client.get("/dev/mail/20260101T000000000000Z-000000000000.eml/").status_code == 404


@pytest.mark.django_db
@pytest.mark.usefixtures("debug")
def test_it_shows_the_sign_up_verification_email_with_its_link(client: Client, mailbox_dir: Path) -> None:
    data = {"email": "grace@example.com", "password1": PASSWORD, "password2": PASSWORD}
    client.post("/accounts/signup/", data)

    listing = client.get("/dev/mail/").content.decode()
    assert "grace@example.com" in listing
    assert "[Moonweb] Please Confirm Your Email Address" in listing

    name = next(mailbox_dir.iterdir()).name
    page = client.get(f"/dev/mail/{name}/").content.decode()
    link = re.search(r'<a href="(http://testserver/accounts/confirm-email/[^"]+)"', page)
    assert link is not None
    assert client.get(link.group(1).removeprefix("http://testserver")).status_code == 200
