"""``summary(event, seat)``: one line about an event for emails and notices.

For the seat that owns the event (the seat that acted), the turn-ending events say in the second
person what happened and what it cost or kept ("You rolled 2 Extra Dice: bust. Your 2 completed
requirements go back."); other events of its own turn say nothing (the player made them). For other
seats and spectators, a third-person line per event that matters ("Bob busted on Namari.", "Bob
completed Namari's 3 Shields.", "Bob hired Namari."). None for bookkeeping events (turn started,
crew chosen, commitments, locks, Hazard token handling, Prestige awards).
"""

from __future__ import annotations

from games.engine.core import Event, Message, SeatRef, msg
from games.engine.messages import ParamValue
from games.engine.moonrollers.dice import FACE_INDEX
from games.engine.moonrollers.events import (
    Busted,
    CrewHired,
    DiceRolled,
    GameEnded,
    RequirementCompleted,
    Stopped,
    TurnPassed,
    TurnSettled,
    payload_of,
)
from games.engine.moonrollers.texts import dice, faces_list, name, requirement
from games.engine.moonrollers.view import log_text

_TYPES = frozenset(
    t.TYPE
    for t in (
        Busted,
        CrewHired,
        DiceRolled,
        GameEnded,
        RequirementCompleted,
        Stopped,
        TurnPassed,
        TurnSettled,
    )
)


def _s(key: str, count: int | None = None, **params: ParamValue) -> Message:
    return msg(f"moonrollers.summary.{key}", count, **params)


def _kept(kept: int, crew: str | None) -> Message:
    """ "keeping 2 completed requirements on Namari" / "with no completed requirement kept"."""
    if kept == 0 or crew is None:
        return _s("keeping_none")
    return _s("keeping", kept, crew=name(crew))


def summary(event: Event, seat: int | None) -> Message | None:
    if event.type not in _TYPES:
        return None
    owner = seat is not None and seat == event.seat
    who = SeatRef(event.seat) if event.seat is not None else None
    p = payload_of(event)
    if isinstance(p, Busted):
        lost = len(p.removed)
        if owner:
            bonus = _s("namari_bonus", p.prestige, crew=name("namari")) if p.prestige else None
            loss = _s("you_lose", lost) if lost else _s("you_lose_nothing")
            if p.rolled is None:
                return _s("you_busted", loss=loss, bonus=bonus)
            return _s("you_rolled_bust", rolled=faces_list(p.rolled), loss=loss, bonus=bonus)
        if p.crew is None:
            return _s("busted", player=who)
        return _s("busted_on", player=who, crew=name(p.crew))
    if isinstance(p, Stopped):
        if owner:
            return _s("you_stopped", kept=_kept(len(p.kept), p.crew))
        return _s("stopped", player=who, kept=_kept(len(p.kept), p.crew))
    if isinstance(p, TurnSettled):
        kept = _kept(len(p.kept), p.crew)
        if p.locked and p.crew is not None and p.requirement is not None:
            die = dice(FACE_INDEX[p.locked[0]], len(p.locked))
            target = requirement(p.crew, p.requirement)
            if owner:
                return _s("you_settled_locked", die=die, requirement=target, kept=kept)
            return _s("settled_locked", player=who, die=die, requirement=target, kept=kept)
        if owner:
            return _s("you_settled", kept=kept)
        return _s("settled", player=who, kept=kept)
    if isinstance(p, RequirementCompleted):
        target = requirement(p.crew, p.requirement)
        if owner:
            return _s("you_completed", requirement=target)
        return _s("completed", player=who, requirement=target)
    if isinstance(p, CrewHired):
        if owner:
            return _s("you_hired", crew=name(p.crew))
        return _s("hired", player=who, crew=name(p.crew))
    if isinstance(p, DiceRolled | TurnPassed):
        return None if owner else log_text(event, False)
    return log_text(event, owner)  # the game's end, the same for everyone
