"""Every view an engine builds matches the schema generated from its ``VIEW_SHAPE`` (issue 14).

Bots play whole games (and random players part of some), and the views of every seat and of a
spectator are validated along the way, as the engine returns them and as the API serves them
(``games.texts.api_json``, which needs no database). Validating every position would take
minutes: a view is checked whenever it shows a shape not met before in that game (a key, or a
null, or a type it did not have yet), every few moves, and at the end.
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Iterator
from typing import Any

import pytest
from jsonschema import Draft202012Validator, ValidationError

from games import texts
from games.engine.core import Engine, Rng, get_engine
from games.engine.schema import Schemas, component_name, json_schema

NAMES = {0: "Ann", 1: "Bob", 2: "Cyd", 3: "Dee", 4: "Eve"}


def validator(engine: Engine, form: Any) -> Draft202012Validator:
    schemas = Schemas(form)
    schemas.ref(engine.VIEW_SHAPE)
    return Draft202012Validator(json_schema(schemas.components, component_name(engine.VIEW_SHAPE)))


def shapes_of(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """(path without list indexes, JSON type) of every node: what makes one view's shape new."""
    yield path, type(value).__name__
    if isinstance(value, dict):
        for key, item in value.items():
            yield from shapes_of(item, f"{path}.{key}")
    elif isinstance(value, list):
        for item in value:
            yield from shapes_of(item, f"{path}[]")


def play(
    engine: Engine, players: int, options: dict[str, bool], bot: str, limit: int
) -> Iterator[tuple[int, Any]]:
    """(commands so far, state) after the setup and after each command; several pending seats take
    turns, so simultaneous decisions are each seen."""
    seed = hashlib.sha256(f"view-shapes:{engine.NAME}:{players}:{bot}".encode()).digest()
    events = engine.setup(players, options, Rng(seed, 1, 1))
    state: Any = None
    for event in events:
        state = engine.evolve(state, event)
    yield 0, state
    choose = engine.random_command if bot == "random" else engine.bot_command
    commands = 0
    while engine.outcome(state) is None and commands < limit:
        pending = engine.pending(state)
        seat = pending[commands % len(pending)].seat
        seq = len(events) + 1
        text = choose(state, seat, Rng(seed, 1, seq, "bot"))
        new = engine.decide(state, seat, engine.parse(text), Rng(seed, 1, seq))
        for event in new:
            state = engine.evolve(state, event)
        events += new
        commands += 1
        yield commands, state


GAMES = [
    ("moonrollers", 2, {}, "heuristic", 5_000),
    ("moonrollers", 4, {"longer_game": True}, "heuristic", 5_000),
    ("moonrollers", 3, {}, "random", 300),
    ("moonrakers", 1, {}, "heuristic", 5_000),
    ("moonrakers", 2, {}, "heuristic", 5_000),
    ("moonrakers", 4, {}, "heuristic", 5_000),
    ("moonrakers", 3, {}, "random", 300),
]


@pytest.mark.parametrize(("kind", "players", "options", "bot", "limit"), GAMES)
def test_every_seat_s_view_matches_the_shape_as_built_and_as_served(
    kind: str, players: int, options: dict[str, bool], bot: str, limit: int
) -> None:
    engine = get_engine(kind)
    as_built, as_served = validator(engine, "engine"), validator(engine, "api")
    seen: set[tuple[str, str]] = set()
    checked = 0
    state: Any = None
    for commands, state in play(engine, players, options, bot, limit):
        for seat in [None, *range(players)]:
            view = engine.view(state, seat)
            shapes = set(shapes_of(view))
            if commands % 50 and shapes <= seen:
                continue
            seen |= shapes
            assert view["kind"] == engine.NAME
            as_built.validate(view)
            as_served.validate(texts.api_json(view, NAMES, lang="fr"))
            checked += 1
    if bot == "heuristic":
        assert engine.outcome(state) is not None, "the bots finished the game"
        # The end was validated too: the outcome (Moonrollers) or the decks (Moonrakers) shown.
        assert (".outcome", "dict") in seen or (".decks", "dict") in seen
    assert checked > 10


@pytest.fixture(scope="module")
def moonrollers_view() -> dict[str, Any]:
    engine = get_engine("moonrollers")
    *_, (_, state) = play(engine, 2, {}, "heuristic", 40)
    return dict(engine.view(state, 0))


def test_a_view_with_a_key_too_many_or_too_few_or_of_the_wrong_type_fails(
    moonrollers_view: dict[str, Any],
) -> None:
    engine = get_engine("moonrollers")
    as_built = validator(engine, "engine")
    as_built.validate(moonrollers_view)  # as it is, it passes

    extra = {**moonrollers_view, "surprise": 1}
    missing = {k: v for k, v in moonrollers_view.items() if k != "deck_size"}
    nested = copy.deepcopy(moonrollers_view)
    nested["players"][0]["prestige"] = "3"
    other_kind = {**moonrollers_view, "kind": "moonrakers"}
    for broken in (extra, missing, nested, other_kind):
        with pytest.raises(ValidationError):
            as_built.validate(broken)


def test_a_served_view_needs_each_text_s_key_beside_it(moonrollers_view: dict[str, Any]) -> None:
    as_served = validator(get_engine("moonrollers"), "api")
    served = texts.api_json(moonrollers_view, NAMES, lang="en")
    as_served.validate(served)
    assert isinstance(served["prompt"], str) and served["prompt_key"].startswith("moonrollers.")

    for broken in (
        {k: v for k, v in served.items() if k != "prompt_key"},
        {**served, "prompt": moonrollers_view["prompt"]},  # the message object, not its text
    ):
        with pytest.raises(ValidationError):
            as_served.validate(broken)
    # Unrendered, a view is not what the API promises.
    with pytest.raises(ValidationError):
        as_served.validate(moonrollers_view)
