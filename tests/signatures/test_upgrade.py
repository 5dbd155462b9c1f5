"""The upgrade to the service's signatures (issue 45, point 8): `manage.py sign_records`
signs the records written before them, after verifying the old chains; a record of a
ledger found broken is reported and never signed."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from casino.common import proof
from tables.comps.models import CompEntry

pytestmark = pytest.mark.django_db(transaction=True)


def _forget_signatures(owner_sql) -> None:
    """The database as it was before the release: records and no signature."""
    owner_sql("BEGIN; SET LOCAL session_replication_role = replica; "
              "DELETE FROM casino_signature; DELETE FROM casino_signaturechainend; COMMIT")


def test_records_from_before_the_signatures_are_signed_once_the_old_chains_hold(
        rated, owner_sql, capsys):
    _forget_signatures(owner_sql)
    before = len(proof.breaks())
    assert before > 0  # every record unsigned
    call_command("sign_records")
    assert f"Signed {before} records; 0 tables left unsigned" in capsys.readouterr().out
    assert proof.breaks() == []
    call_command("sign_records")  # again: nothing left to sign
    assert "Signed 0 records" in capsys.readouterr().out


def test_a_ledger_broken_before_the_upgrade_is_reported_and_never_signed(
        rated, owner_sql, capsys):
    _forget_signatures(owner_sql)
    entry = CompEntry.objects.get()
    owner_sql("BEGIN; SET LOCAL session_replication_role = replica; UPDATE tables_compentry "
              f"SET amount = amount + 100 WHERE id = {entry.pk}; COMMIT")
    call_command("sign_records")
    captured = capsys.readouterr()
    assert f"The comp ledger: entry {entry.pk} does not match its content" in captured.err
    assert "tables_compentry: not signed, its ledger is broken (above)." in captured.err
    assert [b["entry"] for b in proof.breaks()] == [f"tables_compentry {entry.pk}"]
