"""The engines' own shapes in the API's schema: a game's view (one component per game, told apart
by ``kind``) and its outcome, texts described as the API serves them (``games.engine.schema``).

The fields below carry the JSON as it is; their schema extensions answer references, and the
postprocessing hook ``add_engine_shapes`` adds the components. It runs after drf-spectacular's
enum hook on purpose: that hook would pull each view's ``kind`` out into an enum component of its
own and rename the ``KindEnum`` of table creation to tell them apart.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import serializers

from games.engine.core import engine_names, get_engine
from games.engine.schema import Schemas
from games.engine.shapes import OutcomeJSON

JSON = dict[str, Any]
# The view's key naming its game, in every engine's VIEW_SHAPE (a Literal of the engine's NAME).
KIND = "kind"


def view_shapes() -> dict[str, Any]:
    """Each importable engine's view shape by kind, offered or not: a game of any of them may be read."""
    shapes = {}
    for name in engine_names():
        try:
            shapes[name] = get_engine(name).VIEW_SHAPE
        except (LookupError, ImportError, AttributeError):
            continue
    return shapes


def engine_schemas() -> tuple[Schemas, JSON, JSON]:
    """The components, and the schemas of a view and of an outcome (references into them)."""
    schemas = Schemas("api")
    view = schemas.discriminated(view_shapes(), KIND)
    outcome = schemas.ref(OutcomeJSON)
    return schemas, view, outcome


class GameStateViewField(serializers.JSONField):
    """An engine's view, rendered for the reader (``games.texts.api_json``)."""


class OutcomeField(serializers.JSONField):
    """A finished game's outcome, rendered for the reader, with its score table."""


class GameStateViewFieldExtension(OpenApiSerializerFieldExtension):
    target_class = GameStateViewField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> JSON:
        return engine_schemas()[1]


class OutcomeFieldExtension(OpenApiSerializerFieldExtension):
    target_class = OutcomeField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> JSON:
        return engine_schemas()[2]


def add_engine_shapes(result: JSON, generator: Any, request: Any, public: bool) -> JSON:
    """drf-spectacular hook: the components the fields above refer to."""
    components = result.setdefault("components", {}).setdefault("schemas", {})
    for name, schema in engine_schemas()[0].components.items():
        if name in components and components[name] != schema:
            # A serializer's component of the same name: clients would get one type for two shapes.
            raise RuntimeError(f"the engines' shape {name} is named like another component")
        components[name] = schema
    result["components"]["schemas"] = dict(sorted(components.items()))
    return result
