"""Issue 12, finding 6: the table's creator can withdraw the invitation link; the old link (and the
emails that carried it) then says so and lets nobody in, and the new one works."""

from __future__ import annotations

from typing import Any

import pytest

from games import models
from tests.factories import make_game
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


def revoke(user: Any, game: models.Game) -> Any:
    return client_for(user).post(f"/games/{game.pk}/invite/revoke/")


def test_the_creator_withdraws_the_link_and_gets_a_new_one(ann: Any, bob: Any) -> None:
    game = make_game(ann, start=False, seat_count=2, visibility="private")
    old = game.invite_token
    page = client_for(ann).get(f"/games/{game.pk}/").content.decode()
    assert f'action="/games/{game.pk}/invite/revoke/"' in page

    response = revoke(ann, game)

    assert response.status_code == 302
    game.refresh_from_db()
    assert game.invite_token != old
    page = client_for(ann).get(f"/games/{game.pk}/").content.decode()
    assert f"/games/invite/{game.invite_token}/" in page and f"/games/invite/{old}/" not in page
    # The old link says it was withdrawn, and lets nobody look or join.
    client = client_for(bob)
    withdrawn = client.get(f"/games/invite/{old}/")
    assert withdrawn.status_code == 410
    assert "This invitation was withdrawn" in withdrawn.content.decode()
    assert client.get(f"/games/{game.pk}/").status_code == 403
    client.post(f"/games/{game.pk}/join/")
    assert game.seats.count() == 1
    # The new one works.
    assert client.get(f"/games/invite/{game.invite_token}/").status_code == 200
    assert client.post(f"/games/{game.pk}/join/").status_code == 302
    assert game.seats.count() == 2


def test_someone_who_opened_the_old_link_loses_the_table(ann: Any, bob: Any) -> None:
    game = make_game(ann, start=False, seat_count=2, visibility="private")
    client = client_for(bob)
    assert client.get(f"/games/invite/{game.invite_token}/").status_code == 200
    assert client.get(f"/games/{game.pk}/").status_code == 200

    revoke(ann, game)

    assert client.get(f"/games/{game.pk}/").status_code == 403
    client.post(f"/games/{game.pk}/join/")
    assert game.seats.count() == 1


def test_only_the_creator_can_withdraw_the_link(ann: Any, bob: Any, cyd: Any) -> None:
    game = make_game(ann, bob, start=False, seat_count=3)
    old = game.invite_token
    for user in (bob, cyd):
        assert revoke(user, game).status_code == 403
    assert revoke(None, game).status_code == 302  # to the sign-in page
    game.refresh_from_db()
    assert game.invite_token == old
    assert not models.RevokedInvitation.objects.exists()


def test_the_withdrawn_page_is_in_french(ann: Any, bob: Any) -> None:
    for user in (ann, bob):
        user.language = "fr"
        user.save(update_fields=["language"])
    game = make_game(ann, start=False, seat_count=2)
    old = game.invite_token
    table_page = client_for(ann).get(f"/games/{game.pk}/").content.decode()
    assert "Retirer ce lien et en créer un nouveau" in table_page
    revoke(ann, game)
    page = client_for(bob).get(f"/games/invite/{old}/").content.decode()
    assert "Cette invitation a été retirée" in page
