"""The database's guards (its triggers, functions and the application role's grants) are
checked against the shape the migrations install (casino/schema/shape.json): an owner who
switches a guard off or grants himself more is named by verify_ledgers and check --deploy
(issue 45, point 3; the audit's kind 23)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from casino.checks import guards_as_migrated
from casino.common import shape, signing

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_test_database_has_the_shape_the_repository_keeps(client):
    # A migration that adds or changes a guard writes the shape anew
    # (`manage.py schema_shape --write`, docs/decisions.md).
    assert shape.differences() == []
    shape._SEEN["found"] = None
    assert client.get("/healthz").json()["guards"] == {"intact": True, "differences": []}


def test_a_guard_switched_off_and_more_granted_is_named(owner_sql, capsys, client):
    role = settings.DATABASE_APP_ROLE
    [(append_only,)] = owner_sql(
        "SELECT tgname FROM pg_trigger WHERE tgrelid = 'tables_compentry'::regclass "
        "AND tgname LIKE 'pgtrigger_records_are_never_changed%%'")
    owner_sql(f"ALTER TABLE tables_compentry DISABLE TRIGGER {append_only}")
    owner_sql(f"DROP TRIGGER {signing.TRIGGER} ON tables_compentry")
    owner_sql(f"GRANT UPDATE, DELETE ON tables_compentry TO {role}")
    try:
        assert shape.differences() == sorted([
            f"trigger {append_only} disabled on tables_compentry",
            f"trigger {signing.TRIGGER} dropped on tables_compentry",
            f"{role} may DELETE tables_compentry",
            f"{role} may UPDATE tables_compentry"])
        with pytest.raises(CommandError, match="4 break"):
            call_command("verify_ledgers")
        shape._SEEN["found"] = None  # /healthz reads the catalogue once a minute
        shown = client.get("/healthz").json()["guards"]
        assert shown["intact"] is False
        assert f"{role} may UPDATE tables_compentry" in shown["differences"]
        said = guards_as_migrated(None, databases=["default"])
        assert {each.id for each in said} == {"casino.E006"}
        assert said[-2].msg.endswith(f"trigger {signing.TRIGGER} dropped on tables_compentry.")
    finally:
        owner_sql(f"ALTER TABLE tables_compentry ENABLE TRIGGER {append_only}")
        owner_sql(f"REVOKE UPDATE, DELETE ON tables_compentry FROM {role}")
        owner_sql(next(s for s in signing.tracking_statements()
                       if 'ON "tables_compentry"' in s))
    err = capsys.readouterr().err
    assert (f"The database's guards differ from what the migrations install: {role} may "
            "UPDATE tables_compentry.") in err
    assert shape.differences() == []
