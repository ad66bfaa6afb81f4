"""Turn selector output into what templates show: log lines with names, seats with their clocks.

Only reshaping here: every fact comes from the selectors, already redacted for the viewer.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games import models, selectors, texts
from games.engine.core import JSON


@dataclass(frozen=True)
class LogLine:
    seq: int
    at: dt.datetime | None
    text: str
    who: str  # the acting seat's name, or ""
    seat: int | None
    chat: bool
    private_to: str  # for a private chat line: the other seat's name
    cause: str


def seat_name(names: Mapping[int, str], seat: Any) -> str:
    if seat is None:
        return ""
    try:
        return names.get(int(seat), _("Seat %(n)s") % {"n": int(seat) + 1})
    except (TypeError, ValueError):
        return ""


def log_line(entry: JSON, names: Mapping[int, str]) -> LogLine:
    seat = entry.get("seat")
    who = seat_name(names, seat)
    if entry.get("chat"):
        to = entry.get("to")
        return LogLine(
            seq=int(entry["seq"]),
            at=parse_at(str(entry.get("at", ""))),
            text=str(entry.get("text", "")),
            who=who,
            seat=seat,
            chat=True,
            private_to=seat_name(names, to) if to is not None else "",
            cause=str(entry.get("cause", "")),
        )
    platform = texts.platform_line(str(entry.get("type")), who)
    if platform is not None:
        text = platform
        who = ""  # the sentence names the player ("Bruno · Bruno ran out of time")
    else:
        raw = entry.get("text")
        text = texts.render(raw, names) if raw else str(entry.get("type", "")).replace("_", " ")
        if texts.names_player(text, who):
            who = ""  # the engine's text names the player already
    return LogLine(
        seq=int(entry["seq"]),
        at=parse_at(str(entry.get("at", ""))),
        text=text,
        who=who,
        seat=seat,
        chat=False,
        private_to="",
        cause=str(entry.get("cause", "")),
    )


def log_lines(entries: Sequence[JSON], names: Mapping[int, str]) -> list[LogLine]:
    return [log_line(e, names) for e in entries]


def parse_at(value: str) -> dt.datetime | None:
    try:
        return dt.datetime.fromisoformat(value)
    except ValueError:
        return None


# Shared with the emails: they live in games.texts.
RecapText = texts.RecapText
recap_text = texts.recap_text
move_words = texts.move_words


def standing_groups(
    game: models.Game, seat: int, names: dict[int, str], *, standing: JSON | None = None
) -> list[dict[str, Any]]:
    """One group per kind of decision: its question, "ask me", and each answer with its numbers
    (the value set, or the default), for ``games/_standing.html``; ``standing``: the seat's answers
    when the caller has read them already."""
    data = selectors.standing_answers(game, seat, standing=standing)
    groups: dict[str, dict[str, Any]] = {}
    for policy in data["policies"]:
        decision = policy["decision"]
        mine = data["standing"].get(decision) or {}
        group = groups.setdefault(
            decision,
            {"decision": decision, "asks": "", "choices": [], "set": mine.get("policy", "")},
        )
        if not group["asks"] and policy.get("asks"):
            group["asks"] = texts.render(policy["asks"], names)
        chosen = mine.get("policy") == policy["name"]
        group["choices"].append(
            {
                "name": policy["name"],
                "label": texts.render(policy["label"], names),
                "checked": chosen,
                "params": [
                    {
                        **p,
                        "label": texts.render(p["label"], names),
                        "value": mine.get(p["name"], p["default"]) if chosen else p["default"],
                    }
                    for p in policy["params"]
                ],
            }
        )
    return list(groups.values())
