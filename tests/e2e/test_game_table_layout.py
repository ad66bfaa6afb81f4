"""The game page is a game table: at 1280x800 the decision, the dice and the crew display show
without scrolling; on a phone the decision sits right under the dice. Screenshots go to
test-artifacts/ (table-desktop.png, table-phone.png)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.db import connections
from django.test import Client

from tests.factories import make_user
from tests.web.moonrollers_play import ENGINE, moonrollers_game, play_until

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture
def chromium() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
            )
            yield browser
            browser.close()
    finally:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        connections.close_all()


def logged_in(browser: Any, live_server: Any, user: Any, viewport: dict[str, int]) -> Any:
    client = Client()
    client.force_login(user)
    cookie = client.cookies[django_settings.SESSION_COOKIE_NAME].value
    context = browser.new_context(viewport=viewport)
    context.add_cookies(
        [{"name": django_settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    return context.new_page()


def lock_pending(state: Any) -> bool:
    pending = ENGINE.pending(state)
    if not pending:
        return False
    return any(spec.action == "lock" for spec in ENGINE.legal(state, pending[0].seat))


def test_it_shows_the_decision_the_dice_and_the_cards_without_scrolling(
    live_server: Any, chromium: Any
) -> None:
    ann, bob = make_user("Ann"), make_user("Bob")
    game = moonrollers_game(ann, bob)
    state = play_until(game, lock_pending, limit=300)
    seat = ENGINE.pending(state)[0].seat
    player = ann if seat == 0 else bob
    ARTIFACTS.mkdir(exist_ok=True)

    page = logged_in(chromium, live_server, player, {"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert page.title().startswith("(your turn)")
    page.screenshot(path=str(ARTIFACTS / "table-desktop.png"))
    for selector in (
        "#decide form.command button[type=submit]",
        ".dice-area .pools",
        ".display-area .crew-card",
    ):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["y"] + min(box["height"], 40) <= 800, f"{selector} is below the fold"

    phone = logged_in(chromium, live_server, player, {"width": 390, "height": 844})
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.screenshot(path=str(ARTIFACTS / "table-phone.png"), full_page=True)
    phone.screenshot(path=str(ARTIFACTS / "table-phone-top.png"))
    dice = phone.locator(".dice-area").bounding_box()
    decide = phone.locator("#decide").bounding_box()
    display = phone.locator(".display-area").bounding_box()
    assert dice and decide and display
    assert dice["y"] < decide["y"] < display["y"], "on a phone the decision comes right after the dice"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_it_shows_every_total_of_the_score_table_on_a_phone(live_server: Any, chromium: Any) -> None:
    from tests.web.moonrollers_play import play_one

    ann, bob = make_user("Ann"), make_user("Bob")
    game = moonrollers_game(ann, bob)
    for _ in range(1500):
        if game.is_finished:
            break
        play_one(game)
    ARTIFACTS.mkdir(exist_ok=True)
    phone = logged_in(chromium, live_server, ann, {"width": 390, "height": 844})
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.locator("#score-table").screenshot(path=str(ARTIFACTS / "score-table-phone.png"))
    for total in phone.locator("#score-table td.total").all():
        box = total.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390, "a total is off the screen"
    desktop = logged_in(chromium, live_server, ann, {"width": 1280, "height": 800})
    desktop.goto(f"{live_server.url}/games/{game.pk}/")
    desktop.locator("#game-over").screenshot(path=str(ARTIFACTS / "score-table-desktop.png"))
