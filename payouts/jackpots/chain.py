"""The nightly walk of every hash-chained ledger (casino.common.chains), kept as a
LedgerCheck for /healthz and the supervisors' page."""

from __future__ import annotations

from casino.common import chains, verification
from payouts.jackpots.models import LedgerCheck

# A meter, reserve or overflow whose shown balance is not its ledger's last entry (the
# deferred constraint refuses it at commit; this finds it if that was switched off).
SHOWN = """
SELECT e.id, e.progressive_id, e.meter FROM payouts_meterentry e
  JOIN payouts_progressive p ON p.id = e.progressive_id
 WHERE e.id IN (SELECT max(id) FROM payouts_meterentry GROUP BY progressive_id, meter)
   AND e.balance_after IS DISTINCT FROM CASE e.meter WHEN 'meter' THEN p.amount
                                                     WHEN 'reserve' THEN p.reserve
                                                     ELSE p.overflow END"""

METER_LEDGER = chains.Ledger(name="meter", table="payouts_meterentry",
                             chain_by=("progressive_id", "meter"),
                             content_function="payouts_meterentry_content",
                             amount_column="amount", balance_column="balance_after",
                             checks=((SHOWN, "balance (the meter shows another)"),),
                             covers=("payouts_meterentry",))


def record_check() -> LedgerCheck:
    """Seal what waits, walk every chain and hold it against its anchors."""
    found = verification.breaks()
    return LedgerCheck.objects.create(entries=chains.entries_checked(), breaks=found)


def last_check() -> LedgerCheck | None:
    return LedgerCheck.objects.order_by("-checked_at").first()
