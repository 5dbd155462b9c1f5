"""Django's PostgreSQL backend with one addition: a transaction that wrote signs what it
wrote, in itself, just before its COMMIT (casino.common.signing). Django has no hook
between a transaction's last statement and its commit; ``commit`` is where every
outermost ``atomic`` block and ``transaction.commit`` end. A write outside any
transaction (autocommit: `manage.py changepassword`, a lone ``save``) is given one of its
own, so that it is signed too."""

from __future__ import annotations

from django.db import transaction
from django.db.backends.postgresql import base

from casino.common import signing

_WRITES = ("INSERT", "UPDATE", "DELETE", "WITH", "MERGE")
_SHAPES = ("CREATE", "ALTER", "DROP", "DO")  # a migration's: the notes' table may come or go


class DatabaseWrapper(base.DatabaseWrapper):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.wrote = False  # this transaction ran a statement that may write
        self.tracks_writes = None  # whether the database notes writes: not known yet
        self.execute_wrappers.append(self._note_a_write)

    def _note_a_write(self, execute, sql, params, many, context):
        first = sql.lstrip()[:6].upper() if isinstance(sql, str) else ""
        if first.startswith(_SHAPES):
            self.tracks_writes = None  # casino.common.signing asks again at the commit
        if not first or first.startswith(_WRITES):
            if self.get_autocommit() and not self.in_atomic_block:
                with transaction.atomic(using=self.alias):
                    self.wrote = True
                    return execute(sql, params, many, context)
            self.wrote = True
        return execute(sql, params, many, context)

    def connect(self):
        self.tracks_writes = None  # another database, or the same one migrated since
        super().connect()

    def commit(self):
        if self.wrote and self.connection is not None:
            with self.wrap_database_errors:  # psycopg's errors as Django's: atomic rolls back
                # The signatures' store carries the COMMIT along; Django's own commit below
                # then finds the transaction over (psycopg sends nothing).
                signing.sign_written(self, commit=True)
        self.wrote = False
        super().commit()

    def rollback(self):
        self.wrote = False
        super().rollback()

    def close(self):
        self.wrote = False
        super().close()
