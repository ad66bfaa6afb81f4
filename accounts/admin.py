"""Players in the admin, with their preferences."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import User


@admin.register(User)
class PlayerAdmin(UserAdmin):
    list_display = ("username", "email", "display_name", "language", "notify", "away_until", "is_bot")
    list_filter = (*UserAdmin.list_filter, "language", "notify", "is_bot")
    search_fields = ("username", "email", "display_name")
    fieldsets = (
        *(UserAdmin.fieldsets or ()),
        ("Player", {"fields": ("display_name", "language", "notify", "away_until", "is_bot")}),
    )
