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
built-in ``jsonb`` spells it (keys in its fixed order, numbers as stored), hashed; with
its table, its key, its place in the chain and the MAC before it. The text is the
database's, the hash and the MAC the service's: the signer and the proof read it by the
same built-ins (``Signed.content_sql``), which no owner's function can stand in for. A
configuration row that changes (a comp account's balance, a user's password) gets a
signature for each version; the last must match the row."""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from functools import cache

from django.apps import apps
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from psycopg import errors, pq

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

    def content_sql(self, alias: str = "t") -> str:
        """The expression that spells a row's content: its signed columns that carry a
        value, as jsonb's text; built-ins only, schema-qualified. (jsonb leaves out a
        JSON column's inner nulls too: ``{"a": null}`` and ``{}`` read alike.)"""
        if self.columns is None:
            value = f"pg_catalog.to_jsonb({alias})"
        else:
            pairs = ", ".join(f"'{c}', {alias}.\"{c}\"" for c in self.columns)
            value = f"pg_catalog.jsonb_build_object({pairs})"
        value = f"pg_catalog.jsonb_strip_nulls({value})"
        if self.apart:
            left_out = ", ".join(f"'{c}'" for c in self.apart)
            value = f"({value} OPERATOR(pg_catalog.-) ARRAY[{left_out}]::text[])"
        return f"{value}::text"


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


def digest(content: str) -> str:
    """The SHA-256 of a row's content as ``Signed.content_sql`` spells it."""
    return hashlib.sha256(content.encode()).hexdigest()


def keys() -> dict[str, bytes]:
    if not settings.LEDGER_ANCHOR_KEYS:
        raise ImproperlyConfigured(
            "No key to sign the books and their anchors with: "
            "set LEDGER_ANCHOR_KEYS (docs/deploy.md).")
    return settings.LEDGER_ANCHOR_KEYS


def mac(secret: bytes, *, chain: str, seq: int, table: str, record: str, digest_: str,
        prev: str) -> str:
    text = "\n".join([chain, str(seq), table, record, digest_, prev])
    return hmac.digest(secret, text.encode(), "sha256").hex()


# --- At the commit ------------------------------------------------------------------

_TAKE_WRITTEN = """
DELETE FROM casino_written WHERE txid = pg_current_xact_id()::text::bigint
RETURNING tbl, record, txid"""


def sign_written(connection, *, commit: bool = False) -> int:
    """Sign every row this transaction noted as written; returns how many. Called by the
    backend at its commit (and by the verifier for its own transaction). Three
    statements: take the notes; read the rows and lock the chains' ends; store. With
    ``commit`` the store carries the COMMIT along (one round trip, not two) whenever there
    is something to store; the caller's own COMMIT then finds the transaction over."""
    connection.ensure_connection()
    # libpq itself (psycopg's pq): the signing's statements need none of Django's
    # wrapping (nor its debug log), the write-noting wrapper must not see them, and a
    # cursor's own machinery would cost the web process more CPU than all the signing.
    pgconn = connection.connection.pgconn
    if not _tracking(connection, pgconn):
        return 0
    noted = _run(pgconn, _TAKE_WRITTEN)
    if not noted:
        return 0
    tables = signed_tables()
    wanted: dict[str, set[str]] = {}
    for table, record, _txid in noted:
        if table in tables:
            wanted.setdefault(table, set()).add(record)
    if not wanted:
        return 0
    shard = int(noted[0][2]) % SHARDS
    chains = {table: f"{table}/{shard}" for table in wanted}
    rows, ends = _read_and_lock(pgconn, tables, wanted, sorted(chains.values()))
    name, secret = next(iter(keys().items()))
    made = []
    for table in sorted(wanted):
        chain = chains[table]
        for record in sorted(wanted[table], key=_order):
            content = rows.get((table, record))
            if content is None and not tables[table].changes:
                continue  # written and gone in one transaction: nothing to vouch for
            seq, prev = ends[chain]
            seq += 1
            hashed = REMOVED if content is None else digest(content)
            signature = mac(secret, chain=chain, seq=seq, table=table, record=record,
                            digest_=hashed, prev=prev)
            made.append((chain, seq, table, record, hashed, prev, signature))
            ends[chain] = (seq, signature)
    _store(pgconn, name, made, commit=commit)
    return len(made)


def _run(pgconn, sql: str, params: list[str] | tuple = ()) -> list[tuple]:
    """One statement, its parameters and rows as text (None for NULL); an error raised as
    psycopg's (the backend turns it into Django's, and the commit rolls back)."""
    result = pgconn.exec_params(sql.encode(), [p.encode() for p in params])
    if result.status not in _DONE:
        raise errors.error_from_result(result, encoding="utf-8")
    get, columns = result.get_value, range(result.nfields)
    return [tuple(None if (value := get(row, column)) is None else value.decode()
                  for column in columns) for row in range(result.ntuples)]


_DONE = (pq.ExecStatus.TUPLES_OK, pq.ExecStatus.COMMAND_OK)


def tracking(connection) -> bool:
    """Whether this database notes writes for the service to sign (kept on the
    connection once known)."""
    connection.ensure_connection()
    return _tracking(connection, connection.connection.pgconn)


def _tracking(connection, pgconn) -> bool:
    """Whether this database notes writes (not before the migration that makes the notes'
    table). Asked again after the connection changed the schema (the backend forgets)."""
    if not getattr(connection, "tracks_writes", None):  # kept once known to be so
        answer = _run(pgconn, "SELECT to_regclass('casino_written') IS NOT NULL")
        connection.tracks_writes = answer[0][0] == "t"
    return connection.tracks_writes


def _order(record: str):
    return (len(record), record)  # numeric keys in number order, others stable


_LOCK = ("SELECT '', e.chain, e.mac, e.seq::text FROM (SELECT chain, seq, mac "
         "FROM casino_signaturechainend WHERE chain = ANY(string_to_array($1, ',')) "
         "ORDER BY chain FOR UPDATE) e")


def _read_and_lock(pgconn, tables: dict[str, Signed], wanted: dict[str, set[str]],
                   chains: list[str]) -> tuple[dict, dict]:
    """The rows' contents by (table, key), and each chain's end (place, MAC), locked in
    the chains' order (two commits never wait on each other in a circle), at once."""
    parts, params = [_LOCK], [",".join(chains)]
    for table, records in sorted(wanted.items()):
        signed = tables[table]
        params.append(",".join(records))
        # The keys as one text: a parameter quoted once, not an array element by element.
        parts.append(f"SELECT '{table}', t.\"{signed.key}\"::text, {signed.content_sql()}, "
                     f"NULL FROM \"{table}\" t WHERE t.\"{signed.key}\" = "
                     f"ANY(string_to_array(${len(params)}, ',')::{signed.key_type}[])")
    rows, ends = {}, {}
    for table, record, content, seq in _run(pgconn, " UNION ALL ".join(parts), params):
        if table:
            rows[(table, record)] = content
        else:
            ends[record] = (int(seq), content)
    if len(ends) < len(chains):  # a chain's first signature: its end is made first
        _run(pgconn, "INSERT INTO casino_signaturechainend (chain, seq, mac) "
             "SELECT unnest(string_to_array($1, ',')), 0, '' ON CONFLICT (chain) DO NOTHING",
             [",".join(c for c in chains if c not in ends)])
        ends = {chain: (int(seq), last)
                for _, chain, last, seq in _run(pgconn, _LOCK, [",".join(chains)])}
    return rows, ends


def _store(pgconn, key: str, made: list[tuple], *, commit: bool) -> None:
    if not made:
        return
    # One JSON text for every signature (a chain's new end is its last).
    statement = """
        WITH s AS (
            SELECT j->>0 AS chain, (j->>1)::bigint AS seq, j->>2 AS record_table,
                   j->>3 AS record, j->>4 AS digest, j->>5 AS prev_mac, j->>6 AS mac
              FROM json_array_elements({signatures}::json) j),
        stored AS (
            INSERT INTO casino_signature
                   (chain, seq, record_table, record, digest, key, prev_mac, mac, signed_at)
            SELECT chain, seq, record_table, record, digest, {key}, prev_mac, mac,
                   statement_timestamp() FROM s)
        UPDATE casino_signaturechainend e SET seq = v.seq, mac = v.mac
          FROM (SELECT DISTINCT ON (chain) chain, seq, mac FROM s
                 ORDER BY chain, seq DESC) v
         WHERE e.chain = v.chain"""
    if not commit:
        _run(pgconn, statement.format(signatures="$1", key="$2"), [json.dumps(made), key])
        return
    # With the COMMIT, in one text (the simple protocol takes no parameters): the two
    # values quoted by libpq itself. A failed COMMIT is raised as a failed COMMIT is.
    escaping = pq.Escaping(pgconn)
    quoted = {name: escaping.escape_literal(value.encode()).decode() for name, value in
              (("signatures", json.dumps(made)), ("key", key))}
    result = pgconn.exec_(f"{statement.format(**quoted)};\nCOMMIT".encode())
    if result.status not in _DONE:
        raise errors.error_from_result(result, encoding="utf-8")


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
