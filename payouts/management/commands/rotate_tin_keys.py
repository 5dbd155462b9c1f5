"""Re-encrypt every W-2G TIN under the first of FIELD_ENCRYPTION_KEYS, so that a key listed
after it can be retired (docs/deploy.md). Run as the database's owner, as migrate is: the
W-2G records are append-only, and the service's role may not rewrite them."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError, connection, transaction

from payouts.jackpots.fieldcrypt import Undecryptable, rotated
from payouts.jackpots.models import W2GPlayer


class Command(BaseCommand):
    help = "Re-encrypt the W-2G TINs under the first FIELD_ENCRYPTION_KEYS key."

    def handle(self, *args, **options):
        try:
            count = self._rotate()
        except Undecryptable as refused:
            raise CommandError(f"Nothing was changed: {refused}") from None
        except DatabaseError as refused:
            raise CommandError(
                "Nothing was changed: the W-2G records are append-only and only the "
                "database's owner may rewrite them (connect as the owner, as for migrate). "
                f"The database said: {str(refused).strip()}") from None
        self.stdout.write(f"{count} TIN(s) now encrypted under the first key; the other "
                          "keys of FIELD_ENCRYPTION_KEYS can be removed.")

    @transaction.atomic
    def _rotate(self) -> int:
        table = W2GPlayer._meta.db_table
        rows = list(W2GPlayer.objects.select_for_update().values_list("pk", "tin_token"))
        new = [(pk, rotated(token)) for pk, token in rows]  # all decrypt, or nothing changes
        with connection.cursor() as cursor:
            cursor.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
            for pk, token in new:
                cursor.execute(f"UPDATE {table} SET tin_token = %s WHERE id = %s", [token, pk])
            cursor.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")
        return len(new)
