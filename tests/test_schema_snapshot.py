"""The schema snapshot (issue 44, point 22): bin/demo's first start makes an empty
database's tables from it in seconds, then `migrate` runs the migrations newer than it.
It stands for the migrations only while each one it holds is on disk unchanged, and what
it makes, migrated on, is the schema the migrations make."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader

from casino.management.commands import schema_snapshot as snapshot
from tests.db_roles import ROLES

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = "casino_schema_snapshot_check"

# What a schema is made of, by name: tables and their columns, constraints, indexes,
# triggers and functions, and the migrations recorded as applied.
CATALOG = """
    SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' '
           || is_nullable || ' ' || coalesce(column_default, '')
      FROM information_schema.columns WHERE table_schema = 'public'
    UNION ALL
    SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' '
           || pg_get_constraintdef(oid)
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    UNION ALL
    SELECT 'index ' || indexname || ' ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL
    SELECT 'trigger ' || tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text
      FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL
    SELECT 'function ' || proname || ' ' || md5(prosrc)
      FROM pg_proc WHERE pronamespace = 'public'::regnamespace
    UNION ALL
    SELECT 'migration ' || app || '.' || name FROM django_migrations
"""


def test_a_snapshot_stands_for_the_migrations_only_while_each_is_unchanged():
    on_disk = snapshot.digests(MigrationLoader(None, ignore_no_migrations=True))
    held = dict(list(on_disk.items())[:3])

    assert snapshot.stale_reason(held, on_disk) == ""   # newer migrations run after it
    changed = {**held, next(iter(held)): "0" * 64}
    assert "has changed since" in snapshot.stale_reason(changed, on_disk)
    renamed = {**held, "tables.0999_renumbered": "0" * 64}
    assert snapshot.stale_reason(renamed, on_disk) == (
        "its migration tables.0999_renumbered is no longer on disk (renamed?)")


def test_the_snapshot_on_disk_holds_migrations_that_are_on_disk_unchanged():
    held, sql = snapshot.read()
    on_disk = snapshot.digests(MigrationLoader(None, ignore_no_migrations=True))
    assert snapshot.stale_reason(held, on_disk) == "", (
        "Regenerate it: python manage.py schema_snapshot --write (docs/testing.md)")
    assert "CREATE TABLE public.tables_studround" in sql


def _owner(dbname: str):
    params = connection.get_connection_params()
    user, password = ROLES.get("owner", (params.get("user"), params.get("password")))
    params.update(dbname=dbname, user=user, password=password or None, autocommit=True)
    params.pop("cursor_factory", None)
    params.pop("context", None)
    return psycopg.connect(**{k: v for k, v in params.items() if v is not None})


# A CHECK read back from pg_dump's text is deparsed with its casts and brackets placed
# otherwise ("ANY (ARRAY[('a'::varchar)::text])" for "ANY ((ARRAY['a'::varchar])::text[])"):
# compared without them.
CASTS_AND_BRACKETS = re.compile(r"::[a-z ]+(\[\])?|[()]")


def _catalog(dbname: str) -> set[str]:
    with _owner(dbname) as conn:
        return {CASTS_AND_BRACKETS.sub("", row[0]) if row[0].startswith("constraint ")
                else row[0] for row in conn.execute(CATALOG)}


@pytest.mark.slow
@pytest.mark.django_db
def test_the_snapshot_then_migrate_makes_the_schema_the_migrations_make():
    """Loaded on an empty database (as bin/demo does), then migrated: the same tables,
    columns, constraints, indexes, triggers and functions as the test database, which
    the migrations made one by one."""
    tested = connection.settings_dict["NAME"]
    with _owner("postgres") as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{SCRATCH}"')
        admin.execute(f'CREATE DATABASE "{SCRATCH}"')
    try:
        params = connection.get_connection_params()
        user, password = ROLES.get("owner", (params.get("user"), ""))
        url = (f"postgres://{user}:{password or ''}@{params.get('host') or ''}"
               f":{params.get('port') or 5432}/{SCRATCH}")
        env = {**os.environ, "DATABASE_URL": url}
        env.pop("DATABASE_CONNECT_AS_APP", None)
        for command in (["schema_snapshot", "--load"], ["migrate", "--noinput"]):
            done = subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env,
                                  capture_output=True, text=True, check=False)
            assert done.returncode == 0, done.stderr
            if command[0] == "schema_snapshot":
                assert "made from the schema snapshot" in done.stdout, done.stdout
        made, expected = _catalog(SCRATCH), _catalog(tested)
        assert sorted(made - expected) == []
        assert sorted(expected - made) == []
    finally:
        with _owner("postgres") as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{SCRATCH}"')
