"""Hash-chained ledgers, checked. Each app registers its ledgers (the table, the columns
that split it into chains, the SQL function that reads an entry's content); the database
computes ``prev_hash`` and ``row_hash`` on insert, and this walks every chain with one
window query per ledger: an altered row fails on its content, a removed or inserted row
on the next row's previous hash."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection


@dataclass(frozen=True)
class Ledger:
    name: str                    # as staff read it: "meter", "bad-beat fund"
    table: str
    chain_by: tuple[str, ...]    # the columns that make one chain
    content_function: str        # SQL: row -> text, the same the insert trigger hashes
    # SQL listing what should be in the chain and is not, as (description, *chain key):
    # a record slipped in with the sealing trigger switched off.
    unchained_sql: str = ""


LEDGERS: list[Ledger] = []


def register(ledger: Ledger) -> None:
    if ledger not in LEDGERS:
        LEDGERS.append(ledger)


def _breaks_sql(ledger: Ledger) -> str:
    keys = ", ".join(f"e.{c}" for c in ledger.chain_by)
    return f"""
SELECT id, {", ".join(ledger.chain_by)},
       CASE WHEN prev_hash IS DISTINCT FROM expected_prev THEN 'previous hash'
            ELSE 'content' END
  FROM (SELECT e.*, coalesce(lag(e.row_hash) OVER chain, '') AS expected_prev,
               payouts_chain_hash({ledger.content_function}(e), e.prev_hash) AS recomputed
          FROM {ledger.table} e WINDOW chain AS (PARTITION BY {keys} ORDER BY e.id)) walked
 WHERE prev_hash IS DISTINCT FROM expected_prev OR row_hash IS DISTINCT FROM recomputed
 ORDER BY {", ".join(ledger.chain_by)}, id"""


def first_breaks() -> list[dict]:
    """The first broken entry of each chain that has one (none: all intact)."""
    found: dict[tuple, dict] = {}
    with connection.cursor() as cursor:
        # Records of this very transaction are sealed at its commit: seal them now, and
        # go back to sealing at commit for whatever the transaction writes next.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        for ledger in LEDGERS:
            cursor.execute(_breaks_sql(ledger))
            for entry, *key, broken in cursor.fetchall():
                found.setdefault((ledger.name, *key), {
                    "ledger": ledger.name, "entry": entry, "broken": broken,
                    "chain": dict(zip(ledger.chain_by, key, strict=True))})
            if ledger.unchained_sql:
                cursor.execute(ledger.unchained_sql)
                for entry, *key in cursor.fetchall():
                    found.setdefault((ledger.name, *key), {
                        "ledger": ledger.name, "entry": entry, "broken": "seal (it has none)",
                        "chain": dict(zip(ledger.chain_by, key, strict=True))})
    return list(found.values())


def entries_checked() -> int:
    with connection.cursor() as cursor:
        return sum(_count(cursor, ledger.table) for ledger in LEDGERS)


def _count(cursor, table: str) -> int:
    cursor.execute(f"SELECT count(*) FROM {table}")
    return cursor.fetchone()[0]


def where(found: dict) -> str:
    """'meter ledger of progressive_id 3, meter meter' as staff read it."""
    chain = ", ".join(f"{k.removesuffix('_id')} {v}" for k, v in found["chain"].items())
    return f"The {found['ledger']} ledger ({chain})"
