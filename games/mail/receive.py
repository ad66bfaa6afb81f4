"""Playing by email: check an incoming reply, apply its commands, and queue the answer.

Both ways mail arrives (``manage.py receive_email`` and ``POST /mail/inbound/``) call ``receive``.
The answer is an outbox row (kind ``reply``), so it leaves after commit like every other email.

Checks, in order; each refusal writes no event and is answered (when there is an address to answer):

- ``oversized``: larger than MAX_INBOUND_BYTES (only the headers are read, to find the sender);
- ``malformed``: empty, not email, no sender, no text part;
- ``forged``: not sent to a reply+<token>@REPLY_DOMAIN address, or the token is nobody's;
- ``stale``: the token's seat can no longer play (resigned, or the game has not started);
- ``wrong_sender``: From is not the address of the seat's player (told nothing about the game);
- ``finished``: the game is over.

Then each command line is submitted in order through ``services.command_submit`` against the
game's current seq, stopping at the first error (``command``; earlier lines stay played).

Mail from autoresponders, bounces and lists, or from our own domain, is dropped without an
answer: answering it would start a mail loop. A message delivered twice (same Message-ID) is
played once: each line carries an idempotency key derived from the Message-ID, and a delivery
that only replays earlier lines is not answered again.
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
from django.db import transaction
from django.utils.translation import gettext_noop

from games import models, outbox, selectors, services, store, texts
from games.engine.core import CommandError
from games.mail import inbound

log = logging.getLogger(__name__)
# Translated when the answer is written, in the reader's language.
STALE_REASON = gettext_noop(
    "This email is out of date: your decision has changed since it was written, so nothing was applied."
)
Kind = models.Notification.Kind


@dataclass
class Received:
    """What happened to one incoming message (for logs, the command's output and tests)."""

    status: str  # "accepted", "refused", "dropped" (nobody to answer) or "duplicate"
    code: str = ""
    reason: Any = ""  # a site text, or an engine's refusal as message JSON
    applied: list[str] = field(default_factory=list)
    game_id: int | None = None
    reply_id: int | None = None


def receive(raw: bytes, *, now: dt.datetime, envelope_to: str = "") -> Received:
    try:
        mail = inbound.parse(
            raw,
            max_bytes=settings.MAX_INBOUND_BYTES,
            reply_domain=settings.REPLY_DOMAIN,
            envelope_to=envelope_to,
        )
    except inbound.Refusal as refusal:
        origin = Origin(refusal.sender, refusal.subject, refusal.message_id, now)
        return _refuse(refusal.code, refusal.reason, origin)
    if mail.automatic or _is_ours(mail.sender):
        log.info("dropped automatic mail from %s", mail.sender)
        return Received("dropped", "automatic")
    origin = Origin(mail.sender, mail.subject, mail.message_id, now)

    seat = (
        models.Seat.objects.select_related("game", "user")
        .filter(reply_token__in=mail.tokens)
        .order_by("pk")
        .first()
    )
    if seat is None:
        return _refuse("forged", "unknown reply address", origin)
    if seat.user is None or not seat.user.is_active:
        return _refuse("stale", "nobody plays this seat", origin)
    if seat.user.email.strip().lower() != mail.sender.strip().lower():
        # The sender proved nothing: tell them the address is wrong, and nothing about the game.
        return _refuse("wrong_sender", "the sender is not this seat's player", origin)
    game = seat.game
    if game.status == models.Game.Status.FINISHED:
        return _refuse("finished", "the game is over", origin, seat)
    if seat.resigned:
        return _refuse("stale", "you resigned from this game", origin, seat)
    if game.status != models.Game.Status.ACTIVE:
        return _refuse("stale", "the game has not started", origin, seat)
    if not mail.lines:
        return _refuse("no_commands", "no command found", origin, seat)
    return _play(seat, mail, now=now)


def _play(seat: models.Seat, mail: inbound.Parsed, *, now: dt.datetime) -> Received:
    game = seat.game
    lines = mail.lines[: settings.MAX_INBOUND_COMMANDS]
    ignored = len(mail.lines) - len(lines)
    applied: list[str] = []
    replayed = 0
    failed = ""
    reason: Any = ""  # a plain site text, or an engine's message as JSON
    # The first line answers the decision the email was about (its Reply-To names it); each later
    # line follows the sender's own previous one.
    expected = mail.decision_seqs.get(seat.reply_token)
    words: list[Any] = []  # each played command in words, as its form would say it
    for number, line in enumerate(lines):
        game.refresh_from_db()
        label = selectors.command_label(game, seat.position, line)
        try:
            result = services.command_submit(
                game=game,
                user=seat.user,
                text=line,
                expected_seq=expected if expected is not None and number == 0 else game.last_seq,
                idempotency_key=_key(mail.message_id, seat, number),
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
    payload = _payload(
        status,
        "command" if failed else "",
        reason,
        subject=mail.subject,
        message_id=mail.message_id,
        seat=seat.position,
        applied=applied,
        applied_words=words,
        failed=failed,
        ignored=ignored,
    )
    with transaction.atomic():
        reply = outbox.queue(
            [
                outbox.notification(
                    game=game, user=seat.user, to_email=mail.sender, kind=Kind.REPLY, now=now, payload=payload
                )
            ]
        )[0]
    return Received(status, payload["code"], reason, applied, game.pk, reply.pk)


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


def _refuse(code: str, reason: str, origin: Origin, seat: models.Seat | None = None) -> Received:
    """Answer a refused message (when there is a sender to answer) and write nothing else.

    ``seat`` is given only once the sender is known to be that seat's player: only then does the
    answer speak about the game.
    """
    log.info("refused mail from %r: %s (%s)", origin.sender, code, reason)
    if not origin.sender or _is_ours(origin.sender):
        return Received("dropped", code, reason)
    payload = _payload(
        "refused",
        code,
        reason,
        subject=origin.subject,
        message_id=origin.message_id,
        seat=seat.position if seat else None,
    )
    if seat is None:
        # Someone who is a player under this address reads the answer in their language.
        language = (
            get_user_model()
            .objects.filter(email__iexact=origin.sender)
            .values_list("language", flat=True)
            .first()
        )
        if language:
            payload["language"] = language
    game = seat.game if seat else None
    note = outbox.notification(
        game=game,
        user=seat.user if seat else None,
        to_email=origin.sender,
        kind=Kind.REPLY,
        now=origin.now,
        payload=payload,
    )
    with transaction.atomic():
        reply = outbox.queue([note])[0]
    return Received("refused", code, reason, game_id=game.pk if game else None, reply_id=reply.pk)


def _is_ours(address: str) -> bool:
    """Mail from our own domain or sending address is never answered (no loops with ourselves)."""
    address = address.strip().lower()
    domain = address.rsplit("@", 1)[-1]
    from_address = (email.utils.parseaddr(settings.DEFAULT_FROM_EMAIL)[1] or "").lower()
    return domain == settings.REPLY_DOMAIN.lower() or (bool(from_address) and address == from_address)
