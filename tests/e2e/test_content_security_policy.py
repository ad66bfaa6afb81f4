"""With the Content-Security-Policy on, the pages still work in a real browser: the site's own
scripts run, the seat colours (inline style attributes) show, and the browser reports no violation."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.test_game_table_layout import chromium, logged_in  # noqa: F401  (fixture)
from tests.factories import make_user
from tests.web.moonrollers_play import moonrollers_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def watch_violations(page: Any) -> list[str]:
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    return violations


def test_the_sign_up_page_runs_its_script_under_the_policy(live_server: Any, chromium: Any) -> None:  # noqa: F811
    page = chromium.new_context(viewport=PHONE, timezone_id="Europe/Paris").new_page()
    violations = watch_violations(page)

    response = page.goto(f"{live_server.url}/accounts/signup/")

    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_load_state("load")
    # timezone.js (a static file of the site) filled the hidden field.
    assert page.input_value('input[name="time_zone"]') == "Europe/Paris"
    assert violations == []


def test_the_game_page_shows_seat_colours_under_the_policy(live_server: Any, chromium: Any) -> None:  # noqa: F811
    ann, bob = make_user("Ann"), make_user("Bob")
    game = moonrollers_game(ann, bob)
    page = logged_in(chromium, live_server, ann, PHONE)
    violations = watch_violations(page)

    page.goto(f"{live_server.url}/games/{game.pk}/")

    colour = page.eval_on_selector(".swatch", "e => getComputedStyle(e).backgroundColor")
    assert colour not in ("", "rgba(0, 0, 0, 0)", "transparent")
    assert violations == []
