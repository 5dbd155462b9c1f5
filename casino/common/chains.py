"""Hash-chained ledgers, checked. Each app registers its ledgers (the table, the columns
that split it into chains, how the SQL reads an entry's content); the database computes
``prev_hash`` and ``row_hash`` when it writes an entry, and this walks every chain with
one window query per ledger: an altered row fails on its content, a removed or inserted
row on the next row's previous hash, and an entry whose balance is not the sum of the
amounts so far on its balance. Each ledger may add checks of its own (a meter's shown
balance against its ledger's last entry, a record that was never sealed). Every break is
reported, not only the first of a chain: a later tamper on a chain already broken shows
too.

A chain the database's owner recomputes consistently passes this walk; what catches him
is the anchor (casino.common.anchors): the heads read here, signed with a key he never
sees and kept outside PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import connection, transaction


@dataclass(frozen=True)
class Ledger:
    name: str                    # its name in anchors: never changes
    table: str
    chain_by: tuple[str, ...]    # the columns that make one chain
    content_function: str = ""   # SQL: row -> text, the same the writing trigger hashes
    # A money ledger: each entry's balance is the running sum of the amounts of its chain.
    amount_column: str = ""
    balance_column: str = ""
    # (SQL listing broken places as (entry, *chain key), what is broken there), e.g. a
    # record slipped in with the sealing trigger switched off.
    checks: tuple[tuple[str, str], ...] = ()
    words: str = ""              # as staff read it: "meter", "box counts"; default name
    where: str = "TRUE"          # SQL over e: the part of ``table`` that is this ledger
    joins: str = ""              # SQL joined to e to read the content
    content: str = ""            # SQL over e (and joins): the content; default the function
    entry: str = "e.id"          # SQL: how a break names the entry to staff
    covers: tuple[str, ...] = ()  # the record tables this ledger's chains vouch for
    gone: str = "FALSE"          # SQL over e (and joins): the entry's record is gone

    @property
    def content_sql(self) -> str:
        return self.content or f"{self.content_function}(e)"

    @property
    def said(self) -> str:
        return self.words or self.name


LEDGERS: list[Ledger] = []
_MORE: list[Callable[[], list[Ledger]]] = []


def register(ledger: Ledger) -> None:
    if ledger not in LEDGERS:
        LEDGERS.append(ledger)


def register_more(ledgers: Callable[[], list[Ledger]]) -> None:
    """Ledgers known only once every app is loaded (the sealed records': seals.py)."""
    if ledgers not in _MORE:
        _MORE.append(ledgers)


def ledgers() -> list[Ledger]:
    return [*LEDGERS, *(ledger for more in _MORE for ledger in more())]


def _keys(ledger: Ledger) -> str:
    return ", ".join(f"e.{c}" for c in ledger.chain_by)


def _breaks_sql(ledger: Ledger) -> str:
    running, balance_broken = "NULL::numeric", "FALSE"
    if ledger.balance_column:
        running = f"sum(e.{ledger.amount_column}) OVER chain"
        balance_broken = f"{ledger.balance_column} IS DISTINCT FROM running"
    return f"""
SELECT entry, {", ".join(ledger.chain_by)},
       CASE WHEN prev_hash IS DISTINCT FROM expected_prev THEN 'previous hash'
            WHEN gone THEN 'record (it was removed)'
            WHEN row_hash IS DISTINCT FROM recomputed THEN 'content'
            ELSE 'balance' END
  FROM (SELECT e.*, {ledger.entry} AS entry, {ledger.gone} AS gone,
               coalesce(lag(e.row_hash) OVER chain, '') AS expected_prev,
               payouts_chain_hash({ledger.content_sql}, e.prev_hash) AS recomputed,
               {running} AS running
          FROM {ledger.table} e {ledger.joins}
         WHERE {ledger.where}
        WINDOW chain AS (PARTITION BY {_keys(ledger)} ORDER BY e.id)) walked
 WHERE prev_hash IS DISTINCT FROM expected_prev OR row_hash IS DISTINCT FROM recomputed
       OR {balance_broken}
 ORDER BY {", ".join(ledger.chain_by)}, id"""


def breaks() -> list[dict]:
    """Every broken entry of every chain (none: all intact)."""
    found: list[dict] = []
    with transaction.atomic(), connection.cursor() as cursor:
        # Records of this very transaction are sealed at its commit: seal them now, and
        # go back to sealing at commit for whatever the transaction writes next.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        for ledger in ledgers():
            cursor.execute(_breaks_sql(ledger))
            found += [_found(ledger, entry, key, broken)
                      for entry, *key, broken in cursor.fetchall()]
            for sql, broken in ledger.checks:
                cursor.execute(sql)
                found += [_found(ledger, entry, key, broken)
                          for entry, *key in cursor.fetchall()]
    return found


def _found(ledger: Ledger, entry, key: list, broken: str) -> dict:
    return {"ledger": ledger.name, "entry": entry, "broken": broken,
            "chain": dict(zip(ledger.chain_by, key, strict=True))}


def heads() -> list[list]:
    """The last entry of every chain: [ledger, chain key, entry id, its hash, how many
    entries the chain holds], in a stable order: what an anchor signs."""
    found = []
    with connection.cursor() as cursor:
        for ledger in ledgers():
            keys = _keys(ledger)
            cursor.execute(f"""
                SELECT {keys}, e.id, e.row_hash, last.entries FROM {ledger.table} e
                  JOIN (SELECT max(e.id) AS id, count(*) AS entries FROM {ledger.table} e
                         WHERE {ledger.where} GROUP BY {keys}) last ON last.id = e.id""")
            width = len(ledger.chain_by)
            found += [[ledger.name, list(row[:width]), *row[width:]]
                      for row in cursor.fetchall()]
    return sorted(found, key=lambda head: (head[0], [str(k) for k in head[1]]))


def entries_at(ledger: Ledger, ids: list[int]) -> dict[int, tuple[list, str, int]]:
    """What ``ledger`` holds today at each of ``ids``: the entry's chain key, its hash and
    how many entries of its chain lead to it (itself included). One walk of the ledger."""
    keys = _keys(ledger)
    width = len(ledger.chain_by)
    with connection.cursor() as cursor:
        cursor.execute(f"""
            SELECT * FROM (SELECT e.id, {keys}, e.row_hash,
                                  row_number() OVER (PARTITION BY {keys} ORDER BY e.id)
                             FROM {ledger.table} e WHERE {ledger.where}) walked
             WHERE id = ANY(%s)""", [ids])
        return {row[0]: (list(row[1:1 + width]), row[1 + width], row[2 + width])
                for row in cursor.fetchall()}


def entries_checked() -> int:
    with connection.cursor() as cursor:
        total = 0
        for ledger in ledgers():
            cursor.execute(f"SELECT count(*) FROM {ledger.table} e WHERE {ledger.where}")
            total += cursor.fetchone()[0]
        return total


def ledger_named(name: str) -> Ledger | None:
    return next((ledger for ledger in ledgers() if ledger.name == name), None)


def where(found: dict) -> str:
    """'The meter ledger (progressive 3, meter meter)', 'The box counts' as staff read it."""
    if found["ledger"] == "anchors":
        return "The anchor file"
    ledger = ledger_named(found["ledger"])
    said = ledger.said if ledger else found["ledger"]
    if ledger is not None and ledger.words:
        return f"The {said}"
    chain = ", ".join(f"{k.removesuffix('_id')} {v}" for k, v in found["chain"].items())
    return f"The {said} ledger ({chain})"


def sentence(found: dict) -> str:
    """One break in words: where, which entry, what does not match."""
    if found.get("sentence"):
        return found["sentence"]  # the proof's own (casino.common.proof)
    what = "anchor" if found["ledger"] == "anchors" else "entry"
    broken = found["broken"]
    why = "" if broken.endswith(")") else " (altered, removed or inserted by hand)"
    return f"{where(found)}: {what} {found['entry']} does not match its {broken}{why}."
