"""OpenAPI 3.0 schemas of the engines' JSON shapes (TypedDicts), so the API documents exactly what
mypy checks the engines build: each shape is written once (``view_shapes.py``, ``shapes.py``).

Each TypedDict becomes a component named after it, without a trailing ``JSON`` (``OutcomeJSON``
is ``Outcome``), closed (``additionalProperties: false``), its ``NotRequired`` keys optional.
Understood annotations: ``str``, ``int``, ``bool``, ``float``, ``Any``, ``Literal`` of one type,
``list[X]``, ``dict[str, X]``, unions (``X | None`` is nullable, several types a ``oneOf``) and
nested TypedDicts.

``MessageJSON`` marks a text. The API serves texts rendered (``games.texts.api_json``), so in the
``"api"`` form a message-valued field ``f`` is described as the string ``f`` with ``f_key`` (the
message's key) and ``f_params`` (its parameters, when it has any) beside it, and a message anywhere
else (in a list) as a ``MessageText`` object ``{"text", "key", "params"}``. The ``"engine"`` form
describes what the engine returns, messages as ``Message`` objects.
"""

from __future__ import annotations

import copy
import inspect
import types
from collections.abc import Mapping
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin, get_type_hints

from games.engine.shapes import MessageJSON

JSON = dict[str, Any]
Form = Literal["api", "engine"]
REF_PREFIX = "#/components/schemas/"
MESSAGE_TEXT = "MessageText"
# A message's parameters as the API passes them on: strings, numbers, nested messages, players.
PARAMS: JSON = {
    "type": "object",
    "additionalProperties": {},
    "description": "The message's parameters (nested messages and players as objects).",
}
_SCALARS: dict[Any, str] = {str: "string", int: "integer", bool: "boolean", float: "number"}


def component_name(shape: type) -> str:
    name = shape.__name__
    return name.removesuffix("JSON") or name


def is_shape(annotation: Any) -> bool:
    """Whether an annotation is a TypedDict (``typing.is_typeddict`` without the TypeGuard)."""
    return isinstance(annotation, type) and issubclass(annotation, dict) and hasattr(annotation, "__total__")


class Schemas:
    """Components built from shapes: ``ref(shape)`` adds a shape (and every shape it uses) to
    ``components`` and answers a reference to it."""

    def __init__(self, form: Form = "api", ref_prefix: str = REF_PREFIX) -> None:
        self.form = form
        self.ref_prefix = ref_prefix
        self.components: dict[str, JSON] = {}
        self._shapes: dict[str, Any] = {}

    def ref(self, shape: Any) -> JSON:
        name = component_name(shape)
        known = self._shapes.get(name)
        if known is None:
            self._shapes[name] = shape
            self.components[name] = {}  # reserved first: a shape may contain itself
            self.components[name] = self._object(shape)
        elif known is not shape:
            raise TypeError(f"two shapes are named {name}: {known!r} and {shape!r}")
        return {"$ref": self.ref_prefix + name}

    def discriminated(self, variants: Mapping[str, Any], prop: str) -> JSON:
        """A ``oneOf`` of shapes told apart by ``prop``, a ``Literal`` of one value in each."""
        for value, shape in variants.items():
            hint = _bare(get_type_hints(shape, include_extras=True).get(prop))
            if get_origin(hint) is not Literal or get_args(hint) != (value,):
                raise TypeError(f"{shape.__name__}.{prop} must be Literal[{value!r}]")
        refs = {value: self.ref(shape) for value, shape in variants.items()}
        return {
            "oneOf": list(refs.values()),
            "discriminator": {"propertyName": prop, "mapping": {v: r["$ref"] for v, r in refs.items()}},
        }

    def schema(self, annotation: Any) -> JSON:
        """The schema of any annotation a shape may use."""
        annotation = _bare(annotation)
        if annotation is MessageJSON and self.form == "api":
            return self._message_text()
        if is_shape(annotation):
            return self.ref(annotation)
        if annotation is Any:
            return {}
        if annotation in _SCALARS:
            return {"type": _SCALARS[annotation]}
        origin, args = get_origin(annotation), get_args(annotation)
        if origin is Literal:
            kinds = {_SCALARS.get(type(a)) for a in args}
            if len(kinds) != 1 or None in kinds:
                raise TypeError(f"a Literal of one scalar type, not {annotation!r}")
            return {"type": kinds.pop(), "enum": list(args)}
        if origin is list:
            return {"type": "array", "items": self.schema(args[0])}
        if origin is dict:
            if args[0] is not str:
                raise TypeError(f"JSON object keys are strings: {annotation!r}")
            if self.form == "api" and _mentions_message(args[1]):
                # api_json would render each as a field plus "<key>_key": no fixed schema says that.
                raise TypeError(f"a dict of messages has no rendered schema: {annotation!r}")
            return {"type": "object", "additionalProperties": self.schema(args[1])}
        if origin in (Union, types.UnionType):
            others = [a for a in args if a is not type(None)]
            inner = (
                self.schema(others[0]) if len(others) == 1 else {"oneOf": [self.schema(a) for a in others]}
            )
            return nullable(inner) if len(others) < len(args) else inner
        raise TypeError(f"no schema for {annotation!r}")

    def _object(self, shape: Any) -> JSON:
        properties: JSON = {}
        required: list[str] = []
        for name, annotation in get_type_hints(shape, include_extras=True).items():
            # Not ``__required_keys__``: under ``from __future__ import annotations`` Python 3.11
            # cannot see ``NotRequired`` in a string, so it counts every key as required.
            present = get_origin(annotation) is Required or (
                shape.__total__ and get_origin(annotation) is not NotRequired
            )
            bare = _bare(annotation)
            if self.form == "api" and _mentions_message(bare) and not _is_list(bare):
                self._message_field(shape, name, bare, present, properties, required)
                continue
            properties[name] = self.schema(bare)
            if present:
                required.append(name)
        out: JSON = {"type": "object", "properties": properties, "additionalProperties": False}
        if required:
            out["required"] = required
        doc = shape.__doc__
        if doc and doc != dict.__doc__:
            out["description"] = inspect.cleandoc(doc)
        return out

    def _message_field(
        self, shape: Any, name: str, annotation: Any, present: bool, properties: JSON, required: list[str]
    ) -> None:
        """``f: MessageJSON`` served as ``f`` (its text), ``f_key`` and ``f_params`` (when it has any)."""
        can_be_none = annotation is not MessageJSON
        if can_be_none and not (
            get_origin(annotation) in (Union, types.UnionType)
            and set(get_args(annotation)) == {MessageJSON, type(None)}
        ):
            raise TypeError(f"{shape.__name__}.{name}: a message field is MessageJSON or MessageJSON | None")
        for extra in (f"{name}_key", f"{name}_params"):
            if extra in properties or extra in shape.__annotations__:
                raise TypeError(f"{shape.__name__}.{extra} would collide with the rendered {name}")
        text: JSON = {"type": "string", "description": "In your language."}
        properties[name] = nullable(text) if can_be_none else text
        properties[f"{name}_key"] = {
            "type": "string",
            "description": f"The key of the message in '{name}', the same in every language.",
        }
        properties[f"{name}_params"] = PARAMS
        if present:
            required.append(name)
            if not can_be_none:
                required.append(f"{name}_key")

    def _message_text(self) -> JSON:
        if MESSAGE_TEXT not in self.components:
            self.components[MESSAGE_TEXT] = {
                "type": "object",
                "description": "A text of the engine, rendered in your language, with its message.",
                "properties": {
                    "text": {"type": "string", "description": "In your language."},
                    "key": {
                        "type": "string",
                        "description": "The message's key, the same in every language.",
                    },
                    "params": PARAMS,
                },
                "required": ["text", "key"],
                "additionalProperties": False,
            }
        return {"$ref": self.ref_prefix + MESSAGE_TEXT}


def nullable(schema: JSON) -> JSON:
    """``schema`` or null, as OpenAPI 3.0 says it (``nullable`` beside a ``type``; a reference is
    wrapped in ``allOf``, since keywords beside ``$ref`` are ignored)."""
    if not schema:
        return schema  # anything, null included
    if "$ref" in schema:
        return {"allOf": [schema], "nullable": True}
    return {**schema, "nullable": True}


def _bare(annotation: Any) -> Any:
    """The annotation without ``Required``/``NotRequired`` (the TypedDict says which keys are)."""
    while get_origin(annotation) in (Required, NotRequired):
        annotation = get_args(annotation)[0]
    return annotation


def _is_list(annotation: Any) -> bool:
    return get_origin(annotation) is list


def _mentions_message(annotation: Any) -> bool:
    if annotation is MessageJSON:
        return True
    if get_origin(annotation) in (Union, types.UnionType):
        return any(_mentions_message(a) for a in get_args(annotation))
    return False


def json_schema(components: Mapping[str, JSON], name: str) -> JSON:
    """A JSON Schema (2020-12) document validating one component, for ``jsonschema``: OpenAPI 3.0's
    ``nullable`` becomes ``anyOf`` with null, references point into ``$defs``."""

    def convert(schema: Any) -> Any:
        if not isinstance(schema, dict):
            return schema
        out: JSON = {}
        for key, value in schema.items():
            if key in ("nullable", "discriminator"):
                continue
            if key == "$ref":
                out[key] = "#/$defs/" + str(value).rsplit("/", 1)[-1]
            elif key == "properties":
                out[key] = {prop: convert(v) for prop, v in value.items()}
            elif key in ("allOf", "oneOf", "anyOf"):
                out[key] = [convert(v) for v in value]
            elif key in ("items", "additionalProperties"):
                out[key] = convert(value)
            else:
                out[key] = copy.deepcopy(value)
        if schema.get("nullable") is True:
            return {"anyOf": [out, {"type": "null"}]}
        return out

    defs = {k: convert(v) for k, v in components.items()}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$ref": f"#/$defs/{name}",
        "$defs": defs,
    }
