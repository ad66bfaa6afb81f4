from __future__ import annotations

from django.apps import AppConfig


class MoonrakersBoardConfig(AppConfig):
    name = "games.boards.moonrakers"
    label = "boards_moonrakers"
    verbose_name = "Moonrakers board"
