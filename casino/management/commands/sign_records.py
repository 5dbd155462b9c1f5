"""manage.py sign_records: the upgrade to the service's signatures (issue 45, point 8).
A database whose records were written before the service signed them gets their
signatures now, with the key the service holds, but only after the old proof holds: the
database's own hash chains and the anchors are verified first, and a record of a ledger
found broken is reported and never signed (signing it would vouch for the tamper).
Run once after the migration, as the service (the application role, its keys set);
running it again signs only what still has no signature."""

from __future__ import annotations

from django.core.management.base import BaseCommand
from django.db import connection, transaction

from casino.common import anchors, chains, seals, signing

BATCH = 5000


class Command(BaseCommand):
    help = ("Sign every record written before the service's signatures, after verifying the "
            "old chains; a broken ledger's records are reported, not signed.")

    def handle(self, *args, **options):
        seals.seal_pending()
        broken = chains.breaks() + anchors.verify_anchors()
        refused = _refused_tables(broken)
        for each in broken:
            self.stderr.write(chains.sentence(each))
        signed = 0
        for table, spec in signing.signed_tables().items():
            if table in refused:
                self.stderr.write(f"{table}: not signed, its ledger is broken (above).")
                continue
            signed += _sign_unsigned(table, spec)
        self.stdout.write(f"Signed {signed} records; {len(refused)} tables left unsigned "
                          "because their old chains are broken.")


def _refused_tables(broken: list[dict]) -> set[str]:
    refused = set()
    for each in broken:
        ledger = chains.ledger_named(each["ledger"])
        if ledger is None:  # the anchor file itself: nothing can be vouched for
            refused |= set(signing.signed_tables())
        else:
            refused |= {ledger.name, ledger.table, *ledger.covers}
    return refused


def _sign_unsigned(table: str, spec: signing.Signed) -> int:
    total = 0
    while True:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(f"""
                INSERT INTO casino_written (txid, tbl, record)
                SELECT pg_current_xact_id()::text::bigint, %s, t."{spec.key}"::text
                  FROM "{table}" t
                 WHERE NOT EXISTS (SELECT 1 FROM casino_signature s
                                    WHERE s.record_table = %s AND s.record = t."{spec.key}"::text)
                 LIMIT {BATCH}""", [table, table])
            if cursor.rowcount == 0:
                return total
            total += signing.sign_written(connection)
