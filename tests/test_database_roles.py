"""The attacks of issue 14, each tried with plain SQL as the application role (the role
every test connects as) and each refused. Balances moved without their ledger entries
are in test_ledger_constraints; rows altered by the owner, found by verify_ledgers, in
test_ledger_chain."""

from decimal import Decimal as D

import pytest
from django.apps import apps
from django.db import DatabaseError, connection

from casino.common.db_roles import table_access
from tests.helpers import attempt

pytestmark = pytest.mark.django_db


def public_tables() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
                       "ORDER BY tablename")
        return [name for (name,) in cursor.fetchall()]


def privilege(table: str, kind: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT has_table_privilege(current_user, %s, %s)", [table, kind])
        return cursor.fetchone()[0]


def test_the_tests_run_as_an_application_role_that_owns_nothing():
    with connection.cursor() as cursor:
        cursor.execute("""SELECT r.rolsuper, r.rolcreaterole, r.rolcreatedb, r.rolbypassrls,
                                 (SELECT count(*) FROM pg_tables WHERE tableowner = r.rolname)
                            FROM pg_roles r WHERE r.rolname = current_user""")
        assert cursor.fetchone() == (False, False, False, False, 0)
        cursor.execute("SELECT current_user")
        assert cursor.fetchone()[0] == "casino_app"


def test_no_table_can_be_truncated():
    tables = public_tables()
    assert len(tables) > 40
    for table in tables:
        assert not privilege(table, "TRUNCATE"), table
    with pytest.raises(DatabaseError, match="permission denied for table payouts_meterentry"):
        attempt("TRUNCATE payouts_meterentry CASCADE")


RECORDS = ["tables_studround", "tables_studseat", "tables_studroundvoid", "tables_pokerhand",
           "tables_pokerseat", "tables_pokerpot", "tables_pokerhandvoid",
           "tables_badbeatentry", "tables_timecollection", "tables_closedday",
           "tables_rakefigure", "tables_studfigure", "tables_meterfigure",
           "payouts_meterentry", "payouts_reconciliationcheck", "payouts_ledgercheck",
           "payouts_hitapproval", "payouts_w2gplayer",
           # table accounting (issue 17)
           "tables_inventoryslip", "tables_inventorysignature", "tables_discrepancy",
           "tables_chiprequest", "tables_chipslip", "tables_chipslipsignature",
           "tables_chipslipvoid", "tables_boxcount", "tables_countcorrection",
           "tables_variance", "tables_varianceexplanation",
           # who read which player, ratings and refused seatings (issue 29)
           "tables_playeraccess", "tables_rating", "tables_ratingchange",
           "tables_seatingrefused",
           # a closed rating's figures as they stood, comps given and decided, their
           # chained ledger (issue 29)
           "tables_ratingfigures", "tables_comp", "tables_compdecision", "tables_compentry",
           # the dealers' moves on the floor, the tables' hours (issue 31)
           "tables_dealermove", "tables_tablehour",
           # the card room's lists: who joined, each step, the seats taken and left (issue 32)
           "tables_entry", "tables_entrystep", "tables_seattaken", "tables_seatleft",
           # what a dealer's tablet queued and the service refused, and its resolution
           # (issue 33)
           "tables_heldentry", "tables_heldresolution",
           # the correction a held entry was recorded with, its body as held kept (issue 44)
           "tables_heldcorrection"]
AUDIT = ["tables_casinoevent", "tables_casinostaffevent", "tables_tableevent",
         "tables_tabledealerevent", "tables_staffaccountevent", "payouts_paytableevent",
         "payouts_rakescheduleevent", "payouts_progressiveevent", "payouts_jackpothitevent",
         "tables_accountingrulesevent",
         # the accounts' roles and permissions (issue 26)
         "tables_rolegrantevent", "tables_permissiongrantevent",
         # the group's players (issue 29)
         "tables_playerevent", "tables_comprulesevent", "tables_complimitevent",
         # the pit's rotation rules and each dealer's games (issue 31)
         "tables_rotationrulesevent", "tables_dealergamesevent",
         # the card room's rules and lists (issue 32)
         "tables_roomrulesevent", "tables_waitlistevent"]


@pytest.mark.parametrize("table", RECORDS + AUDIT)
def test_records_ledgers_and_audit_events_can_only_be_added_to(table):
    assert privilege(table, "SELECT")
    assert privilege(table, "INSERT")
    for kind in ("UPDATE", "DELETE", "TRUNCATE", "TRIGGER", "REFERENCES"):
        assert not privilege(table, kind), (table, kind)


def test_every_audit_table_of_the_service_is_in_the_list():
    import pghistory.models

    events = {m._meta.db_table for m in apps.get_models()
              if issubclass(m, pghistory.models.Event) and m._meta.managed}
    assert events == set(AUDIT)


def test_the_audit_trail_cannot_be_rewritten(us_casino):
    for table in AUDIT:
        with pytest.raises(DatabaseError, match=f"permission denied for table {table}"):
            attempt(f"UPDATE {table} SET pgh_label = 'nothing happened'")
        with pytest.raises(DatabaseError, match=f"permission denied for table {table}"):
            attempt(f"DELETE FROM {table}")
    for sql in ("UPDATE pghistory_context SET metadata = '{}'",
                "DELETE FROM pghistory_context",
                "INSERT INTO pghistory_context VALUES (gen_random_uuid(), now(), now(), '{}')"):
        with pytest.raises(DatabaseError, match="permission denied for table pghistory_context"):
            attempt(sql)


def test_an_audited_change_still_records_who_made_it(api, supervisor, us_casino):
    """The role cannot write context rows itself: the trigger's SECURITY DEFINER
    function does, so the trail keeps its who and why."""
    CasinoEvent = apps.get_model("house", "CasinoEvent")
    response = api.as_user(supervisor).patch(f"/api/v1/casinos/{us_casino.pk}/",
                                             {"name": "Harbor Lights"}, format="json")
    assert response.status_code == 200, response.content
    event = CasinoEvent.objects.filter(pgh_obj=us_casino).latest("pgh_id")
    assert event.name == "Harbor Lights"
    assert event.pgh_context.metadata["user"] == supervisor.pk


def test_a_jackpot_hit_keeps_its_identity_and_a_paid_hit_is_final(dealer, jackpot_table):
    from payouts.jackpots.models import JackpotHit
    from payouts.jackpots.settlement import settle_pending_hits
    from tables.stud.services import stud_round_record
    from tests.helpers import DEALER, ROYAL

    stud_round_record(actor=dealer, table=jackpot_table, dealer_cards=DEALER, seats=[ROYAL])
    hit = JackpotHit.objects.get()
    for column, value in (("wager", "100.00"), ("round_id", hit.round_id), ("seat", 7),
                          ("category", "royal_flush"), ("recorded_at", "2026-01-01")):
        with pytest.raises(DatabaseError, match="permission denied for table payouts_jackpothit"):
            attempt(f"UPDATE payouts_jackpothit SET {column} = %s WHERE id = %s",
                    [value, hit.pk])
    with pytest.raises(DatabaseError, match="permission denied for table payouts_jackpothit"):
        attempt("DELETE FROM payouts_jackpothit WHERE id = %s", [hit.pk])

    settle_pending_hits(jackpot_table.progressive_id)
    hit.refresh_from_db()
    assert hit.status == "paid"
    with pytest.raises(DatabaseError, match="Cannot update rows from payouts_jackpothit"):
        attempt("UPDATE payouts_jackpothit SET amount = amount * 2 WHERE id = %s", [hit.pk])
    with pytest.raises(DatabaseError, match="Cannot update rows from payouts_jackpothit"):
        attempt("UPDATE payouts_jackpothit SET status = 'pending' WHERE id = %s", [hit.pk])


def test_pgtrigger_ignore_switches_nothing_off_for_the_application_role(us_paytable):
    with connection.cursor() as cursor:
        cursor.execute("SELECT tgname FROM pg_trigger WHERE tgname LIKE "
                       "'pgtrigger_published_paytables_are_frozen%%'")
        name = cursor.fetchone()[0]
    with pytest.raises(DatabaseError, match="Cannot update rows from payouts_paytable"):
        attempt(f"SET LOCAL pgtrigger.ignore = '{{{name}}}'; "
                "UPDATE payouts_paytable SET max_payout = 1 WHERE id = %s", [us_paytable.pk])
    us_paytable.refresh_from_db()
    assert us_paytable.max_payout == D("5000.00")


@pytest.mark.parametrize("sql", [
    "ALTER TABLE payouts_meterentry DISABLE TRIGGER USER",
    "ALTER TABLE payouts_progressive DROP CONSTRAINT IF EXISTS anything",
    "DROP TRIGGER {append_only} ON payouts_meterentry",
    "SET session_replication_role = replica",
    "CREATE TABLE my_own (id int)",
    "CREATE OR REPLACE FUNCTION public._pgtrigger_should_ignore(trigger_name NAME) "
    "RETURNS BOOLEAN AS $$ BEGIN RETURN TRUE; END; $$ LANGUAGE plpgsql",
])
def test_the_application_role_cannot_switch_the_guards_off(sql):
    with connection.cursor() as cursor:
        cursor.execute("SELECT tgname FROM pg_trigger WHERE tgname LIKE "
                       "'pgtrigger_meter_ledger_is_append_only%%'")
        append_only = cursor.fetchone()[0]
    with pytest.raises(DatabaseError, match=r"must be owner|permission denied|not permitted"):
        attempt(sql.format(append_only=append_only))


def test_the_application_role_cannot_grant_itself_more():
    attempt("GRANT UPDATE, DELETE ON payouts_meterentry TO casino_app")  # only a warning
    assert not privilege("payouts_meterentry", "UPDATE")
    assert not privilege("payouts_meterentry", "DELETE")


def test_the_granted_privileges_are_the_policy():
    """What the database says the role holds is what casino.common.db_roles grants."""
    for table, (privileges, columns) in table_access().items():
        if table not in public_tables():
            continue
        for kind in ("SELECT", "INSERT", "UPDATE", "DELETE"):
            assert privilege(table, kind) == (kind in privileges), (table, kind)
        with connection.cursor() as cursor:
            cursor.execute("""SELECT column_name FROM information_schema.column_privileges
                               WHERE grantee = current_user AND table_name = %s
                                 AND privilege_type = 'UPDATE'""", [table])
            updatable = {name for (name,) in cursor.fetchall()}
        if columns:
            assert updatable == set(columns), table


# --- Issue 26: what the application role can no longer commit ---------------------------


def test_the_role_cannot_commit_a_ledger_entry_whose_balance_does_not_follow(progressive):
    from payouts.jackpots.models import MeterEntry

    last = MeterEntry.objects.filter(progressive=progressive, meter="meter").last()
    with pytest.raises(DatabaseError, match=r"must leave it at 10005\.00, not 1\.00"):
        attempt("INSERT INTO payouts_meterentry (progressive_id, meter, kind, amount, "
                "balance_after, wagers, reason, created_at, gaming_day, prev_hash, row_hash) "
                "VALUES (%s, 'meter', 'correction', 5.00, 1.00, 0, 'x', now(), %s, '', '')",
                [progressive.pk, last.gaming_day])


def test_the_role_cannot_commit_a_bad_beat_entry_whose_balance_does_not_follow(us_casino):
    from tables.poker.models import BadBeatFund

    fund = BadBeatFund.objects.create(casino=us_casino)
    with pytest.raises(DatabaseError, match=r"must leave it at 5\.00, not 1\.00"):
        attempt("INSERT INTO tables_badbeatentry (fund_id, kind, amount, balance_after, note, "
                "created_at, prev_hash, row_hash) VALUES (%s, 'drop', 5.00, 1.00, '', now(), "
                "'', '')", [fund.pk])


@pytest.mark.parametrize("statement", [
    "INSERT INTO tables_recordseal (table_id, kind, record_id, sealed_at, prev_hash, row_hash) "
    "SELECT id, 'stud_round', 987654, now(), '', '' FROM tables_table LIMIT 1",
    "INSERT INTO casino_seal (chain, record, sealed_at, prev_hash, row_hash) "
    "VALUES ('tables_boxcount', '987654', now(), '', '')",
])
def test_the_role_cannot_write_a_seal_for_a_record_that_does_not_exist(statement, stud_table):
    assert not privilege("tables_recordseal", "INSERT")
    assert not privilege("casino_seal", "INSERT")
    with pytest.raises(DatabaseError, match="permission denied for table"):
        attempt(statement)
