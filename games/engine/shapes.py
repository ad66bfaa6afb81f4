"""The JSON shapes every engine shares, as TypedDicts: a message, the outcome, a legal command.

A shape is written once and used twice: mypy checks that the engine builds exactly it, and
``games.engine.schema`` turns it into the OpenAPI schema the API serves (see that module for how
``MessageJSON`` fields are described in their rendered form).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class MessageJSON(TypedDict):
    """A text of the engine: a message key and its parameters."""

    # ``Message.to_json``. In a shape it marks "a text here": the API serves it rendered (see
    # ``games.engine.schema``), never as this object.
    key: str
    # Strings, numbers, nested messages and {"seat": n} players, as ``messages.param_to_json`` writes.
    params: NotRequired[dict[str, Any]]
    count: NotRequired[int]


class ScoreRowJSON(TypedDict):
    seat: int
    name: str
    place: int
    cells: list[str]  # one per column, in the reader's words
    total: str
    struck: bool  # lost part of the score


class ScoreTableJSON(TypedDict):
    """How each final score was made, as the game's page shows it."""

    # Written by ``games.boards.ScoreTable.as_json``.

    columns: list[str]
    rows: list[ScoreRowJSON]
    notes: list[str]


class OutcomeJSON(TypedDict):
    """The end of a game: final scores, ranking, and how they were made (the same for every game)."""

    # ``Outcome.to_json`` writes it; the platform stores it on the game.

    # Final score by seat number (a string: JSON object keys are strings).
    scores: dict[str, int]
    ranking: list[list[int]]  # places, best first; each lists the seats tied on it
    winners: list[int]  # the first place
    # The game's own explanation of the scores (tie-breaks, why it ended); its texts are messages.
    details: dict[str, Any]
    # Added by the platform when seats resigned: they rank last, in this list.
    resigned: NotRequired[list[int]]
    # Added by the platform for readers (the API, the pages): how each score was made.
    score_table: NotRequired[ScoreTableJSON | None]


class LegalChoiceJSON(TypedDict):
    value: str
    label: MessageJSON


class LegalParamJSON(TypedDict):
    name: str
    label: MessageJSON
    choices: list[LegalChoiceJSON]
    multiple: bool
    min_count: int
    max_count: int


class LegalCommandJSON(TypedDict):
    """A command the seat may send now: its prefix, then each param's chosen values."""

    action: str
    prefix: str
    label: MessageJSON
    params: list[LegalParamJSON]
    confirm: bool
    help: MessageJSON | None
