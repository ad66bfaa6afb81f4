"""Every write the product makes: create, invite, join, start, submit, chat, resign, timeout.

Keyword-only and atomic. Views, API views, tasks, mail handlers and commands only translate
their input into one of these calls and their errors into a response.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from games import models, outbox, store
from games.engine.core import (
    BOT_TOOK_OVER,
    SEAT_RECLAIMED,
    SEAT_RESIGNED,
    ChatSent,
    CommandError,
    Engine,
    Event,
    IllegalCommand,
    Pending,
    Rng,
    SeatChange,
    SeatTimedOut,
    check_policy,
    get_engine,
    msg,
    standing_command,
    standing_policies,
)

# Bots play inside the request that made it their turn; this bounds one request's work.
MAX_BOT_MOVES_PER_CALL = 2000
MIN_TIME_PER_MOVE = dt.timedelta(hours=1)
MAX_TIME_PER_MOVE = dt.timedelta(days=14)
MIN_REPLY_TIME = dt.timedelta(minutes=15)
MAX_CHAT_LENGTH = 1000
# Invitations to one address are counted over this window (settings.INVITATIONS_PER_ADDRESS_PER_DAY).
INVITATION_WINDOW_SECONDS = 24 * 3600


class ServiceError(Exception):
    """A request the product refuses, with a reason for the person who made it (HTTP 400)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotAllowed(ServiceError):
    """The requester may not do this to this game (HTTP 403)."""


class GameNotFound(ServiceError):
    """No game by that id that the requester may look at: missing and private alike (HTTP 404)."""


@dataclass
class SubmitResult:
    game: models.Game
    state: Any
    events: list[models.Event] = field(default_factory=list)
    replayed: bool = False
    # The seats as the command left them, with their players (command_submit fills it): the
    # answer to a move is built from these and ``state``, without reading them again.
    seats: list[models.Seat] = field(default_factory=list)


def _rng(game: models.Game, seq: int, domain: str = "decide") -> Rng:
    return Rng(bytes(game.seed), game.pk, seq, domain)


def _append(game: models.Game, events: store.Batch, *, now: dt.datetime, **kwargs: Any) -> store.AppendResult:
    """Append through the store with what the batch means for each player (the outbox's rows,
    written in the batch's own statement), and send those once the transaction commits."""

    def notify(
        locked: models.Game, rows: list[models.Event], changed: list[Pending], seats: list[models.Seat]
    ) -> list[models.Notification]:
        return outbox.after_append(locked, rows, changed, seats, now=now)

    with transaction.atomic(savepoint=False):
        result = store.append(game, events, now=now, notify=notify, **kwargs)
        outbox.schedule(result.notifications)
    return result


def game_create(
    *,
    creator: Any,
    kind: str,
    seat_count: int,
    options: Mapping[str, bool] | None = None,
    time_per_move: dt.timedelta,
    reply_time: dt.timedelta | None = None,
    visibility: str = models.Game.Visibility.PUBLIC,
    now: dt.datetime,
) -> models.Game:
    """A new table with its creator in the first seat, waiting for players."""
    try:
        engine = get_engine(kind)
    except LookupError:
        raise ServiceError(f"There is no game called {kind!r}.") from None
    if not engine.MIN_PLAYERS <= seat_count <= engine.MAX_PLAYERS:
        raise ServiceError(f"{engine.TITLE} takes {engine.MIN_PLAYERS} to {engine.MAX_PLAYERS} players.")
    known = {o.name: o for o in engine.OPTIONS}
    chosen = dict(options or {})
    unknown = sorted(set(chosen) - set(known))
    if unknown:
        raise ServiceError(f"{engine.TITLE} has no option {unknown[0]!r}.")
    resolved = {name: bool(chosen.get(name, spec.default)) for name, spec in known.items()}
    if not MIN_TIME_PER_MOVE <= time_per_move <= MAX_TIME_PER_MOVE:
        raise ServiceError("Time per move must be between 1 hour and 14 days.")
    if reply_time is not None and not MIN_REPLY_TIME <= reply_time <= time_per_move:
        raise ServiceError("Reply time must be between 15 minutes and the time per move.")
    if visibility not in models.Game.Visibility.values:
        raise ServiceError(f"Unknown visibility {visibility!r}.")
    with transaction.atomic():
        game = models.Game.objects.create(
            kind=kind,
            options=resolved,
            seat_count=seat_count,
            time_per_move=time_per_move,
            reply_time=reply_time,
            visibility=visibility,
            creator=creator,
            created_at=now,
        )
        models.Seat.objects.create(game=game, position=0, user=creator, joined_at=now)
    return game


@transaction.atomic
def game_join(*, game: models.Game, user: Any, now: dt.datetime) -> models.Seat:
    """Take the next free seat of a table that has not started."""
    locked = store.lock(game)
    if locked.status != models.Game.Status.OPEN:
        raise ServiceError("This game has already started.")
    seats = list(locked.seats.all())
    if any(s.user_id == user.pk for s in seats):
        raise ServiceError("You already have a seat at this table.")
    if len(seats) >= locked.seat_count:
        raise ServiceError("This table is full.")
    return models.Seat.objects.create(game=locked, position=len(seats), user=user, joined_at=now)


@transaction.atomic
def game_leave(*, game: models.Game, user: Any) -> None:
    """Give up a seat before the game starts (the creator cancels by leaving last)."""
    locked = store.lock(game)
    if locked.status != models.Game.Status.OPEN:
        raise ServiceError("The game has started: resign instead.")
    seat = locked.seats.filter(user=user).first()
    if seat is None:
        raise NotAllowed("You have no seat at this table.")
    if user.pk == locked.creator_id:
        raise NotAllowed("The creator cannot leave; start the game or fill it with bots.")
    seat.delete()
    for position, other in enumerate(locked.seats.order_by("position")):
        if other.position != position:
            models.Seat.objects.filter(pk=other.pk).update(position=position)


@transaction.atomic
def game_fill_with_bots(*, game: models.Game, by: Any, now: dt.datetime) -> list[models.Seat]:
    """The creator fills every empty seat with a bot."""
    locked = store.lock(game)
    if by.pk != locked.creator_id:
        raise NotAllowed("Only the game's creator can add bots.")
    if locked.status != models.Game.Status.OPEN:
        raise ServiceError("This game has already started.")
    taken = locked.seats.count()
    return [
        models.Seat.objects.create(game=locked, position=p, is_bot=True, joined_at=now)
        for p in range(taken, locked.seat_count)
    ]


def game_start(*, game: models.Game, by: Any, now: dt.datetime) -> SubmitResult:
    """Deal the game: the engine's opening events, drawn with the rng of seq 1."""
    with transaction.atomic():
        locked = store.lock(game)
        if by is not None and by.pk != locked.creator_id:
            raise NotAllowed("Only the game's creator can start it.")
        if locked.status != models.Game.Status.OPEN:
            raise ServiceError("This game has already started.")
        seats = locked.seats.count()
        if seats < locked.seat_count:
            raise ServiceError(
                f"{locked.seat_count - seats} seat(s) are still empty: invite players or add bots."
            )
        engine = get_engine(locked.kind)
        events = engine.setup(locked.seat_count, locked.options, _rng(locked, 1))
        locked.status = models.Game.Status.ACTIVE
        locked.started_at = now
        locked.save(update_fields=["status", "started_at"])
        result = _append(locked, events, now=now, cause=models.Event.Cause.SETUP)
        game.status, game.started_at = locked.status, locked.started_at
        bot_rows, state = _play_bots(locked, result.state, now=now)
    game.refresh_from_db()
    return SubmitResult(game=game, state=state, events=result.events + bot_rows)


def seat_of(game: models.Game, user: Any) -> models.Seat | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return game.seats.filter(user=user).first()


def command_submit(
    *,
    game: models.Game | int,
    user: Any,
    text: str,
    expected_seq: int,
    idempotency_key: str | None = None,
    tell_player: bool = False,
    now: dt.datetime,
) -> SubmitResult:
    """A player's move in notation: parse, decide with the derived rng, append, then let bots play.

    ``tell_player``: the move came from an email's one-click link, whose page shows nothing of the
    game to a browser that is not signed in. If the seat must decide again, its next email (with
    fresh links) is queued to the player's own address: the mailbox is the channel, not the page.

    ``expected_seq`` is the game's seq when the player saw their decision (a form's, a link's, an
    email's): the store refuses the command as stale only if that seat's decision changed since.
    ``game`` may be the game's id, when the caller has not read the game (the API): a game the user
    may not look at (``selectors.visible_game``: private, and they have no seat) then raises
    GameNotFound, as a missing one does, from the same read that locks it.
    Raises CannotParse / IllegalCommand (400), NotAllowed (403), GameNotFound (404),
    store.StaleSeq (409).
    """
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotAllowed("You have no seat at this table.")
    refused: Exception | None = None
    with transaction.atomic():
        # The game row, its state and its seats are read once, here, and kept current by every
        # append below (the player's, then the bots'): a move costs the same few statements.
        try:
            locked, current, seats = store.lock_load_and_seat(game if isinstance(game, int) else game.pk)
        except models.Game.DoesNotExist:
            raise GameNotFound("No such game.") from None
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None and locked.visibility != models.Game.Visibility.PUBLIC:
            raise GameNotFound("No such game.")
        if seat is None:
            raise NotAllowed("You have no seat at this table.")
        if seat.resigned:
            raise NotAllowed("You have resigned from this game.")
        reclaimed = seat.bot_playing
        if reclaimed:
            # Any command from the player takes the seat back from the bot, even one refused: the
            # bot answered every decision of the seat the moment it came, so the command was written
            # on an old email or page and is likely stale or out of turn, and a take-back rolled
            # back with it would leave the seat to the bot for ever.
            current = _seat_reclaim(locked, seat, now=now, seats=seats, current=current)
        try:
            # A savepoint only on this rare path, so that the take-back outlives a refusal.
            with transaction.atomic() if reclaimed else contextlib.nullcontext():
                result = _submit(
                    locked,
                    seat.position,
                    text,
                    expected_seq=expected_seq,
                    idempotency_key=idempotency_key,
                    cause=models.Event.Cause.PLAYER,
                    now=now,
                    current=current,
                    seats=seats,
                )
        except (CommandError, store.StaleSeq, ServiceError) as exc:
            if not reclaimed:
                raise
            refused = exc  # raised once the take-back is committed
        else:
            rows = list(result.events)
            state = current.state if result.replayed else result.state
            if not result.replayed:
                bot_rows, state = _play_bots(locked, state, now=now, seats=seats)
                rows += bot_rows
                if tell_player:
                    _tell_seat_its_decision(locked, seat, state, now=now)
    if refused is not None:
        raise refused
    # The answer is built from what the command has in hand: the game row as the appends left it.
    if isinstance(game, int):
        game = locked
    game.last_seq, game.status = locked.last_seq, locked.status
    game.outcome, game.finished_at = locked.outcome, locked.finished_at
    return SubmitResult(game=game, state=state, events=rows, replayed=result.replayed, seats=seats)


def _tell_seat_its_decision(game: models.Game, seat: models.Seat, state: Any, *, now: dt.datetime) -> None:
    if game.status != models.Game.Status.ACTIVE:
        return
    if any(p.seat == seat.position for p in get_engine(game.kind).pending(state)):
        outbox.queue(outbox.for_seats(game, [seat], outbox.Kind.TURN, now))


def _submit(
    game: models.Game,
    position: int,
    text: str,
    *,
    expected_seq: int | None,
    idempotency_key: str | None = None,
    cause: str,
    now: dt.datetime,
    current: store.Loaded | None = None,
    seats: list[models.Seat] | None = None,
) -> store.AppendResult:
    """Decide one command for a seat against the current state and append its events.

    The caller holds the game row lock. The store checks that the command is fresh before it asks
    for the events, so a command made on a changed decision is a conflict, not an illegal move.
    ``current`` is the state when the caller has it already (the bot loop does). With ``seats``
    (read under the lock, ``store.seats_of``), ``game`` is the locked instance and the append
    reads neither the game nor the seats again (``store.append``'s ``held``).
    """
    if idempotency_key:
        earlier = store.find_batch(game, idempotency_key, seat=position)
        if earlier:
            return store.AppendResult(earlier[0].seq, earlier[-1].seq, earlier, None, replayed=True)
    if game.status != models.Game.Status.ACTIVE:
        raise IllegalCommand(msg("core.not_in_progress"))
    engine = get_engine(game.kind)
    command = engine.parse(text)
    rng = _rng(game, game.last_seq + 1)

    def decide(loaded: store.Loaded) -> list[Event]:
        return engine.decide(loaded.state, position, command, rng)

    return _append(
        game,
        decide,
        expected_seq=expected_seq,
        seat=position,
        idempotency_key=idempotency_key,
        now=now,
        cause=cause,
        command=engine.format(command),
        actor=position,
        before=current,
        seats=seats,
        held=seats is not None,
    )


def _play_bots(
    game: models.Game, state: Any = None, *, now: dt.datetime, seats: list[models.Seat] | None = None
) -> tuple[list[models.Event], Any]:
    """While a seat played by a bot must act, let it act; while a player's standing answer fits
    their pending decision, play it as their own command (cause STANDING). Bots choose with their
    own rng stream.

    ``state`` is the game's current state if the caller has it. ``game`` is the instance the
    caller locked; ``seats`` its seats if the caller read them under that lock. Returns the events
    written and the state after them.
    """
    engine = get_engine(game.kind)
    rows: list[models.Event] = []
    if seats is None:
        seats = store.seats_of(game)
    # Who a bot plays for cannot change inside this loop: only timeouts and reclaims change it.
    bot_seats = {s.position for s in seats if s.played_by_bot}
    standing = {s.position: s.standing for s in seats if s.standing and not s.played_by_bot}
    if not (bot_seats or standing) or game.status != models.Game.Status.ACTIVE:
        return rows, state
    current = store.Loaded(state, game.last_seq) if state is not None else store.load(game)
    answered: set[tuple[int, str, str]] = set()  # a standing answer plays once per decision
    for _ in range(MAX_BOT_MOVES_PER_CALL):
        if game.status != models.Game.Status.ACTIVE:
            break
        move = _next_automatic_move(game, engine, current.state, bot_seats, standing, answered)
        if move is None:
            break
        position, text, cause = move
        result = _submit(
            game,
            position,
            text,
            expected_seq=game.last_seq,
            cause=cause,
            now=now,
            current=current,
            seats=seats,
        )
        rows += result.events
        current = store.Loaded(result.state, result.last_seq)
    return rows, current.state


def _next_automatic_move(
    game: models.Game,
    engine: Engine,
    state: Any,
    bot_seats: set[int],
    standing: Mapping[int, Mapping[str, Any]],
    answered: set[tuple[int, str, str]],
) -> tuple[int, str, str] | None:
    """The next move nobody needs to be asked for: (seat, command, cause), or None."""
    for pending in engine.pending(state):
        if pending.seat in bot_seats:
            rng = _rng(game, game.last_seq + 1, domain="bot")
            return pending.seat, engine.bot_command(state, pending.seat, rng), models.Event.Cause.BOT
        policy = standing.get(pending.seat, {}).get(pending.kind)
        decision = (pending.seat, pending.kind, pending.key)
        if not policy or decision in answered:
            continue
        answered.add(decision)
        text = standing_command(engine, state, pending.seat, pending, policy)
        if text is None:
            continue
        try:
            # Checked here, where a refusal costs nothing: inside the append it would void the
            # whole transaction, the move that made this decision pending included.
            engine.decide(state, pending.seat, engine.parse(text), _rng(game, game.last_seq + 1))
        except CommandError:
            continue
        return pending.seat, text, models.Event.Cause.STANDING
    return None


def chat_send(
    *, game: models.Game, user: Any, text: str, to_position: int | None = None, now: dt.datetime
) -> models.Event:
    """Table talk is part of the record: a chat line is an event, public or private to one seat."""
    seat = seat_of(game, user)
    if seat is None:
        raise NotAllowed("Only players at this table can chat.")
    text = text.strip()
    if not text:
        raise ServiceError("Write something to send.")
    if len(text) > MAX_CHAT_LENGTH:
        raise ServiceError(f"A message is at most {MAX_CHAT_LENGTH} characters.")
    if to_position is not None and (not 0 <= to_position < game.seat_count or to_position == seat.position):
        raise ServiceError("Choose another player at this table to write to.")
    if game.status == models.Game.Status.OPEN:
        raise ServiceError("Chat opens when the game starts.")
    event = ChatSent(text, to_position).to_event(seat.position)
    result = _append(game, [event], now=now, cause=models.Event.Cause.PLATFORM, actor=seat.position)
    return result.events[0]


def game_resign(*, game: models.Game, user: Any, now: dt.datetime) -> SubmitResult:
    """A player leaves a game in progress: a bot plays out their seat and they rank last.

    When only bots are left to play, they may play the whole rest of the game: that is handed to a
    task once this commits (``bots_play``), so the request returns at once. Otherwise bots play
    here, until a player who is still in the game has to decide.
    """
    seat = seat_of(game, user)
    if seat is None:
        raise NotAllowed("You have no seat at this table.")
    with transaction.atomic():
        locked = store.lock(game)
        if locked.status != models.Game.Status.ACTIVE:
            raise ServiceError("Only a game in progress can be resigned.")
        if seat.resigned:
            raise ServiceError("You have already resigned.")
        seat.resigned = True
        seat.save(update_fields=["resigned"])
        result = _append(
            locked,
            [SeatChange(seat.position, SEAT_RESIGNED).to_event()],
            now=now,
            cause=models.Event.Cause.PLATFORM,
            actor=seat.position,
        )
        if only_bots_play(locked):
            _run_bots_later(locked.pk)
            rows, state = result.events, result.state
        else:
            bot_rows, state = _play_bots(locked, result.state, now=now)
            rows = result.events + bot_rows
    game.refresh_from_db()
    return SubmitResult(game=game, state=state, events=rows)


def only_bots_play(game: models.Game) -> bool:
    """True while the game goes on with nobody left to ask: bots play every seat."""
    return game.status == models.Game.Status.ACTIVE and all(s.played_by_bot for s in game.seats.all())


def bots_play(*, game_id: int, now: dt.datetime) -> SubmitResult | None:
    """Let the bots play what is theirs to play (the task after a resignation). Idempotent: when
    nothing is a bot's to play, it writes nothing. None when the game is gone or not in progress."""
    with transaction.atomic():
        game = models.Game.objects.filter(pk=game_id).first()
        if game is None:
            return None
        locked = store.lock(game)
        if locked.status != models.Game.Status.ACTIVE:
            return None
        rows, state = _play_bots(locked, now=now)
    locked.refresh_from_db()
    return SubmitResult(game=locked, state=state, events=rows)


def games_left_to_bots() -> list[int]:
    """Games in progress where bots play every seat: a lost hand-off to the task leaves them here."""
    someone = models.Seat.objects.filter(game=OuterRef("pk"), is_bot=False, bot_playing=False, resigned=False)
    games = models.Game.objects.filter(status=models.Game.Status.ACTIVE).filter(~Exists(someone))
    return list(games.order_by("pk").values_list("pk", flat=True)[:100])


# Runs bots_play for a game id in the background (registered by games.apps: the Celery task).
# Until one is registered (a script that never loaded the app), the bots play in the caller.
_bot_runner: Callable[[int], Any] | None = None


def set_bot_runner(run: Callable[[int], Any] | None) -> None:
    global _bot_runner  # one process-wide hook, set once at start-up
    _bot_runner = run


def _run_bots_later(game_id: int) -> None:
    runner = _bot_runner
    if runner is None:
        transaction.on_commit(lambda: bots_play(game_id=game_id, now=timezone.now()))
    else:
        transaction.on_commit(lambda: runner(game_id))


def seat_timeout(
    *, game: models.Game, position: int, now: dt.datetime, deadline: dt.datetime | None = None
) -> SubmitResult | None:
    """The seat's time ran out: play the engine's default move for it, recorded as a timeout.

    After ``TIMEOUTS_BEFORE_BOT`` timeouts in a row a bot takes the seat until its player returns.
    Returns None when the seat was no longer due (someone moved in the meantime). With ``deadline``
    (the one the sweep saw), only that deadline is timed out: a duplicate task finds it changed.
    """
    with transaction.atomic():
        # As a command: the game row, its state and its seats read once (seats are only written
        # with the game row locked), kept current by each append below.
        locked, current = store.lock_and_load(game)
        if locked.status != models.Game.Status.ACTIVE:
            return None
        seats = store.seats_of(locked)
        seat = next((s for s in seats if s.position == position), None)
        if seat is None or not seat.is_pending or seat.deadline is None or seat.deadline > now:
            return None
        if deadline is not None and seat.deadline != deadline:
            return None
        engine = get_engine(locked.kind)
        pending = next((p for p in engine.pending(current.state) if p.seat == position), None)
        if pending is None:
            return None
        held = {"cause": models.Event.Cause.PLATFORM, "actor": position, "seats": seats, "held": True}
        timed_out = _append(
            locked, [SeatTimedOut(position, pending.kind).to_event()], now=now, before=current, **held
        )
        rows = list(timed_out.events)
        result = _submit(
            locked,
            position,
            engine.format(pending.default),
            expected_seq=None,
            cause=models.Event.Cause.TIMEOUT,
            now=now,
            current=store.Loaded(timed_out.state, locked.last_seq),
            seats=seats,
        )
        rows += result.events
        state = result.state
        seat.consecutive_timeouts += 1
        changed = ["consecutive_timeouts"]
        if seat.consecutive_timeouts >= settings.TIMEOUTS_BEFORE_BOT and not seat.bot_playing:
            seat.bot_playing = True
            changed.append("bot_playing")
        seat.save(update_fields=changed)
        if "bot_playing" in changed:
            took_over = [SeatChange(position, BOT_TOOK_OVER).to_event()]
            rows += _append(
                locked, took_over, now=now, before=store.Loaded(state, locked.last_seq), **held
            ).events
        bot_rows, state = _play_bots(locked, state, now=now, seats=seats)
        rows += bot_rows
    game.last_seq, game.status = locked.last_seq, locked.status
    game.outcome, game.finished_at = locked.outcome, locked.finished_at
    return SubmitResult(game=game, state=state, events=rows, seats=seats)


def seat_reclaim(*, game: models.Game, user: Any, now: dt.datetime) -> None:
    """The player takes their seat back from the bot that stood in for them."""
    seat = seat_of(game, user)
    if seat is None:
        raise NotAllowed("You have no seat at this table.")
    if not seat.bot_playing:
        raise ServiceError("You are already playing this seat.")
    with transaction.atomic():
        locked = store.lock(game)
        if locked.status != models.Game.Status.ACTIVE:
            # The record of a finished game is closed: no event may follow its end.
            raise ServiceError("The game is over.")
        _seat_reclaim(locked, seat, now=now)


def _seat_reclaim(
    game: models.Game,
    seat: models.Seat,
    *,
    now: dt.datetime,
    seats: list[models.Seat] | None = None,
    current: store.Loaded | None = None,
) -> store.Loaded:
    """Give the seat back to its player; with ``seats`` (read under the lock, ``seat`` among them)
    the append reads nothing again. Returns the state after it."""
    seat.bot_playing = False
    seat.consecutive_timeouts = 0
    seat.save(update_fields=["bot_playing", "consecutive_timeouts"])
    result = _append(
        game,
        [SeatChange(seat.position, SEAT_RECLAIMED).to_event()],
        now=now,
        cause=models.Event.Cause.PLATFORM,
        actor=seat.position,
        before=current,
        seats=seats,
        held=seats is not None,
    )
    return store.Loaded(result.state, result.last_seq)


# --- Standing answers: rules a player sets for quick follow-ups while away ---


def standing_set(
    *, game: models.Game, user: Any, decision: str, policy: Mapping[str, Any] | None, now: dt.datetime
) -> SubmitResult:
    """Set the player's standing answer for one kind of decision (``policy`` None: remove it, the
    player is asked again). If that decision is pending for them now, the answer plays at once.

    Raises NotAllowed (no seat), ServiceError (game over, a decision the game has no standing
    answers for) and CannotParse (an answer or number the game does not offer; nothing changes).
    """
    seat = seat_of(game, user)
    if seat is None:
        raise NotAllowed("You have no seat at this table.")
    engine = get_engine(game.kind)
    offered = standing_policies(engine, game.seat_count)
    if decision not in {spec.decision for spec in offered}:
        raise ServiceError("This game has no standing answer for that decision.")
    checked = None
    if policy is not None:
        checked = check_policy(engine, policy, game.seat_count)
        if next(p for p in offered if p.name == checked["policy"]).decision != decision:
            raise ServiceError("That standing answer is for another decision.")
    with transaction.atomic():
        locked = store.lock(game)
        if locked.status == models.Game.Status.FINISHED:
            raise ServiceError("The game is over.")
        seat = locked.seats.select_for_update().get(pk=seat.pk)
        answers = dict(seat.standing)
        if checked is None:
            answers.pop(decision, None)
        else:
            answers[decision] = checked
        seat.standing = answers
        seat.save(update_fields=["standing"])
        rows, state = _play_bots(locked, now=now)
    game.refresh_from_db()
    return SubmitResult(game=game, state=state, events=rows)


def standing_clear(*, game: models.Game, user: Any) -> None:
    """Remove every standing answer of the player at this table."""
    seat = seat_of(game, user)
    if seat is None:
        raise NotAllowed("You have no seat at this table.")
    models.Seat.objects.filter(pk=seat.pk).update(standing={})


__all__ = [
    "CommandError",
    "NotAllowed",
    "ServiceError",
    "SubmitResult",
    "bots_play",
    "chat_send",
    "command_submit",
    "game_create",
    "game_fill_with_bots",
    "game_join",
    "game_leave",
    "game_resign",
    "game_start",
    "games_left_to_bots",
    "only_bots_play",
    "seat_of",
    "seat_reclaim",
    "seat_timeout",
    "set_bot_runner",
    "standing_clear",
    "standing_set",
]


# --- Invitations (added by the web pages; the mail engineer sends the queued notification) ---


def game_invitation_revoke(*, game: models.Game, by: Any, now: dt.datetime) -> str:
    """Withdraw the table's invitation link and make a new one; only its creator may. The old link
    (and every invitation email that carried it) then shows that it was withdrawn and lets nobody in.
    Returns the new token."""
    if by is None or getattr(by, "pk", None) != game.creator_id:
        raise NotAllowed("Only the table's creator can withdraw its invitation link.")
    with transaction.atomic():
        locked = store.lock(game)
        models.RevokedInvitation.objects.create(game=locked, token=locked.invite_token, revoked_at=now)
        locked.invite_token = models.new_token()
        locked.save(update_fields=["invite_token"])
    game.invite_token = locked.invite_token
    return locked.invite_token


def game_invite_by_email(
    *, game: models.Game, by: Any, email: str, invite_url: str, now: dt.datetime
) -> models.Notification:
    """Queue an invitation email to an address, from a player seated at a table still open."""
    email = (email or "").strip()
    try:
        validate_email(email)
    except ValidationError:
        raise ServiceError("Enter a valid email address.") from None
    seat = seat_of(game, by)
    if seat is None:
        raise NotAllowed("Only players at this table can invite.")
    if game.status != models.Game.Status.OPEN:
        raise ServiceError("This game has already started.")
    if game.seats.filter(user__email__iexact=email).exists():
        raise ServiceError("This player already has a seat at this table.")
    _count_invitation_to(email)
    # The mail engineer's outbox writes the row and sends it once this transaction commits.
    with transaction.atomic():
        return outbox.queue_invite(
            game=game,
            to_email=email,
            invite_url=invite_url,
            inviter=by,
            now=now,
            language=getattr(by, "language", ""),
        )


def _count_invitation_to(email: str) -> None:
    """One more invitation email to ``email``, or a refusal when it had its share for the day.

    Whoever sends them: without it, strangers could use the site to flood any address. Kept in the
    shared cache (the window opens with the first invitation and lasts a day).
    """
    digest = hashlib.sha256(email.strip().lower().encode()).hexdigest()
    key = f"invitations-to:{digest}"
    cache.add(key, 0, timeout=INVITATION_WINDOW_SECONDS)
    try:
        sent = cache.incr(key)
    except ValueError:  # expired between add and incr: this is the first of a new window
        cache.set(key, 1, timeout=INVITATION_WINDOW_SECONDS)
        sent = 1
    if sent > settings.INVITATIONS_PER_ADDRESS_PER_DAY:
        raise ServiceError("This address has received enough invitations for today: try again tomorrow.")
