"""The books' other records, sealed: every record table (append-only by its triggers, or
named a record in casino.common.db_roles) and every audit-event table that no ledger of
its own already chains — counts, slips and their signatures, inventory slips, variances
and their explanations, jackpot approvals, W-2G details and who read them, closed days and
their figures, the nightly checks, the audit trail and its "who" — is sealed into one
chain per table (casino.models.Seal) by the database's own function, casino_seal_pending
(migration casino 0004).

Sealing runs after the records commit, not in their transaction: the floor's requests
never wait for it, and no two transactions lock two chains in opposite orders. The beat
seals every minute (casino.tasks.seal_records); anchoring and verifying seal first.

A configuration row that changes (a casino, a table, a jackpot hit as it is paid) is not
sealed itself: its audit events are, and its live row must equal its last event
(``follows_its_events``), so a row changed with the audit trigger switched off, or a
removed event, shows."""

from __future__ import annotations

from functools import cache

import pghistory
import pghistory.models
from django.apps import apps
from django.db import connection, transaction

from casino.common import chains, db_roles

# pghistory's context (who did it, and why) is rewritten while its request lasts: sealed
# once it has not changed for this long.
CONTEXT_SETTLES = "1 hour"

# Columns a seal leaves out, by table: a value that is re-encrypted under a new key (the
# same secret, other bytes) is vouched for by what is sealed beside it.
_APART: dict[str, tuple[str, ...]] = {}


def leave_out(model, *fields: str) -> None:
    """Registered by the app that owns ``model``, from its ready()."""
    _APART[model._meta.db_table] = tuple(model._meta.get_field(f).column for f in fields)


def apart(table: str) -> tuple[str, ...]:
    """The columns of ``table`` a seal or a signature leaves out."""
    return _APART.get(table, ())


def sealed_models() -> list:
    """Every record table the service keeps that no ledger of its own chains."""
    covered = {table for ledger in chains.LEDGERS for table in ledger.covers}
    found = []
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if meta.proxy or not meta.managed or meta.app_label == "casino":
            continue  # the casino app's records are the seals and anchors themselves
        if meta.db_table not in covered and db_roles.is_record(model):
            found.append(model)
    return sorted(found, key=lambda model: model._meta.db_table)


def seal_pending() -> int:
    """Seal every record written since the last sweep; returns how many."""
    sealed = 0
    with transaction.atomic(), connection.cursor() as cursor:
        for model in sealed_models():
            table = model._meta.db_table
            cursor.execute("SELECT casino_seal_pending(%s, %s, %s)",
                           [table, model._meta.pk.column, list(_APART.get(table, ()))])
            sealed += cursor.fetchone()[0]
        cursor.execute("SELECT casino_seal_pending(%s, 'id', '{}', 'updated_at', %s)",
                       [pghistory.models.Context._meta.db_table, CONTEXT_SETTLES])
        sealed += cursor.fetchone()[0]
    return sealed


def book_ledgers() -> list[chains.Ledger]:
    return _ledgers(tuple(m._meta.db_table for m in sealed_models()))


@cache
def _ledgers(tables: tuple[str, ...]) -> list[chains.Ledger]:
    by_table = {m._meta.db_table: m for m in apps.get_models(include_auto_created=True)}
    context = pghistory.models.Context
    return [_ledger(model, str(model._meta.verbose_name_plural))
            for model in [*(by_table[t] for t in tables), context]]


def _ledger(model, words: str) -> chains.Ledger:
    table, key = model._meta.db_table, model._meta.pk.column
    apart = ", ".join(f"'{column}'" for column in _APART.get(table, ()))
    checks = ()
    if issubclass(model, pghistory.models.Event) and model.pgh_tracked_model is not None:
        checks = ((follows_its_events(model),
                   "last audit event (the row was changed or removed without a trace)"),)
        words = f"audit events of {model.pgh_tracked_model._meta.verbose_name_plural}"
    elif model is pghistory.models.Context:
        words = "audit trail's who and why"
    return chains.Ledger(
        name=table, words=words, table="casino_seal", chain_by=("chain",),
        where=f"e.chain = '{table}'",
        joins=f"LEFT JOIN {table} r ON r.{key}::text = e.record",
        content=f"casino_seal_content(e, CASE WHEN r.{key} IS NULL THEN NULL "
                f"ELSE casino_record_text(r, ARRAY[{apart}]::text[]) END)",
        entry="e.record", gone=f"r.{key} IS NULL", checks=checks)


def follows_its_events(event_model) -> str:
    """SQL: the rows of the tracked model that are not what their last audit event says
    (changed without one), have none, or are gone without a removal event."""
    tracked = event_model.pgh_tracked_model
    row, key = tracked._meta.db_table, tracked._meta.pk.column
    compared = _compared_columns(event_model)
    removals = [t.label for t in event_model.pgh_trackers
                if isinstance(t, pghistory.DeleteEvent)] or [""]
    labels = ", ".join(f"'{label}'" for label in removals)
    live = ", ".join(f"m.{c}" for c in compared)
    said = ", ".join(f"last.{c}" for c in compared)
    noun = str(tracked._meta.verbose_name)
    return f"""
SELECT '{noun} ' || coalesce(m.{key}::text, last.pgh_obj_id::text), '{event_model._meta.db_table}'
  FROM (SELECT DISTINCT ON (pgh_obj_id) * FROM {event_model._meta.db_table}
         ORDER BY pgh_obj_id, pgh_id DESC) last
  FULL JOIN {row} m ON m.{key} = last.pgh_obj_id
 WHERE last.pgh_obj_id IS NULL
    OR (m.{key} IS NULL AND last.pgh_label NOT IN ({labels}))
    OR (m.{key} IS NOT NULL AND (last.pgh_label IN ({labels})
                                 OR ROW({live}) IS DISTINCT FROM ROW({said})))
 ORDER BY 1"""


def _compared_columns(event_model) -> list[str]:
    """The tracked row's columns its events copy, less those whose changes write no event
    (a meter's balances: they follow the meter's own ledger)."""
    tracked = event_model.pgh_tracked_model
    copied = {f.column for f in event_model._meta.concrete_fields
              if not f.name.startswith("pgh_")}
    columns = [f.column for f in tracked._meta.concrete_fields if f.column in copied]
    for tracker in event_model.pgh_trackers:
        condition = getattr(tracker, "condition", None)
        if isinstance(tracker, pghistory.UpdateEvent) and condition is not None:
            named = {tracked._meta.get_field(f).column for f in getattr(condition, "fields", [])}
            apart = {tracked._meta.get_field(f).column for f in getattr(condition, "exclude", [])}
            columns = [c for c in columns if (not named or c in named) and c not in apart]
    return columns
