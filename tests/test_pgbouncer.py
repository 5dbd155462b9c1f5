"""Everything through a real PgBouncer in transaction pooling (Debian's pgbouncer 1.18),
as the service runs with DATABASE_PGBOUNCER=1: each transaction may get another server
connection, two server connections serve every thread here, so anything kept at the
session level would leak or vanish. Recording on one meter from four tables at once
(row locks, SET CONSTRAINTS, the chains the database computes), settlement, a void's
advisory lock, idempotency, the audit context, the seals and a report.

The suite's PostgreSQL trusts 127.0.0.1, so PgBouncer does too ("trust" still checks the
user names it knows); the cluster drill runs it with passwords (scripts/cluster.py)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from django.db import connection, connections

from bench.stack import free_port
from bench.stack_pgbouncer import PgBouncer
from casino import config
from tests.conftest import missing_service
from tests.db_roles import ROLES
from tests.helpers import deal_at_once, linked_floor, reconciles

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("pgbouncer")]
ROUNDS_PER_TABLE = 12




@pytest.fixture(scope="module")
def bouncer():
    if not PgBouncer.available():
        missing_service("needs PgBouncer (Debian's pgbouncer)")
    database = connections["default"].settings_dict
    users = {name: "" for name, _ in ROLES.values()} or {database["USER"]: ""}
    # Not under pytest's own temporary directory: PgBouncer runs as postgres (it refuses
    # root), and that one is root's alone.
    work = Path(tempfile.mkdtemp(prefix="casino-pgbouncer-"))
    work.chmod(0o755)
    bouncer = PgBouncer(work, port=free_port(),
                        server_port=int(database["PORT"] or 5432),
                        server_host=database["HOST"] or "127.0.0.1", users=users,
                        pool_size=2, auth="trust")
    bouncer.start()
    yield bouncer
    bouncer.stop()
    shutil.rmtree(work, ignore_errors=True)


@pytest.fixture
def through_pgbouncer(transactional_db, bouncer):
    """The default database, for this test's every thread, through PgBouncer with the
    settings DATABASE_PGBOUNCER=1 gives (config.through_pgbouncer)."""
    database = connection.settings_dict
    before = {key: database.get(key) for key in ("HOST", "PORT", "OPTIONS",
                                                 "DISABLE_SERVER_SIDE_CURSORS")}
    connection.close()
    database.update(config.through_pgbouncer(database), HOST="127.0.0.1",
                    PORT=str(bouncer.port))
    yield bouncer
    connection.close()
    database.update(before)


def served(bouncer) -> int:
    return bouncer.stats(connection.settings_dict["NAME"])["transactions"]



def test_four_tables_on_one_meter_through_two_pooled_connections_lose_nothing(
        through_pgbouncer):
    from casino.common import chains
    from payouts.jackpots.models import HitStatus, JackpotHit, MeterEntry
    from tables.stud.models import StudRound

    meter, tables = linked_floor()
    before = served(through_pgbouncer)

    deal_at_once(tables, ROUNDS_PER_TABLE)

    rounds = len(tables) * ROUNDS_PER_TABLE
    assert StudRound.objects.count() == rounds
    assert MeterEntry.objects.filter(progressive=meter, kind="contribution",
                                     meter="meter").count() == rounds
    reconciles(meter.pk)
    assert not JackpotHit.objects.filter(status=HitStatus.PENDING).exists()
    assert chains.breaks() == []
    # Each round is at least its own transaction, and every one went through PgBouncer.
    assert served(through_pgbouncer) - before >= rounds


def test_a_void_an_idempotent_replay_the_audit_context_and_the_seals_through_pgbouncer(
        through_pgbouncer, api, supervisor, dealer, live_table):
    from casino.common import audit, chains, seals
    from tables.floor.services import table_update
    from tables.stud.models import StudRound
    from tables.stud.services import stud_round_void

    body = {"dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
            "seats": [{"seat": 1, "ante": "10.00", "decision": "raise",
                       "cards": ["Ah", "Ad", "Kc", "Ks", "3d"]}]}
    url = f"/api/v1/tables/{live_table.pk}/stud-rounds/"
    first = api.as_user(dealer).post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="tab-9")
    again = api.as_user(dealer).post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="tab-9")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["id"] == again.json()["id"]
    assert StudRound.objects.filter(idempotency_key="tab-9").count() == 1

    stud_round_void(actor=supervisor, round_=StudRound.objects.get(idempotency_key="tab-9"),
                    reason="misdeal")  # its advisory lock is the transaction's own

    with audit.changed_by(supervisor, "renamed for the evening"):
        table_update(actor=supervisor, table=live_table, label="CS-9")
    # The change's audit event carries who made it: the context was set in the very
    # transaction that wrote it, whichever server connection that was.
    event = live_table.events.order_by("-pgh_id").first()
    assert event.label == "CS-9"
    assert event.pgh_context.metadata["user"] == supervisor.pk

    assert seals.seal_pending() > 0
    assert chains.breaks() == []


def test_a_report_through_pgbouncer(through_pgbouncer, api, accountant, live_table,
                                    play_round):
    from tests.reports.conftest import at

    play_round(live_table, at(2026, 3, 3, 9))
    before = served(through_pgbouncer)
    answer = api.as_user(accountant).get("/api/v1/reports/stud/",
                                         {"from": "2026-03-03", "to": "2026-03-03"})
    assert answer.status_code == 200
    assert len(answer.json()["rows"]) == 1
    assert served(through_pgbouncer) > before


def test_the_settings_for_pgbouncer_drop_what_it_refuses_and_what_outlives_a_transaction():
    pooled = config.through_pgbouncer({"NAME": "casino", "OPTIONS": {
        "options": "-c jit=off", "connect_timeout": 2}})
    assert pooled == {"NAME": "casino", "DISABLE_SERVER_SIDE_CURSORS": True,
                      "OPTIONS": {"connect_timeout": 2}}
