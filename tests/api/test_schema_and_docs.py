"""/api/schema/ (OpenAPI, from drf-spectacular) and /api/docs/ (its offline, readable rendering)."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

OPERATIONS = {
    ("get", "/api/games/"),
    ("post", "/api/games/"),
    ("get", "/api/games/{id}/"),
    ("get", "/api/games/{id}/events/"),
    ("get", "/api/games/{id}/legal/"),
    ("post", "/api/games/{id}/commands/"),
    ("post", "/api/games/{id}/join/"),
    ("post", "/api/games/{id}/start/"),
    ("post", "/api/games/{id}/bots/"),
    ("post", "/api/games/{id}/resign/"),
    ("post", "/api/games/{id}/chat/"),
    ("get", "/api/games/{id}/export/"),
    ("get", "/api/games/{id}/verify/"),
    ("post", "/api/games/{id}/leave/"),
    ("post", "/api/games/{id}/invitations/"),
    ("delete", "/api/games/{id}/invitations/"),
    ("post", "/api/games/{id}/reclaim/"),
}


def test_the_schema_documents_every_operation_and_its_errors(client: Client) -> None:
    schema = client.get("/api/schema/?format=json").json()
    found = {(method, path) for path, item in schema["paths"].items() for method in item}
    assert found >= OPERATIONS
    commands = schema["paths"]["/api/games/{id}/commands/"]["post"]
    assert set(commands["responses"]) == {"201", "400", "401", "403", "404", "409", "429", "default"}
    # Every operation is rate limited, and says so.
    assert all("429" in op["responses"] for item in schema["paths"].values() for op in item.values())
    body = schema["components"]["schemas"]["Command"]
    assert body["required"] == ["command", "expected_seq"]
    assert body["properties"]["expected_seq"]["minimum"] == 0
    assert "idempotency_key" in body["properties"]
    assert "race" in schema["components"]["schemas"]["KindEnum"]["enum"]


def test_the_yaml_schema_is_served_by_default(client: Client) -> None:
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert response.content.startswith(b"openapi: 3.0.3")


def test_the_docs_page_lists_operations_and_objects_without_any_script(client: Client) -> None:
    response = client.get("/api/docs/")
    assert response.status_code == 200
    page = response.content.decode()
    for method, path in OPERATIONS:
        assert f"<code>{method.upper()} {path}</code>" in page
    assert 'id="model-Command"' in page and "<code>expected_seq</code>" in page
    assert "<script" not in page


def test_unknown_api_addresses_answer_json_404(client: Client) -> None:
    for path in ("/api/nope/", "/api/games/abc/", "/api/games/-4/legal/"):
        response = client.post(path)
        assert response.status_code == 404
        assert response.json() == {"detail": "There is nothing at this address.", "code": "not_found"}
