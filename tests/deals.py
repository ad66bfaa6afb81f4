"""Moonrakers tables brought to the negotiation, for the database layers' tests of offers.

``negotiation_table`` seats players, has everyone keep their Objectives, and has the Mission Leader
choose a Contract worth at least 2 Prestige with at least 1 Hazard Die (so every term a test offers
or counters is within the Contract's values). ``offer`` makes one offer as the Mission Leader.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from games import models, services, store
from games.engine.moonrakers import ENGINE
from games.engine.moonrakers.cards import CONTRACTS
from tests.factories import NOW, make_game, make_user

SEED = b"moonrakers-deals-tests".ljust(32, b".")


@dataclass
class Table:
    game: models.Game
    users: list[Any]
    leader: int  # the Mission Leader's seat

    @property
    def invitees(self) -> list[int]:
        return [p for p in range(len(self.users)) if p != self.leader]

    def user(self, position: int) -> Any:
        return self.users[position]

    def seat(self, position: int) -> models.Seat:
        return models.Seat.objects.select_related("user").get(game=self.game, position=position)

    def state(self) -> Any:
        return store.load(self.game).state


def negotiation_table(
    names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Dee"), *, now: dt.datetime = NOW, **user_fields: Any
) -> Table:
    users = [make_user(name, **user_fields) for name in names]
    # The deal comes from the seed and the game's id, and the id from the tests run before: a deal
    # whose Contract row has no such Contract is set aside for a new table of the same players.
    for _ in range(20):
        game, leader, slot = _dealt(users, now)
        if slot is not None:
            break
    else:
        raise AssertionError("no deal with a Contract worth 2 Prestige and 1 Hazard Die in 20 tables")
    services.command_submit(
        game=game, user=users[leader], text=f"contract {slot + 1}", expected_seq=game.last_seq, now=now
    )
    game.refresh_from_db()
    return Table(game, users, leader)


def _dealt(users: list[Any], now: dt.datetime) -> tuple[models.Game, int, int | None]:
    """A started table where everyone kept their Objectives: the game, its Mission Leader and the
    index of a Contract worth at least 2 Prestige with at least 1 Hazard Die (None if none)."""
    game = make_game(*users, kind="moonrakers", start=False, now=now)
    models.Game.objects.filter(pk=game.pk).update(seed=SEED)
    game.refresh_from_db()
    services.game_start(game=game, by=users[0], now=now)
    game.refresh_from_db()
    for pending in ENGINE.pending(store.load(game).state):  # everyone keeps the first two dealt
        text = ENGINE.format(pending.default)
        services.command_submit(
            game=game, user=users[pending.seat], text=text, expected_seq=game.last_seq, now=now
        )
    state = store.load(game).state
    slot = next(
        (
            i
            for i, slug in enumerate(state.contract_row)
            if slug is not None and CONTRACTS[slug].prestige >= 2 and CONTRACTS[slug].dice >= 1
        ),
        None,
    )
    return game, state.leader, slot


def offer(table: Table, to: int, terms: str = "1c", *, now: dt.datetime = NOW) -> None:
    table.game.refresh_from_db()
    services.command_submit(
        game=table.game,
        user=table.user(table.leader),
        text=f"offer p{to + 1} {terms}",
        expected_seq=table.game.last_seq,
        now=now,
    )
    table.game.refresh_from_db()


def answers(game: models.Game) -> dict[int, str]:
    """Each invitee's answer so far, from the log: {seat: "accept" | "decline" | "counter"}."""
    rows = models.Event.objects.filter(game=game, type="offer_answered").order_by("seq")
    return {int(r.payload["by"]): str(r.payload["answer"]) for r in rows}
