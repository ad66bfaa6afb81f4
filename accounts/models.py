"""Moonweb's own User, from the first migration, with a player's preferences."""

from __future__ import annotations

import datetime as dt
from functools import cache
from typing import Any, ClassVar
from zoneinfo import ZoneInfo, available_timezones

from django.contrib.auth.models import AbstractUser, UserManager
from django.core.exceptions import ValidationError
from django.db import DEFAULT_DB_ALIAS, connection, models
from django.utils.translation import gettext_lazy as _

from moonweb import raw

UTC = ZoneInfo("UTC")


@cache
def time_zone_names() -> frozenset[str]:
    """The IANA zones this machine knows (the tzdata package ships them everywhere)."""
    return frozenset(available_timezones())


def zone_of(name: str) -> ZoneInfo:
    """A player's zone, UTC when unset or unknown (a zone removed from tzdata must not break pages)."""
    if name and name in time_zone_names():
        return ZoneInfo(name)
    return UTC


class Players(UserManager["User"]):
    """Django's user manager, with ``get(pk=...)`` as one hand-written statement on PostgreSQL.

    Every page a signed-in player opens starts with that read: Django's sign-in backends (and
    allauth's) find the session's player with ``_default_manager.get(pk=...)``. Through the ORM it
    took a median 0.63 ms, most of it building the query; hand-written, 0.33 ms
    (``benchmarks/lookups.py``).
    Any other lookup, and a key the ORM would refuse, go to the ORM as before.
    """

    def get(self, *args: Any, **kwargs: Any) -> User:
        if (
            args
            or kwargs.keys() != {"pk"}
            or self.db != DEFAULT_DB_ALIAS
            or connection.vendor != "postgresql"
        ):
            return super().get(*args, **kwargs)
        try:
            pk = self.model._meta.pk.to_python(kwargs["pk"])
        except ValidationError:
            return super().get(*args, **kwargs)  # the ORM's own error for a malformed key
        found = raw.by_pk(self.model, pk)
        if found is None:
            raise self.model.DoesNotExist(f"{self.model._meta.object_name} matching query does not exist.")
        return found


class User(AbstractUser):
    """A player. Logs in by email; ``display_name`` is what other players see."""

    objects: ClassVar[Players] = Players()  # type: ignore[assignment]

    class Notify(models.TextChoices):
        EVERY_TURN = "every_turn", _("Every turn")
        DAILY_DIGEST = "daily_digest", _("Daily digest")
        NONE = "none", _("None")

    class ChatEmail(models.TextChoices):
        EACH = "each", _("Every message, as it is sent")
        DIGEST = "digest", _("In the daily digest")
        NEVER = "never", _("Never")

    class Language(models.TextChoices):
        ENGLISH = "en", "English"
        FRENCH = "fr", "Français"

    email = models.EmailField(_("email address"), unique=True)
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    language = models.CharField(
        _("language"), max_length=5, choices=Language.choices, default=Language.ENGLISH
    )
    notify = models.CharField(
        _("email notifications"), max_length=20, choices=Notify.choices, default=Notify.EVERY_TURN
    )
    # Table talk addressed to this player (a private message, or one to the whole table) by email.
    chat_email = models.CharField(
        _("chat messages by email"), max_length=10, choices=ChatEmail.choices, default=ChatEmail.EACH
    )
    away_until = models.DateField(_("away until"), null=True, blank=True)
    # An IANA zone name ("Europe/Paris"); empty means UTC. Pages and emails show times in it.
    time_zone = models.CharField(_("time zone"), max_length=64, blank=True, default="")
    is_bot = models.BooleanField(default=False)
    # Set when mail to ``email`` bounced too often (accounts.bounces): nothing is sent to it until
    # the player says on their profile that it is fixed.
    email_stopped_at = models.DateTimeField(_("emails stopped at"), null=True, blank=True)

    def __str__(self) -> str:
        return self.public_name

    @property
    def public_name(self) -> str:
        return self.display_name or self.username

    @property
    def zone(self) -> ZoneInfo:
        return zone_of(self.time_zone)

    def is_away(self, today: dt.date) -> bool:
        return self.away_until is not None and today <= self.away_until


def public_name_of(user: User) -> str:
    """What allauth shows for a user (its greetings): the name other players see, never the email."""
    return user.public_name


class EmailBounce(models.Model):
    """A delivery failure report (DSN) about mail we sent to a player's address."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="email_bounces")
    address = models.EmailField(max_length=254)
    # The DSN's Status ("5.1.1"): 5.x.x is permanent (hard), 4.x.x temporary.
    status = models.CharField(max_length=16, blank=True)
    hard = models.BooleanField(default=False)
    diagnostic = models.CharField(max_length=500, blank=True)
    message_id = models.CharField(max_length=255, blank=True)  # of our message that bounced
    received_at = models.DateTimeField()
    # Set when the player re-enables emails: older bounces no longer count.
    cleared = models.BooleanField(default=False)

    class Meta:
        ordering = ["-received_at"]

    def __str__(self) -> str:
        return f"{self.address} {self.status} {self.received_at:%Y-%m-%d %H:%M}"
