"""The event store's tables and the read models derived from them.

``Event`` is the record: append-only, written only by ``games.store``. Everything else here
(``StateCache``, the pending/deadline fields of ``Seat``, ``Game.status``) is derived from the
events and can be rebuilt from them.
"""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.engine.core import seed_hash

DEFAULT_MAX_REPLY_TIME = dt.timedelta(hours=24)


def new_seed() -> bytes:
    return secrets.token_bytes(32)


def new_token() -> str:
    return secrets.token_urlsafe(18)


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        ACTIVE = "active", _("In progress")
        FINISHED = "finished", _("Finished")

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("Open to anyone")
        PRIVATE = "private", _("By invitation")

    kind = models.CharField(max_length=30)
    options = models.JSONField(default=dict, blank=True)
    seat_count = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    visibility = models.CharField(max_length=10, choices=Visibility.choices, default=Visibility.PUBLIC)
    time_per_move = models.DurationField()
    # For quick follow-ups (Pending.reply: answering an offer...). None: a quarter of the time per
    # move, at most a day (``reply_window``).
    reply_time = models.DurationField(null=True, blank=True)
    creator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # The secret seed of every roll and shuffle; only its hash is shown until the game ends.
    seed = models.BinaryField(default=new_seed, editable=False)
    seed_sha256 = models.CharField(max_length=64, editable=False)
    invite_token = models.CharField(max_length=32, default=new_token, unique=True, editable=False)
    # Seq of the last event of any kind (chat included). Whether a command is stale is decided per
    # seat (Seat.decision_seq), not per game: another seat's move or a chat line never makes it so.
    last_seq = models.PositiveIntegerField(default=0)
    outcome = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "visibility"])]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self.seed_sha256:
            self.seed_sha256 = seed_hash(bytes(self.seed))
        super().save(*args, **kwargs)

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def reply_window(self) -> dt.timedelta:
        if self.reply_time is not None:
            return self.reply_time
        return min(self.time_per_move / 4, DEFAULT_MAX_REPLY_TIME)

    def time_for(self, *, reply: bool) -> dt.timedelta:
        """How long a seat has for a decision: the reply time for a quick follow-up, else a move's."""
        return self.reply_window if reply else self.time_per_move


class RevokedInvitation(models.Model):
    """An invitation link the table's creator withdrew: it shows that it was withdrawn, and lets
    nobody look at the table or join it. Emailed invitations carried the same link: withdrawn too."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="revoked_invitations")
    token = models.CharField(max_length=32, unique=True)
    revoked_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"withdrawn invitation of {self.game}"


class Seat(models.Model):
    """A place at the table. ``position`` is the engine's seat number."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    # A seat filled by a bot from the start; ``bot_playing`` is a bot standing in for an absent player.
    is_bot = models.BooleanField(default=False)
    bot_playing = models.BooleanField(default=False)
    resigned = models.BooleanField(default=False)
    # Secret part of this seat's Reply-To address for play by email.
    reply_token = models.CharField(max_length=32, default=new_token, unique=True, editable=False)
    # Read model of ``engine.pending``: is this seat to act, since when, until when.
    is_pending = models.BooleanField(default=False)
    pending_kind = models.CharField(max_length=30, blank=True)
    pending_key = models.CharField(max_length=80, blank=True)
    pending_reply = models.BooleanField(default=False)  # timed by the game's reply time
    # The identity of this seat's current decision: the seq at which it began (or, when the seat is
    # not to act, at which its last one ended). Forms, links and replies made at an earlier seq are
    # stale; a move by another seat that leaves this decision as it was does not touch it.
    decision_seq = models.PositiveIntegerField(default=0)
    pending_since = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    reminder_sent_at = models.DateTimeField(null=True, blank=True)
    consecutive_timeouts = models.PositiveSmallIntegerField(default=0)
    # Standing answers the player set for quick follow-ups, by pending kind:
    # {kind: {"policy": name, number name: int, ...}} (games.engine.core.check_policy).
    standing = models.JSONField(default=dict, blank=True)
    # The last seq this seat's player acted at: turn emails tell what happened since.
    last_acted_seq = models.PositiveIntegerField(default=0)
    joined_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=models.Q(user__isnull=False), name="seat_unique_user"
            ),
        ]
        indexes = [models.Index(fields=["is_pending", "deadline"])]
        ordering = ["position"]

    def __str__(self) -> str:
        return f"{self.game} seat {self.position}"

    @property
    def name(self) -> str:
        if self.user is not None:
            return self.user.public_name  # type: ignore[attr-defined, no-any-return]
        return f"Bot {self.position + 1}"

    @property
    def played_by_bot(self) -> bool:
        return self.is_bot or self.bot_playing or self.resigned


class Event(models.Model):
    """One fact of a game, in order. Never updated or deleted: a database trigger refuses it."""

    class Cause(models.TextChoices):
        SETUP = "setup", _("Setup")
        PLAYER = "player", _("Player")
        TIMEOUT = "timeout", _("Timeout")
        BOT = "bot", _("Bot")
        STANDING = "standing", _("Standing answer")  # a rule the player set in advance played it
        PLATFORM = "platform", _("Table")

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    version = models.PositiveSmallIntegerField(default=1)
    payload = models.JSONField(default=dict)
    # The seat the event concerns (actor, or owner of a private fact); None for the table's events.
    seat = models.SmallIntegerField(null=True, blank=True)
    # The batch: events written together by one command share the seq of its first event.
    batch = models.PositiveIntegerField()
    # What caused the batch: the command in notation and the seat that sent it (for verification).
    command = models.TextField(blank=True)
    actor = models.SmallIntegerField(null=True, blank=True)
    cause = models.CharField(max_length=10, choices=Cause.choices)
    # NULL, not '', for batches without a key: the unique constraint ignores NULLs.
    idempotency_key = models.CharField(max_length=80, null=True, blank=True)  # noqa: DJ001
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="event_unique_seq"),
            # Scoped to the seat that sent the command: two players may choose the same key.
            models.UniqueConstraint(
                fields=["game", "actor", "idempotency_key"],
                condition=models.Q(idempotency_key__isnull=False),
                name="event_unique_seat_idempotency_key",
            ),
        ]
        ordering = ["seq"]

    def __str__(self) -> str:
        return f"{self.game} #{self.seq} {self.type}"


class StateCache(models.Model):
    """The last folded state of a game and the seq it was folded to. Disposable: see rebuild_state."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="state_cache")
    seq = models.PositiveIntegerField()
    state = models.JSONField()
    updated_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"state of {self.game} at {self.seq}"


class Notification(models.Model):
    """Outbox: a message to send, written in the same transaction as the events that cause it."""

    class Kind(models.TextChoices):
        TURN = "turn", _("Your turn")
        FOLLOW_UP = "follow_up", _("A quick answer is needed")
        REMINDER = "reminder", _("Reminder")
        TIMEOUT = "timeout", _("Timed out")
        BOT_TAKEOVER = "bot_takeover", _("A bot took a seat")
        GAME_END = "game_end", _("Game over")
        INVITE = "invite", _("Invitation")
        REPLY = "reply", _("Reply to an email command")
        DIGEST = "digest", _("Daily digest")
        CHAT = "chat", _("Chat message")

    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.CASCADE, related_name="notifications"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="notifications",
    )
    to_email = models.EmailField(blank=True)  # for invitations to people without an account yet
    kind = models.CharField(max_length=20, choices=Kind.choices)
    seq = models.PositiveIntegerField(default=0)  # the game's seq when queued
    payload = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField()
    # Claimed by a conditional UPDATE (claimed_at IS NULL) so a duplicated task never sends twice.
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)

    class Meta:
        indexes = [models.Index(fields=["sent_at", "claimed_at"])]

    def __str__(self) -> str:
        return f"{self.kind} to {self.user or self.to_email}"
