"""A readable API reference built from the OpenAPI schema, served as plain HTML.

The usual Swagger UI and Redoc pages load their JavaScript from a CDN; this page needs nothing
but the server, so it works offline and behind strict firewalls. The schema stays the source.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from drf_spectacular.generators import SchemaGenerator

METHODS = ("get", "post", "put", "patch", "delete")


def _type_of(schema: dict[str, Any], components: dict[str, Any]) -> str:
    """A short human name for a schema: 'integer', 'string (date-time)', 'Game', 'list of Seat'."""
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    if schema.get("allOf"):
        return _type_of(schema["allOf"][0], components)
    if "oneOf" in schema:
        return " or ".join(_type_of(s, components) for s in schema["oneOf"])
    kind = schema.get("type", "any")
    if kind == "array":
        return f"list of {_type_of(schema.get('items', {}), components)}"
    if "enum" in schema:
        return " | ".join(str(v) for v in schema["enum"] if v is not None)
    if schema.get("format"):
        return f"{kind} ({schema['format']})"
    return str(kind)


def _fields(schema: dict[str, Any], components: dict[str, Any]) -> list[dict[str, Any]]:
    required = set(schema.get("required", []))
    return [
        {
            "name": name,
            "type": _type_of(prop, components),
            "required": name in required,
            "nullable": bool(prop.get("nullable")),
            "read_only": bool(prop.get("readOnly")),
            "help": prop.get("description", ""),
        }
        for name, prop in schema.get("properties", {}).items()
    ]


def _body(content: dict[str, Any] | None, components: dict[str, Any]) -> str:
    if not content:
        return ""
    media = content.get("application/json") or next(iter(content.values()))
    return _type_of(media.get("schema", {}), components)


def reference(schema: dict[str, Any]) -> dict[str, Any]:
    components = schema.get("components", {}).get("schemas", {})
    operations = []
    for path, item in schema.get("paths", {}).items():
        for method in METHODS:
            op = item.get(method)
            if op is None:
                continue
            operations.append(
                {
                    "id": op.get("operationId", f"{method}-{path}"),
                    "method": method.upper(),
                    "path": path,
                    "summary": op.get("summary", ""),
                    "description": op.get("description", ""),
                    "parameters": [
                        {
                            "name": p["name"],
                            "in": p["in"],
                            "type": _type_of(p.get("schema", {}), components),
                            "required": p.get("required", False),
                            "help": p.get("description", ""),
                        }
                        for p in op.get("parameters", [])
                    ],
                    "request": _body((op.get("requestBody") or {}).get("content"), components),
                    "responses": [
                        {
                            "status": code,
                            "type": _body(resp.get("content"), components),
                            "help": resp.get("description", ""),
                        }
                        for code, resp in sorted(op.get("responses", {}).items())
                    ],
                }
            )
    models = [
        {"name": name, "help": body.get("description", ""), "fields": _fields(body, components)}
        for name, body in sorted(components.items())
        if body.get("type") == "object" or "properties" in body
    ]
    return {"info": schema.get("info", {}), "operations": operations, "models": models}


def api_docs(request: HttpRequest) -> HttpResponse:
    # No request: drf-spectacular wants a DRF Request, and the page needs no per-user variation.
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return render(request, "api/docs.html", reference(schema))
