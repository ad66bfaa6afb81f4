"""games.engine.schema: TypedDicts to OpenAPI 3.0, texts described as the API renders them."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

import pytest
from jsonschema import Draft202012Validator, ValidationError

from games.engine.schema import Schemas, json_schema
from games.engine.shapes import MessageJSON


class Token(TypedDict):
    value: int


class Board(TypedDict):
    """A board."""

    kind: Literal["board"]
    title: MessageJSON
    hint: MessageJSON | None
    lines: list[MessageJSON]
    token: Token | None
    drawn: list[Token] | int | None
    counts: dict[str, int]
    note: NotRequired[str]


class OtherBoard(TypedDict):
    kind: Literal["other"]


class Messages(TypedDict):
    by_name: dict[str, MessageJSON]


class Clash(TypedDict):
    title: MessageJSON
    title_key: str


def test_it_describes_a_shape_in_the_form_the_api_serves() -> None:
    schemas = Schemas("api")
    assert schemas.ref(Board) == {"$ref": "#/components/schemas/Board"}
    board = schemas.components["Board"]
    props = board["properties"]
    assert board["additionalProperties"] is False and board["description"] == "A board."
    assert props["kind"] == {"type": "string", "enum": ["board"]}
    # A message field: its text, its key beside it (required with it), its params when it has any.
    assert props["title"]["type"] == "string" and props["title_key"]["type"] == "string"
    assert props["hint"]["nullable"] is True
    assert {"title", "title_key", "hint"} <= set(board["required"])
    assert not {"hint_key", "title_params", "note"} & set(board["required"])
    assert props["lines"] == {"type": "array", "items": {"$ref": "#/components/schemas/MessageText"}}
    # A nullable reference is wrapped: OpenAPI 3.0 ignores keywords beside a $ref.
    assert props["token"] == {"allOf": [{"$ref": "#/components/schemas/Token"}], "nullable": True}
    assert props["drawn"]["oneOf"][1] == {"type": "integer"} and props["drawn"]["nullable"] is True
    assert props["counts"] == {"type": "object", "additionalProperties": {"type": "integer"}}


def test_the_schema_validates_the_rendered_form_and_refuses_others() -> None:
    schemas = Schemas("api")
    schemas.ref(Board)
    check = Draft202012Validator(json_schema(schemas.components, "Board"))
    good: dict[str, Any] = {
        "kind": "board",
        "title": "Hello",
        "title_key": "x.hello",
        "title_params": {"player": {"seat": 0}},
        "hint": None,
        "lines": [{"text": "A line", "key": "x.line"}],
        "token": {"value": 2},
        "drawn": 3,
        "counts": {"a": 1},
    }
    check.validate(good)
    check.validate({**good, "drawn": [{"value": 1}], "token": None, "note": "n"})
    for bad in (
        {**good, "title": {"key": "x.hello"}},
        {**good, "lines": [{"key": "x.line"}]},
        {**good, "drawn": "3"},
        {**good, "kind": "other"},
        {k: v for k, v in good.items() if k != "title_key"},
    ):
        with pytest.raises(ValidationError):
            check.validate(bad)


def test_the_engine_form_keeps_messages_as_objects() -> None:
    schemas = Schemas("engine")
    schemas.ref(Board)
    assert schemas.components["Board"]["properties"]["title"] == {"$ref": "#/components/schemas/Message"}
    check = Draft202012Validator(json_schema(schemas.components, "Board"))
    check.validate(
        {
            "kind": "board",
            "title": {"key": "x.hello", "params": {"n": 1}},
            "hint": None,
            "lines": [{"key": "x.line"}],
            "token": None,
            "drawn": None,
            "counts": {},
        }
    )


def test_a_oneof_by_kind_needs_the_literal_in_each_shape() -> None:
    schemas = Schemas("api")
    union = schemas.discriminated({"board": Board, "other": OtherBoard}, "kind")
    assert union["discriminator"] == {
        "propertyName": "kind",
        "mapping": {"board": "#/components/schemas/Board", "other": "#/components/schemas/OtherBoard"},
    }
    with pytest.raises(TypeError):
        Schemas("api").discriminated({"elsewhere": Board}, "kind")


def test_what_the_rendered_form_cannot_say_is_refused() -> None:
    with pytest.raises(TypeError):
        Schemas("api").ref(Messages)  # each would become a field and its "_key" at unknown names
    with pytest.raises(TypeError):
        Schemas("api").ref(Clash)  # title_key would be both the field and the rendered title's key
    Schemas("engine").ref(Messages)  # as the engine returns it, a dict of messages is fine
