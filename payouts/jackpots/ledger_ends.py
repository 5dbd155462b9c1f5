"""Where each of a meter's ledgers ends: kept by the database, read at every commit.

One row per ledger (a progressive's meter, reserve or overflow): the id and balance of
its last entry. The chain trigger (migration payouts 0025) writes it as it adds each
entry, as the database's owner: the application role may only read it, so it cannot
point a ledger's end at an older entry. The commit-time check compares the meter's row
with these rows, and the chain trigger reads the entry before a new one through them:
both read a row by its key, whatever the length of the ledger (issue 44, point 5a).

The row moves at every entry, so between two passes of autovacuum its table holds many
dead versions: the functions that read it may not plan a sequential scan (they are
declared ``SET enable_seqscan = off``), which would read them all.
"""

from __future__ import annotations

from django.db import models

from payouts.jackpots.sums import MeterName


class MeterLedgerEnd(models.Model):
    """The last entry of one of a progressive's ledgers, and the balance it left."""

    # Found by the unique index below (progressive, meter): no index of its own, one
    # index less to write at every entry.
    progressive = models.ForeignKey("jackpots.Progressive", on_delete=models.PROTECT,
                                    related_name="ledger_ends", db_index=False)
    meter = models.CharField(max_length=10, choices=MeterName.choices)
    # No foreign key: the row is written before its entry is (in the entry's own
    # BEFORE INSERT trigger), and a key would lock the entry at every move.
    entry_id = models.BigIntegerField(help_text="The ledger's last entry.")
    balance = models.DecimalField(max_digits=14, decimal_places=2,
                                  help_text="The balance the last entry left.")

    class Meta:
        db_table = "payouts_meterledgerend"
        constraints = [models.UniqueConstraint(fields=["progressive", "meter"],
                                               name="meter_ledger_ends_once")]

    def __str__(self) -> str:
        return f"{self.meter} of {self.progressive_id} ends at entry {self.entry_id}"
