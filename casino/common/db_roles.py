"""Two database roles. The owner creates the tables and runs the migrations; the service
connects as the application role, which holds only what the floor needs:

- records, ledgers and audit events (every table whose triggers say "never changed,
  never deleted", and every pghistory event table): SELECT and INSERT only;
- kept configuration (casinos, tables, paytables, progressives, jackpot hits ...):
  no DELETE, and UPDATE only on the columns that legitimately change, where an app
  names them;
- everything else (users, sessions, tokens, lockouts, export jobs): SELECT, INSERT,
  UPDATE, DELETE;
- nowhere TRUNCATE, REFERENCES or TRIGGER, and no table of its own: it cannot ALTER,
  DROP or disable a trigger.

``migrate`` applies this after every run (casino.apps: post_migrate), so a new table gets
its grants with the migration that makes it. The same step takes two switches away from
the application role: pghistory's context rows are written by a SECURITY DEFINER
function instead of by the role itself, and pgtrigger's ``SET pgtrigger.ignore`` is
honoured only for other roles (the owner's data migrations)."""

from __future__ import annotations

import pgtrigger
from django.apps import apps
from django.db import connection, transaction
from psycopg import sql

RECORD = ("SELECT", "INSERT")
WORKING = ("SELECT", "INSERT", "UPDATE", "DELETE")


# Tables whose rows stay: no DELETE; UPDATE on these columns only (every column: empty).
_KEPT: dict[str, tuple[str, ...]] = {}
_RECORDS: set[str] = set()
_READ_ONLY: set[str] = set()


def keep(model, *, update: tuple[str, ...] = ()) -> None:
    """Registered by the app that owns ``model``, from its ready()."""
    _KEPT[model._meta.db_table] = tuple(model._meta.get_field(name).column for name in update)


def append_only() -> list[pgtrigger.Protect]:
    """Triggers that refuse UPDATE and DELETE: a record is corrected by a new record (and
    its table is then granted SELECT and INSERT only)."""
    return [pgtrigger.Protect(name="records_are_never_changed", operation=pgtrigger.Update),
            pgtrigger.Protect(name="records_are_never_deleted", operation=pgtrigger.Delete)]


def record(model) -> None:
    """A table written once and never changed, whose triggers do not already say so."""
    _RECORDS.add(model._meta.db_table)


def written_by_the_database(model) -> None:
    """A table only the database's own functions write (the seals, as the owner): the role
    may read it, never add to it."""
    _READ_ONLY.add(model._meta.db_table)


def _protected_operations(model) -> set[str]:
    operations = set()
    for trigger in getattr(model._meta, "triggers", []):
        if isinstance(trigger, pgtrigger.Protect) and trigger.condition is None:
            operations |= {str(op).upper() for op in
                           str(trigger.operation).replace(" OR ", " ").split()}
    return operations


def is_record(model) -> bool:
    import pghistory.models

    table = model._meta.db_table
    return (table in _RECORDS or {"UPDATE", "DELETE"} <= _protected_operations(model)
            or issubclass(model, pghistory.models.Event))


def table_access() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """db_table -> (table privileges, columns the role may UPDATE when limited)."""
    import pghistory.models

    access = {}
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if meta.proxy or meta.db_table in access:
            continue
        if not meta.managed or model is pghistory.models.Context or \
                meta.db_table in _READ_ONLY:
            access[meta.db_table] = (("SELECT",), ())
        elif is_record(model):
            access[meta.db_table] = (RECORD, ())
        elif meta.db_table in _KEPT:
            columns = _KEPT[meta.db_table]
            access[meta.db_table] = (RECORD, columns) if columns else (
                ("SELECT", "INSERT", "UPDATE"), ())
        else:
            access[meta.db_table] = (WORKING, ())
    access["django_migrations"] = (("SELECT",), ())
    return access


def _existing_tables(cursor) -> set[str]:
    cursor.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
                   "UNION SELECT viewname FROM pg_views WHERE schemaname = 'public'")
    return {name for (name,) in cursor.fetchall()}


def role_exists(cursor, role: str) -> bool:
    cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role])
    return cursor.fetchone() is not None


def may_create_roles(cursor) -> bool:
    cursor.execute("SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user")
    return cursor.fetchone()[0]


def create_role(cursor, role: str, password: str = "") -> None:
    """The application role, able to log in (with ``password``, else by trust or peer)."""
    statement = sql.SQL("CREATE ROLE {} LOGIN").format(sql.Identifier(role))
    if password:
        statement += sql.SQL(" PASSWORD {}").format(sql.Literal(password))
    cursor.execute(statement.as_string(cursor.connection))


def _ignore_function(role: str) -> sql.Composed:
    # pgtrigger re-creates this function with every trigger it installs; migrate ends
    # with this version, which never lets the application role switch a trigger off.
    return sql.SQL("""
CREATE OR REPLACE FUNCTION public._pgtrigger_should_ignore(trigger_name NAME)
RETURNS BOOLEAN AS $$
    DECLARE
        _pgtrigger_ignore TEXT[];
    BEGIN
        IF session_user = {role} THEN
            RETURN FALSE;
        END IF;
        BEGIN
            SELECT INTO _pgtrigger_ignore CURRENT_SETTING('pgtrigger.ignore');
            EXCEPTION WHEN OTHERS THEN
        END;
        RETURN _pgtrigger_ignore IS NOT NULL AND trigger_name = ANY(_pgtrigger_ignore);
    END;
$$ LANGUAGE plpgsql""").format(role=sql.Literal(role))


def grant_statements(role: str, tables: set[str]) -> list[sql.Composable]:
    name = sql.Identifier(role)
    statements: list[sql.Composable] = [
        sql.SQL("REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {}").format(name),
        sql.SQL("REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM {}").format(name),
        sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(name),
        sql.SQL("GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO {}").format(name),
    ]
    for table, (privileges, columns) in sorted(table_access().items()):
        if table not in tables:
            continue
        statements.append(sql.SQL("GRANT {} ON {} TO {}").format(
            sql.SQL(", ").join(map(sql.SQL, privileges)), sql.Identifier(table), name))
        if columns:
            statements.append(sql.SQL("GRANT UPDATE ({}) ON {} TO {}").format(
                sql.SQL(", ").join(map(sql.Identifier, columns)), sql.Identifier(table), name))
    if "pghistory_context" in tables:
        statements.append(sql.SQL("ALTER FUNCTION public._pgh_attach_context() "
                                  "SECURITY DEFINER SET search_path = public, pg_temp"))
    statements.append(_ignore_function(role))
    return statements


def grant_app_role(role: str, *, using=None) -> bool:
    """Give ``role`` exactly its privileges; False (and nothing done) if it does not exist."""
    db = using or connection
    # One transaction: the running service never sees the moment between REVOKE and GRANT.
    with transaction.atomic(using=db.alias), db.cursor() as cursor:
        if not role_exists(cursor, role):
            return False
        tables = _existing_tables(cursor)
        for statement in grant_statements(role, tables):
            cursor.execute(statement.as_string(cursor.connection))
    return True
