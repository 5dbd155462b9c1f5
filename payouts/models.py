"""Paytables (and, with issue 5, progressive meters and their ledgers)."""

from __future__ import annotations

from decimal import Decimal

import pghistory
import pgtrigger
from django.conf import settings
from django.db import models

from tables.rules.stud import STUD_CATEGORIES, PaytableTerms, Variant


class PaytableStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    PUBLISHED = "published", "Published"
    RETIRED = "retired", "Retired"


# Once published, only the move to retired may touch a paytable row.
_FROZEN_COLUMNS = ("name", "variant", "odds", "max_payout", "dealer_qualifier", "min_ante",
                   "max_ante", "version", "family_id", "created_by_id", "published_at",
                   "published_by_id")
_FROZEN_SQL = (
    "OLD.status <> 'draft' AND ("
    f"ROW({', '.join(f'OLD.{c}' for c in _FROZEN_COLUMNS)}) IS DISTINCT FROM "
    f"ROW({', '.join(f'NEW.{c}' for c in _FROZEN_COLUMNS)})"
    " OR NOT (OLD.status = NEW.status OR (OLD.status = 'published' AND NEW.status = 'retired'))"
    ")"
)


@pghistory.track()
class Paytable(models.Model):
    """The terms a stud table pays by. Drafts change; a published version never does.

    Versions of one paytable share a ``family`` (the id of the first version) and
    count up from 1. Every round stores the version it was settled with.
    """

    name = models.CharField(max_length=120)
    variant = models.CharField(max_length=2, choices=[(v.value, v.name) for v in Variant])
    odds = models.JSONField(help_text="Category -> N, meaning N:1 on the bet.")
    max_payout = models.DecimalField(max_digits=14, decimal_places=2,
                                     help_text="Cap on the bet's win per hand.")
    dealer_qualifier = models.CharField(max_length=2, default="AK")
    min_ante = models.DecimalField(max_digits=14, decimal_places=2)
    max_ante = models.DecimalField(max_digits=14, decimal_places=2)
    status = models.CharField(max_length=10, choices=PaytableStatus.choices,
                              default=PaytableStatus.DRAFT)
    family = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True,
                               related_name="versions")
    version = models.PositiveIntegerField(default=1)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    published_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                     null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["name", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["family", "version"], name="one_paytable_version"),
            models.CheckConstraint(condition=models.Q(min_ante__gt=0), name="paytable_min_ante"),
            models.CheckConstraint(condition=models.Q(max_ante__gte=models.F("min_ante")),
                                   name="paytable_ante_range"),
            models.CheckConstraint(condition=models.Q(max_payout__gt=0),
                                   name="paytable_max_payout"),
        ]
        triggers = [
            pgtrigger.Protect(name="published_paytables_are_frozen",
                              operation=pgtrigger.Update,
                              condition=pgtrigger.Condition(_FROZEN_SQL)),
            pgtrigger.Protect(name="published_paytables_are_kept",
                              operation=pgtrigger.Delete,
                              condition=pgtrigger.Condition("OLD.status <> 'draft'")),
        ]

    def __str__(self) -> str:
        return f"{self.name} v{self.version} ({self.get_status_display().lower()})"

    @property
    def is_draft(self) -> bool:
        return self.status == PaytableStatus.DRAFT

    @property
    def max_raise(self) -> Decimal:
        return self.max_ante * 2

    def terms(self) -> PaytableTerms:
        return PaytableTerms(odds={c: int(self.odds[c]) for c in STUD_CATEGORIES},
                             max_payout=self.max_payout,
                             dealer_qualifier=self.dealer_qualifier,
                             variant=Variant(self.variant))
