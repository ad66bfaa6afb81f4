"""The lobby lists open public tables by pages of 20, newest first, with links between pages."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from games import services
from tests.factories import NOW, make_game, make_user

pytestmark = pytest.mark.django_db


def table_ids(page: str) -> list[int]:
    return [int(n) for n in re.findall(r'<a href="/games/(\d+)/"><strong>', page)]


@pytest.fixture
def tables() -> list[int]:
    """45 open public tables with a free seat (newest last), and a full one that is not listed."""
    creator = make_user("Ann")
    made = [make_game(creator, start=False, seat_count=2).pk for _ in range(45)]
    full = make_game(creator, start=False, seat_count=2)
    services.game_join(game=full, user=make_user("Bob"), now=NOW)
    return made


def test_the_lobby_shows_twenty_tables_a_page_and_links_to_the_others(
    client: Client, tables: list[int]
) -> None:
    newest_first = tables[::-1]

    first = client.get("/games/lobby/").content.decode()
    second = client.get("/games/lobby/?page=2").content.decode()
    last = client.get("/games/lobby/?page=3").content.decode()

    assert table_ids(first) == newest_first[:20]
    assert table_ids(second) == newest_first[20:40]
    assert table_ids(last) == newest_first[40:]
    assert 'href="?page=2" rel="next"' in first and 'rel="prev"' not in first
    assert 'href="?page=1" rel="prev"' in second and 'href="?page=3" rel="next"' in second
    assert "Page 3 of 3" in last and 'rel="next"' not in last


@pytest.mark.parametrize(("asked", "shown"), [("abc", 1), ("0", 3), ("99", 3), ("", 1)])
def test_a_page_that_does_not_exist_shows_the_nearest_one(
    client: Client, tables: list[int], asked: str, shown: int
) -> None:
    response = client.get(f"/games/lobby/?page={asked}")

    assert response.status_code == 200
    assert f"Page {shown} of 3" in response.content.decode()


def test_the_pages_are_named_in_french(client: Client, tables: list[Any]) -> None:
    page = client.get("/games/lobby/?page=2", HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert "Page 2 sur 3" in page and "Tables plus récentes" in page and "Tables plus anciennes" in page
