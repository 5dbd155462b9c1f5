"""Hash-chained ledgers, checked. Each app registers its ledgers (the table, the columns
that split it into chains, the SQL function that reads an entry's content); the database
computes ``prev_hash`` and ``row_hash`` on insert, and this walks every chain with one
window query per ledger: an altered row fails on its content, a removed or inserted row
on the next row's previous hash, and an entry whose balance is not the sum of the amounts
so far on its balance. Each ledger may add checks of its own (a meter's shown balance
against its ledger's last entry, a record that was never sealed)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection


@dataclass(frozen=True)
class Ledger:
    name: str                    # as staff read it: "meter", "bad-beat fund"
    table: str
    chain_by: tuple[str, ...]    # the columns that make one chain
    content_function: str        # SQL: row -> text, the same the insert trigger hashes
    # A money ledger: each entry's balance is the running sum of the amounts of its chain.
    amount_column: str = ""
    balance_column: str = ""
    # (SQL listing broken places as (entry, *chain key), what is broken there), e.g. a
    # record slipped in with the sealing trigger switched off.
    checks: tuple[tuple[str, str], ...] = ()


LEDGERS: list[Ledger] = []


def register(ledger: Ledger) -> None:
    if ledger not in LEDGERS:
        LEDGERS.append(ledger)


def _breaks_sql(ledger: Ledger) -> str:
    keys = ", ".join(f"e.{c}" for c in ledger.chain_by)
    running, balance_broken = "NULL::numeric", "FALSE"
    if ledger.balance_column:
        running = f"sum(e.{ledger.amount_column}) OVER chain"
        balance_broken = f"{ledger.balance_column} IS DISTINCT FROM running"
    return f"""
SELECT id, {", ".join(ledger.chain_by)},
       CASE WHEN prev_hash IS DISTINCT FROM expected_prev THEN 'previous hash'
            WHEN row_hash IS DISTINCT FROM recomputed THEN 'content'
            ELSE 'balance' END
  FROM (SELECT e.*, coalesce(lag(e.row_hash) OVER chain, '') AS expected_prev,
               payouts_chain_hash({ledger.content_function}(e), e.prev_hash) AS recomputed,
               {running} AS running
          FROM {ledger.table} e WINDOW chain AS (PARTITION BY {keys} ORDER BY e.id)) walked
 WHERE prev_hash IS DISTINCT FROM expected_prev OR row_hash IS DISTINCT FROM recomputed
       OR {balance_broken}
 ORDER BY {", ".join(ledger.chain_by)}, id"""


def first_breaks() -> list[dict]:
    """The first broken entry of each chain that has one (none: all intact)."""
    found: dict[tuple, dict] = {}

    def note(ledger: Ledger, entry, key: list, broken: str) -> None:
        found.setdefault((ledger.name, *key), {
            "ledger": ledger.name, "entry": entry, "broken": broken,
            "chain": dict(zip(ledger.chain_by, key, strict=True))})

    with connection.cursor() as cursor:
        # Records of this very transaction are sealed at its commit: seal them now, and
        # go back to sealing at commit for whatever the transaction writes next.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        for ledger in LEDGERS:
            cursor.execute(_breaks_sql(ledger))
            for entry, *key, broken in cursor.fetchall():
                note(ledger, entry, key, broken)
            for sql, broken in ledger.checks:
                cursor.execute(sql)
                for entry, *key in cursor.fetchall():
                    note(ledger, entry, key, broken)
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
