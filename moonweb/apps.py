from __future__ import annotations

from django.apps import AppConfig


class MoonwebConfig(AppConfig):
    """The project itself as an app, only to register its deployment checks."""

    name = "moonweb"
    verbose_name = "Moonweb"

    def ready(self) -> None:
        from moonweb import checks  # noqa: F401  (registers the checks)
