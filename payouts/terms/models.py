"""Terms the floor plays by: stud paytables (and collection schedules), versioned and
frozen once published (payouts.terms.versioning)."""

from __future__ import annotations

from decimal import Decimal

import pghistory
from django.db import models

from payouts.terms.versioning import VersionedTerms, publication_triggers
from tables.rules.stud import STUD_CATEGORIES, PaytableTerms, Variant

# Once published, only the move to retired may touch a paytable row.
_FROZEN_COLUMNS = ("name", "variant", "odds", "max_payout", "dealer_qualifier", "min_ante",
                   "max_ante", "version", "family_id", "created_by_id", "published_at",
                   "published_by_id")


@pghistory.track()
class Paytable(VersionedTerms):
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
        triggers = publication_triggers("paytables", _FROZEN_COLUMNS)


    @property
    def max_raise(self) -> Decimal:
        return self.max_ante * 2

    def terms(self) -> PaytableTerms:
        return PaytableTerms(odds={c: int(self.odds[c]) for c in STUD_CATEGORIES},
                             max_payout=self.max_payout,
                             dealer_qualifier=self.dealer_qualifier,
                             variant=Variant(self.variant))
