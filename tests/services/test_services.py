"""Services on PostgreSQL with the tiny test game: every write the product makes."""

from __future__ import annotations

import datetime as dt

import pytest

from games import models, services, store
from games.engine.core import CannotParse, IllegalCommand
from tests.factories import NOW, make_game, make_user, player_to_act, time_out_until_a_bot_plays

pytestmark = pytest.mark.django_db
DAY = dt.timedelta(days=1)


def event_count() -> int:
    return models.Event.objects.count()


class TestCreate:
    def test_it_seats_the_creator_and_publishes_the_seed_hash(self) -> None:
        ann = make_user("Ann")
        game = services.game_create(creator=ann, kind="race", seat_count=3, time_per_move=DAY, now=NOW)
        assert game.status == "open" and [s.user for s in game.seats.all()] == [ann]
        assert len(bytes(game.seed)) == 32 and len(game.seed_sha256) == 64
        assert game.options == {"short": False, "ballot": False}

    @pytest.mark.parametrize(
        ("fields", "reason"),
        [
            ({"kind": "chess"}, "no game called"),
            ({"seat_count": 1}, "takes 2 to 4 players"),
            ({"seat_count": 5}, "takes 2 to 4 players"),
            ({"options": {"longer": True}}, "no option 'longer'"),
            ({"time_per_move": dt.timedelta(minutes=5)}, "between 1 hour and 14 days"),
            ({"time_per_move": dt.timedelta(days=30)}, "between 1 hour and 14 days"),
            ({"visibility": "secret"}, "Unknown visibility"),
        ],
    )
    def test_it_refuses_bad_tables(self, fields: dict[str, object], reason: str) -> None:
        args: dict[str, object] = {"kind": "race", "seat_count": 2, "time_per_move": DAY, **fields}
        with pytest.raises(services.ServiceError, match=reason):
            services.game_create(creator=make_user(), now=NOW, **args)  # type: ignore[arg-type]
        assert models.Game.objects.count() == 0


class TestJoinAndStart:
    def test_players_join_in_order_and_the_creator_starts(self) -> None:
        ann, bob = make_user("Ann"), make_user("Bob")
        game = make_game(ann, bob, start=False)
        assert [s.user for s in game.seats.all()] == [ann, bob]
        services.game_start(game=game, by=ann, now=NOW)
        game.refresh_from_db()
        assert game.status == "active" and game.started_at == NOW
        assert game.seats.filter(is_pending=True).count() == 1

    def test_joining_twice_a_full_or_started_table_is_refused(self) -> None:
        ann, bob, cyd = make_user(), make_user(), make_user()
        game = make_game(ann, bob, start=False)
        with pytest.raises(services.ServiceError, match="already have a seat"):
            services.game_join(game=game, user=bob, now=NOW)
        with pytest.raises(services.ServiceError, match="full"):
            services.game_join(game=game, user=cyd, now=NOW)
        services.game_start(game=game, by=ann, now=NOW)
        with pytest.raises(services.ServiceError, match="already started"):
            services.game_join(game=game, user=cyd, now=NOW)
        assert game.seats.count() == 2

    def test_only_the_creator_starts_and_only_a_full_table(self) -> None:
        ann, bob = make_user(), make_user()
        game = make_game(ann, bob, start=False, seat_count=3)
        with pytest.raises(services.NotAllowed):
            services.game_start(game=game, by=bob, now=NOW)
        with pytest.raises(services.ServiceError, match="1 seat"):
            services.game_start(game=game, by=ann, now=NOW)
        assert event_count() == 0

    def test_bots_fill_empty_seats_and_play_their_turns(self) -> None:
        ann = make_user("Ann")
        game = make_game(ann, start=False, seat_count=3)
        services.game_fill_with_bots(game=game, by=ann, now=NOW)
        services.game_start(game=game, by=ann, now=NOW)
        game.refresh_from_db()
        # Whoever went first, the bots have played until it is Ann's turn.
        assert player_to_act(game) == ann
        assert (
            models.Event.objects.filter(game=game, cause="bot").exists()
            or game.seats.get(position=0).is_pending
        )

    def test_a_player_leaves_before_the_start_and_seats_close_up(self) -> None:
        ann, bob, cyd = make_user(), make_user(), make_user()
        game = make_game(ann, bob, cyd, start=False)
        services.game_leave(game=game, user=bob)
        assert [(s.position, s.user) for s in game.seats.all()] == [(0, ann), (1, cyd)]


class TestSubmit:
    def test_a_move_is_decided_with_the_seeded_rng_and_appended(self) -> None:
        game = make_game(make_user(), make_user())
        player = player_to_act(game)
        result = services.command_submit(game=game, user=player, text="ROLL", expected_seq=3, now=NOW)
        [row] = result.events
        assert (row.type, row.seq, row.command, row.cause) == ("die_rolled", 4, "roll", "player")
        assert 1 <= row.payload["face"] <= 6

    def test_the_same_point_gives_the_same_dice(self) -> None:
        # Two games with the same seed and id-independent check: retrying at a seq re-derives the rng.
        game = make_game(make_user(), make_user())
        player = player_to_act(game)
        engine = store.engine_for(game)
        expected = engine.decide(
            store.load(game).state,
            game.seats.get(user=player).position,
            engine.parse("roll"),
            services._rng(game, 4),
        )
        row = services.command_submit(game=game, user=player, text="roll", expected_seq=3, now=NOW).events[0]
        assert row.payload == expected[0].payload

    def test_bad_text_illegal_moves_strangers_and_stale_forms_change_nothing(self) -> None:
        ann, bob, eve = make_user(), make_user(), make_user()
        game = make_game(ann, bob)
        player = player_to_act(game)
        waiting = bob if player == ann else ann
        before = event_count()
        with pytest.raises(CannotParse, match="do not understand"):
            services.command_submit(game=game, user=player, text="fly away", expected_seq=3, now=NOW)
        with pytest.raises(IllegalCommand, match="not your turn"):
            services.command_submit(game=game, user=waiting, text="roll", expected_seq=3, now=NOW)
        with pytest.raises(services.NotAllowed):
            services.command_submit(game=game, user=eve, text="roll", expected_seq=3, now=NOW)
        with pytest.raises(store.StaleSeq):
            services.command_submit(game=game, user=player, text="roll", expected_seq=2, now=NOW)
        assert event_count() == before

    def test_the_end_of_the_game_records_the_outcome(self) -> None:
        ann = make_user("Ann")
        game = make_game(ann, start=False, seat_count=2)
        services.game_fill_with_bots(game=game, by=ann, now=NOW)
        services.game_start(game=game, by=ann, now=NOW)
        game.refresh_from_db()
        while game.status == "active":
            services.command_submit(game=game, user=ann, text="roll", expected_seq=game.last_seq, now=NOW)
            game.refresh_from_db()
        assert game.status == "finished" and game.finished_at == NOW
        assert max(game.outcome["scores"].values()) >= 20
        assert not game.seats.filter(is_pending=True).exists()
        with pytest.raises(IllegalCommand, match="not in progress"):
            services.command_submit(game=game, user=ann, text="roll", expected_seq=game.last_seq, now=NOW)
        assert set(models.Notification.objects.filter(game=game).values_list("kind", flat=True)) >= {
            "game_end"
        }


class TestChatAndResign:
    def test_chat_is_an_event_public_or_private(self) -> None:
        ann, bob, cyd = make_user(), make_user(), make_user()
        game = make_game(ann, bob, cyd)
        public = services.chat_send(game=game, user=ann, text=" hello ", now=NOW)
        private = services.chat_send(game=game, user=ann, text="psst", to_position=2, now=NOW)
        assert (public.type, public.payload, public.seat) == ("chat_sent", {"text": "hello", "to": None}, 0)
        assert private.payload == {"text": "psst", "to": 2}

    @pytest.mark.parametrize(
        ("text", "to", "reason"),
        [
            ("  ", None, "Write something"),
            ("x" * 1001, None, "at most"),
            ("hi", 0, "another player"),
            ("hi", 7, "another player"),
        ],
    )
    def test_bad_chat_is_refused(self, text: str, to: int | None, reason: str) -> None:
        ann, bob = make_user(), make_user()
        game = make_game(ann, bob)
        before = event_count()
        with pytest.raises(services.ServiceError, match=reason):
            services.chat_send(game=game, user=ann, text=text, to_position=to, now=NOW)
        with pytest.raises(services.NotAllowed):
            services.chat_send(game=game, user=make_user(), text="hi", now=NOW)
        assert event_count() == before

    def test_a_resigned_seat_is_played_by_a_bot(self) -> None:
        ann, bob = make_user("Ann"), make_user("Bob")
        game = make_game(ann, bob)
        quitter = player_to_act(game)
        services.game_resign(game=game, user=quitter, now=NOW)
        game.refresh_from_db()
        assert game.seats.get(user=quitter).resigned
        assert models.Event.objects.filter(game=game, type="seat_resigned").count() == 1
        assert player_to_act(game) != quitter or game.status == "finished"
        with pytest.raises(services.NotAllowed, match="resigned"):
            services.command_submit(game=game, user=quitter, text="roll", expected_seq=game.last_seq, now=NOW)

    def test_a_player_who_resigned_ranks_last_even_with_the_best_score(self) -> None:
        ann, bob = make_user("Ann"), make_user("Bob")
        game = make_game(ann, bob)
        services.game_resign(game=game, user=ann, now=NOW)
        game.refresh_from_db()
        # The bot rolls for Ann's seat every turn while Bob only passes: Ann's seat reaches 20.
        while game.status == "active":
            services.command_submit(game=game, user=bob, text="pass", expected_seq=game.last_seq, now=NOW)
            game.refresh_from_db()
        ann_seat, bob_seat = game.seats.get(user=ann).position, game.seats.get(user=bob).position
        assert game.outcome["scores"][str(ann_seat)] > game.outcome["scores"][str(bob_seat)]
        assert game.outcome["ranking"] == [[bob_seat], [ann_seat]]
        assert game.outcome["winners"] == [bob_seat] and game.outcome["resigned"] == [ann_seat]


class TestTimeouts:
    def test_the_default_move_is_played_at_the_deadline_and_recorded_as_a_timeout(self) -> None:
        ann, bob = make_user(), make_user()
        game = make_game(ann, bob, time_per_move=dt.timedelta(hours=2))
        seat = game.seats.get(is_pending=True)
        assert seat.deadline == NOW + dt.timedelta(hours=2)
        assert (
            services.seat_timeout(game=game, position=seat.position, now=NOW + dt.timedelta(hours=1)) is None
        )
        result = services.seat_timeout(game=game, position=seat.position, now=NOW + dt.timedelta(hours=2))
        assert result is not None
        assert [(e.type, e.cause) for e in result.events] == [
            ("seat_timed_out", "platform"),
            ("turn_passed", "timeout"),
        ]
        seat.refresh_from_db()
        assert seat.consecutive_timeouts == 1 and not seat.is_pending and not seat.bot_playing
        # Once moved on, the same timeout does nothing.
        assert (
            services.seat_timeout(game=game, position=seat.position, now=NOW + dt.timedelta(hours=2)) is None
        )

    def test_two_timeouts_in_a_row_hand_the_seat_to_a_bot_until_the_player_returns(self) -> None:
        ann, bob = make_user(), make_user()
        game = make_game(ann, bob, time_per_move=dt.timedelta(hours=1))
        sleepy = time_out_until_a_bot_plays(game)
        now = NOW + dt.timedelta(hours=2)  # the second timeout's
        assert sleepy.bot_playing and sleepy.consecutive_timeouts == 2
        assert models.Event.objects.filter(game=game, type="bot_took_over").count() == 1
        services.seat_reclaim(game=game, user=sleepy.user, now=now)
        sleepy.refresh_from_db()
        assert not sleepy.bot_playing and sleepy.consecutive_timeouts == 0
        assert models.Event.objects.filter(game=game, type="seat_reclaimed").count() == 1
