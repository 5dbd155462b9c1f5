"""The chain of every table's records (RecordSeal, written by the database at commit:
migration tables 0018), as casino.common.chains walks it."""

from __future__ import annotations

from casino.common.chains import Ledger

# Records the sealing trigger never saw (inserted with it switched off), per table.
UNSEALED = """
SELECT kind || ' ' || id, table_id FROM (
    SELECT 'stud_round' AS kind, id, table_id FROM tables_studround
    UNION ALL SELECT 'poker_hand', id, table_id FROM tables_pokerhand
    UNION ALL SELECT 'time_collection', id, table_id FROM tables_timecollection) kept
 WHERE NOT EXISTS (SELECT 1 FROM tables_recordseal s
                    WHERE s.kind = kept.kind AND s.record_id = kept.id)
 ORDER BY table_id, id"""

RECORD_LEDGER = Ledger(name="table records", table="tables_recordseal", chain_by=("table_id",),
                       content_function="tables_recordseal_content",
                       checks=((UNSEALED, "seal (it has none)"),),
                       covers=("tables_recordseal", "tables_studround", "tables_studseat",
                               "tables_studroundvoid", "tables_pokerhand", "tables_pokerseat",
                               "tables_pokerpot", "tables_pokerhandvoid",
                               "tables_timecollection", "tables_timecollectionvoid"))
