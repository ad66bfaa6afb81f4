"""Moonrakers offers by email: sent at once (even to a daily-digest player), with the Contract and
the terms, one-click Accept / Decline, a Counter… form, and one-line replies."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from games import deadlines, models
from games.engine.moonrakers.cards import CONTRACTS
from games.mail import links, receive
from tests.deals import Table, answers, negotiation_table, offer
from tests.factories import NOW
from tests.mail.helpers import raw_reply, run_outbox, text_of

pytestmark = pytest.mark.django_db
MINUTE = dt.timedelta(minutes=1)


def offer_emails(table: Table, terms: str = "1c") -> dict[int, Any]:
    """Offer ``terms`` to every invitee; the offer emails sent, by the invitee's seat."""
    run_outbox()  # what setup queued (Objectives, the Mission Leader's turn) is not under test
    for position in table.invitees:
        offer(table, position, terms)
    sent = run_outbox()
    by_address = {table.user(p).email: p for p in table.invitees}
    return {by_address[m.to[0]]: m for m in sent if m.to[0] in by_address}


def link_after(text: str, label: str) -> str:
    """The URL on the line after a one-click link's label in a plain-text email."""
    match = re.search(rf"^\s*{re.escape(label)}\n\s*(\S+)$", text, re.MULTILINE)
    assert match, f"no {label!r} link in:\n{text}"
    return match.group(1).replace("http://testserver", "")


def path_of(url: str) -> str:
    return re.sub(r"^https?://[^/]+", "", url)


def events() -> int:
    return models.Event.objects.count()


@pytest.fixture
def table() -> Table:
    return negotiation_table()


def test_the_offer_email_goes_at_once_to_a_daily_digest_player_and_never_to_a_none_player(
    table: Table,
) -> None:
    digest, nobody, every = table.invitees
    type(table.user(digest)).objects.filter(pk=table.user(digest).pk).update(notify="daily_digest")
    type(table.user(nobody)).objects.filter(pk=table.user(nobody).pk).update(notify="none")
    sent = offer_emails(table)
    assert sorted(sent) == sorted([digest, every])
    assert models.Notification.objects.filter(kind="follow_up", user=table.user(nobody)).count() == 0
    for position in (digest, every):
        assert "your answer is needed" in sent[position].subject


def test_the_offer_email_names_the_contract_its_values_the_terms_the_deadline_and_the_links(
    table: Table,
) -> None:
    position = table.invitees[0]
    message = offer_emails(table, "1c 1d")[position]
    body = text_of(message)
    card = CONTRACTS[table.state().negotiation.contract]
    assert f"on the Contract {card.name}" in body
    assert f"{card.requirements[0][1]} " in body and "It needs" in body
    assert f"{card.credits} Credits" in body
    assert "Your share offered: 1 Credit, 1 Hazard Die." in body
    deadline = table.seat(position).deadline
    assert deadline == NOW + table.game.reply_window
    assert "Answer by " in body and str(deadline.year) in body
    for label in ("Accept the offer", "Decline the offer", "Counter with your terms…"):
        assert "/mail/act/" in link_after(body, label)
    assert "counter" in body and message.reply_to == [links.reply_address(table.seat(position))]
    # It opens with the offer (the recap of what the Mission Leader did), not only with the turn.
    leader, invitee = table.user(table.state().leader).display_name, table.user(position).display_name
    first = body.split("\n\n", 1)[0]
    assert f"{leader} offers {invitee}: 1 Credit, 1 Hazard Die." in first, first
    # The table says what its numbers are: "Ann: 0 Prestige", not "Ann: 0".
    assert f"  - {leader}: 0 Prestige" in body


def test_the_one_click_accept_link_works_once_and_a_forged_or_spent_link_is_refused(table: Table) -> None:
    position = table.invitees[0]
    body = text_of(offer_emails(table)[position])
    accept, decline = (
        path_of(link_after(body, "Accept the offer")),
        path_of(link_after(body, "Decline the offer")),
    )
    client = Client()
    before = events()
    assert client.get(accept).status_code == 200 and events() == before  # GET changes nothing
    assert answers(table.game) == {}

    forged = accept[:-3] + ("x" if accept[-3] != "x" else "y") + accept[-2:]
    refused = client.post(forged)
    assert refused.status_code == 400 and "This link does not work" in refused.content.decode()
    assert events() == before

    assert client.post(accept).status_code == 200
    assert answers(table.game) == {position: "accept"}
    after = events()
    again = client.post(accept)  # the same link again: used, nothing played twice
    assert again.status_code == 410 and "This link has been used" in again.content.decode()
    assert events() == after
    spent = client.post(decline)  # the email's other link: its decision is answered
    assert spent.status_code == 409 and "out of date" in spent.content.decode()
    assert answers(table.game) == {position: "accept"} and events() == after


def test_the_counter_link_form_refuses_terms_outside_the_contract_and_changes_nothing(table: Table) -> None:
    position = table.invitees[0]
    counter = path_of(link_after(text_of(offer_emails(table)[position]), "Counter with your terms…"))
    client = Client()
    page = client.get(counter)
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="p_prestige" value="2p"' in html and 'name="p_dice" value="1d"' in html
    most = len(re.findall(r'name="p_prestige"', html)) - 1  # the Contract's Prestige: 0p to most
    before = events()
    bad = client.post(counter, {"p_prestige": f"{most + 1}p", "p_credits": "0c", "p_dice": "0d"})
    assert bad.status_code == 400 and "is not one of the choices" in bad.content.decode()
    assert events() == before and answers(table.game) == {}

    good = client.post(counter, {"p_prestige": "2p", "p_credits": "0c", "p_dice": "1d"})
    assert good.status_code == 200
    row = models.Event.objects.get(game=table.game, type="offer_answered")
    assert row.payload["answer"] == "counter" and row.payload["terms"] == {"p": 2, "c": 0, "b": 0, "d": 1}


def test_an_email_reply_counter_2p_1d_is_played_and_answered(table: Table) -> None:
    position = table.invitees[1]
    offer_emails(table)
    seat = table.seat(position)
    raw = raw_reply(to=links.reply_address(seat), sender=table.user(position).email, body="counter 2p 1d\n")
    result = receive.receive(raw, now=NOW + MINUTE)
    assert (result.status, result.applied) == ("accepted", ["counter 2p 1d"])
    row = models.Event.objects.get(game=table.game, type="offer_answered")
    assert (row.seat, row.payload["terms"]) == (position, {"p": 2, "c": 0, "b": 0, "d": 1})
    reply = run_outbox()[-1]
    assert reply.subject.startswith("Accepted:") and reply.to == [table.user(position).email]


def test_an_email_reply_in_french_is_played(table: Table) -> None:
    # "« accepter » a été refusé": a French captain answers in French, as Moonrollers allows.
    position = table.invitees[1]
    offer_emails(table)
    seat = table.seat(position)
    raw = raw_reply(
        to=links.reply_address(seat), sender=table.user(position).email, body="Contre-offre 2p 1 dé\n"
    )
    result = receive.receive(raw, now=NOW + MINUTE)
    assert (result.status, result.applied) == ("accepted", ["counter 2p 1d"])  # as the notation writes it
    row = models.Event.objects.get(game=table.game, type="offer_answered")
    assert (row.seat, row.payload["answer"], row.payload["terms"]) == (
        position,
        "counter",
        {"p": 2, "c": 0, "b": 0, "d": 1},
    )


def test_offers_left_unanswered_are_declined_by_the_deadline_sweep(table: Table) -> None:
    offer_emails(table)
    late = NOW + table.game.reply_window + MINUTE
    report = deadlines.sweep(now=late)
    assert sorted(p for _g, p in report.timeouts) == sorted(table.invitees)
    assert answers(table.game) == dict.fromkeys(table.invitees, "decline")
    causes = set(models.Event.objects.filter(type="offer_answered").values_list("cause", flat=True))
    assert causes == {"timeout"}
    mail.outbox.clear()


def test_each_invitees_links_still_work_after_the_others_answered(table: Table) -> None:
    sent = offer_emails(table)
    first, second, third = table.invitees
    client = Client()
    assert client.post(path_of(link_after(text_of(sent[first]), "Decline the offer"))).status_code == 200
    assert client.post(path_of(link_after(text_of(sent[second]), "Accept the offer"))).status_code == 200
    counter = path_of(link_after(text_of(sent[third]), "Counter with your terms…"))
    assert client.post(counter, {"p_prestige": "1p", "p_credits": "2c", "p_dice": "0d"}).status_code == 200
    assert answers(table.game) == {first: "decline", second: "accept", third: "counter"}


def test_the_reply_example_leaves_out_what_is_optional() -> None:
    # "counter 0p 0c bonus 0d" offered the Bonus Card in an example of nothing: an optional part
    # (the Bonus Card, ticked or not) is not in the example.
    from games.engine.core import Choice, CommandSpec, Param, msg
    from games.mail.situation import example_for

    def param(name: str, values: list[str], least: int) -> Param:
        return Param(name, msg("x"), tuple(Choice(v, msg(v)) for v in values), min_count=least)

    spec = CommandSpec(
        "counter",
        "counter",
        msg("x"),
        (param("prestige", ["0p", "1p"], 1), param("bonus", ["bonus"], 0), param("dice", ["0d", "1d"], 1)),
    )
    assert example_for(spec) == "counter 0p 0d"
