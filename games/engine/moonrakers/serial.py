"""JSON for frozen dataclasses: the state and every event payload go through these two functions.

Fields may be ints, strs, bools, None, nested dataclasses, tuples of any of these (fixed or
variable length) and ``X | None``. Writing and loading read the field types, so a shape is written
once.

Every event is dumped and loaded again as ``decide`` folds it (and the bots ask ``decide`` about
every command they weigh), so the writer and the loader of each type are worked out once, not on
every call.
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
    cls: Any = type(value)
    if field_names(cls) is not None:
        return _writer(cls)(value)
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    return value


@cache
def _writer(tp: Any) -> Callable[[Any], Any]:
    """The function that writes a value of type ``tp`` as JSON, read off the field types as
    ``_loader`` reads them: every event is written out as ``decide`` emits it, and asking each
    value what it is (a dataclass? a tuple?) cost more than the writing itself."""
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        kinds = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(kinds) != 1:
            return to_json
        inner = _writer(kinds[0])
        if inner is _same:
            return _same
        return lambda value: None if value is None else inner(value)
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _writer(args[0])
            if item is _same:
                return list
            return lambda value: [item(v) for v in value]
        if all(_writer(a) is _same for a in args):
            return list  # a fixed-length tuple of plain values, as (kind, amount)
        return to_json
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_writer(tp)
    if tp in (int, str, bool):
        return _same
    return to_json  # any other type: by what the value is


def _dataclass_writer(cls: type) -> Callable[[Any], Any]:
    """One line per field, as ``_replacer`` writes its copies: a dict display, no loop."""
    hints = _hints(cls)
    namespace: dict[str, Any] = {}
    items = []
    for i, f in enumerate(dataclasses.fields(cls)):
        write = _writer(hints[f.name])
        if write is _same:
            items.append(f"{f.name!r}: obj.{f.name}")
        else:
            namespace[f"_write{i}"] = write
            items.append(f"{f.name!r}: _write{i}(obj.{f.name})")
    exec(f"def write(obj):\n    return {{{', '.join(items)}}}", namespace)  # noqa: S102 (our own field names)
    function: Callable[[Any], Any] = namespace["write"]
    return function


# By the class, then the names of the fields changed, in one flat tuple (built by ``replace`` in one go).
_REPLACERS: dict[tuple[Any, ...], Callable[..., Any]] = {}


def _replacer(cls: type, changed: tuple[str, ...]) -> Callable[..., Any]:
    """A function that copies a ``cls`` with the fields ``changed`` set to its further arguments,
    written for that class and those fields.

    A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` (8 µs for the
    30 fields of the game state, measured), and the engine copies states and players hundreds of
    thousands of times a game. The copy is written as plain attribute stores on a mutable twin of
    ``cls`` with the very same slots (``_draft``), one line per field, each line knowing already
    whether its field is changed (the call sites change a handful of fixed sets of fields); the
    finished copy then becomes a ``cls``. A plain store into a slot is the interpreter's fastest
    write (0.6 µs for the state's 30 fields, against 2.8 µs through each slot's descriptor).
    Only for slotted frozen dataclasses, whose every field is an init field and none has
    ``__post_init__`` (the engine's)."""
    names = _slotted_fields(cls, "replace")
    unknown = sorted(set(changed) - set(names))
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    values = {name: f"_value{i}" for i, name in enumerate(changed)}  # the further arguments, in order
    return _compiled(cls, "replace", ["obj", *values.values()], {n: values.get(n, f"obj.{n}") for n in names})


def builder(cls: type) -> Callable[..., Any]:
    """A function that makes a ``cls`` of all its fields, in order, as ``_replacer`` writes its
    copies: for the frozen dataclass made after every event emitted (``core.Event``), whose own
    ``__init__`` costs three times as much. Only for slotted frozen dataclasses without
    ``__post_init__``; every field is given, so no default is read."""
    names = _slotted_fields(cls, "builder")
    return _compiled(cls, "build", list(names), {n: n for n in names})


def _slotted_fields(cls: type, what: str) -> tuple[str, ...]:
    """The fields of ``cls``, which must be a slotted dataclass without ``__post_init__`` (what
    ``_compiled`` writes sets every slot and runs nothing else)."""
    names = field_names(cls)
    if names is None or set(names) - set(getattr(cls, "__slots__", ())) or hasattr(cls, "__post_init__"):
        raise TypeError(f"{what}() needs a slotted dataclass without __post_init__, not {cls.__name__}")
    return tuple(names)


def _compiled(cls: type, name: str, params: list[str], values: dict[str, str]) -> Callable[..., Any]:
    """``def name(params)`` making a ``cls`` whose every field is set to its expression in
    ``values``: written as plain stores on the mutable twin (``_draft``), then handed out as a
    ``cls``."""
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_draft": _draft(cls)}
    lines = [f"def {name}({', '.join(params)}):", "    new = _new(_draft)"]
    lines += [f"    new.{field} = {value}" for field, value in values.items()]
    lines += ["    new.__class__ = _cls", "    return new"]
    exec("\n".join(lines), namespace)  # noqa: S102 (our own field names, checked identifiers)
    function: Callable[..., Any] = namespace[name]
    return function


def writer(cls: type) -> Callable[[Any], Any]:
    """The function that writes a ``cls`` (a dataclass) as JSON, as ``to_json`` would."""
    return _writer(cls)


@cache
def _draft(cls: type) -> type:
    """A mutable class of the same slots as the frozen ``cls``, in the same order: an object of one
    may become the other (``__class__`` assignment checks that the layouts are the same), so a copy
    is written as a draft and handed out as a ``cls``, never changed again."""
    draft = type(f"_{cls.__name__}Draft", (), {"__slots__": cls.__slots__})  # type: ignore[attr-defined]
    probe: Any = object.__new__(draft)
    probe.__class__ = cls  # raises TypeError now, not in a fold, if the layouts ever differ
    return draft


def replacer(cls: type, *changed: str) -> Callable[..., Any]:
    """``replace`` of a ``cls`` with the fields ``changed`` set to its further arguments, bound
    once: for the hottest copies (a player, a participant, the attempt), which then skip looking
    their copy up on every call."""
    key = (cls, *changed)
    copy = _REPLACERS.get(key)
    if copy is None:
        copy = _REPLACERS[key] = _replacer(cls, changed)
    return copy


def replace(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace`` for the engine's frozen dataclasses, without its per-call
    introspection nor ``__init__`` (see ``_replacer``)."""
    try:
        copy = _REPLACERS[type(obj), *changes]
    except KeyError:
        copy = _REPLACERS[type(obj), *changes] = _replacer(type(obj), tuple(changes))
    out: T = copy(obj, *changes.values())
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
