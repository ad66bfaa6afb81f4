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
