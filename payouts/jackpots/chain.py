"""The meter ledgers' hash chains, checked: each entry must hold the hash of the entry
before it in its ledger and the hash of its own content (both computed by the database
on insert, migration 0011). An altered, dropped or inserted row breaks the chain there."""

from __future__ import annotations

from django.db import connection

from payouts.jackpots.models import LedgerCheck

BREAKS = """
SELECT id, progressive_id, meter,
       CASE WHEN prev_hash IS DISTINCT FROM expected_prev THEN 'previous hash'
            ELSE 'content' END AS broken
  FROM (SELECT e.id, e.progressive_id, e.meter, e.prev_hash, e.row_hash,
               coalesce(lag(e.row_hash) OVER ledger, '') AS expected_prev,
               payouts_chain_hash(payouts_meterentry_content(e), e.prev_hash) AS recomputed
          FROM payouts_meterentry e
        WINDOW ledger AS (PARTITION BY e.progressive_id, e.meter ORDER BY e.id)) walked
 WHERE prev_hash IS DISTINCT FROM expected_prev OR row_hash IS DISTINCT FROM recomputed
 ORDER BY progressive_id, meter, id
"""


def first_breaks() -> list[dict]:
    """The first broken entry of each meter ledger that has one (none: all intact)."""
    with connection.cursor() as cursor:
        cursor.execute(BREAKS)
        rows = cursor.fetchall()
    first: dict[tuple, dict] = {}
    for entry, progressive, meter, broken in rows:
        first.setdefault((progressive, meter), {
            "entry": entry, "progressive": progressive, "meter": meter, "broken": broken})
    return list(first.values())


def entries_checked() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM payouts_meterentry")
        return cursor.fetchone()[0]


def record_check() -> LedgerCheck:
    """Walk the chains and keep the result, for /healthz and the supervisors' page."""
    return LedgerCheck.objects.create(entries=entries_checked(), breaks=first_breaks())


def last_check() -> LedgerCheck | None:
    return LedgerCheck.objects.order_by("-checked_at").first()
