"""Outgoing messages: turn an outbox row into an email (plain text and HTML) in its reader's language.

Rendered when the row is sent, not when it was queued: the email shows the game as it is when it
leaves, its one-click links are signed against the current seq, and a turn email that nobody needs
any more (the player moved in the meantime) is skipped rather than sent.
"""

from __future__ import annotations

import datetime as dt
import email.utils
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import bounces
from games import models, outbox, selectors, texts
from games.boards import presentation_for
from games.engine.core import get_engine
from games.mail import links, situation

Kind = models.Notification.Kind
MAX_SUBJECT = 150


class Skip(Exception):
    """This row should not be sent (any more); ``reason`` is recorded on it."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class Content:
    subject: str
    template: str  # emails/<template>.txt and .html
    context: dict[str, Any] = field(default_factory=dict)
    reply_to: str = ""  # a seat's reply address: answering the email plays
    auto: str = "auto-generated"  # Auto-Submitted (RFC 3834): autoresponders must not answer
    unsubscribe: bool = True
    in_reply_to: str = ""


def build(note: models.Notification, *, now: dt.datetime) -> EmailMultiAlternatives:
    """The email for one outbox row, or Skip."""
    address = note.to_email or (note.user.email if note.user is not None else "")
    if not address:
        raise Skip("no address")
    if note.kind != Kind.REPLY and note.user is not None and not outbox.wants(note.user, note.kind):
        raise Skip(f"{note.user} does not want {note.kind} emails")
    if bounces.is_stopped(address):
        raise Skip("the address bounced too often: its player must re-enable it on their profile")
    builder = BUILDERS.get(note.kind)
    if builder is None:
        raise Skip(f"no email for {note.kind!r}")
    zone = note.user.zone if note.user is not None else dt.UTC
    with translation.override(_language(note)), timezone.override(zone):
        content = builder(note, now)
        context = {
            "note": note,
            "user": note.user,
            "name": note.user.public_name if note.user is not None else "",
            "site_url": settings.SITE_URL,
            "home_url": links.home_url(),
            "profile_url": links.profile_url(),
            "unsubscribe_url": links.unsubscribe_url(note.user) if content.unsubscribe and note.user else "",
            "reply_address": content.reply_to,
            **content.context,
        }
        text = _tidy(render_to_string(f"emails/{content.template}.txt", context))
        html = render_to_string(f"emails/{content.template}.html", context)
    headers = {
        "Message-ID": message_id(note),
        # "+0000": Django's own Date says "-0000", which RFC 5322 reserves for an unknown zone.
        "Date": email.utils.format_datetime(now.astimezone(dt.UTC)),
        "Auto-Submitted": content.auto,
        "X-Moonweb-Kind": note.kind,
    }
    if note.game_id is not None:
        headers["X-Moonweb-Game"] = str(note.game_id)
    if context["unsubscribe_url"]:
        # RFC 8058: mail clients show an unsubscribe button that POSTs here, no page involved.
        headers["List-Unsubscribe"] = f"<{context['unsubscribe_url']}>"
        headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    # Every email about one game threads under the game's own Message-ID; a reply to a player's
    # email also names theirs.
    thread = game_thread_id(note.game_id) if note.game_id is not None else ""
    parents = [m for m in (thread, content.in_reply_to) if m]
    if parents:
        headers["In-Reply-To"] = parents[-1]
        headers["References"] = " ".join(parents)
    if settings.MAIL_BOUNCE_ADDRESS:
        # The envelope sender (where bounces go) differs from the From players see.
        headers["From"] = settings.DEFAULT_FROM_EMAIL
    message = EmailMultiAlternatives(
        subject=_one_line(content.subject),
        body=text,
        from_email=settings.MAIL_BOUNCE_ADDRESS or settings.DEFAULT_FROM_EMAIL,
        to=[address],
        reply_to=[content.reply_to] if content.reply_to else None,
        headers=headers,
    )
    message.attach_alternative(html, "text/html")
    return message


def message_id(note: models.Notification) -> str:
    """The row's Message-ID: the same each time this row is sent (a resend after a crash folds into
    the first copy), different for any other row, on any instance or after a database reset (a
    digest keyed by SECRET_KEY over the row's id and creation time). A bounce quoting it is
    recognised by ``sent_to``."""
    return f"<moonweb.{note.pk}.{note.kind}.{_mac(note)}@{settings.REPLY_DOMAIN}>"


def _mac(note: models.Notification) -> str:
    return salted_hmac("moonweb.message-id", f"{note.pk}|{note.created_at.isoformat()}").hexdigest()[:20]


_MESSAGE_ID = re.compile(r"^<moonweb\.(\d{1,18})\.([a-z_]{1,30})\.([0-9a-f]{20})@([^>]+)>$")


def sent_to(mid: str) -> str | None:
    """The address a Message-ID of ours was sent to, or None when it is not one of ours."""
    match = _MESSAGE_ID.match(mid.strip())
    if not match:
        return None
    note = models.Notification.objects.select_related("user").filter(pk=int(match.group(1))).first()
    if note is None or message_id(note) != mid.strip():
        return None
    return note.to_email or (note.user.email if note.user is not None else "") or None


def game_thread_id(game_id: int) -> str:
    """The stable Message-ID every email of one game refers to, so mail clients keep one thread."""
    return f"<moonweb.game.{game_id}@{settings.REPLY_DOMAIN}>"


# Prefixes mail clients and we put before a subject, in the languages we speak.
_PREFIXES = (
    "re",
    "fw",
    "fwd",
    "tr",
    "aw",
    "sv",
    "accepted",
    "refused",
    "accepté",
    "refusé",
    "reminder",
    "rappel",
)
_PREFIX = re.compile(r"^\s*(?:(?:" + "|".join(_PREFIXES) + r")\s*(?:\[\d+\])?\s*:\s*)+", re.IGNORECASE)


def bare_subject(subject: str) -> str:
    """A subject without its stack of "Re:", "Fwd:", "Accepted:" (any language we send in)."""
    return _PREFIX.sub("", " ".join(subject.replace("\u00a0", " ").replace("\u202f", " ").split()))


def _tidy(text: str) -> str:
    """Template tags leave runs of blank lines in plain text; keep at most one."""
    return re.sub(r"\n{3,}", "\n\n", text.strip("\n")) + "\n"


def _language(note: models.Notification) -> str:
    if note.user is not None and note.user.language:
        return str(note.user.language)
    language = note.payload.get("language")
    if isinstance(language, str) and translation.check_for_language(language):
        return language
    return settings.LANGUAGE_CODE


def _one_line(subject: str) -> str:
    subject = " ".join(subject.split())
    return subject if len(subject) <= MAX_SUBJECT else subject[: MAX_SUBJECT - 1] + "…"


def duration_text(duration: dt.timedelta) -> str:
    hours = round(duration.total_seconds() / 3600)
    if hours < 48 or hours % 24:
        return ngettext("%(n)d hour", "%(n)d hours", hours) % {"n": hours}
    return ngettext("%(n)d day", "%(n)d days", hours // 24) % {"n": hours // 24}


def _seat(note: models.Notification, key: str = "seat") -> models.Seat:
    if note.game is None or note.payload.get(key) is None:
        raise Skip("no game or seat")
    seat = note.game.seats.select_related("user").filter(position=note.payload[key]).first()
    if seat is None:
        raise Skip("the seat is gone")
    return seat


def _title(game: models.Game) -> str:
    return f"{get_engine(game.kind).TITLE} #{game.pk}"


def _deadline_text(deadline: dt.datetime | None) -> str:
    """The deadline in the recipient's zone (``build`` activates it), as pages write it."""
    return texts.moment(deadline)


def _turn(note: models.Notification, now: dt.datetime) -> Content:
    game = note.game
    seat = _seat(note)
    assert game is not None
    if game.status != models.Game.Status.ACTIVE:
        raise Skip("the game is not in progress")
    if not seat.is_pending or seat.played_by_bot:
        raise Skip("the seat is no longer to act")
    if note.kind == Kind.FOLLOW_UP and not seat.pending_reply:
        # Answered already (a standing answer, often in the same transaction), and what the seat
        # decides now is a move: the turn email's rules, not this one's, say whether to tell them.
        raise Skip("the quick answer was given")
    reminder = note.kind == Kind.REMINDER
    if reminder and (seat.deadline is None or seat.deadline <= now):
        raise Skip("the deadline has passed")
    if reminder and note.payload.get("deadline") not in (
        None,
        seat.deadline.isoformat() if seat.deadline else None,
    ):
        raise Skip("the turn it was for is over")
    where = situation.for_seat(game, seat, now=now)
    values = {"title": where.title, "deadline": _deadline_text(seat.deadline)}
    # The subject stays the same all game (the deadline is in the first lines), so the thread does.
    subject = _("%(title)s: your move") % values
    quick = note.kind == Kind.FOLLOW_UP
    if quick:
        subject = _("%(title)s: your answer is needed") % values
    return Content(
        subject,
        "turn",
        {"s": where, "reminder": reminder, "quick": quick, "deadline_text": values["deadline"]},
        reply_to=links.reply_address(seat),
    )


def _timeout(note: models.Notification, now: dt.datetime) -> Content:
    game = note.game
    seat = _seat(note)
    assert game is not None
    after = note.payload.get("event_seq", 0)
    batch = (
        models.Event.objects.filter(
            game=game, seq__gt=after, cause=models.Event.Cause.TIMEOUT, actor=seat.position
        )
        .order_by("seq")
        .values_list("command", "batch")
        .first()
    )
    played = ""
    if batch is not None and batch[0]:
        # In words, as the seat's forms said it then ("Stop"), not in notation.
        label = selectors.command_words_at(game, seat.position, batch[0], batch[1])
        played = texts.move_words(label, texts.seat_names(game)) or batch[0]
    where = situation.for_seat(game, seat, now=now)
    left = max(0, settings.TIMEOUTS_BEFORE_BOT - seat.consecutive_timeouts)
    subject = _("%(title)s: your time ran out") % {"title": where.title}
    if where.bot_playing and not where.finished:
        # The timeout that handed the seat to a bot: this is the absent player's only email of it.
        subject = _("%(title)s: your time ran out, a bot plays for you") % {"title": where.title}
    return Content(
        subject,
        "timeout",
        {
            "s": where,
            "played": played,
            "timeouts_left": left,
            "deadline_text": _deadline_text(seat.deadline) if where.is_pending else "",
        },
        reply_to=links.reply_address(seat) if game.status == models.Game.Status.ACTIVE else "",
    )


def _bot_takeover(note: models.Notification, now: dt.datetime) -> Content:
    game = note.game
    seat = _seat(note)
    absent = _seat(note, "bot_seat")
    assert game is not None
    yours = absent.position == seat.position
    title = _title(game)
    if yours:
        subject = _("%(title)s: a bot is playing for you") % {"title": title}
    else:
        subject = _("%(title)s: a bot plays for %(name)s") % {"title": title, "name": absent.name}
    return Content(
        subject,
        "bot_takeover",
        {
            "title": title,
            "yours": yours,
            "absent": absent.name,
            "game_url": links.game_url(game),
            "timeouts": settings.TIMEOUTS_BEFORE_BOT,
        },
        reply_to=links.reply_address(seat) if yours else "",
    )


def _game_end(note: models.Notification, now: dt.datetime) -> Content:
    game = note.game
    seat = _seat(note)
    assert game is not None
    if not game.is_finished or not game.outcome:
        raise Skip("the game is not over")
    names = {s.position: s.name for s in game.seats.select_related("user")}
    scores = game.outcome.get("scores", {})
    places = []
    for place, tied in enumerate(game.outcome.get("ranking", []), start=1):
        for position in tied:
            places.append(
                {
                    "place": place,
                    "name": names.get(position, "?"),
                    "score": scores.get(str(position), ""),
                    "is_you": position == seat.position,
                }
            )
    winners = [names.get(p, "?") for p in game.outcome.get("winners", [])]
    title = _title(game)
    table = presentation_for(game.kind).score_table(game.outcome, names)
    # A game played alone has a score, not a winner: there was nobody to beat.
    alone = game.seat_count == 1
    if alone:
        subject = _("%(title)s is over") % {"title": title}
    else:
        subject = ngettext(
            "%(title)s is over: %(winners)s won", "%(title)s is over: %(winners)s won", len(winners)
        ) % {"title": title, "winners": ", ".join(winners)}
    return Content(
        subject,
        "game_end",
        {
            "title": title,
            "places": places,
            "winners": winners,
            "replay_url": links.replay_url(game),
            "game_url": links.game_url(game),
            "seed": bytes(game.seed).hex(),
            "seed_sha256": game.seed_sha256,
            "table": table,
            "you": seat.position,
            "alone": alone,
        },
    )


def _played_words(payload: dict[str, Any], names: Any) -> list[str]:
    """The commands a reply played, in words where their forms had words ("Roll again"), else as
    the player wrote them."""
    applied = [str(c) for c in payload.get("applied", [])]
    words = payload.get("applied_words") or []
    out = []
    for i, command in enumerate(applied):
        label = words[i] if i < len(words) else None
        out.append(texts.move_words(label, names) if label else command)
    return out


def _reply(note: models.Notification, now: dt.datetime) -> Content:
    payload = note.payload
    accepted = payload.get("status") == "accepted"
    about = bare_subject(str(payload.get("subject") or ""))
    if accepted:
        subject = _("Accepted: %(subject)s") % {"subject": about or _("your commands")}
    else:
        subject = _("Refused: %(subject)s") % {"subject": about or _("your email")}
    where = None
    reply_to = ""
    names = texts.seat_names(note.game) if note.game is not None else None
    # Only a verified player (their seat and address matched) hears about the game itself.
    if note.game is not None and note.user is not None and payload.get("seat") is not None:
        seat = _seat(note)
        where = situation.for_seat(note.game, seat, now=now)
        if note.game.status == models.Game.Status.ACTIVE:
            reply_to = links.reply_address(seat)
    return Content(
        subject,
        "reply",
        {
            "accepted": accepted,
            "code": payload.get("code", ""),
            # An engine's refusal is stored as its message, rendered now in the reader's language.
            "reason": texts.reason(payload.get("reason") or "", names),
            "applied": _played_words(payload, names),
            "failed": payload.get("failed", ""),
            "ignored": payload.get("ignored", 0),
            "unread": [str(line) for line in payload.get("unread") or []],
            "reclaimed": bool(payload.get("reclaimed")),
            "limit_bytes": settings.MAX_INBOUND_BYTES // 1024,
            "s": where,
            "deadline_text": _deadline_text(where.deadline) if where else "",
        },
        reply_to=reply_to,
        auto="auto-replied",
        unsubscribe=False,
        in_reply_to=str(payload.get("message_id") or ""),
    )


def _digest(note: models.Notification, now: dt.datetime) -> Content:
    user = note.user
    if user is None:
        raise Skip("a digest needs a player")
    seats = (
        models.Seat.objects.filter(user=user, is_pending=True, game__status=models.Game.Status.ACTIVE)
        .select_related("game", "user")
        .order_by("deadline")
    )
    games = []
    for seat in seats:
        if seat.played_by_bot:
            continue
        where = situation.for_seat(seat.game, seat, now=now, with_links=False)
        games.append({"s": where, "deadline_text": _deadline_text(seat.deadline)})
    chats = []
    if getattr(user, "chat_email", "") == "digest":
        chats = chats_for_digest(user, now - dt.timedelta(days=1))
    if not games and not chats:
        raise Skip("no game is waiting any more")
    if games:
        subject = ngettext(
            "%(count)d game is waiting for you", "%(count)d games are waiting for you", len(games)
        ) % {"count": len(games)}
    else:
        subject = ngettext(
            "%(count)d message for you on Moonweb", "%(count)d messages for you on Moonweb", len(chats)
        ) % {"count": len(chats)}
    return Content(subject, "digest", {"games": games, "chats": chats})


def _invite(note: models.Notification, now: dt.datetime) -> Content:
    game = note.game
    if game is None:
        raise Skip("no game")
    if game.status != models.Game.Status.OPEN:
        raise Skip("the game has started")
    by = str(note.payload.get("by") or note.payload.get("inviter") or game.creator.public_name)
    title = get_engine(game.kind).TITLE
    return Content(
        # Never the inviter's name: it is whatever they typed, and the subject is what a spammer wants.
        _("An invitation to play %(game)s on Moonweb") % {"game": title},
        "invite",
        {
            "by": by,
            "title": title,
            "invite_url": note.payload.get("invite_url") or links.game_url(game),
            "seats": game.seat_count,
            "time_per_move": duration_text(game.time_per_move),
        },
        unsubscribe=False,
    )


def _chat(note: models.Notification, now: dt.datetime) -> Content:
    """A chat line addressed to the reader (privately, or to the whole table), in the game's thread."""
    game = note.game
    seat = _seat(note)
    assert game is not None
    row = models.Event.objects.filter(game=game, seq=note.payload.get("event_seq"), type="chat_sent").first()
    if row is None:
        raise Skip("no such chat line")
    to = row.payload.get("to")
    if to is not None and to != seat.position:
        raise Skip("a private message for another seat")
    names = texts.seat_names(game)
    values = {"title": _title(game), "name": names.get(row.seat or 0, "?")}
    return Content(
        _("%(title)s: a message from %(name)s") % values,
        "chat",
        {
            "title": values["title"],
            "by": values["name"],
            "private": to is not None,
            "text": row.payload.get("text", ""),
            "at": texts.moment(row.created_at),
            "game_url": links.game_url(game) + "#log",
        },
    )


def chats_for_digest(user: Any, since: dt.datetime) -> list[dict[str, Any]]:
    """Chat lines addressed to a digest reader since ``since``: (game title, who, text, private)."""
    seats = {s.game_id: s.position for s in models.Seat.objects.filter(user=user)}
    rows = (
        models.Event.objects.filter(game_id__in=list(seats), type="chat_sent", created_at__gt=since)
        .select_related("game")
        .order_by("game_id", "seq")
    )
    out = []
    for row in rows:
        mine, to = seats.get(row.game_id), row.payload.get("to")
        if row.seat == mine or (to is not None and to != mine):
            continue
        names = texts.seat_names(row.game)
        out.append(
            {
                "title": _title(row.game),
                "by": names.get(row.seat or 0, "?"),
                "text": row.payload.get("text", ""),
                "private": to is not None,
                "game_url": links.game_url(row.game) + "#log",
            }
        )
    return out


BUILDERS: dict[str, Callable[[models.Notification, dt.datetime], Content]] = {
    Kind.CHAT: _chat,
    Kind.TURN: _turn,
    Kind.FOLLOW_UP: _turn,
    Kind.REMINDER: _turn,
    Kind.TIMEOUT: _timeout,
    Kind.BOT_TAKEOVER: _bot_takeover,
    Kind.GAME_END: _game_end,
    Kind.REPLY: _reply,
    Kind.DIGEST: _digest,
    Kind.INVITE: _invite,
}
