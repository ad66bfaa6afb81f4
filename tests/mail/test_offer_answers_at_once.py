"""Three invitees answer the same round of offers at the same moment, one by the game page, one
by the API, one by an email reply: each answers their own decision (``Seat.decision_seq``), so all
three are recorded and none is refused as stale."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games import models, services, store
from games.mail import links, receive
from tests.deals import Table, answers, negotiation_table, offer
from tests.factories import NOW
from tests.mail.helpers import raw_reply


def by_page(table: Table, position: int, seq: int) -> str:
    client = Client()
    client.force_login(table.user(position))
    data = {"action": "acceptoffer", "prefix": "accept", "seq": str(seq)}
    response = client.post(reverse("games:move", args=[table.game.pk]), data)
    return f"page {response.status_code}"


def by_api(table: Table, position: int, seq: int) -> str:
    client = APIClient()
    client.force_authenticate(table.user(position))
    url = reverse("api_game_commands", args=[table.game.pk])
    response = client.post(url, {"command": "decline", "expected_seq": seq}, format="json")
    return f"api {response.status_code}"


def by_email(table: Table, position: int, address: str) -> str:
    raw = raw_reply(to=address, sender=table.user(position).email, body="counter 2p 1d\n")
    return f"email {receive.receive(raw, now=NOW).status}"


def offered_table() -> Table:
    table = negotiation_table()
    for position in table.invitees:
        offer(table, position, "1c")
    return table


@pytest.mark.django_db
def test_another_invitee_answering_leaves_my_decision_and_its_seq_as_they_were() -> None:
    table = offered_table()
    first, second, third = table.invitees
    mine = {p: table.seat(p).decision_seq for p in table.invitees}
    assert len(set(mine.values())) == 3  # each became pending with its own offer
    seen = table.game.last_seq
    services.command_submit(
        game=table.game, user=table.user(first), text="accept", expected_seq=seen, now=NOW
    )
    assert {p: table.seat(p).decision_seq for p in (second, third)} == {p: mine[p] for p in (second, third)}
    table.game.refresh_from_db()
    assert store.is_fresh(table.seat(second).decision_seq, seen, table.game.last_seq)
    assert not store.is_fresh(table.seat(first).decision_seq, seen, table.game.last_seq)


@pytest.mark.django_db(transaction=True)
def test_three_invitees_answering_at_once_by_page_api_and_email_are_all_recorded() -> None:
    table = offered_table()
    page, api, email = table.invitees
    seen = table.game.last_seq  # every invitee saw the table after the last offer
    address = links.reply_address(table.seat(email))
    outcomes: list[str] = []
    start = threading.Barrier(3)

    def run(answer: Callable[[], str]) -> None:
        try:
            start.wait()
            outcomes.append(answer())
        except Exception as exc:  # a conflict would be a failure of the feature under test
            outcomes.append(repr(exc))
        finally:
            connection.close()

    jobs: list[Callable[[], Any]] = [
        lambda: by_page(table, page, seen),
        lambda: by_api(table, api, seen),
        lambda: by_email(table, email, address),
    ]
    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == ["api 201", "email accepted", "page 302"]
    assert answers(table.game) == {page: "accept", api: "decline", email: "counter"}
    seqs = list(models.Event.objects.filter(game=table.game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))
