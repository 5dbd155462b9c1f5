"""Meter reconciliation: opening + contributions - awards + resets ± corrections = closing.

Awards are stored as negative entries, so every line is a signed sum of the ledger;
the closing balance is the last entry's ``balance_after``, written independently of
the sums when each movement happened. A meter whose current value differs from its
ledger's last balance is unbalanced too.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from payouts.jackpots.models import (
    MeterEntry,
    MeterKind,
    MeterName,
    Progressive,
    ReconciliationCheck,
)

ZERO = Decimal("0.00")
FIELDS = {MeterName.METER: "amount", MeterName.RESERVE: "reserve",
          MeterName.OVERFLOW: "overflow"}


@dataclass(frozen=True)
class Reconciliation:
    meter: str
    opening: Decimal
    contributions: Decimal
    awards: Decimal          # signed: negative, as in the ledger
    resets: Decimal
    corrections: Decimal
    closing: Decimal

    @property
    def expected_closing(self) -> Decimal:
        return self.opening + self.contributions + self.awards + self.resets + self.corrections

    @property
    def balanced(self) -> bool:
        return self.expected_closing == self.closing


def _balance_before(progressive, meter, moment) -> Decimal:
    last = (MeterEntry.objects.filter(progressive=progressive, meter=meter,
                                      created_at__lt=moment).order_by("-id").first())
    return last.balance_after if last else ZERO


def reconcile(progressive: Progressive, start: dt.datetime, end: dt.datetime,
              meter: str = MeterName.METER) -> Reconciliation:
    """The period [start, end) of one meter of a progressive."""
    sums = MeterEntry.objects.filter(progressive=progressive, meter=meter,
                                     created_at__gte=start, created_at__lt=end).sums()
    return Reconciliation(
        meter=meter, opening=_balance_before(progressive, meter, start),
        contributions=sums[MeterKind.CONTRIBUTION], awards=sums[MeterKind.AWARD],
        resets=sums[MeterKind.RESET], corrections=sums[MeterKind.CORRECTION],
        closing=_balance_before(progressive, meter, end))


@transaction.atomic
def check_all(start: dt.datetime, end: dt.datetime) -> list[ReconciliationCheck]:
    """Reconcile every meter of every progressive for the period and record the result;
    a meter whose live value disagrees with its ledger is recorded as unbalanced."""
    checks = []
    for progressive in Progressive.objects.select_for_update():
        for meter, field in FIELDS.items():
            line = reconcile(progressive, start, end, meter)
            balanced = line.balanced
            if end >= timezone.now():
                balanced = balanced and _balance_before(
                    progressive, meter, end) == getattr(progressive, field)
            checks.append(ReconciliationCheck.objects.create(
                progressive=progressive, meter=meter, period_start=start, period_end=end,
                opening=line.opening, contributions=line.contributions, awards=line.awards,
                resets=line.resets, corrections=line.corrections, closing=line.closing,
                balanced=balanced))
    return checks


def yesterday() -> tuple[dt.datetime, dt.datetime]:
    today = timezone.now().replace(hour=0, minute=0, second=0, microsecond=0)
    return today - dt.timedelta(days=1), today
