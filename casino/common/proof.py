"""The proof: every signed record checked against the service's signatures, in Python,
trusting nothing the checked database computes. It reads raw rows (PostgreSQL's built-in
``jsonb``, schema-qualified, spells them) and the signatures, recomputes each
record's digest and each signature's MAC with the service's keys, and walks each chain of
signatures. No function, view or trigger of the checked database takes part: an owner
who replaces ``payouts_chain_hash`` or ``casino_record_text`` changes nothing here.

What it finds: a record with no signature (written outside the service, with its
triggers on or off), a record whose content is not what was signed (changed by hand), a
signed record that is gone, a signature that is not the service's (forged, altered, or
under a key the service does not hold), and a chain with a signature missing, inserted
or moved. What it cannot find on its own, the anchors do: a chain's tail cut with its
records (casino.common.anchors signs each chain's head)."""

from __future__ import annotations

import hmac
from collections.abc import Iterator
from functools import cache

from django.apps import apps
from django.db import connection, transaction

from casino.common import signing

_BATCH = 5000


def breaks() -> list[dict]:
    """Every record and signature that does not hold (none: all intact)."""
    with transaction.atomic():
        # This very transaction's writes are signed at its commit: sign them now.
        signing.sign_written(connection)
        latest, found = _walk_signatures()
        found += _walk_records(latest)
    return found


def signatures() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM casino_signature")
        return cursor.fetchone()[0]


def heads() -> dict[str, list]:
    """Each chain of signatures' last place and MAC: what an anchor signs."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT chain, seq, mac FROM casino_signature s "
                       "WHERE (chain, seq) IN (SELECT chain, max(seq) FROM casino_signature "
                       "GROUP BY chain) ORDER BY chain")
        return {chain: [seq, mac] for chain, seq, mac in cursor.fetchall()}


def signed_at(places: dict[str, int]) -> dict[str, str | None]:
    """The MAC each chain holds today at the place given (None: no such signature)."""
    if not places:
        return {}
    with connection.cursor() as cursor:
        cursor.execute("SELECT s.chain, s.mac FROM casino_signature s JOIN unnest(%s::text[], "
                       "%s::bigint[]) p(chain, seq) ON p.chain = s.chain AND p.seq = s.seq",
                       [list(places), list(places.values())])
        now = dict(cursor.fetchall())
    return {chain: now.get(chain) for chain in places}


def _rows(sql: str, params=None) -> Iterator[tuple]:
    with connection.chunked_cursor() as cursor:
        cursor.execute(sql, params)
        while batch := cursor.fetchmany(_BATCH):
            yield from batch


def _walk_signatures() -> tuple[dict, list[dict]]:
    keys = signing.keys()
    latest: dict[tuple[str, str], tuple] = {}
    found: list[dict] = []
    chain, seq, prev = None, 0, ""
    for (id_, name, place, table, record, digest, key, prev_mac, mac,
         at) in _rows("SELECT id, chain, seq, record_table, record, digest, key, prev_mac, "
                      "mac, signed_at FROM casino_signature ORDER BY chain, seq, id"):
        if name != chain:
            chain, seq, prev = name, 0, ""
        problem = None
        secret = keys.get(key)
        if place != seq + 1:
            problem = (f"place: signature {seq + 1} is missing" if place > seq + 1 else
                       f"place: signature {place} is there twice")
        elif prev_mac != prev:
            problem = "previous signature: one was removed, inserted or altered before it"
        if secret is None:
            problem = f"key: '{key}' is no key this service holds"
        elif not hmac.compare_digest(mac, signing.mac(
                secret, chain=name, seq=place, table=table, record=record, digest_=digest,
                prev=prev_mac)):
            problem = "signature: it is not the service's (forged or altered)"
        if problem:
            found.append(_break(table, record, f"its signature {name} #{place}", problem))
        if not problem or problem.startswith(("place", "previous")):
            latest[(table, record)] = max(latest.get((table, record), (0,)),
                                          (id_, digest, at))
        seq, prev = place, mac
    return latest, found


def _walk_records(latest: dict) -> list[dict]:
    found, tables = [], signing.signed_tables()
    for table, signed in tables.items():
        for record, content in _rows(
                f'SELECT t."{signed.key}"::text, {signed.content_sql()} FROM "{table}" t'):
            signature = latest.pop((table, record), None)
            if signature is None:
                found.append(_break(table, record, "", "no signature of the service: written "
                                    "or changed outside it (in the database, by hand)"))
            elif signature[1] != signing.digest(content):
                found.append(_break(table, record, "", "content differs from what the service"
                                    f" signed on {signature[2]:%Y-%m-%d %H:%M} UTC (changed "
                                    "in the database, by hand)"))
    for (table, record), (_id, digest, at) in sorted(latest.items()):
        if digest != signing.REMOVED and table in tables:
            found.append(_break(table, record, "", "gone: removed after the service signed "
                                f"it on {at:%Y-%m-%d %H:%M} UTC"))
    return found


def _break(table: str, record: str, what: str, problem: str) -> dict:
    said = f"The {noun(table)} {record}"
    if what:
        said += f", {what}"
    return {"ledger": "signatures", "entry": f"{table} {record}", "broken": problem,
            "chain": {"table": table}, "sentence": f"{said}: {problem}."}


def noun(table: str) -> str:
    """What a table's rows are called (its model's verbose name)."""
    return _nouns().get(table, table)


@cache
def _nouns() -> dict[str, str]:
    return {m._meta.db_table: str(m._meta.verbose_name)
            for m in apps.get_models(include_auto_created=True) if not m._meta.proxy}
