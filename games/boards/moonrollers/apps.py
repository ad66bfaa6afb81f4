from __future__ import annotations

from django.apps import AppConfig


class MoonrollersBoardConfig(AppConfig):
    name = "games.boards.moonrollers"
    label = "boards_moonrollers"
    verbose_name = "Moonrollers board"
