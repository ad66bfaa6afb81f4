"""What the schema promises a generated client, and that the server keeps it (issue 14, item 3, 6).

Every answer the server can make is in the schema: the refusals made before a view runs (405,
406, 413, 415) through a ``default`` response of the ``Error`` shape, every ``code`` in the
``ErrorCode`` enum, the headers a client reads (``WWW-Authenticate``, ``Idempotent-Replayed``).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games import models
from games.api.errors import ERROR_CODES
from tests.api.helpers import ClientFor, url
from tests.factories import make_game, player_to_act

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema() -> dict[str, Any]:
    answer: dict[str, Any] = Client().get("/api/schema/?format=json").json()
    return answer


def operations(schema: dict[str, Any]) -> list[dict[str, Any]]:
    return [op for item in schema["paths"].values() for method, op in item.items() if method != "parameters"]


def test_every_operation_documents_the_other_refusals_and_401s_say_how_to_authenticate(
    schema: dict[str, Any],
) -> None:
    for op in operations(schema):
        default = op["responses"]["default"]
        assert default["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
        if "401" in op["responses"]:
            assert "WWW-Authenticate" in op["responses"]["401"]["headers"], op["operationId"]
    assert set(schema["components"]["schemas"]["ErrorCode"]["enum"]) == set(ERROR_CODES)
    assert {"parse_error", "too_large"} <= set(ERROR_CODES)


def test_the_command_answer_documents_its_replay_headers(schema: dict[str, Any]) -> None:
    created = schema["paths"]["/api/games/{id}/commands/"]["post"]["responses"]["201"]
    assert set(created["headers"]) == {"Idempotent-Replayed", "Idempotent-Seq"}


def test_a_seat_s_reads_do_not_claim_anonymous_access(schema: dict[str, Any]) -> None:
    for path in ("/api/games/{id}/legal/", "/api/games/{id}/standing/"):
        assert {} not in schema["paths"][path]["get"]["security"], path
    # A public game's view is open to visitors, and says so.
    assert {} in schema["paths"]["/api/games/{id}/"]["get"]["security"]


def test_the_schema_names_its_server_and_no_component_is_named_like_its_own_property(
    schema: dict[str, Any], settings: Any
) -> None:
    assert schema["servers"] == [{"url": settings.SITE_URL, "description": "This Moonweb site"}]
    for name, component in schema["components"]["schemas"].items():
        # An inline object or list property gets a generated class named component + property:
        # "Events.events" made EventsEventsItem shadow the property's type (mypy --strict failed).
        inline = {
            p.lower()
            for p, s in component.get("properties", {}).items()
            if s.get("type") in ("object", "array") and "$ref" not in s
        }
        assert name.lower() not in inline, name


def test_an_anonymous_read_of_legal_is_a_401_that_says_how_to_authenticate(ann: Any) -> None:
    game = make_game(ann, start=False, seat_count=2)
    answer = Client().get(url(game, "legal"))
    assert answer.status_code == 401
    assert answer["WWW-Authenticate"]
    assert answer.json()["code"] == "not_authenticated"


@pytest.mark.parametrize(
    ("how", "status", "code"),
    [
        ("put", 405, "method_not_allowed"),
        ("accept_xml", 406, "not_acceptable"),
        ("form_body", 415, "unsupported_media_type"),
        ("broken_json", 400, "parse_error"),
        ("huge", 413, "too_large"),
    ],
)
def test_refusals_before_a_view_runs_are_errors_the_schema_documents(
    client_for: ClientFor, ann: Any, bob: Any, how: str, status: int, code: str
) -> None:
    game = make_game(ann, bob)
    client = client_for(player_to_act(game))
    target = url(game, "commands")
    before = models.Event.objects.count()
    if how == "put":
        answer = client.put(target, {"command": "roll", "expected_seq": 0}, format="json")
    elif how == "accept_xml":
        answer = client.get(url(game), HTTP_ACCEPT="application/xml")
    elif how == "form_body":
        answer = client.post(target, "command=roll", content_type="text/plain")
    elif how == "broken_json":
        answer = client.post(target, '{"command": ', content_type="application/json")
    else:
        huge = '{"command": "' + "roll " * 600_000 + '", "expected_seq": 0}'
        answer = client.post(target, huge, content_type="application/json")
    assert answer.status_code == status
    body = answer.json()
    assert body["code"] == code and code in ERROR_CODES
    assert set(body) <= {"detail", "code", "message_key", "errors"} and body["detail"]
    assert models.Event.objects.count() == before


def test_a_request_body_s_optional_fields_carry_no_default_that_typescript_would_require(
    schema: dict[str, Any], client_for: ClientFor, ann: Any
) -> None:
    created = schema["components"]["schemas"]["GameCreate"]
    assert created["required"] == ["kind", "seat_count"]
    assert not [p for p in created["properties"].values() if "default" in p]
    assert "Default: `86400`." in created["properties"]["time_per_move"]["description"]
    # The server still fills them in.
    answer = client_for(ann).post("/api/games/", {"kind": "race", "seat_count": 2}, format="json")
    assert answer.status_code == 201
    assert (answer.json()["time_per_move"], answer.json()["visibility"]) == (86400, "public")
