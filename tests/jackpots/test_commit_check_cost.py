"""The meter's commit-time check (``payouts_meter_follows_ledger``) costs the same on a
meter of 10 entries as on one of 100,000 (issue 44, point 5a): it runs at the commit of
every round while the shared meter's row is locked, so a cost that grows with the ledger
slows the whole floor within a day.

The check is counted in rows read (the rows PostgreSQL's own counters for the
transaction count, read by a sequential scan or through an index) under a generic plan,
the plan PL/pgSQL keeps for a function's statements once it has run them a few times.
Index entries are not compared: an index's entries for row versions that are dead and
not yet marked so depend on when autovacuum last passed, not on the ledger's length.

The ledger is preloaded through the database's own doors, every trigger on: entries
written by plain SQL as the application role (one INSERT ... SELECT generate_series a
batch, each entry adding up to the one before it and chained by the database), the
meter's row moved to match in the same transaction, as the feed does. Batches of 2,000
entries, each committed: the whole 100,000 in one transaction would make PostgreSQL walk
the meter's own row versions, which no one transaction of the floor writes. Then the
tables are analyzed (by the owner: the application role may not), as autovacuum would
on a casino's database."""

from __future__ import annotations

from django.db import connection, transaction
from django.utils import timezone

BATCH = 2000

ENTRIES = """
INSERT INTO payouts_meterentry (progressive_id, meter, kind, amount, balance_after, wagers,
                                reason, created_at, gaming_day, prev_hash, row_hash)
SELECT %(id)s, CASE WHEN i %% 2 = 0 THEN 'meter' ELSE 'reserve' END, 'contribution', 1.00,
       CASE WHEN i %% 2 = 0 THEN %(meter)s ELSE %(reserve)s END + (i + 1) / 2, 5.00, '',
       now(), %(day)s, '', ''
  FROM generate_series(1, %(count)s) AS i ORDER BY i
"""

# Rows read in this transaction, sequentially and through an index, over every table.
READ = """
SELECT coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0)
  FROM pg_stat_xact_user_tables
"""


def add_entries(progressive, count: int, analyze) -> None:
    """``count`` entries, alternately on the meter and the reserve, in committed
    batches, the meter's row following its ledgers; the tables analyzed after the first
    batch and the last, as autovacuum would (a plan kept from when the ledger was small
    would read it whole for every entry)."""
    first = True
    while count > 0:
        batch, count = min(count, BATCH), count - BATCH
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT amount, reserve FROM payouts_progressive WHERE id = %s "
                           "FOR UPDATE", [progressive.pk])
            meter, reserve = cursor.fetchone()
            cursor.execute(ENTRIES, {"id": progressive.pk, "meter": meter, "reserve": reserve,
                                     "count": batch,
                                     "day": progressive.books_day(timezone.now())})
            cursor.execute("UPDATE payouts_progressive SET amount = amount + %s, "
                           "reserve = reserve + %s WHERE id = %s",
                           [batch // 2, (batch + 1) // 2, progressive.pk])
        if first:
            analyze()
            first = False
    analyze()


def entries() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM payouts_meterentry")
        return cursor.fetchone()[0]


def rows_the_check_reads(progressive, plan: str) -> int:
    """The check queued by a change of the meter's row (what a round's feed does), then
    run as COMMIT runs it; the rows it read, counted around it alone."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL plan_cache_mode = {plan}")
        cursor.execute("UPDATE payouts_progressive SET amount = amount WHERE id = %s",
                       [progressive.pk])
        cursor.execute(READ)
        before = cursor.fetchone()[0]
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # the check runs here
        cursor.execute(READ)
        after = cursor.fetchone()[0]
        transaction.set_rollback(True)
    return after - before


def test_the_meters_commit_check_reads_as_many_rows_at_100000_entries_as_at_10(
        progressive, owner_sql):
    def analyze():
        owner_sql("ANALYZE")

    add_entries(progressive, 10 - entries(), analyze)  # the seed's entry, and 9 more
    assert entries() == 10
    small = rows_the_check_reads(progressive, "force_generic_plan")

    add_entries(progressive, 100_000 - entries(), analyze)
    assert entries() == 100_000
    large = rows_the_check_reads(progressive, "force_generic_plan")

    assert large == small, f"the check read {small} rows at 10 entries, {large} at 100,000"
