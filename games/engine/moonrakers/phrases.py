"""Several messages said as one list ("Reactor, Shield, Thruster"; "Clone Bay or Clown Car"), for
the views, labels and refusals alike: each language's catalog says how its lists are joined."""

from __future__ import annotations

from games.engine.core import Message, msg


def joined(parts: list[Message]) -> Message:
    """The parts one after the other ("A, B, C"); "moonrakers.empty" for none."""
    out: Message = msg("moonrakers.empty")
    for i, part in enumerate(parts):
        out = part if i == 0 else msg("moonrakers.join", a=out, b=part)
    return out


def either(parts: list[Message]) -> Message:
    """One of the parts, the last after "or" ("A, B or C"); at least two parts."""
    return msg("moonrakers.or", a=joined(parts[:-1]), b=parts[-1])
