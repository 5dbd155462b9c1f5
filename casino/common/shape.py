"""The database's shape that guards the books: every trigger (the append-only guards, the
audit trail's, the sealing and the signing ones) and whether it is on, every function of
the service's schema, every rule the tables hold their rows to (a unique index, a check),
and what the application role may do to each table. The shape the
migrations install is kept in the repository (casino/schema/shape.json, written by
`manage.py schema_shape --write` on a database just migrated, checked by a test); the live
one is read from PostgreSQL's catalogue and each difference named in words:
"trigger records_are_never_changed dropped (or disabled) on tables_compentry",
"casino_app may UPDATE tables_compentry". `verify_ledgers`, /healthz and
`check --deploy` report them, and each anchor signs the live shape's digest."""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path

from django.conf import settings
from django.db import DatabaseError, connection

EXPECTED = Path(__file__).resolve().parents[1] / "schema" / "shape.json"
# A definition as compared: without brackets and type casts, which PostgreSQL spells
# differently from one version to the next (15 nests a long OR and casts an array whole,
# 18 casts each element) and a restored dump differently from a migration.
PLAIN = r"::[a-z_ ]+(\[\])?|[()]"
ROLE = "<application role>"  # the role's name differs between places; the shape does not


def live() -> dict:
    """The shape as the catalogue says it is now."""
    role = settings.DATABASE_APP_ROLE
    with connection.cursor() as cursor:
        cursor.execute("""
            SELECT c.relname, t.tgname, t.tgenabled <> 'D',
                   md5(regexp_replace(pg_get_triggerdef(t.oid), %(plain)s, '', 'g'))
              FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
              JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = 'public' AND NOT t.tgisinternal""", {"plain": PLAIN})
        triggers = {f"{table}|{name}": [on, definition]
                    for table, name, on, definition in cursor.fetchall()}
        cursor.execute("""
            SELECT c.relname, i.relname, md5(regexp_replace(pg_get_indexdef(i.oid),
                                                            %(plain)s, '', 'g'))
              FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
              JOIN pg_class c ON c.oid = x.indrelid
              JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = 'public' AND x.indisunique
            UNION ALL
            SELECT c.relname, k.conname, md5(regexp_replace(pg_get_constraintdef(k.oid),
                                                            %(plain)s, '', 'g'))
              FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
              JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = 'public' AND k.contype = 'c'""", {"plain": PLAIN})
        rules = {f"{table}|{name}": definition for table, name, definition in cursor.fetchall()}
        cursor.execute("""
            SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')',
                   p.prosrc, p.prosecdef, coalesce(array_to_string(p.proconfig, ','), '')
              FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
             WHERE n.nspname = 'public' AND NOT EXISTS (
                   SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')""")
        functions = {name: _digest(source.replace(role, ROLE), definer, config)
                     for name, source, definer, config in cursor.fetchall()}
        cursor.execute("""
            SELECT table_name, privilege_type FROM information_schema.role_table_grants
             WHERE grantee = %s AND table_schema = 'public'
            UNION SELECT table_name, privilege_type || ' (' || column_name || ')'
              FROM information_schema.column_privileges
             WHERE grantee = %s AND table_schema = 'public' AND privilege_type = 'UPDATE'
               AND NOT EXISTS (SELECT 1 FROM information_schema.role_table_grants g
                                WHERE g.grantee = %s AND g.table_name = column_privileges.table_name
                                  AND g.privilege_type = 'UPDATE')""", [role, role, role])
        grants: dict[str, list[str]] = {}
        for table, privilege in cursor.fetchall():
            grants.setdefault(table, []).append(privilege)
    return {"triggers": dict(sorted(triggers.items())), "rules": dict(sorted(rules.items())),
            "functions": dict(sorted(functions.items())),
            "grants": {table: sorted(each) for table, each in sorted(grants.items())}}


def _digest(*parts) -> str:
    return hashlib.md5("\x1f".join(map(str, parts)).encode()).hexdigest()


def digest(shape: dict) -> str:
    return hashlib.sha256(json.dumps(shape, sort_keys=True).encode()).hexdigest()


def expected() -> dict | None:
    return json.loads(EXPECTED.read_text()) if EXPECTED.exists() else None


def write() -> dict:
    shape = live()
    EXPECTED.write_text(json.dumps(shape, indent=1, sort_keys=True) + "\n")
    return shape


def differences(now: dict | None = None, wanted: dict | None = None) -> list[str]:
    """Each way the live shape differs from the migrations', in words."""
    now = live() if now is None else now
    wanted = expected() if wanted is None else wanted
    if wanted is None:
        return ["the shape the migrations install is not in the repository "
                "(casino/schema/shape.json)"]
    return sorted([*_triggers(now["triggers"], wanted["triggers"]),
                   *_named("rule", now["rules"], wanted.get("rules", {})),
                   *_named("function", now["functions"], wanted["functions"]),
                   *_grants(now["grants"], wanted["grants"])])


def _triggers(now: dict, wanted: dict) -> list[str]:
    said = []
    for key, (on, definition) in wanted.items():
        table, name = key.split("|")
        if key not in now:
            said.append(f"trigger {name} dropped on {table}")
        elif on and not now[key][0]:
            said.append(f"trigger {name} disabled on {table}")
        elif now[key][1] != definition:
            said.append(f"trigger {name} on {table} changed")
    return said + [f"trigger {key.split('|')[1]} added on {key.split('|')[0]}"
                   for key in now.keys() - wanted.keys()]


def _named(what: str, now: dict, wanted: dict) -> list[str]:
    """Rules ("table|name") and functions ("name(arguments)"), by their definitions."""
    def said(key: str, how: str) -> str:
        table, _, name = key.rpartition("|")
        return f"{what} {name} {how}" + (f" on {table}" if table else "")
    changed = "replaced" if what == "function" else "changed"
    return ([said(key, "dropped") for key in wanted.keys() - now.keys()]
            + [said(key, changed) for key in wanted.keys() & now.keys()
               if now[key] != wanted[key]]
            + [said(key, "added") for key in now.keys() - wanted.keys()])


def _grants(now: dict, wanted: dict) -> list[str]:
    role, said = settings.DATABASE_APP_ROLE, []
    for table in sorted(wanted.keys() | now.keys()):
        have, should = set(now.get(table, [])), set(wanted.get(table, []))
        said += [f"{role} may {privilege} {table}" for privilege in sorted(have - should)]
        said += [f"{role} may no longer {privilege} {table}"
                 for privilege in sorted(should - have)]
    return said


def breaks() -> list[dict]:
    """The differences, in the shape chains.sentence() words."""
    return [{"ledger": "database", "entry": "shape", "broken": each, "chain": {},
             "sentence": f"The database's guards differ from what the migrations install: "
                         f"{each}."} for each in differences()]


def on_healthz() -> dict | None:
    """/healthz's "guards": whether the database's guards are as the migrations install
    them, and each difference; read from the catalogue at most once a minute per
    process (a load balancer asks every few seconds)."""
    if time.monotonic() - _SEEN["at"] > 60 or _SEEN["found"] is None:
        try:
            _SEEN.update(found=differences(), at=time.monotonic())
        except DatabaseError:
            return None
    return {"intact": not _SEEN["found"], "differences": _SEEN["found"]}


_SEEN: dict = {"at": 0.0, "found": None}
