"""The nightly walk of every hash-chained ledger (casino.common.chains), kept as a
LedgerCheck for /healthz and the supervisors' page."""

from __future__ import annotations

from casino.common import chains
from payouts.jackpots.models import LedgerCheck

METER_LEDGER = chains.Ledger(name="meter", table="payouts_meterentry",
                             chain_by=("progressive_id", "meter"),
                             content_function="payouts_meterentry_content")


def record_check() -> LedgerCheck:
    return LedgerCheck.objects.create(entries=chains.entries_checked(),
                                      breaks=chains.first_breaks())


def last_check() -> LedgerCheck | None:
    return LedgerCheck.objects.order_by("-checked_at").first()
