"""Players in the admin, with their preferences."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import EmailBounce, User


@admin.register(User)
class PlayerAdmin(UserAdmin):
    list_display = ("username", "email", "display_name", "language", "notify", "away_until", "is_bot")
    list_filter = (*UserAdmin.list_filter, "language", "notify", "is_bot")
    search_fields = ("username", "email", "display_name")
    fieldsets = (
        *(UserAdmin.fieldsets or ()),
        (
            "Player",
            {"fields": ("display_name", "language", "notify", "away_until", "is_bot", "email_stopped_at")},
        ),
    )


@admin.register(EmailBounce)
class EmailBounceAdmin(admin.ModelAdmin):
    """Delivery failures reported about mail we sent (accounts.bounces)."""

    list_display = ("address", "status", "hard", "cleared", "received_at", "user")
    list_filter = ("hard", "cleared")
    search_fields = ("address", "diagnostic", "message_id")
    readonly_fields = ("user", "address", "status", "hard", "diagnostic", "message_id", "received_at")
