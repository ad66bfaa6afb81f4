"""The notification outbox: rows written in the same transaction as what causes them.

The services hand ``after_append`` to ``store.append``, which writes the rows it makes in the
batch's own statement, and then ``schedule`` them; the deadline sweep, the inbound mail handler,
the digests and invitations call ``queue``. Nothing is sent here: each row is handed after commit
(and, in a request, once its response is sent) to the dispatcher the app registers at start-up
(``games.apps``: the Celery task ``games.tasks.send_notification``), and a periodic catch-up task
sends any row whose task was lost. The dispatcher is injected rather than imported so that this
module sits below the tasks that use it. Rendering happens at sending time, so an email
always shows the game as it is when it leaves.

Who gets what (the per-player preference is ``User.notify``):

=============  ==================================================  ======================
kind           recipients                                          preferences served
=============  ==================================================  ======================
turn           seats with a new decision to make, except the       every_turn
               player who acted (they are looking at the game)
follow_up      the same, when that decision is a quick follow-up   every_turn, daily_digest
               (``Pending.reply``: answering an offer) that
               cannot wait for tomorrow's digest
reminder       a due seat at REMINDER_AT of its time (the sweep)   every_turn
timeout        the seat whose time ran out                         every_turn, daily_digest
bot_takeover   the other human seats, when a bot takes an absent   every_turn, daily_digest
               seat (the absent player's timeout message says so)
game_end       every human seat, with results and replay link      every_turn, daily_digest
digest         one per day to each player with games waiting       daily_digest
reply          the sender of an email command, always              all (even none)
invite         an address the web engineer's invite form names     all
chat           the seats a chat line is addressed to (its private  User.chat_email "each"
               recipient, or everyone else at the table)           (digest: in the digest)
=============  ==================================================  ======================

``none`` means none: such a player only hears back about their own email commands. Chat lines
follow their own preference, ``User.chat_email``, whatever ``notify`` says.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import threading
from collections.abc import Callable, Iterable, Sequence
from queue import SimpleQueue
from typing import Any

from django.conf import settings
from django.db import transaction

from games import models
from games.engine.core import PLATFORM_EVENT_TYPES, Pending
from moonweb import after_response

logger = logging.getLogger(__name__)

Kind = models.Notification.Kind
Cause = models.Event.Cause

EVERY_TURN, DAILY_DIGEST, NONE = "every_turn", "daily_digest", "none"
# The User.notify preferences each kind of message is sent to (see the table above).
SERVED: dict[str, frozenset[str]] = {
    Kind.TURN: frozenset({EVERY_TURN}),
    Kind.FOLLOW_UP: frozenset({EVERY_TURN, DAILY_DIGEST}),
    Kind.REMINDER: frozenset({EVERY_TURN}),
    Kind.TIMEOUT: frozenset({EVERY_TURN, DAILY_DIGEST}),
    Kind.BOT_TAKEOVER: frozenset({EVERY_TURN, DAILY_DIGEST}),
    Kind.GAME_END: frozenset({EVERY_TURN, DAILY_DIGEST}),
    Kind.DIGEST: frozenset({DAILY_DIGEST}),
    Kind.REPLY: frozenset({EVERY_TURN, DAILY_DIGEST, NONE}),
    Kind.INVITE: frozenset({EVERY_TURN, DAILY_DIGEST, NONE}),
}


CHAT_EACH = "each"


def wants(user: Any, kind: str) -> bool:
    """Whether this person asked for this kind of message (people without an account: yes)."""
    if user is None:
        return True
    if not user.is_active or not user.email:
        return False
    if kind == Kind.CHAT:
        return getattr(user, "chat_email", CHAT_EACH) == CHAT_EACH
    return getattr(user, "notify", EVERY_TURN) in SERVED.get(kind, frozenset())


def after_append(
    game: models.Game,
    rows: Sequence[models.Event],
    changed: Sequence[Pending],
    seats_now: Sequence[models.Seat],
    *,
    now: dt.datetime,
) -> list[models.Notification]:
    """Decide who must hear about this batch of events: their messages, unsaved. The services pass
    this to ``store.append`` (``notify``), which writes them in the batch's own statement; then
    ``schedule`` sends them once the transaction commits.

    ``changed`` are the decisions the batch made new (``store.AppendResult.changed``): a seat still
    deciding the same thing was told already. ``seats_now`` are the game's seats (with their users)
    as the append left them. Called with the game row locked.
    """
    if not rows:
        return []
    seats = {s.position: s for s in seats_now}
    actor, cause = rows[0].actor, rows[0].cause
    moved = any(row.type not in PLATFORM_EVENT_TYPES for row in rows)
    out: list[models.Notification] = []

    for row in rows:
        if row.type == "seat_timed_out":
            seat = seats.get(row.seat) if row.seat is not None else None
            if seat is not None:
                out += for_seats(game, [seat], Kind.TIMEOUT, now, {"event_seq": row.seq})
        elif row.type == "bot_took_over":
            # A bot takes a seat only when its time runs out (``services.seat_timeout``), and that
            # seat's timeout message, written in the same transaction, says so and how to take it
            # back: one email for the absent player, not two. The rest of the table is told here.
            table = [s for p, s in seats.items() if p != row.seat]
            out += for_seats(game, table, Kind.BOT_TAKEOVER, now, {"bot_seat": row.seat})
        elif row.type == "chat_sent":
            to = row.payload.get("to")
            readers = [s for p, s in seats.items() if p != row.seat and (to is None or p == to)]
            out += for_seats(game, readers, Kind.CHAT, now, {"event_seq": row.seq})

    if moved and game.status == models.Game.Status.FINISHED:
        out += for_seats(game, seats.values(), Kind.GAME_END, now)
    elif moved:
        due: list[models.Seat] = []
        quick: list[models.Seat] = []
        for pending in changed:
            seat = seats.get(pending.seat)
            if seat is None or seat.played_by_bot:
                continue
            if pending.seat == actor and cause in (Cause.PLAYER, Cause.TIMEOUT):
                # A player who just moved sees the new situation in front of them (page, API or the
                # reply to their email); after a timeout, the timeout message tells it.
                continue
            # A quick follow-up is timed by the reply time, often hours: it goes out at once.
            (quick if pending.reply else due).append(seat)
        out += for_seats(game, due, Kind.TURN, now)
        out += for_seats(game, quick, Kind.FOLLOW_UP, now)
    return out


def for_seats(
    game: models.Game,
    seats: Iterable[models.Seat],
    kind: str,
    now: dt.datetime,
    extra: dict[str, Any] | None = None,
) -> list[models.Notification]:
    return [
        notification(
            game=game, user=seat.user, kind=kind, now=now, payload={"seat": seat.position, **(extra or {})}
        )
        for seat in seats
        if seat.user is not None and not seat.is_bot and wants(seat.user, kind)
    ]


def notification(
    *,
    kind: str,
    now: dt.datetime,
    game: models.Game | None = None,
    user: Any = None,
    to_email: str = "",
    payload: dict[str, Any] | None = None,
) -> models.Notification:
    """An unsaved outbox row; ``queue`` saves it and schedules its sending."""
    return models.Notification(
        game=game,
        user=user,
        to_email=to_email,
        kind=kind,
        seq=game.last_seq if game is not None else 0,
        payload=payload or {},
        created_at=now,
    )


def queue(rows: Sequence[models.Notification]) -> list[models.Notification]:
    """Save outbox rows and send each one once the surrounding transaction commits."""
    if not rows:
        return []
    saved = models.Notification.objects.bulk_create(rows)
    schedule(saved)
    return saved


def schedule(saved: Sequence[models.Notification]) -> None:
    """Send saved outbox rows once the surrounding transaction commits."""
    ids = [row.pk for row in saved]
    if not ids:
        return
    # robust: a broker that is down must not turn a committed move into an error; the periodic
    # catch-up task (send_unsent_notifications) sends these rows later.
    transaction.on_commit(lambda: _send_after_commit(ids), robust=True)


def queue_invite(
    *, game: models.Game, to_email: str, invite_url: str, inviter: Any, now: dt.datetime, language: str = ""
) -> models.Notification:
    """An invitation to a table, for an address that may not have an account yet."""
    payload = {
        "invite_url": invite_url,
        "inviter": inviter.public_name if inviter else "",
        "language": language,
    }
    return queue([notification(game=game, to_email=to_email, kind=Kind.INVITE, now=now, payload=payload)])[0]


# Sends one outbox row by id (registered by games.apps: the Celery task). Until one is registered
# (a script that never loaded the app), rows wait for the catch-up task.
_dispatch: Callable[[int], Any] | None = None


def set_dispatcher(dispatch: Callable[[int], Any] | None) -> None:
    global _dispatch  # one process-wide hook, set once at start-up
    _dispatch = dispatch


def _send_after_commit(ids: list[int]) -> None:
    dispatch = _dispatch
    if dispatch is None:
        return
    if settings.OUTBOX_HANDOFF_IN_BACKGROUND and not settings.CELERY_TASK_ALWAYS_EAGER:
        # Inside a request, once its response is sent: a hand-off is about 1 ms of CPU (kombu
        # builds and publishes the message) in a thread of this process, and begun at the commit
        # it competed with the request still drawing its answer. Rows a request never got to hand
        # off are sent by the catch-up task, as any lost hand-off is.
        rows = _handoff_queue()
        after_response.defer(lambda: rows.put((dispatch, ids)))
        return
    for pk in ids:
        dispatch(pk)


# Handing a row to the broker takes a few milliseconds, seconds when the broker is slow or down:
# one thread per process does it, so the request that committed the move answers at once. Rows
# whose hand-off is lost (the process ends first, the broker refuses) are sent by the catch-up task.
_handoff: tuple[int, SimpleQueue[tuple[Callable[[int], Any], list[int]]]] | None = None
_handoff_lock = threading.Lock()


def _handoff_queue() -> SimpleQueue[tuple[Callable[[int], Any], list[int]]]:
    global _handoff  # one thread and queue per process: a forked child starts its own
    with _handoff_lock:
        if _handoff is None or _handoff[0] != os.getpid():
            rows: SimpleQueue[tuple[Callable[[int], Any], list[int]]] = SimpleQueue()
            threading.Thread(target=_hand_off, args=(rows,), name="outbox-handoff", daemon=True).start()
            _handoff = (os.getpid(), rows)
        return _handoff[1]


def _hand_off(rows: SimpleQueue[tuple[Callable[[int], Any], list[int]]]) -> None:
    while True:
        dispatch, ids = rows.get()
        for pk in ids:
            try:
                dispatch(pk)
            except Exception:
                logger.exception("outbox row %s not handed to the broker: the catch-up task will send it", pk)


def drain(timeout: float) -> bool:
    """Wait (at most ``timeout`` seconds) until the rows handed to this process's thread so far
    have gone to the broker; whether they have. For short-lived processes (``receive_email``, run
    once per incoming message): their thread dies with them, and what it had not handed over would
    wait for the catch-up task, a minute or more (the reply to an emailed command, for one)."""
    with _handoff_lock:
        if _handoff is None or _handoff[0] != os.getpid():
            return True  # nothing was handed to a thread in this process
    reached = threading.Event()
    _handoff_queue().put((lambda _pk: reached.set(), [0]))  # after everything queued before it
    return reached.wait(timeout)
