"""A query the ORM writes once per process and then runs many times with new values.

The floor's busiest statement (the table a round is recorded at, locked and read with its
casino, terms and the dealer's assignment) cost the web process more to build and compile
than PostgreSQL spent running it: Django builds and compiles a query anew on every call
(docs/benchmarks.md, issue 30). Its shape never changes, only two ids, so the ORM builds
it once with stand-in ids, and each call sends the same SQL with its own. The rows come
back as the ORM's own would: the model, what ``select_related`` joined, the annotations,
each through the fields' converters. The same text each time also lets psycopg prepare it
where prepared statements are on (``DATABASE_PREPARED_STATEMENTS``).

``get`` and ``first`` are offered, with the ORM's answers (``DoesNotExist``,
``MultipleObjectsReturned``, None), and ``select_for_update`` is refused outside a
transaction as the ORM refuses it."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.db import connections, router
from django.db.models import QuerySet
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError

# The ORM's query compiler (its SQL, select, klass_info, converters) is no documented API:
# read against this release (tests/test_private_internals.py; pyproject.toml pins it).
CHECKED_AGAINST = {"Django": "5.2.20"}

# Ids no row has (ids are positive), within an integer column's range as well as a
# bigint's (a user's id is an integer): where the compiled query's parameters hold one,
# the call's value goes.
_FIRST_STAND_IN = -(2**31) + 1000


class _Compiled:
    """One shape of the query, compiled: its SQL, which parameter is which value, and how
    a row becomes the model with what it joined."""

    def __init__(self, queryset: QuerySet, stand_ins: dict[int, str]):
        self.query, self.db, self.model = queryset.query, queryset.db, queryset.model
        self.for_update = queryset.query.select_for_update
        compiler = self.query.get_compiler(using=self.db)
        self.sql, params = compiler.as_sql()
        self.params = list(params)
        self.slots = [(at, stand_ins[value]) for at, value in enumerate(self.params)
                      if type(value) is int and value in stand_ins]
        missing = set(stand_ins.values()) - {name for _, name in self.slots}
        if missing:
            raise ImproperlyConfigured(
                f"The frozen query of {self.model.__name__} does not send "
                f"{', '.join(sorted(missing))} as a parameter; it cannot be frozen.")
        select, klass_info = compiler.select, compiler.klass_info
        self.columns = [column for column, _, _ in select]
        fields = klass_info["select_fields"]
        self.own = slice(fields[0], fields[-1] + 1)
        self.init_list = [column.target.attname for column in self.columns[self.own]]
        self.populators = get_related_populators(klass_info, select, self.db)
        self.annotations = list(compiler.annotation_col_map.items())

    def objects(self, values: dict[str, Any], most: int) -> list:
        """The first ``most`` rows, as the ORM's own objects."""
        connection = connections[self.db]
        if self.for_update and connection.get_autocommit():
            raise TransactionManagementError("select_for_update cannot be used outside of a "
                                             "transaction.")
        params = list(self.params)
        for at, name in self.slots:
            params[at] = values[name]
        with connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchmany(most)
        if not rows:
            return []
        compiler = self.query.get_compiler(using=self.db)
        converters = compiler.get_converters(self.columns)
        if converters:
            rows = list(compiler.apply_converters(rows, converters))
        return [self._built(row) for row in rows]

    def _built(self, row):
        obj = self.model.from_db(self.db, self.init_list, row[self.own])
        for populator in self.populators:
            populator.populate(row, obj)
        for name, at in self.annotations:
            setattr(obj, name, row[at])
        return obj


class FrozenQuery:
    """``build(shape, **ids)`` returns the queryset for one shape (what it joins, whose
    scope) with the given ids; ``get(shape, **ids)`` runs that shape's compiled SQL with
    these ids. Every value that changes between calls must be one of the ids: anything
    else the builder reads is part of the shape."""

    def __init__(self, build: Callable[..., QuerySet], *ids: str):
        self._build, self._ids = build, ids
        self._compiled: dict[tuple[Hashable, str], _Compiled] = {}
        self._shapes: dict[Hashable, tuple[type, bool]] = {}  # its model, whether it locks
        self._lock = threading.Lock()

    def get(self, shape: Hashable, **ids: int):
        """The one row, as ``QuerySet.get`` gives it (and refuses none or two)."""
        compiled = self._compiled_for(shape)
        found, model = compiled.objects(ids, 2), compiled.model
        if not found:
            raise model.DoesNotExist(f"{model._meta.object_name} matching query does not "
                                     "exist.")
        if len(found) > 1:
            raise model.MultipleObjectsReturned(
                f"get() returned more than one {model._meta.object_name}.")
        return found[0]

    def first(self, shape: Hashable, **ids: int):
        """The first row in the builder's order, or None (as ``QuerySet.first``)."""
        found = self._compiled_for(shape).objects(ids, 1)
        return found[0] if found else None

    def _compiled_for(self, shape: Hashable) -> _Compiled:
        # The database is asked of the routers on every call, as the ORM asks them: a
        # read inside a report's replica read goes where the report's reads go.
        if shape not in self._shapes:
            self._compile(shape, None)
        model, locks = self._shapes[shape]
        alias = router.db_for_write(model) if locks else router.db_for_read(model)
        compiled = self._compiled.get((shape, alias))
        return compiled if compiled is not None else self._compile(shape, alias)

    def _compile(self, shape: Hashable, alias: str | None) -> _Compiled:
        with self._lock:
            stand_ins = {name: _FIRST_STAND_IN - n for n, name in enumerate(self._ids)}
            queryset = self._build(shape, **stand_ins)
            if alias is None:
                self._shapes[shape] = (queryset.model, bool(queryset.query.select_for_update))
                alias = queryset.db
            if (shape, alias) not in self._compiled:
                if queryset.query.high_mark is None:
                    queryset = queryset[:2]  # never more rows than get() or first() reads
                self._compiled[shape, alias] = _Compiled(
                    queryset.using(alias),
                    {value: name for name, value in stand_ins.items()})
            return self._compiled[shape, alias]
