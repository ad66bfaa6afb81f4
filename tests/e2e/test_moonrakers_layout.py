"""The Moonrakers game page on a phone: at 390 px nothing scrolls sideways, in English and French, while
a Contract is under way (hand cards as buttons, every participant's play area) and while the Mission
Leader negotiates (the offer steppers, and the live "you would keep" line its script shows).
Screenshots go to test-artifacts/ (moonrakers-*.png)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.test_game_table_layout import ARTIFACTS, chromium, logged_in
from tests.factories import make_user
from tests.web.moonrakers_play import ENGINE, kinds, moonrakers_game, pending_of, play_until, submit

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

__all__ = ["chromium"]  # the browser fixture, shared with the Moonrollers layout test


def test_a_contract_under_way_fits_a_phone_in_english_and_french(live_server: Any, chromium: Any) -> None:
    ann, bob, cyd = make_user("Ann"), make_user("Bob"), make_user("Cyd")
    game = moonrakers_game(ann, bob, cyd)
    state = play_until(game, lambda s: bool(pending_of(s, "play")))
    seat = pending_of(state, "play")[0]
    player = game.seats.get(position=seat).user
    ARTIFACTS.mkdir(exist_ok=True)
    for lang in ("en", "fr"):
        player.language = lang
        player.save(update_fields=["language"])
        phone = logged_in(chromium, live_server, player, {"width": 390, "height": 844})
        phone.goto(f"{live_server.url}/games/{game.pk}/")
        phone.screenshot(path=str(ARTIFACTS / f"moonrakers-play-phone-{lang}.png"), full_page=True)
        assert phone.locator(".mr-hand-buttons button.mr-card-button").count() >= 1
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_offer_steppers_fit_a_phone_and_show_what_the_leader_keeps(
    live_server: Any, chromium: Any
) -> None:
    ann, bob, cyd = make_user("Ann"), make_user("Bob"), make_user("Cyd")
    game = moonrakers_game(ann, bob, cyd)
    state = play_until(game, lambda s: "plan" in kinds(s))
    slot = next(i for i, c in enumerate(state.contract_row) if c is not None)
    submit(game, state.leader, f"contract {slot + 1}")
    leader = game.seats.get(position=state.leader).user
    contract = ENGINE.view(state, None)["contract_row"][slot]
    assert contract
    phone = logged_in(chromium, live_server, leader, {"width": 390, "height": 844})
    phone.goto(f"{live_server.url}/games/{game.pk}/")

    form = phone.locator("form.mr-offer-form").first
    keeps = form.locator('output[data-keep="credits"]')
    before = int(keeps.inner_text())
    form.locator('select[name="p_credits"]').select_option(index=1)
    assert int(keeps.inner_text()) == before - 1
    # The noun follows the number: 1 Credit kept, then none (English: "0 Credits").
    noun = form.locator('[data-noun="credits"]')
    form.locator('select[name="p_credits"]').select_option(index=before - 1)
    assert (keeps.inner_text(), noun.inner_text()) == ("1", "Credit")
    form.locator('select[name="p_credits"]').select_option(index=before)
    assert (keeps.inner_text(), noun.inner_text()) == ("0", "Credits")
    form.locator('select[name="p_credits"]').select_option(index=1)
    phone.screenshot(path=str(ARTIFACTS / "moonrakers-offer-phone.png"), full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
