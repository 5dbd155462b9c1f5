"""Sealing a table's record costs the same however many seals the other tables wrote
since its last one (issue 44, point 5a, the round's transaction surveyed beyond the
meter): the sealing function reads the table's chain end by its key (SealChainEnd,
migration tables 0047), not the table's last seal by ORDER BY id DESC LIMIT 1, whose
generic plan walked every table's seals backwards until it met one of this table's.

Counted in rows read (PostgreSQL's counters for the transaction, sequential and through
an index) under a generic plan, the plan PL/pgSQL keeps once a function has run a few
times, as tests/jackpots/test_commit_check_cost.py counts the meter's check. The other
table's seals are written by the sealing function itself, as the owner, for records
that do not exist (their content reads "missing": nothing here verifies them)."""

from __future__ import annotations

from django.db import connection, transaction

from tests.jackpots.test_commit_check_cost import READ

# Record ids no round of the test has.
FAKE = 10**12


def seal_others(owner_sql, table, count: int, start: int) -> None:
    for first in range(start, start + count, 2000):
        owner_sql("SELECT tables_seal('stud_round', %s + i, %s) "
                  "FROM generate_series(0, %s) AS i",
                  [FAKE + first, table.pk, min(2000, start + count - first) - 1])
    owner_sql("ANALYZE tables_recordseal")
    owner_sql("ANALYZE tables_sealchainend")


def rows_a_seal_reads(table, record: int) -> int:
    """One seal of ``table``'s, as a record's commit writes it, rolled back; the rows it
    read, counted around it alone."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL plan_cache_mode = force_generic_plan")
        cursor.execute(READ)
        before = cursor.fetchone()[0]
        cursor.execute("SELECT tables_seal('poker_hand', %s, %s)", [record, table.pk])
        cursor.execute(READ)
        after = cursor.fetchone()[0]
        transaction.set_rollback(True)
    return after - before


def test_a_seal_reads_as_many_rows_after_20000_other_seals_as_after_10(
        stud_table, other_table, owner_sql):
    owner_sql("SELECT tables_seal('poker_hand', %s, %s)", [FAKE, stud_table.pk])
    seal_others(owner_sql, other_table, 10, 1)
    small = rows_a_seal_reads(stud_table, FAKE + 1)

    seal_others(owner_sql, other_table, 20_000, 11)
    large = rows_a_seal_reads(stud_table, FAKE + 1)

    assert large == small, f"a seal read {small} rows after 10 other seals, {large} after 20,000"


def test_the_chain_goes_on_from_its_end(stud_table, other_table, owner_sql):
    owner_sql("SELECT tables_seal('poker_hand', %s, %s)", [FAKE, stud_table.pk])
    seal_others(owner_sql, other_table, 3, 1)
    owner_sql("SELECT tables_seal('poker_hand', %s, %s)", [FAKE + 1, stud_table.pk])

    chain = owner_sql("SELECT id, prev_hash, row_hash FROM tables_recordseal "
                      "WHERE table_id = %s ORDER BY id", [stud_table.pk])
    ends = owner_sql("SELECT table_id, seal_id, row_hash FROM tables_sealchainend "
                     "ORDER BY table_id")
    assert chain[0][1] == ""
    assert chain[1][1] == chain[0][2]
    assert (stud_table.pk, chain[1][0], chain[1][2]) in ends
    assert len(ends) == 2
