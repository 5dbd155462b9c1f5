"""Where each table's chain of records ends: kept by the database, read at every seal.

One row per table: the id and hash of its last seal. The sealing function (migration
tables 0047) reads the seal before a new one through it and moves it on as it writes
each seal, as the database's owner: the application role may only read it, so it cannot
point a chain's end at an older seal. Before, the function looked for the table's last
seal (ORDER BY id DESC LIMIT 1), and the plan PL/pgSQL kept for it walked the seals
backwards by id, through every seal the other tables wrote since this table's last one:
a cost that grew with history at the commit of every round, hand and collection (issue
44, point 5a: the same shape as the meter's ledger, payouts.jackpots.ledger_ends).
"""

from __future__ import annotations

from django.db import models


class SealChainEnd(models.Model):
    """The last seal of one table's chain of records."""

    table = models.OneToOneField("floor.Table", on_delete=models.PROTECT, related_name="+")
    # No foreign key: the end moves with every seal, and a key would lock the seal.
    seal_id = models.BigIntegerField(help_text="The table's last seal.")
    row_hash = models.CharField(max_length=64, help_text="That seal's hash.")

    class Meta:
        db_table = "tables_sealchainend"

    def __str__(self) -> str:
        return f"the chain of table {self.table_id} ends at seal {self.seal_id}"
