"""The audit trail holds against the database's owner: its events are sealed, and every
audited row must say what its last event says. A casino renamed with the audit trigger
switched off, or the event of a rename deleted, is found."""

from __future__ import annotations

import pytest

from casino.common import seals
from casino.common.chains import breaks
from tables.floor.services import casino_update

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_row_changed_with_the_audit_trigger_off_is_found(us_casino, owner_sql):
    seals.seal_pending()
    assert breaks() == []
    owner_sql("ALTER TABLE tables_casino DISABLE TRIGGER USER")
    owner_sql("UPDATE tables_casino SET timezone = 'Pacific/Kiritimati' WHERE id = %s",
              [us_casino.pk])
    owner_sql("ALTER TABLE tables_casino ENABLE TRIGGER USER")
    assert [(b["ledger"], b["entry"]) for b in breaks()] == [
        ("tables_casinoevent", f"casino {us_casino.pk}")]


def test_a_deleted_audit_event_is_found(us_casino, supervisor, owner_sql):
    from casino.house.models import Casino

    casino_update(actor=supervisor, casino=us_casino, name="Harbor Renamed")
    event = Casino.pgh_event_model.objects.filter(pgh_obj_id=us_casino.pk).latest("pgh_id")
    seals.seal_pending()
    assert breaks() == []
    owner_sql("ALTER TABLE tables_casinoevent DISABLE TRIGGER USER")
    owner_sql("DELETE FROM tables_casinoevent WHERE pgh_id = %s", [event.pgh_id])
    owner_sql("ALTER TABLE tables_casinoevent ENABLE TRIGGER USER")
    found = {(b["ledger"], b["entry"], b["broken"]) for b in breaks()}
    assert found == {
        ("tables_casinoevent", str(event.pgh_id), "record (it was removed)"),
        # and the casino no longer says what its last remaining event says
        ("tables_casinoevent", f"casino {us_casino.pk}",
         "last audit event (the row was changed or removed without a trace)")}
