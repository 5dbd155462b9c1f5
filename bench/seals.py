"""The records' seals written in one pass after a bulk load (bench/reports.py)."""

from __future__ import annotations

import time

# The records the database seals at commit, one at a time (tables migration 0018), and
# how a record finds its table.
SEALS = (("tables_studround", "stud_round", "table_id"),
         ("tables_pokerhand", "poker_hand", "table_id"),
         ("tables_studroundvoid", "stud_round_void",
          "(SELECT table_id FROM tables_studround WHERE id = round_id)"),
         ("tables_pokerhandvoid", "poker_hand_void",
          "(SELECT table_id FROM tables_pokerhand WHERE id = hand_id)"))


def seal(conn, cursor) -> None:
    """The loaded records' seals in one pass, by the project's own tables_seal, and the
    seal triggers on again. Sealed by the trigger at each day's commit, a table's previous
    seal was looked up by a plan made while there were none, a scan of every seal each
    time (the 62 days of --small took minutes); here down the (table, id) index."""
    started = time.perf_counter()
    with conn.transaction():
        cursor.execute("ANALYZE; SET LOCAL enable_seqscan = off")
        for table, kind, at_table in SEALS:
            cursor.execute(f"DO $$ DECLARE r record; BEGIN FOR r IN SELECT id, {at_table} AS "
                           f"at_table FROM {table} ORDER BY id LOOP PERFORM tables_seal("
                           f"'{kind}', r.id, r.at_table); END LOOP; END $$; "
                           f"ALTER TABLE {table} ENABLE TRIGGER {table}_seal")
    print(f"  sealed the records ({time.perf_counter() - started:.0f} s)", flush=True)
