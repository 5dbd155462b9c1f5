"""Which version of a person's log-in vouched for her: the second person of an approval
proves herself by her own password, and the approval record keeps the version of her
log-in that password was checked against (``credential``).

A version is the digest the service signs of a user's log-in (casino.common.signing:
``USER_FIELDS``, the password's hash among them). At the approval the service holds her
row to its latest signature: a log-in changed in the database (a supervisor's hash
replaced by one the owner knows) matches none, and the approval is refused. Afterwards
``breaks`` holds every approval's version to the versions the service signed of that
person's log-in before the approval: a version nobody signed is reported."""

from __future__ import annotations

import hmac
import json
from collections.abc import Iterator
from dataclasses import dataclass

from django.db import connection

from casino.common import proof, signing

USERS = "auth_user"


@dataclass(frozen=True)
class Attested:
    table: str          # a record table whose rows name a second person
    person: str         # the column naming her
    credential: str     # the column keeping the version she was proven by


_ATTESTED: list[Attested] = []


def attested(model, *, person: str, credential: str = "credential") -> None:
    """Registered by the app that owns ``model``, from its ready(): its ``person`` field
    names a second person proven by password, ``credential`` keeps by which version."""
    meta = model._meta
    _ATTESTED.append(Attested(meta.db_table, meta.get_field(person).column,
                              meta.get_field(credential).column))


def version_field(who: str):
    """The column an attested record keeps its second person's version in."""
    from django.db import models

    # NULL, not '': a column added to records keeps their signed content whole (the
    # signatures and the seals leave NULLs out), and NULL says "from before it was kept".
    return models.CharField(
        max_length=64, null=True, editable=False,
        help_text=f"The version of the {who}'s log-in their password was proven against "
                  "(casino.common.credentials); none on records from before it was kept.")


# --- At the approval ------------------------------------------------------------------


def proven(person) -> tuple[str, str]:
    """The version of ``person``'s log-in as it stands (her password was just checked
    against it), and '' or why the service cannot vouch for it: a log-in whose row is not
    the one the service last signed was changed in the database."""
    signed = signing.signed_tables()[USERS]
    with connection.cursor() as cursor:
        cursor.execute(f'SELECT {signed.content_sql()} FROM "{USERS}" t WHERE t.id = %s',
                       [person.pk])
        version = signing.digest(cursor.fetchone()[0])
        if not signing.tracking(connection) or _vouched(cursor, person.pk, version):
            return version, ""
    name = person.get_username()
    return version, (f"{name}'s log-in was changed outside the service (in the database, "
                     f"by hand): {name} cannot confirm until a supervisor sets a new "
                     f"password for {name}.")


def _vouched(cursor, pk: int, version: str) -> bool:
    """Her row is the version the service signed last, with the service's own MAC; or it
    was written in this very transaction, which the service signs at its commit."""
    cursor.execute("SELECT chain, seq, digest, key, prev_mac, mac FROM casino_signature "
                   "WHERE record_table = %s AND record = %s "
                   "ORDER BY signed_at DESC, id DESC LIMIT 1", [USERS, str(pk)])
    last = cursor.fetchone()
    if last is not None and last[2] == version:
        chain, seq, digest, key, prev, mac = last
        secret = signing.keys().get(key)
        return secret is not None and hmac.compare_digest(mac, signing.mac(
            secret, chain=chain, seq=seq, table=USERS, record=str(pk), digest_=digest,
            prev=prev))
    cursor.execute("SELECT 1 FROM casino_written "
                   "WHERE txid = pg_current_xact_id_if_assigned()::text::bigint "
                   "AND tbl = %s AND record = %s", [USERS, str(pk)])
    return cursor.fetchone() is not None


# --- In the proof ---------------------------------------------------------------------


def breaks() -> list[dict]:
    """Every approval whose second person's version is none the service signed of her
    log-in before the approval (registered with ``verification.also``)."""
    versions, claims = _versions(), list(_claims())
    first = _first_signed(claims)
    found = []
    for table, record, person, credential in claims:
        at = first.get((table, record))
        if not any(digest == credential and (at is None or signed <= at)
                   for signed, digest in versions.get(person, ())):
            found.append({
                "ledger": "credentials", "entry": f"{table} {record}",
                "chain": {"table": table},
                "broken": "second person's log-in: a version the service never signed",
                "sentence": f"The {proof.noun(table)} {record}: its second person (user "
                            f"{person}) was proven against a log-in the service never signed "
                            "(her password set in the database, by hand)."})
    return found


def _versions() -> dict[str, list]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT record, signed_at, digest FROM casino_signature "
                       "WHERE record_table = %s", [USERS])
        found: dict[str, list] = {}
        for record, signed_at, digest in cursor.fetchall():
            found.setdefault(record, []).append((signed_at, digest))
    return found


def _claims() -> Iterator[tuple[str, str, str, str]]:
    """(table, record, person, credential) of every approval that keeps a version: the
    registered record tables and the audit contexts a second person confirmed."""
    import pghistory.models

    with connection.cursor() as cursor:
        for claim in _ATTESTED:
            cursor.execute(f'SELECT t.id::text, t."{claim.person}"::text, '
                           f't."{claim.credential}" FROM "{claim.table}" t '
                           f'WHERE t."{claim.credential}" IS NOT NULL')
            for record, person, credential in cursor.fetchall():
                yield claim.table, record, person, credential
        context = pghistory.models.Context._meta.db_table
        cursor.execute(f'SELECT t.id::text, t.metadata::text FROM "{context}" t '
                       "WHERE t.metadata ? 'credential'")
        for record, text in cursor.fetchall():
            metadata = json.loads(text)
            yield context, record, str(metadata.get("witness")), str(metadata["credential"])


def _first_signed(claims: list[tuple]) -> dict[tuple[str, str], object]:
    """When each claiming record was first signed: one query a table."""
    wanted: dict[str, list[str]] = {}
    for table, record, _person, _credential in claims:
        wanted.setdefault(table, []).append(record)
    first: dict[tuple[str, str], object] = {}
    with connection.cursor() as cursor:
        for table, records in wanted.items():
            cursor.execute("SELECT record, signed_at FROM casino_signature "
                           "WHERE record_table = %s AND record = ANY(%s)", [table, records])
            for record, signed_at in cursor.fetchall():
                if (table, record) not in first or signed_at < first[(table, record)]:
                    first[(table, record)] = signed_at
    return first
