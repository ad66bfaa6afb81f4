"""Schemathesis fuzzes every operation of /api/schema/ against the WSGI app: no 5xx, ever.

Each generated request carries a real token and names a real game, fresh for each example, so
fuzzed bodies reach the services and the engine instead of stopping at 401 or 404. Responses
must also match the schema: documented status codes, content types and bodies.
"""

from __future__ import annotations

import os
import zlib
from collections import Counter
from typing import Any

import hypothesis
import hypothesis.errors
import hypothesis.stateful
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from hypothesis.internal.conjecture import utils as conjecture_utils
from schemathesis import DataGenerationMethod, GenerationConfig
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from games import models, selectors, services
from moonweb.wsgi import application
from tests.api.helpers import ClientFor
from tests.factories import NOW, make_game, make_user, player_to_act

pytestmark = pytest.mark.django_db

# Examples per operation, and scenarios of the stateful test: what CI affords (this file runs in
# about 90 s on two cores). FUZZ_EXAMPLES raises them for a longer run by hand.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "45"))
SCENARIOS = int(os.environ.get("FUZZ_SCENARIOS", "25"))
CHECKS = (not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance)


@pytest.fixture
def api_schema(db: None, keep_test_connection: None) -> Any:
    if not hasattr(conjecture_utils.many, "more"):
        # hypothesis-jsonschema 0.23 calls many.more(), which hypothesis 6.170.10 removed: every
        # request body would fail to generate. requirements/dev.in pins hypothesis below it.
        pytest.fail(
            f"hypothesis {hypothesis.__version__} is too new for hypothesis-jsonschema: need <6.170.10"
        )
    return schemathesis.from_wsgi(
        "/api/schema/?format=json",
        application,
        data_generation_methods=[DataGenerationMethod.positive, DataGenerationMethod.negative],
        # Every request carries our real token (below). Fuzzed session cookies would test Django's
        # session middleware, not this API: a NUL byte in one is a 500 through this in-process WSGI
        # call (the database refuses the key), while gunicorn refuses such a header with a 400.
        generation_config=GenerationConfig(with_security_parameters=False),
    )


schema = schemathesis.from_pytest_fixture("api_schema")


@pytest.fixture
def fuzzer(client_for: ClientFor, settings: Any) -> dict[str, Any]:
    """The player whose token signs every request, and the other people at their tables."""
    # Every example of a test draws on one player's allowance: without this, creating tables
    # would stop at the limit and the rest of the examples would only meet 429s.
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": dict.fromkeys(
            settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "10000/minute"
        ),
    }
    me, other = make_user("Fuzz"), make_user("Other")
    client_for(me)  # creates the tokens
    client_for(other)
    return {"me": me, "other": other, "token": me.auth_token.key, "other_token": other.auth_token.key}


def game_for(operation: str, me: Any, other: Any) -> models.Game:
    """A fresh game in the state where the operation has something to do."""
    if operation == "join":
        return make_game(other, kind="moonrollers", start=False, seat_count=2)
    if operation == "start":
        return make_game(me, other, kind="moonrollers", start=False)
    if operation in ("bots", "invitations"):
        return make_game(me, kind="moonrollers", start=False, seat_count=3)
    if operation == "leave":
        return make_game(other, me, kind="moonrollers", start=False, seat_count=3)
    game = make_game(me, other, kind="moonrollers")
    while player_to_act(game) != me:
        # The other player's turn: roll, then settle (one die locked, the turn ends), unless it busts.
        services.command_submit(game=game, user=other, text="settle", expected_seq=game.last_seq, now=NOW)
        game.refresh_from_db()
    return game


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    # Under CI the same examples every run: a failure there is reproducible, never a rare draw.
    derandomize=bool(os.environ.get("CI")),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
def test_no_operation_answers_a_server_error(case: Any, fuzzer: dict[str, Any]) -> None:
    if case.path_parameters and "id" in case.path_parameters:
        # One example in five keeps the fuzzed id (missing games: 404); the others name a real,
        # fresh game. (0 and 1, Hypothesis's favourites, are among the replaced ones.)
        fuzzed = case.path_parameters["id"]
        if not (isinstance(fuzzed, int) and fuzzed % 5 == 2):
            operation = case.operation.path.rstrip("/").rsplit("/", 1)[-1]
            game = game_for(operation, fuzzer["me"], fuzzer["other"])
            case.path_parameters["id"] = game.pk
            body = case.body
            if (
                isinstance(body, dict)
                and isinstance(body.get("expected_seq"), int)
                and body["expected_seq"] % 3 != 1
            ):
                # Two commands in three are sent at the right seq, so they reach the notation parser.
                body["expected_seq"] = game.last_seq
    headers = {**(case.headers or {}), "Authorization": f"Token {fuzzer['token']}"}
    response = case.call_wsgi(headers=headers)
    case.validate_response(response, checks=CHECKS)


# ---- hostile inputs found by hand, kept as fixed cases -----------------------------------------

DEEP = "[" * 100_000 + "]" * 100_000
HOSTILE_BODIES = {
    "lone surrogate in kind": ("/api/games/", '{"kind": "\\ud800", "seat_count": 2}'),
    "lone surrogate as a key": ("/api/games/", '{"\\udfff": 1, "kind": "race", "seat_count": 2}'),
    "lone surrogate in a command": ("{game}commands/", '{"command": "\\ud800", "expected_seq": {seq}}'),
    "lone surrogate in a key": (
        "{game}commands/",
        '{"command": "roll", "expected_seq": {seq}, "idempotency_key": "\\udbff"}',
    ),
    "lone surrogate in chat": ("{game}chat/", '{"text": "hi \\ud800"}'),
    "NUL in a command": ("{game}commands/", '{"command": "roll\\u0000", "expected_seq": {seq}}'),
    "NUL in a key": (
        "{game}commands/",
        '{"command": "roll", "expected_seq": {seq}, "idempotency_key": "\\u0000"}',
    ),
    "NUL in chat": ("{game}chat/", '{"text": "\\u0000"}'),
    "NUL in an option name": (
        "/api/games/",
        '{"kind": "race", "seat_count": 2, "options": {"\\u0000": true}}',
    ),
    "JSON nested too deep": ("/api/games/", DEEP),
    "commands nested too deep": ("{game}commands/", DEEP),
    "a body of 1000 nested objects": ("{game}chat/", '{"a":' * 1000 + "1" + "}" * 1000),
    "not UTF-8": ("{game}chat/", b'{"text": "\xff\xfe"}'),
}


@pytest.mark.parametrize("name", HOSTILE_BODIES)
def test_a_hostile_body_answers_400_and_writes_nothing(
    name: str, client_for: ClientFor, settings: Any
) -> None:
    settings.GAMES_OFFERED = None
    me, other = make_user("Ann"), make_user("Bob")
    game = make_game(me, other)
    while player_to_act(game) != me:
        services.command_submit(game=game, user=other, text="roll", expected_seq=game.last_seq, now=NOW)
        game.refresh_from_db()
    path, body = HOSTILE_BODIES[name]
    path = path.replace("{game}", f"/api/games/{game.pk}/")
    if isinstance(body, str):
        body = body.replace("{seq}", str(game.last_seq)).encode("utf-8", "surrogatepass")
    games, events = models.Game.objects.count(), models.Event.objects.count()

    response = client_for(me).generic("POST", path, body, content_type="application/json")

    assert response.status_code == 400, response.content[:300]
    assert response.json()["detail"]
    assert (models.Game.objects.count(), models.Event.objects.count()) == (games, events)


# ---- stateful: the OpenAPI links chain create -> join -> start -> commands ----------------------


def play_legal_move(case: Any, fuzzer: dict[str, Any]) -> str | None:
    """Make the case a legal command without parameters at the game's seq; the mover's token."""
    game = models.Game.objects.filter(pk=(case.path_parameters or {}).get("id")).first()
    if game is None or game.status != models.Game.Status.ACTIVE:
        return None
    seat = game.seats.filter(is_pending=True).first()
    tokens = {fuzzer["me"].pk: fuzzer["token"], fuzzer["other"].pk: fuzzer["other_token"]}
    if seat is None or seat.user_id not in tokens:
        return None
    spec = next((s for s in selectors.legal_specs(game, seat.position) if not s.params), None)
    if spec is None:
        return None
    case.body = {"command": spec.prefix, "expected_seq": game.last_seq}
    return tokens[seat.user_id]


def test_calls_chained_by_the_schema_links_never_answer_a_server_error(
    api_schema: Any, fuzzer: dict[str, Any]
) -> None:
    """Schemathesis follows the links of games/api/links.py: each step's id and seq come from the
    previous answer, so fuzzed commands reach games that really started. Joins are sent with a
    second player's token (the creator cannot join their own table)."""
    seen: list[tuple[str, int]] = []

    base = api_schema.as_state_machine()

    class Workflow(base):  # type: ignore[misc,valid-type]
        def _add_results_to_targets(self, targets: Any, results: Any) -> None:
            # schemathesis 3.39 files each answer under the link it can follow by overriding
            # hypothesis' _add_result_to_targets, which hypothesis 6.1xx renamed to this plural:
            # unrouted, every answer lands in "catch_all", no link is ever followed and the root
            # call is refused after the first step. Route them as schemathesis means to.
            for result in results:
                target = self._get_target_for_result(result) if result is not None else None
                if target is not None:
                    super()._add_results_to_targets((target,), [result])

        def call(self, case: Any, **kwargs: Any) -> Any:
            token = fuzzer["other_token"] if case.path.endswith("/join/") else fuzzer["token"]
            if case.path.endswith("/commands/") and zlib.crc32(repr(case.body).encode()) % 2:
                # One command in two is a legal one, sent by the player to act: games move on.
                token = play_legal_move(case, fuzzer) or token
            return case.call_wsgi(headers={**(case.headers or {}), "Authorization": f"Token {token}"})

        def after_call(self, response: Any, case: Any) -> None:
            seen.append((case.path.rstrip("/").rsplit("/", 1)[-1], response.status_code))

        def validate_response(self, response: Any, case: Any, additional_checks: Any = ()) -> None:
            case.validate_response(response, checks=CHECKS)

    workflow_settings = settings(
        max_examples=SCENARIOS,
        stateful_step_count=25,
        deadline=None,
        # Games hold random seeds and bots move: a scenario replayed does not meet the same
        # answers, so hypothesis could not shrink it (FlakyStrategyDefinition). A failure is
        # reported as found, with every step printed. (For the same reason, not derandomized
        # under CI: a fixed hypothesis seed would not make a run reproducible.)
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    # Even while generating, hypothesis can walk again a path of choices it walked before and meet
    # other answers (another game's dice, another bot move), and it then stops with
    # FlakyStrategyDefinition: its bookkeeping, not an answer of ours (a fresh clone met it once in
    # a full run). Such a run is played again, at most twice; a server error fails it as found.
    for attempt in range(3):
        try:
            hypothesis.stateful.run_state_machine_as_test(Workflow, settings=workflow_settings)
            break
        except hypothesis.errors.FlakyStrategyDefinition:
            if attempt == 2:
                raise
            seen.clear()

    print("calls and answers:", sorted(Counter(seen).items()))
    # The links were followed: tables made by fuzzed calls were joined, filled and started (how
    # many varies: hypothesis' swarm testing turns some links off in each scenario; the line above
    # prints the counts).
    assert ("join", 200) in seen
    assert ("start", 200) in seen
    # Commands are not asserted: whether a fuzzed scenario reaches one varies from run to run (a
    # fresh CI run reached none); every command shape is fuzzed on its own above.
