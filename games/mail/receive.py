"""Playing by email: check an incoming reply, apply its commands, and queue the answer.

Both ways mail arrives (``manage.py receive_email`` and ``POST /mail/inbound/``) call ``receive``.
The answer is an outbox row (kind ``reply``), so it leaves after commit like every other email.

Never answered (status ``dropped``), because answering would start a mail loop or reflect mail to
someone who did not write: autoresponders, lists and bulk mail, a null envelope sender,
MAILER-DAEMON and postmaster, our own addresses, and delivery status notifications (bounces:
recorded against the player whose address failed, see accounts.bounces). Mail to an unknown reply
address (``forged``) is dropped too: it names no game, so its sender is nobody we may write to.

Checks, in order; each refusal writes no event:

- ``oversized``: larger than MAX_INBOUND_BYTES (only the headers are read, to find the sender);
- ``malformed``: empty, not email, no sender, no text part;
- ``wrong_sender``: From, or the envelope sender when the MTA gives it, is not the seat's player;
- ``unauthenticated``: our MTA's Authentication-Results say SPF, DKIM or DMARC failed
  (MAIL_AUTHSERV_ID, MAIL_REQUIRE_AUTH_PASS);
- ``stale``: the seat can no longer play (resigned, or the game has not started);
- ``finished``: the game is over;
- ``no_commands``: nothing to play.

A refusal is answered only to a player seated in the game the reply address names, whose address
is not stopped for bouncing, at most MAIL_REFUSALS_PER_HOUR times an hour (and any answer at most
MAIL_ANSWERS_PER_HOUR); only the seat's own verified player hears about the game or sees their
subject again.

Then each command line is submitted in order through ``services.command_submit`` against the
game's current seq, stopping at the first error (``command``; earlier lines stay played). Once a
command was played, the first line that is not a command at all ends the commands (a sign-off such
as "Cheers, Bob"): it and the lines after it are reported, not refused.

A message delivered twice is played once: each line carries an idempotency key derived from the
Message-ID (or, without one, from a digest of the content), and a delivery that only replays
earlier lines, or whose refusal was answered already, is not answered again.
"""

from __future__ import annotations

import datetime as dt
import email.utils
import hashlib
import logging
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.utils.translation import gettext_noop

from accounts import bounces
from games import models, outbox, selectors, services, store, texts
from games.engine.core import CannotParse, CommandError, get_engine
from games.mail import inbound, messages

log = logging.getLogger(__name__)
# Translated when the answer is written, in the reader's language.
STALE_REASON = gettext_noop(
    "This email is out of date: your decision has changed since it was written, so nothing was applied."
)
Kind = models.Notification.Kind
# Lines after the commands reported back, at most this many and this long.
UNREAD_LINES, UNREAD_CHARS = 5, 80


@dataclass
class Received:
    """What happened to one incoming message (for logs, the command's output and tests)."""

    status: str  # "accepted", "refused", "dropped" (not answered, on purpose) or "duplicate"
    code: str = ""
    reason: Any = ""  # a site text, or an engine's refusal as message JSON
    applied: list[str] = field(default_factory=list)
    game_id: int | None = None
    reply_id: int | None = None


def receive(
    raw: bytes, *, now: dt.datetime, envelope_to: str = "", envelope_from: str | None = None
) -> Received:
    """Handle one incoming message. ``envelope_from`` is the envelope sender when the MTA gives it
    ("" for a bounce's null sender); None when it does not (then only From is known)."""
    failure: inbound.Refusal | None = None
    try:
        mail = inbound.parse(
            raw,
            max_bytes=settings.MAX_INBOUND_BYTES,
            reply_domain=settings.REPLY_DOMAIN,
            envelope_to=envelope_to,
            authserv_id=settings.MAIL_AUTHSERV_ID,
            require_pass=settings.MAIL_REQUIRE_AUTH_PASS,
        )
    except inbound.Refusal as refusal:
        failure, mail = refusal, refusal.known
    if mail.report or _to_bounce_address(envelope_to) or envelope_from == "":
        return _bounce(mail, now=now)
    if mail.automatic or not mail.sender or _is_ours(mail.sender):
        log.info("dropped automatic mail from %r", mail.sender)
        return Received("dropped", "automatic")
    origin = Origin(mail.sender, mail.subject, mail.message_id or f"digest:{mail.digest}", now)
    seat = _seat(mail.tokens)
    if seat is None:
        log.info("dropped mail from %r to an unknown reply address", mail.sender)
        return Received("dropped", "forged")
    game = seat.game
    player = seat.user
    sender = mail.sender.strip().lower()
    if player is None or not player.is_active:
        return _refuse("stale", "nobody plays this seat", origin, game)
    if player.email.strip().lower() != sender or (
        envelope_from is not None and envelope_from.strip().lower() != sender
    ):
        # The sender proved nothing: tell them the address is wrong, and nothing about the game.
        return _refuse("wrong_sender", "the sender is not this seat's player", origin, game)
    if mail.auth_failure:
        return _refuse("unauthenticated", mail.auth_failure, origin, game)
    if failure is not None:
        return _refuse(failure.code, failure.reason, origin, game, seat)
    if game.status == models.Game.Status.FINISHED:
        return _refuse("finished", "the game is over", origin, game, seat)
    if seat.resigned:
        return _refuse("stale", "you resigned from this game", origin, game, seat)
    if game.status != models.Game.Status.ACTIVE:
        return _refuse("stale", "the game has not started", origin, game, seat)
    if not mail.lines:
        return _refuse("no_commands", "no command found", origin, game, seat)
    return _play(seat, mail, origin)


def _seat(tokens: list[str]) -> models.Seat | None:
    """The seat of the first token that is one (tokens come in the order the message names them)."""
    seats = {
        s.reply_token: s
        for s in models.Seat.objects.select_related("game", "user").filter(reply_token__in=tokens)
    }
    return next((seats[t] for t in tokens if t in seats), None)


def _to_bounce_address(envelope_to: str) -> bool:
    bounce = settings.MAIL_BOUNCE_ADDRESS.strip().lower()
    return bool(bounce) and envelope_to.strip().lower() == bounce


def _bounce(mail: inbound.Parsed, *, now: dt.datetime) -> Received:
    """A bounce is never answered; a DSN about mail we sent is recorded against its recipient."""
    # Only a report quoting a message we sent to that very address counts: anyone can write a DSN,
    # nobody else knows our Message-IDs (they carry a keyed digest).
    sent = {m: (messages.sent_to(m) or "").lower() for m in mail.bounced_message_ids}
    recorded = 0
    for failed in mail.bounced:
        message_id = next((m for m, to in sent.items() if to and to == failed.address.lower()), None)
        if message_id is None:
            log.info("ignored a bounce for %r: it names no message we sent there", failed.address)
            continue
        if bounces.record(
            failed.address, status=failed.status, diagnostic=failed.diagnostic, message_id=message_id, now=now
        ):
            recorded += 1
    log.info("bounce from %r: %s recipient(s) recorded", mail.sender, recorded)
    return Received("dropped", "bounce")


def _play(seat: models.Seat, mail: inbound.Parsed, origin: Origin) -> Received:
    game = seat.game
    now = origin.now
    engine = get_engine(game.kind)
    bot_was_playing = seat.bot_playing
    lines = mail.lines[: settings.MAX_INBOUND_COMMANDS]
    ignored = len(mail.lines) - len(lines)
    unread: list[str] = []
    applied: list[str] = []
    replayed = 0
    failed = ""
    reason: Any = ""  # a plain site text, or an engine's message as JSON
    # The first line answers the decision the email was about (its Reply-To names it); each later
    # line follows the sender's own previous one.
    expected = mail.decision_seqs.get(seat.reply_token)
    words: list[Any] = []  # each played command in words, as its form would say it
    for number, line in enumerate(lines):
        if (
            applied
            and not _is_command(engine, line)
            and not _meant_as_command(engine, game, seat, lines[:number], line)
        ):
            # A sign-off ("Cheers,", "Bob") after the commands: the commands are over.
            unread = mail.lines[number:]
            ignored = 0
            break
        game.refresh_from_db()
        label = selectors.command_label(game, seat.position, line)
        try:
            result = services.command_submit(
                game=game,
                user=seat.user,
                text=line,
                expected_seq=expected if expected is not None and number == 0 else game.last_seq,
                idempotency_key=_key(origin.message_id, seat, number),
                now=now,
            )
        except CommandError as exc:
            # Stored as a message: the answer is rendered in the reader's language when it is built.
            failed, reason = line, exc.reason.to_json()
            break
        except store.StaleSeq:
            failed, reason = line, STALE_REASON
            break
        except services.ServiceError as exc:
            failed, reason = line, exc.reason
            break
        replayed += result.replayed
        played = next((e.command for e in result.events if e.command and e.actor == seat.position), "")
        applied.append(played or line)
        words.append([texts.to_json(x) for x in label] if isinstance(label, list) else texts.to_json(label))
    if applied and replayed == len(applied) and not failed:
        return Received("duplicate", applied=applied, game_id=game.pk)
    game.refresh_from_db()
    status = "refused" if failed else "accepted"
    # Any command takes the seat back from its bot, a refused one too: the answer says so.
    reclaimed = False
    if bot_was_playing:
        seat.refresh_from_db(fields=["bot_playing"])
        reclaimed = not seat.bot_playing
    payload = _payload(
        status,
        "command" if failed else "",
        reason,
        subject=mail.subject,
        message_id=mail.message_id,
        message_key=origin.message_id,
        seat=seat.position,
        applied=applied,
        applied_words=words,
        failed=failed,
        ignored=ignored,
        unread=[line[:UNREAD_CHARS] for line in unread[:UNREAD_LINES]],
        reclaimed=reclaimed,
    )
    if _answered(origin):
        # Delivered again after its answer went out (a refusal is played again and fails again).
        return Received("duplicate", payload["code"], reason, applied, game.pk)
    if not _may_answer(mail.sender, refusal=bool(failed)):
        return Received(status, payload["code"], reason, applied, game.pk)
    with transaction.atomic():
        reply = outbox.queue(
            [
                outbox.notification(
                    game=game, user=seat.user, to_email=mail.sender, kind=Kind.REPLY, now=now, payload=payload
                )
            ]
        )[0]
    return Received(status, payload["code"], reason, applied, game.pk, reply.pk)


def _is_command(engine: Any, line: str) -> bool:
    """Whether the line is written in the game's notation at all (legal now or not)."""
    try:
        engine.parse(line)
    except CannotParse:
        return False
    except CommandError:
        return True
    return True


def _first_word(line: str) -> str:
    words = line.split()
    return words[0].casefold() if words else ""


def _meant_as_command(
    engine: Any, game: models.Game, seat: models.Seat, before: list[str], line: str
) -> bool:
    """Whether a line the notation cannot read still begins as a command: with the word of a command
    played above it ("play thurster" under "play reactor", "jouer dommage 1" under "jouer
    réacteur") or of one the seat may send now ("buy lee" while buying). Such a line is a mistake
    to refuse with the notation's reason, not a sign-off to pass over while the rest is accepted."""
    first = _first_word(line)
    if not first or "!" in line or "?" in line:
        return False  # "Base camp it is, thanks all!": a sentence, whatever its first word
    if first in {_first_word(b) for b in before}:
        return True
    game.refresh_from_db()
    state = store.load(game).state
    return first in {_first_word(spec.prefix) for spec in engine.legal(state, seat.position)}


def _key(message_id: str, seat: models.Seat, number: int) -> str | None:
    if not message_id:
        return None
    digest = hashlib.sha256(f"{message_id}|{seat.pk}".encode()).hexdigest()[:40]
    return f"mail:{digest}:{number}"


def _payload(status: str, code: str, reason: Any, **fields: Any) -> dict[str, Any]:
    return {"status": status, "code": code, "reason": reason, **fields}


@dataclass(frozen=True)
class Origin:
    """Who sent the message being answered, and what it was."""

    sender: str
    subject: str
    message_id: str
    now: dt.datetime


def _refuse(
    code: str, reason: str, origin: Origin, game: models.Game, seat: models.Seat | None = None
) -> Received:
    """Answer a refused message to a player of ``game``, and write nothing else.

    ``seat`` is given only once the sender is known to be that seat's player: only then does the
    answer speak about the game, or repeat their subject. Anyone else seated in the game is told
    the reason alone; a sender who plays no part in it is not answered at all (a forged From would
    make us mail a stranger).
    """
    log.info("refused mail from %r: %s (%s)", origin.sender, code, reason)
    User = get_user_model()
    sender = User.objects.filter(email__iexact=origin.sender.strip()).first()
    seated = sender is not None and game.seats.filter(user=sender).exists()
    if not seated:
        log.info("not answered: %r plays no part in game %s", origin.sender, game.pk)
        return Received("dropped", code, reason)
    if _answered(origin):
        return Received("duplicate", code, reason, game_id=game.pk)
    if not _may_answer(origin.sender, refusal=True):
        return Received("refused", code, reason, game_id=game.pk)
    payload = _payload(
        "refused",
        code,
        reason,
        subject=origin.subject if seat else "",
        message_id=origin.message_id if not origin.message_id.startswith("digest:") else "",
        message_key=origin.message_id,
        seat=seat.position if seat else None,
    )
    note = outbox.notification(
        game=game if seat else None,
        user=sender if seat else None,
        to_email=origin.sender,
        kind=Kind.REPLY,
        now=origin.now,
        payload={**payload, "language": sender.language if sender else ""},
    )
    if seat is not None:
        note.game, note.user = game, seat.user
    with transaction.atomic():
        reply = outbox.queue([note])[0]
    return Received("refused", code, reason, game_id=game.pk, reply_id=reply.pk)


def _answered(origin: Origin) -> bool:
    """Whether this message (same Message-ID or content digest) was answered already."""
    return models.Notification.objects.filter(
        kind=Kind.REPLY, to_email__iexact=origin.sender, payload__message_key=origin.message_id
    ).exists()


def _may_answer(address: str, *, refusal: bool) -> bool:
    """Whether one more answer may go to ``address`` this hour (and it is not stopped for bouncing).

    Counted in the shared cache, so the limit holds across processes; a refusal counts against
    both limits.
    """
    if bounces.is_stopped(address):
        log.info("not answered: mail to %r is stopped (it bounced)", address)
        return False
    hour = dt.datetime.now(dt.UTC).strftime("%Y%m%d%H")
    digest = hashlib.sha256(address.strip().lower().encode()).hexdigest()[:32]
    limits = [("answers", settings.MAIL_ANSWERS_PER_HOUR)]
    if refusal:
        limits.append(("refusals", settings.MAIL_REFUSALS_PER_HOUR))
    for name, limit in limits:
        key = f"mail:{name}:{digest}:{hour}"
        cache.add(key, 0, timeout=3600)
        try:
            count = cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.set(key, count := 1, timeout=3600)
        if count > limit:
            log.warning("not answered: %s per hour to one address reached", name)
            return False
    return True


def _is_ours(address: str) -> bool:
    """Mail from our own domain or sending address is never answered (no loops with ourselves)."""
    address = address.strip().lower()
    domain = address.rsplit("@", 1)[-1]
    from_address = (email.utils.parseaddr(settings.DEFAULT_FROM_EMAIL)[1] or "").lower()
    return domain == settings.REPLY_DOMAIN.lower() or (bool(from_address) and address == from_address)
