"""The service's signatures: every record of the books carries a MAC the service computes
in Python, at the write, with a key the database never holds (LEDGER_ANCHOR_KEYS; the
first key signs, every key verifies: rotation). The database's own seals and hash chains
(casino.common.seals, casino.common.chains) stay as the first line; this is the proof,
because the database's owner can recompute a SHA-256 but not an HMAC.

How a write gets signed. A trigger on every signed table (installed after each migrate,
``install_tracking``) notes the row a statement wrote in ``casino_written``, under its
transaction's id. Just before the transaction commits, the service's database backend
(casino.database) calls ``sign_written``: it takes back what its own transaction noted,
reads those rows as they stand, and appends one Signature per row to a chain, locking the
chain's end (the chains are sorted, so two commits never wait on each other in a circle).
A row the owner writes in his own transaction is noted under his transaction, which the
service never signs; with the triggers off it is not even noted. Either way it carries
no signature, and ``casino.common.proof`` says so.

A signature covers the record's canonical content: each column that carries a value
(NULLs left out, so a column added later leaves old signatures whole) as PostgreSQL's own
``row_to_json`` spells it, keys sorted, hashed; with its table, its key, its place in the
chain and the MAC before it. A configuration row that changes (a comp account's balance,
a user's password) gets a signature for each version; the last must match the row."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
from dataclasses import dataclass
from decimal import Decimal
from functools import cache

from django.apps import apps
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

# How many chains each table's signatures are spread over (by the writing transaction's
# id): commits at two tables seldom wait for the same chain's end.
SHARDS = 8
REMOVED = ""  # the digest of a signed removal (a user's role taken away)
# A user's log-in as the books rely on it: who, the password's hash, the flags. Not the
# last log-in's time, which changes at every log-in.
USER_FIELDS = ("username", "password", "is_superuser", "is_staff", "is_active")


@dataclass(frozen=True)
class Signed:
    table: str
    key: str                             # the primary key's column
    key_type: str                        # its SQL type, to look rows up by it
    columns: tuple[str, ...] | None      # the columns signed; None: every one
    apart: tuple[str, ...] = ()          # columns left out (re-encrypted under new keys)
    changes: bool = False                # a row that changes or goes: every version signed

    def content(self, row: dict) -> dict:
        kept = row if self.columns is None else {c: row.get(c) for c in self.columns}
        return {c: v for c, v in kept.items() if v is not None and c not in self.apart}


_EXTRA: dict[str, dict] = {}
# Tables whose rows the database itself writes as its seals: the service never signs them.
_NOT_SIGNED = {"tables_recordseal"}


def sign(model, *, fields: tuple[str, ...] | None = None, changes: bool = False) -> None:
    """Registered by the app that owns ``model``, from its ready(): a row that is no record
    (no append-only triggers) but that the books rely on, signed at each version."""
    _EXTRA[model._meta.db_table] = {"model": model, "fields": fields, "changes": changes}


@cache
def signed_tables() -> dict[str, Signed]:
    """Every table whose rows the service signs, by name."""
    import pghistory.models

    from casino.common import chains, seals

    models = {m._meta.db_table: m for m in apps.get_models(include_auto_created=True)}
    tables = {m._meta.db_table: (m, None, False) for m in seals.sealed_models()}
    for ledger in chains.LEDGERS:
        tables.update({t: (models[t], None, False) for t in ledger.covers if t in models})
    context = pghistory.models.Context
    tables[context._meta.db_table] = (context, None, True)
    for table, extra in _EXTRA.items():
        tables[table] = (extra["model"], extra["fields"], extra["changes"])
    found = {}
    for table, (model, fields, changes) in sorted(tables.items()):
        if table in _NOT_SIGNED:
            continue
        pk = model._meta.pk
        columns = None if fields is None else tuple(
            model._meta.get_field(f).column for f in fields)
        found[table] = Signed(table=table, key=pk.column, key_type=_sql_type(pk),
                              columns=columns, apart=seals.apart(table), changes=changes)
    return found


def _sql_type(field) -> str:
    from django.db import connection

    kind = field.rel_db_type(connection) if field.is_relation else field.db_type(connection)
    return {"serial": "integer", "bigserial": "bigint"}.get(kind, kind)


# --- Canonical content and the MAC -------------------------------------------------


def canonical(content: dict) -> str:
    return json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      default=str)


def read_row(text: str) -> dict:
    """A row as ``row_to_json`` wrote it; numbers kept exactly as PostgreSQL spelled them."""
    return json.loads(text, parse_float=Decimal, parse_int=int)


def digest(signed: Signed, row: dict) -> str:
    return hashlib.sha256(canonical(signed.content(row)).encode()).hexdigest()


def keys() -> dict[str, bytes]:
    if not settings.LEDGER_ANCHOR_KEYS:
        raise ImproperlyConfigured(
            "No key to sign the books and their anchors with: "
            "set LEDGER_ANCHOR_KEYS (docs/deploy.md).")
    return settings.LEDGER_ANCHOR_KEYS


def mac(secret: bytes, *, chain: str, seq: int, table: str, record: str, digest_: str,
        prev: str) -> str:
    text = "\n".join([chain, str(seq), table, record, digest_, prev])
    return hmac.new(secret, text.encode(), hashlib.sha256).hexdigest()


# --- At the commit ------------------------------------------------------------------

_TAKE_WRITTEN = """
DELETE FROM casino_written WHERE txid = pg_current_xact_id()::text::bigint
RETURNING tbl, record, txid"""


def sign_written(connection) -> int:
    """Sign every row this transaction noted as written; returns how many. Called by the
    backend just before it commits (and by the verifier for its own transaction)."""
    connection.ensure_connection()
    # psycopg's own cursor: the signing's few statements need none of Django's wrapping
    # (nor its debug log), and the write-noting wrapper must not see them.
    with connection.connection.cursor() as cursor:
        if not _tracking(connection, cursor):
            return 0
        cursor.execute(_TAKE_WRITTEN)
        noted = cursor.fetchall()
        if not noted:
            return 0
        tables = signed_tables()
        wanted: dict[str, set[str]] = {}
        for table, record, _txid in noted:
            if table in tables:
                wanted.setdefault(table, set()).add(record)
        if not wanted:
            return 0
        shard = noted[0][2] % SHARDS
        rows = _rows(cursor, tables, wanted)
        chains = sorted({f"{table}/{shard}" for table in wanted})
        ends = _lock_ends(cursor, chains)
        name, secret = next(iter(keys().items()))
        now = dt.datetime.now(dt.UTC)
        made = []
        for table in sorted(wanted):
            chain = f"{table}/{shard}"
            for record in sorted(wanted[table], key=_order):
                row = rows.get((table, record))
                if row is None and not tables[table].changes:
                    continue  # written and gone in one transaction: nothing to vouch for
                seq, prev = ends[chain]
                seq += 1
                content = REMOVED if row is None else digest(tables[table], row)
                signature = mac(secret, chain=chain, seq=seq, table=table, record=record,
                                digest_=content, prev=prev)
                made.append((chain, seq, table, record, content, name, prev, signature, now))
                ends[chain] = (seq, signature)
        _store(cursor, made, ends)
        return len(made)


def _tracking(connection, cursor) -> bool:
    """Whether this database notes writes (not before the migration that makes the notes'
    table). Asked again after the connection changed the schema (the backend forgets)."""
    if not getattr(connection, "tracks_writes", None):  # kept once known to be so
        cursor.execute("SELECT to_regclass('casino_written') IS NOT NULL")
        connection.tracks_writes = cursor.fetchone()[0]
    return connection.tracks_writes


def _order(record: str):
    return (len(record), record)  # numeric keys in number order, others stable


def _rows(cursor, tables: dict[str, Signed], wanted: dict[str, set[str]]) -> dict:
    parts, params = [], []
    for table, records in sorted(wanted.items()):
        signed = tables[table]
        # The keys as one text: a parameter quoted once, not an array element by element.
        parts.append(f"SELECT '{table}', t.\"{signed.key}\"::text, "
                     f"pg_catalog.row_to_json(t)::text FROM \"{table}\" t "
                     f"WHERE t.\"{signed.key}\" = ANY(string_to_array(%s, ',')::"
                     f"{signed.key_type}[])")
        params.append(",".join(sorted(records)))
    cursor.execute(" UNION ALL ".join(parts), params)
    return {(table, record): read_row(text) for table, record, text in cursor.fetchall()}


def _lock_ends(cursor, chains: list[str]) -> dict[str, tuple[int, str]]:
    lock = ("SELECT chain, seq, mac FROM casino_signaturechainend "
            "WHERE chain = ANY(string_to_array(%s, ',')) ORDER BY chain FOR UPDATE")
    cursor.execute(lock, [",".join(chains)])
    ends = {chain: (seq, last) for chain, seq, last in cursor.fetchall()}
    if len(ends) < len(chains):
        cursor.execute("INSERT INTO casino_signaturechainend (chain, seq, mac) "
                       "SELECT unnest(string_to_array(%s, ',')), 0, '' "
                       "ON CONFLICT (chain) DO NOTHING",
                       [",".join(c for c in chains if c not in ends)])
        cursor.execute(lock, [",".join(chains)])
        ends = {chain: (seq, last) for chain, seq, last in cursor.fetchall()}
    return ends


def _store(cursor, made: list[tuple], ends: dict[str, tuple[int, str]]) -> None:
    if not made:
        return
    # One JSON text for every signature and every chain's new end: one parameter to send.
    cursor.execute("""
        WITH stored AS (
            INSERT INTO casino_signature
                   (chain, seq, record_table, record, digest, key, prev_mac, mac, signed_at)
            SELECT * FROM json_to_recordset(%s::json) AS s(
                chain text, seq bigint, record_table text, record text, digest text,
                key text, prev_mac text, mac text, signed_at timestamptz))
        UPDATE casino_signaturechainend e SET seq = v.seq, mac = v.mac
          FROM json_to_recordset(%s::json) AS v(chain text, seq bigint, mac text)
         WHERE e.chain = v.chain""",
                   [json.dumps([dict(zip(_STORED, row, strict=True)) for row in made],
                               default=str),
                    json.dumps([{"chain": chain, "seq": seq, "mac": last}
                                for chain, (seq, last) in ends.items()])])


_STORED = ("chain", "seq", "record_table", "record", "digest", "key", "prev_mac", "mac",
           "signed_at")


# --- The tracking triggers -----------------------------------------------------------

TRIGGER = "casino_service_signs"


def tracking_statements() -> list[str]:
    """The trigger on every signed table that notes what a statement wrote (run after each
    migrate: a table added by a migration gets it with that migrate)."""
    statements = []
    for table, signed in signed_tables().items():
        update = "UPDATE" if signed.columns is None else \
            "UPDATE OF " + ", ".join(f'"{c}"' for c in signed.columns)
        statements.append(
            f'CREATE OR REPLACE TRIGGER {TRIGGER} AFTER INSERT OR {update} OR DELETE '
            f'ON "{table}" FOR EACH ROW EXECUTE FUNCTION casino_note_written(\'{signed.key}\')')
    return statements


def install_tracking(cursor) -> None:
    cursor.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    existing = {name for (name,) in cursor.fetchall()}
    if "casino_written" not in existing:
        return  # before the migration that makes the signatures' tables
    tables = signed_tables()
    for statement, table in zip(tracking_statements(), tables, strict=True):
        if table in existing:
            cursor.execute(statement)
