"""Meter reconciliation: opening + contributions - awards + resets ± corrections = closing,
for a period of instants (the API's) or for a day of the meter's books (the nightly check's,
the jackpot report's rows).

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

from casino.common.days import books_day_bounds
from payouts.jackpots.ledger import FIELDS
from payouts.jackpots.models import (
    MeterEntry,
    MeterKind,
    MeterName,
    Progressive,
    ReconciliationCheck,
)

ZERO = Decimal("0.00")


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


def reconcile_day(progressive: Progressive, day: dt.date,
                  meter: str = MeterName.METER) -> Reconciliation:
    """A day of the meter's books (days.books_day): its entries dated that day, the rows
    of the jackpot report and the closed day's figures, so the three agree."""
    ledger = MeterEntry.objects.filter(progressive=progressive, meter=meter)
    sums = ledger.filter(gaming_day=day).sums()
    return Reconciliation(
        meter=meter, opening=_last_balance(ledger.filter(gaming_day__lt=day)),
        contributions=sums[MeterKind.CONTRIBUTION], awards=sums[MeterKind.AWARD],
        resets=sums[MeterKind.RESET], corrections=sums[MeterKind.CORRECTION],
        closing=_last_balance(ledger.filter(gaming_day__lte=day)))


def _last_balance(entries) -> Decimal:
    # A ledger's days never go back along its ids (the chain trigger), so its last entry
    # up to a day is its last by id.
    last = entries.order_by("-id").values_list("balance_after", flat=True).first()
    return ZERO if last is None else last


def check_all(day: dt.date | None = None) -> list[ReconciliationCheck]:
    """Reconcile and record every meter of every progressive for a day of its books
    (``day``, or by default the last day its books have ended: each meter's own
    yesterday). One meter at a time, each in a short transaction of its own with its row
    locked: a round feeding a meter waits, at most, for that meter's check, not for the
    whole run."""
    now, checks = timezone.now(), []
    for pk in Progressive.objects.order_by("pk").values_list("pk", flat=True):
        checks.extend(_check_meter(pk, day, now))
    return checks


@transaction.atomic
def _check_meter(pk: int, day: dt.date | None, now: dt.datetime) -> list[ReconciliationCheck]:
    """A meter whose day is still open is also held against its live value: one that
    disagrees with its ledger is recorded as unbalanced."""
    progressive = (Progressive.objects.select_related("casino")
                   .select_for_update(of=("self",)).get(pk=pk))
    today = progressive.books_day(now)
    day = day or today - dt.timedelta(days=1)
    start, end = books_day_bounds(progressive.books, day)
    checks = []
    for meter, field in FIELDS.items():
        line = reconcile_day(progressive, day, meter)
        balanced = line.balanced and (day < today or line.closing == getattr(progressive, field))
        checks.append(ReconciliationCheck.objects.create(
            progressive=progressive, meter=meter, period_start=start, period_end=end,
            opening=line.opening, contributions=line.contributions, awards=line.awards,
            resets=line.resets, corrections=line.corrections, closing=line.closing,
            balanced=balanced))
    return checks
