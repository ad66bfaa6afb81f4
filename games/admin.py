"""The admin: games and seats to look at, events strictly read-only (the record is append-only)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games import models


class ReadOnlyMixin:
    """Nothing is added, changed or deleted here: writes go through games.services only."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SeatInline(ReadOnlyMixin, admin.TabularInline):
    model = models.Seat
    fields = readonly_fields = (
        "position",
        "user",
        "is_bot",
        "bot_playing",
        "resigned",
        "is_pending",
        "pending_kind",
        "deadline",
    )
    extra = 0


@admin.register(models.Game)
class GameAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["id", "kind", "status", "visibility", "seat_count", "creator", "last_seq", "created_at"]
    list_filter = ["kind", "status", "visibility"]
    search_fields = ["id", "creator__email", "creator__display_name"]
    # The seed stays out of the admin: only its hash, as players see it before the end.
    exclude = ["seed"]
    readonly_fields = [
        "kind",
        "options",
        "seat_count",
        "status",
        "visibility",
        "time_per_move",
        "creator",
        "seed_sha256",
        "invite_token",
        "last_seq",
        "outcome",
        "created_at",
        "started_at",
        "finished_at",
    ]
    inlines = [SeatInline]


@admin.register(models.Event)
class EventAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["game", "seq", "type", "seat", "cause", "command", "created_at"]
    list_filter = ["cause", "type"]
    search_fields = ["game__id", "command"]
    readonly_fields = [
        "game",
        "seq",
        "type",
        "version",
        "payload",
        "seat",
        "batch",
        "command",
        "actor",
        "cause",
        "idempotency_key",
        "created_at",
    ]
    list_select_related = ["game"]
