"""The events of the command a bot last checked, for the ``decide`` that plays it next.

A bot checks that the command it chose is legal by running the engine on it, then the platform (or
a simulation) decides that very command. When the check drew nothing from its rng, its events are
the command's events whatever the rng, so ``decide`` takes them rather than handling the command a
second time. Each engine keeps one ``LastChecked``: one entry, the last check, taken once and only
for that very state object (an equal state that is another object is another question).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from games.engine.core import Command, Event


class Checked(NamedTuple):
    state: Any
    seat: int
    command: Command
    events: list[Event]


class LastChecked:
    __slots__ = ("entry",)

    def __init__(self) -> None:
        # Replaced whole, never changed in place: a reader in another thread sees one entry or another.
        self.entry: Checked | None = None

    def keep(self, state: Any, seat: int, command: Command, events: list[Event]) -> None:
        self.entry = Checked(state, seat, command, events)

    def forget(self) -> None:
        self.entry = None

    def take(self, state: Any, seat: int, command: Command) -> list[Event] | None:
        """The events kept for ``command`` from ``seat`` in this very ``state``, else None. Taken once."""
        entry = self.entry
        if entry is None or entry.state is not state or entry.seat != seat or entry.command != command:
            return None
        self.entry = None
        return list(entry.events)
