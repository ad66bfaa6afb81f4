"""Each game's Django side, one package per game: ``games/boards/<game>/`` (DESIGN.md, "Layout").

A presentation package is a small Django app (its templates under ``templates/boards/<game>/``,
its template tags under ``templatetags/<game>_board.py``) whose ``presentation`` module calls
``register`` with what the platform asks of every game: the board partial, the end-of-game
partial, how a score reads, the lines an email adds about the position, an icon for a choice.
Packages are found by looking (settings list them as apps the same way), so adding a game means
adding its engine package and its presentation package, and editing nothing shared. A game
without one is drawn by ``GENERIC``: its view listed as it is.

Shared code asks ``presentation_for(kind)`` and never names a game.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, ngettext

from games.engine.shapes import ScoreTableJSON

JSON = dict[str, Any]
HERE = Path(__file__).resolve().parent


def _points(score: Any) -> str:
    try:
        n = int(score)
    except (TypeError, ValueError):
        return str(score)
    return ngettext("%(n)d point", "%(n)d points", n) % {"n": n}


def _no_lines(view: JSON, names: Mapping[int, str]) -> list[str]:
    return []


def _no_icon(value: str) -> str:
    return ""


@dataclass(frozen=True)
class ScoreRow:
    seat: int
    name: str
    cells: list[str]  # one per column of the table, in the reader's words
    total: str
    place: int
    struck: bool = False  # lost part of the score (Moonrollers: the most Hazard symbols)


@dataclass(frozen=True)
class ScoreTable:
    """How each player's final score is made: one row per player, in ranking order, and notes
    (why the game ended, who lost what, the tie-break). Pages, emails, the API and the replay's
    last step all show this one table."""

    columns: list[str]
    rows: list[ScoreRow]
    notes: list[str] = field(default_factory=list)

    def as_json(self) -> ScoreTableJSON:
        return {
            "columns": self.columns,
            "rows": [
                {
                    "seat": r.seat,
                    "name": r.name,
                    "place": r.place,
                    "cells": r.cells,
                    "total": r.total,
                    "struck": r.struck,
                }
                for r in self.rows
            ],
            "notes": self.notes,
        }


def _score_only(outcome: JSON, names: Mapping[int, str]) -> ScoreTable | None:
    """The generic table: the score alone, in ranking order."""
    scores = {str(k): v for k, v in (outcome.get("scores") or {}).items()}
    rows = [
        ScoreRow(seat=s, name=names.get(s, ""), cells=[], total=str(scores.get(str(s), "")), place=place)
        for place, tied in enumerate(outcome.get("ranking") or [], start=1)
        for s in tied
    ]
    return ScoreTable(columns=[], rows=rows) if rows else None


@dataclass(frozen=True)
class Presentation:
    """What the pages, emails and replays need from one game beyond its engine."""

    kind: str = ""  # the engine's NAME; "" for the generic presentation
    # The board partial: gets ``view`` (rendered for the reader), ``names``, ``my_seat``, ``part``
    # ("top", "rest" or unset), and on a finished game's replay ``private_views``.
    board_template: str = "games/boards/generic.html"
    # What the player must decide, drawn by the game instead of the generic forms (one per legal
    # spec): gets the page's context (``legal``, ``view``, ``names``, ``game``); "" for the generic.
    # Its forms post what the generic ones do (``seq``, ``action``, ``prefix``, ``p_<param>``).
    decide_template: str = ""
    # A partial under the "Game over" heading explaining the result (tie-breaks, why it ended):
    # gets ``outcome`` (game.outcome, messages rendered) and ``names``; "" for none.
    outcome_template: str = ""
    # What the game calls its score (the replay chart's title and the score table's unit).
    score_name: str | Promise = field(default_factory=lambda: gettext_lazy("Score"))
    score_text: Callable[[Any], str] = _points  # "12 points", "12 Prestige"
    # Lines an email adds about the position, from the seat's view (messages already rendered).
    situation_lines: Callable[[JSON, Mapping[int, str]], list[str]] = _no_lines
    # Inline HTML drawn before a choice's label in move forms (a die face), or "".
    choice_icon: Callable[[str], str] = _no_icon
    # The final score explained (``ScoreTable``) from ``game.outcome`` as stored (messages as JSON)
    # and the seats' names, in the active language.
    score_table: Callable[[JSON, Mapping[int, str]], ScoreTable | None] = _score_only


GENERIC = Presentation()
_REGISTRY: dict[str, Presentation] = {}
_discovered = False


def register(presentation: Presentation) -> Presentation:
    _REGISTRY[presentation.kind] = presentation
    return presentation


def discover() -> None:
    """Import every package's ``presentation`` module, which registers it."""
    global _discovered
    for info in pkgutil.iter_modules([str(HERE)]):
        if info.ispkg and not info.name.startswith("_"):
            try:
                importlib.import_module(f"{__name__}.{info.name}.presentation")
            except ModuleNotFoundError as missing:
                if missing.name != f"{__name__}.{info.name}.presentation":
                    raise
    _discovered = True


def presentation_for(kind: str) -> Presentation:
    """The game's presentation, or the generic one."""
    if not _discovered:
        discover()
    return _REGISTRY.get(kind, GENERIC)
