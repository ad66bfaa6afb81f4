"""Additions to the generated OpenAPI schema that no single view can declare."""

from __future__ import annotations

from typing import Any

METHODS = ("get", "post", "put", "patch", "delete")

TOO_MANY = {
    "description": (
        "Too many requests (see the limits in the README): nothing was done. Wait the seconds "
        "`Retry-After` gives, then send the same request again."
    ),
    "headers": {
        "Retry-After": {"description": "Seconds to wait before trying again.", "schema": {"type": "integer"}}
    },
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
}


def add_rate_limit_answers(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Every operation is rate limited (DRF throttling), so every one may answer 429."""
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method in METHODS:
                operation.setdefault("responses", {}).setdefault("429", TOO_MANY)
    return result


OTHER_REFUSALS = {
    "description": (
        "Any other refusal, with the same JSON body: 405 `method_not_allowed`, 406 `not_acceptable` "
        "(ask for `application/json`), 413 `too_large` (a body over the size limit), 415 "
        "`unsupported_media_type` (send `application/json`), 503 `unavailable` (the database is "
        "unreachable: nothing was done, try again)."
    ),
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
}

WWW_AUTHENTICATE = {
    "description": (
        "How to authenticate: `Bearer` (send `Authorization: Bearer <key>`; `Token <key>` works too)."
    ),
    "schema": {"type": "string"},
}

REPLAYED = {
    "Idempotent-Replayed": {
        "description": "`true` when this `idempotency_key` was sent before: nothing was written again, "
        "the answer is the game as it is now.",
        "schema": {"type": "string", "enum": ["true"]},
    },
    "Idempotent-Seq": {
        "description": "With `Idempotent-Replayed`: the seq the first sending of this key was written at.",
        "schema": {"type": "integer"},
    },
}


def add_other_answers(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """What every operation may also answer, and the headers the views set themselves.

    - ``default``: the refusals DRF and the middleware make before a view runs (405, 406, 413,
      415, 503), in the same ``Error`` shape, so a generated client parses them too;
    - ``WWW-Authenticate`` on every 401 (DRF sets it from the first authentication class);
    - ``Idempotent-Replayed`` and ``Idempotent-Seq`` on a command's 201;
    - ``servers``: the site's own address (``SITE_URL``), which generated clients default to.
    """
    from django.conf import settings

    result["servers"] = [{"url": settings.SITE_URL, "description": "This Moonweb site"}]
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method not in METHODS:
                continue
            responses = operation.setdefault("responses", {})
            responses.setdefault("default", OTHER_REFUSALS)
            if "401" in responses:
                answer = dict(responses["401"])
                answer["headers"] = {**answer.get("headers", {}), "WWW-Authenticate": WWW_AUTHENTICATE}
                responses["401"] = answer
            if operation.get("operationId") == "games_commands" and "201" in responses:
                created = dict(responses["201"])
                created["headers"] = {**created.get("headers", {}), **REPLAYED}
                responses["201"] = created
    return result


def _refs(value: Any) -> set[str]:
    """The component names a part of the schema refers to."""
    if isinstance(value, dict):
        found = {str(value["$ref"]).rsplit("/", 1)[-1]} if "$ref" in value else set()
        return found.union(*(_refs(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_refs(v) for v in value))
    return set()


def describe_request_defaults(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """A request body's optional field keeps its default in words, not as ``default``.

    openapi-typescript's default output makes a property with a ``default`` required (the server
    always has a value for it): in a request body that would oblige every TypeScript client to
    send what the server fills in itself. The server still applies the default.
    """
    bodies: set[str] = set()
    answers: set[str] = set()
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method in METHODS:
                bodies |= _refs(operation.get("requestBody", {}))
                answers |= _refs(operation.get("responses", {}))
    schemas = result.get("components", {}).get("schemas", {})
    for name in bodies - answers:
        for prop in schemas.get(name, {}).get("properties", {}).values():
            if "default" in prop:
                default = prop.pop("default")
                shown = f"`{default}`" if not isinstance(default, str) else f'`"{default}"`'
                prop["description"] = (prop.get("description", "") + f" Default: {shown}.").strip()
    return result
