"""The meter ledger's words (the kinds of movement, the three meters) and its one sum,
apart from the models so the ledger, reconciliation and the reports share one sum."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import models


class MeterKind(models.TextChoices):
    CONTRIBUTION = "contribution", "Contribution"
    AWARD = "award", "Award"
    RESET = "reset", "Reset to seed"
    CORRECTION = "correction", "Correction"


class MeterName(models.TextChoices):
    METER = "meter", "Meter"
    RESERVE = "reserve", "Reserve"
    OVERFLOW = "overflow", "Overflow"


class MeterEntryQuerySet(models.QuerySet):
    def sums(self) -> dict[str, Decimal]:
        """The entries' wagers and signed movements by kind (awards negative, as stored),
        0.00 where there are none: the one ledger sum the meters, reconciliation and the
        jackpot report use."""
        return _zeros(self.aggregate(**_sum_terms()))

    def sums_by(self, *keys: str) -> list[dict[str, Any]]:
        """``sums`` per value of ``keys`` (a day and a meter), with the last entry's id."""
        return [_zeros(line) for line in self.order_by().values(*keys).annotate(
            last_id=models.Max("id"), **_sum_terms())]


def _sum_terms() -> dict[str, models.Sum]:
    return {"wagers": models.Sum("wagers"), **{
        kind: models.Sum("amount", filter=models.Q(kind=kind)) for kind in MeterKind.values}}


def _zeros(line: dict[str, Any]) -> dict[str, Any]:
    return {k: Decimal("0.00") if v is None and k != "last_id" else v for k, v in line.items()}
