"""The deadline tests share the mail tests' players, race and eager tasks."""

from __future__ import annotations

from tests.mail.conftest import _eager_tasks, ann, bob, game, mover, waiter

__all__ = ["_eager_tasks", "ann", "bob", "game", "mover", "waiter"]
