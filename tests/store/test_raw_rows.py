"""The command path reads the game and its seats with hand-written SQL (moonweb/raw.py): the instances
must be exactly those the ORM would have built, every field and the related rows included."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games import models, services, store
from tests.factories import NOW, make_game, make_user, player_to_act

pytestmark = pytest.mark.django_db


def values(instance: Any) -> dict[str, Any]:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


@pytest.fixture
def game() -> models.Game:
    if connection.vendor != "postgresql":
        pytest.skip("the hand-written statements are PostgreSQL's")
    ann = make_user("Ann", away_until=dt.date(2030, 1, 2))
    game = make_game(ann, make_user("Bob"), kind="moonrollers", reply_time=dt.timedelta(hours=3))
    models.Seat.objects.filter(game=game, position=1).update(standing={"lock": "always"})
    services.command_submit(
        game=game, user=player_to_act(game), text="roll", expected_seq=game.last_seq, now=NOW
    )
    game.refresh_from_db()
    return game


def test_the_locked_game_and_its_state_cache_are_what_the_orm_reads(game: models.Game) -> None:
    with transaction.atomic():
        locked, loaded = store.lock_and_load(game)
    orm = models.Game.objects.select_related("state_cache").get(pk=game.pk)

    assert values(locked) == values(orm)
    assert bytes(locked.seed) == bytes(orm.seed) and isinstance(locked.options, dict)
    with _no_queries():
        cache = locked.state_cache
    assert values(cache) == values(orm.state_cache) and isinstance(cache.state, dict)
    assert loaded.seq == orm.last_seq == cache.seq


def test_a_game_without_its_cache_is_folded_from_its_events(game: models.Game) -> None:
    models.StateCache.objects.filter(game=game).delete()
    with transaction.atomic():
        locked, loaded = store.lock_and_load(game)
    with pytest.raises(models.StateCache.DoesNotExist), _no_queries():
        locked.state_cache  # noqa: B018
    assert loaded == store.refold(game)


def test_the_seats_and_their_players_are_what_the_orm_reads(game: models.Game) -> None:
    models.Seat.objects.create(game=game, position=2, is_bot=True, joined_at=NOW)  # nobody's seat
    orm = list(models.Seat.objects.filter(game=game).select_related("user").order_by("position"))

    seats = store.seats_of(game)

    assert [values(s) for s in seats] == [values(s) for s in orm]
    assert seats[1].standing == {"lock": "always"}
    with _no_queries():
        users = [s.user for s in seats]
    assert [values(u) if u else None for u in users] == [values(s.user) if s.user else None for s in orm]
    assert users[0] is not None and users[0].away_until == dt.date(2030, 1, 2) and users[2] is None


def test_a_move_writes_the_events_the_orm_would_read_back(game: models.Game) -> None:
    game = make_game(make_user(), make_user())  # the race: "roll" is always a move
    before = game.last_seq
    result = services.command_submit(
        game=game, user=player_to_act(game), text="roll", expected_seq=game.last_seq, now=NOW
    )
    stored = list(models.Event.objects.filter(game=game, seq__gt=before).order_by("seq"))
    fields = ("seq", "type", "version", "payload", "seat", "batch", "command", "actor", "cause", "created_at")
    assert [[getattr(e, f) for f in fields] for e in stored] == [
        [getattr(e, f) for f in fields] for e in result.events
    ]
    assert stored and stored[0].command == "roll" and stored[0].payload["sides"] == 6
    assert stored[0].created_at == NOW


class _no_queries:
    def __enter__(self) -> None:
        from django.test.utils import CaptureQueriesContext

        self.captured = CaptureQueriesContext(connection)
        self.captured.__enter__()

    def __exit__(self, *exc: object) -> None:
        self.captured.__exit__(*exc)
        assert len(self.captured.captured_queries) == 0


def test_a_visible_game_is_what_the_orm_reads_and_only_for_who_may_see_it(game: models.Game) -> None:
    from django.contrib.auth.models import AnonymousUser

    from games import selectors

    ann = game.seats.get(position=0).user
    stranger = make_user("Cyd")
    found = selectors.visible_game(stranger, game.pk)
    assert found is not None and values(found) == values(models.Game.objects.get(pk=game.pk))
    assert selectors.visible_game(AnonymousUser(), game.pk) is not None
    assert selectors.visible_game(ann, game.pk + 1000) is None

    models.Game.objects.filter(pk=game.pk).update(visibility=models.Game.Visibility.PRIVATE)
    mine = selectors.visible_game(ann, game.pk)
    assert mine is not None and mine.visibility == models.Game.Visibility.PRIVATE
    assert selectors.visible_game(stranger, game.pk) is None
    assert selectors.visible_game(AnonymousUser(), game.pk) is None


def test_a_pages_game_and_its_creator_are_what_the_orm_reads(game: models.Game) -> None:
    from games import selectors

    found = selectors.game_with_creator(game.pk)
    orm = models.Game.objects.select_related("creator").get(pk=game.pk)
    assert found is not None and values(found) == values(orm)
    with CaptureQueriesContext(connection) as queries:
        assert values(found.creator) == values(orm.creator)
    assert len(queries) == 0  # the creator came with the game
    assert selectors.game_with_creator(game.pk + 1000) is None


def test_a_signed_in_players_read_is_what_the_orm_reads(game: models.Game) -> None:
    from django.contrib.auth import get_user_model
    from django.contrib.auth.backends import ModelBackend
    from django.db.models import QuerySet

    users = get_user_model()
    ann = game.seats.get(position=0).user
    orm = QuerySet(users).get(pk=ann.pk)
    with CaptureQueriesContext(connection) as queries:
        found = users.objects.get(pk=ann.pk)
        by_session = ModelBackend().get_user(str(ann.pk))  # a session holds the id as text
    assert values(found) == values(orm) == values(by_session)
    assert found.away_until == dt.date(2030, 1, 2)
    # Hand-written, so no ORM alias ("accounts_user"."id"): the statement moonweb/raw.py writes.
    assert [q["sql"].startswith('SELECT a."id"') for q in queries] == [True, True]
    with pytest.raises(users.DoesNotExist):
        users.objects.get(pk=ann.pk + 1000)
    assert ModelBackend().get_user(ann.pk + 1000) is None
    with pytest.raises(ValueError):  # a malformed key: the ORM's own error, as before
        users.objects.get(pk="not a number")
    # Any other lookup is the ORM's.
    assert users.objects.get(username=ann.username).pk == ann.pk


def test_the_logs_rows_are_what_the_orm_reads_newest_kept_oldest_first(game: models.Game) -> None:
    from games import selectors

    for text in ("hello", "and again"):
        services.chat_send(game=game, user=game.seats.get(position=1).user, text=text, now=NOW)
    game.refresh_from_db()
    orm = list(models.Event.objects.filter(game=game).order_by("seq"))
    assert len(orm) == 5  # set up, turn started, dice rolled, two chat lines

    assert [values(e) for e in selectors._log_rows(game, 0, None, None)] == [values(e) for e in orm]
    newest = selectors._log_rows(game, 0, 3, None)
    assert [e.seq for e in newest] == [e.seq for e in orm[-3:]]
    assert [values(e) for e in newest] == [values(e) for e in orm[-3:]]
    middle = selectors._log_rows(game, 2, 2, 5)
    assert [e.seq for e in middle] == [4, 5] and values(middle[0]) == values(orm[3])  # after 2, up to 5
    with CaptureQueriesContext(connection) as queries:
        log = selectors.event_log(game, 0, limit=40)
    assert len(queries) == 1 and [e["text"] for e in log if e.get("chat")] == ["hello", "and again"]
