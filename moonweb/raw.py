"""Model instances from one hand-written PostgreSQL statement: the command path's reads and writes
without the ORM's query compiler.

Compiling a queryset costs more than PostgreSQL takes to run it: a page reads its player (0.63 ms
through the ORM, 0.33 ms here: ``benchmarks/lookups.py``), a move reads the game (with its
state cache) and its seats (with their players), and through the ORM those two reads spent about
1 ms of Python per move, as much as the database's whole share. Here the columns come from the
models' own metadata (so a new field is read without touching this file), values pass through each
field's ``from_db_value`` (as the ORM does: only JSON fields have one on PostgreSQL) and instances
are built with ``Model.from_db``, exactly as a queryset builds them.

PostgreSQL only: SQLite (development) needs the backend's converters and has no ``FOR UPDATE``, so
callers keep their ORM queries there.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from django.db import connection
from django.db.models import Field, ForeignKey, Model

M = TypeVar("M", bound=Model)


def fields_of(model: type[Model]) -> list[Field[Any, Any]]:
    """The model's columns, in the order ``from_db`` takes them."""
    return list(_shape(model).fields)


class _Shape:
    """What building a model's instances from its columns needs, worked out once per model: every
    command builds six instances (the game, its cache, two seats and their players), and the
    model's metadata does not change between them."""

    def __init__(self, model: type[Model]) -> None:
        self.fields: tuple[Field[Any, Any], ...] = tuple(model._meta.concrete_fields)
        self.attnames = [f.attname for f in self.fields]
        # Only JSON fields have a converter on PostgreSQL: the others pass their value through.
        self.converters: list[tuple[int, Callable[..., Any]]] = [
            (i, f.from_db_value) for i, f in enumerate(self.fields) if hasattr(f, "from_db_value")
        ]


@functools.cache
def _shape(model: type[Model]) -> _Shape:
    return _Shape(model)


@functools.cache
def select_list(model: type[Model], alias: str) -> str:
    """``alias."col", ...`` for every column of the model."""
    quote = connection.ops.quote_name
    return ", ".join(f"{alias}.{quote(str(f.column))}" for f in _shape(model).fields)


def build(model: type[M], values: Sequence[Any]) -> M:
    """The instance a queryset would have built from these column values."""
    shape = _shape(model)
    if len(values) != len(shape.fields):
        raise ValueError(f"{model.__name__} has {len(shape.fields)} columns, not {len(values)}")
    converted = list(values)
    for i, convert in shape.converters:
        if converted[i] is not None:
            converted[i] = convert(converted[i], None, connection)
    return model.from_db(connection.alias, shape.attnames, converted)


@functools.cache
def insert_columns(model: type[Model]) -> tuple[tuple[Field[Any, Any], ...], str, str]:
    """The columns an INSERT writes (all but an auto-generated primary key), their quoted names
    and one row's placeholders."""
    auto = model._meta.pk
    fields = tuple(
        f for f in _shape(model).fields if not (f is auto and f.get_internal_type().endswith("AutoField"))
    )
    quote = connection.ops.quote_name
    columns = ", ".join(quote(str(f.column)) for f in fields)
    return fields, columns, "(" + ", ".join(["%s"] * len(fields)) + ")"


def insert_values(model: type[Model], instances: Sequence[Model]) -> tuple[str, str, list[Any]]:
    """``(columns, VALUES rows, params)`` to insert these instances, values prepared as the ORM
    prepares them for a save (JSON adapted, dates made aware...)."""
    fields, columns, row = insert_columns(model)
    params = [f.get_db_prep_save(getattr(obj, f.attname), connection) for obj in instances for f in fields]
    return columns, ", ".join([row] * len(instances)), params


def by_pk(model: type[M], pk: Any) -> M | None:
    """The row of ``model`` with primary key ``pk``, as ``model.objects.filter(pk=pk).first()``
    would build it, or None."""
    with connection.cursor() as cursor:
        cursor.execute(_by_pk_sql(model), [pk])
        row = cursor.fetchone()
    return build(model, row) if row is not None else None


@functools.cache
def _by_pk_sql(model: type[Model]) -> str:
    quote = connection.ops.quote_name
    pk = quote(str(model._meta.pk.column))
    return f"SELECT {select_list(model, 'a')} FROM {quote(model._meta.db_table)} AS a WHERE a.{pk} = %s"  # noqa: S608


def select(model: type[M], where: str, params: Sequence[Any], *, order: str = "") -> list[M]:
    """Rows of ``model`` (alias ``a``) matching ``where``, in ``order`` (which may end with a
    ``LIMIT``), built as a queryset builds them: one statement. ``where`` and ``order`` are constants
    of the call site (the statement is made once per pair); values go in ``params``."""
    with connection.cursor() as cursor:
        cursor.execute(_selected(model, where, order), list(params))
        found = cursor.fetchall()
    return [build(model, row) for row in found]


@functools.cache
def _selected(model: type[Model], where: str, order: str) -> str:
    return (
        f"SELECT {select_list(model, 'a')} FROM {model._meta.db_table} AS a"  # noqa: S608
        f" WHERE {where}{' ORDER BY ' + order if order else ''}"
    )


def with_related(
    model: type[M], related: str, where: str, params: Sequence[Any], *, order: str = ""
) -> list[M]:
    """Rows of ``model`` (alias ``a``) matching ``where``, each with the row its foreign key
    ``related`` points at (alias ``b``) attached as ``select_related(related)`` attaches it: one
    statement. A null key (LEFT JOIN) attaches None."""
    field, other = _foreign(model, related)
    with connection.cursor() as cursor:
        cursor.execute(_joined(model, related, where, order), list(params))
        found = cursor.fetchall()
    width = len(_shape(model).fields)
    out = []
    for row in found:
        instance = build(model, row[:width])
        field.set_cached_value(instance, build(other, row[width:]) if row[width] is not None else None)
        out.append(instance)
    return out


@functools.cache
def _joined(model: type[Model], related: str, where: str, order: str) -> str:
    """``with_related``'s statement, once per call site."""
    field, other = _foreign(model, related)
    quote = connection.ops.quote_name
    return (
        f"SELECT {select_list(model, 'a')}, {select_list(other, 'b')}"  # noqa: S608
        f" FROM {model._meta.db_table} AS a LEFT JOIN {other._meta.db_table} AS b"
        f" ON b.{quote(str(other._meta.pk.column))} = a.{quote(str(field.column))}"
        f" WHERE {where}{' ORDER BY ' + order if order else ''}"
    )


@functools.cache
def _foreign(model: type[Model], related: str) -> tuple[ForeignKey[Any, Any], type[Model]]:
    """The foreign key ``related`` of ``model`` and the model it points at."""
    field = model._meta.get_field(related)
    assert isinstance(field, ForeignKey)  # a column that points at one row
    other: type[Model] = field.related_model
    return field, other
