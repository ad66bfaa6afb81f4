"""Moonweb's own User, from the first migration, with a player's preferences."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player. Logs in by email; ``display_name`` is what other players see."""

    class Notify(models.TextChoices):
        EVERY_TURN = "every_turn", _("Every turn")
        DAILY_DIGEST = "daily_digest", _("Daily digest")
        NONE = "none", _("None")

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
    away_until = models.DateField(_("away until"), null=True, blank=True)
    is_bot = models.BooleanField(default=False)

    def __str__(self) -> str:
        return self.public_name

    @property
    def public_name(self) -> str:
        return self.display_name or self.username

    def is_away(self, today: dt.date) -> bool:
        return self.away_until is not None and today <= self.away_until
