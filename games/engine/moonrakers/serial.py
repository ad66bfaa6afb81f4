"""JSON for frozen dataclasses: the state and every event payload go through these two functions.

Fields may be ints, strs, bools, None, nested dataclasses, tuples of any of these (fixed or
variable length) and ``X | None``. Loading reads the field types, so a shape is written once.

Every event is dumped and loaded again as ``decide`` folds it (and the bots ask ``decide`` about
every command they weigh), so the field lists and the loader of each type are worked out once,
not on every call.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, Union

T = TypeVar("T")


_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}


def field_names(cls: type) -> tuple[str, ...] | None:
    """The field names of a dataclass type, in order; None for any other type."""
    try:
        return _FIELD_NAMES[cls]
    except KeyError:
        names = tuple(f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) else None
        _FIELD_NAMES[cls] = names
        return names


def to_json(value: Any) -> Any:
    names = field_names(type(value))
    if names is not None:
        return {name: to_json(getattr(value, name)) for name in names}
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    return value


_REPLACERS: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}


def _replacer(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    """A function that copies a ``cls`` with some fields changed, written for ``cls``.

    A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` (8 µs for the
    30 fields of the game state, measured), and the engine copies states and players hundreds of
    thousands of times a game. This sets each slot through its descriptor, one line per field, as
    ``dataclasses`` itself writes ``__init__``: 3 µs. Only for slotted frozen dataclasses, whose
    every field is an init field and none has ``__post_init__`` (the engine's)."""
    try:
        return _REPLACERS[cls]
    except KeyError:
        pass
    names = field_names(cls)
    if names is None:
        raise TypeError("replace() should be called on dataclass instances")
    slots = getattr(cls, "__slots__", ())
    if set(names) - set(slots) or hasattr(cls, "__post_init__"):
        raise TypeError(f"replace() needs a slotted dataclass without __post_init__, not {cls.__name__}")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_known": frozenset(names)}
    lines = [
        "def replace(obj, changes):",
        "    if not _known.issuperset(changes):",
        "        raise TypeError(f'{_cls.__name__} has no field {sorted(set(changes) - _known)[0]!r}')",
        "    new = _new(_cls)",
    ]
    for i, name in enumerate(names):
        namespace[f"_set{i}"] = cls.__dict__[name].__set__  # the slot's descriptor
        lines.append(f"    _set{i}(new, changes[{name!r}] if {name!r} in changes else obj.{name})")
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # noqa: S102 (our own field names, checked identifiers)
    function: Callable[[Any, dict[str, Any]], Any] = namespace["replace"]
    _REPLACERS[cls] = function
    return function


def replace(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace`` for the engine's frozen dataclasses, without its per-call
    introspection nor ``__init__`` (see ``_replacer``)."""
    out: T = _replacer(type(obj))(obj, changes)
    return out


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _same(data: Any) -> Any:
    return data


@cache
def _loader(tp: Any) -> Callable[[Any], Any]:
    """The function that loads JSON data of type ``tp``."""
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        inner = _loader(next(a for a in typing.get_args(tp) if a is not type(None)))
        return lambda data: None if data is None else inner(data)
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _loader(args[0])
            return lambda data: tuple([item(v) for v in data])
        items = tuple(_loader(a) for a in args)
        return lambda data: tuple([load(v) for load, v in zip(items, data, strict=True)])
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        fields = tuple((f.name, _loader(hints[f.name])) for f in dataclasses.fields(tp))
        cls: Any = tp
        return lambda data: cls(**{name: load(data[name]) for name, load in fields if name in data})
    if tp is int:
        return int
    if tp is bool:
        return bool
    if tp is str:
        return str
    return _same


def from_json(tp: Any, data: Any) -> Any:
    return _loader(tp)(data)


def load(cls: type[T], data: Any) -> T:
    out: T = from_json(cls, data)
    return out
