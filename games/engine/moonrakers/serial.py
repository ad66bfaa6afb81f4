"""JSON for frozen dataclasses: the state and every event payload go through these two functions.

Fields may be ints, strs, bools, None, nested dataclasses, tuples of any of these (fixed or
variable length) and ``X | None``. Loading reads the field types, so a shape is written once.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, TypeVar, Union

T = TypeVar("T")


def to_json(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_json(tp: Any, data: Any) -> Any:
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        if data is None:
            return None
        inner = [a for a in typing.get_args(tp) if a is not type(None)]
        return from_json(inner[0], data)
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], v) for v in data)
        return tuple(from_json(a, v) for a, v in zip(args, data, strict=True))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        kwargs = {
            f.name: from_json(hints[f.name], data[f.name]) for f in dataclasses.fields(tp) if f.name in data
        }
        return tp(**kwargs)
    if tp is int:
        return int(data)
    if tp is bool:
        return bool(data)
    if tp is str:
        return str(data)
    return data


def load(cls: type[T], data: Any) -> T:
    out: T = from_json(cls, data)
    return out
