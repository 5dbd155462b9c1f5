"""The audit context sent as a statement of its own, so PostgreSQL can prepare the
service's statements (DATABASE_PREPARED_STATEMENTS, docs/scaling.md).

pghistory puts who made a change, and why, in front of every writing statement made in
its context: ``SELECT set_config(...); UPDATE ...`` in one call. With server-side binding
one call is one statement, so that cannot be sent, and no statement with it could be
prepared. Here the same ``set_config(..., true)`` goes just before the write, as its own
statement in the same transaction (a write in autocommit gets a transaction of its own
for the two), with the same values pghistory would have sent: the audit trigger reads
the same settings either way. Only audited writes pay it (configuration changes, not the
floor's records, whose views run without a context: audit.records_only).
"""

from __future__ import annotations

import json

import pghistory.runtime
from django.db import transaction

# pghistory's private runtime, read against this release (tests/test_private_internals.py
# fails on another until it is read again; pyproject.toml pins it).
CHECKED_AGAINST = {"django-pghistory": "3.9.2"}
SET_CONTEXT = ("SELECT set_config('pghistory.context_id', %s, true), "
               "set_config('pghistory.context_metadata', %s, true)")
_pghistory_own = pghistory.runtime._inject_history_context


def context_apart(execute, sql, params, many, context):
    """An execute wrapper in pghistory's place (its ``_inject_history_context``)."""
    cursor = context["cursor"]
    text = sql.decode() if isinstance(sql, bytes) else sql
    if not pghistory.runtime._can_inject_variable(cursor, text):
        return execute(sql, params, many, context)
    tracked = pghistory.runtime._tracker.value
    values = [str(tracked.id),
              json.dumps(tracked.metadata, cls=pghistory.config.json_encoder())]
    connection = context["connection"]
    if connection.in_atomic_block:
        cursor.execute(SET_CONTEXT, values)
        return execute(sql, params, many, context)
    with transaction.atomic(using=connection.alias):
        cursor.execute(SET_CONTEXT, values)
        return execute(sql, params, many, context)


def send_context_apart(enabled: bool) -> None:
    """From the casino app's ready(): pghistory's contexts entered from now on use
    ``context_apart`` (enabled) or pghistory's own injection."""
    pghistory.runtime._inject_history_context = context_apart if enabled else _pghistory_own
