"""Terms the floor plays by: stud paytables and the card room's rake schedules,
versioned and frozen once published (payouts.terms.versioning)."""

from __future__ import annotations

from decimal import Decimal

import pghistory
from django.db import models

from casino.common.amounts import money_field
from payouts.terms.versioning import VersionedTerms, publication_triggers
from tables.rules.pots import RakeTerms
from tables.rules.stud import STUD_CATEGORIES, PaytableTerms, Variant

# Once published, only the move to retired may touch a paytable row.
_FROZEN_PAYTABLE_COLUMNS = ("name", "variant", "odds", "max_payout", "dealer_qualifier", "min_ante",
                   "max_ante", "version", "family_id", "created_by_id", "published_at",
                   "published_by_id", "casino_id", "currency")


@pghistory.track(
                 meta={"db_table": "payouts_paytableevent"})
class Paytable(VersionedTerms):
    """The terms a stud table pays by. Drafts change; a published version never does.

    Versions of one paytable share a ``family`` (the id of the first version) and
    count up from 1. Every round stores the version it was settled with.
    """

    name = models.CharField(max_length=120)
    variant = models.CharField(max_length=2, choices=[(v.value, v.name) for v in Variant])
    odds = models.JSONField(help_text="Category -> N, meaning N:1 on the bet.")
    max_payout = models.DecimalField("maximum payout", max_digits=14, decimal_places=2,
                                     help_text="Cap on the bet's win per hand.")
    dealer_qualifier = models.CharField("dealer qualifies with", max_length=2, default="AK")
    min_ante = models.DecimalField("minimum ante", max_digits=14, decimal_places=2)
    max_ante = models.DecimalField("maximum ante", max_digits=14, decimal_places=2)

    class Meta:
        db_table = "payouts_paytable"
        ordering = ["name", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["family", "version"], name="one_paytable_version"),
            models.CheckConstraint(condition=models.Q(min_ante__gt=0), name="paytable_min_ante"),
            models.CheckConstraint(condition=models.Q(max_ante__gte=models.F("min_ante")),
                                   name="paytable_ante_range"),
            models.CheckConstraint(condition=models.Q(max_payout__gt=0),
                                   name="paytable_max_payout"),
        ]
        triggers = publication_triggers("paytables", _FROZEN_PAYTABLE_COLUMNS)

    FROZEN_COLUMNS = _FROZEN_PAYTABLE_COLUMNS
    # Each check constraint in words: the field it concerns and what a supervisor reads.
    CONSTRAINT_WORDS = {
        "paytable_min_ante": ("min_ante", lambda t: f"{t.min_ante} must be more than 0."),
        "paytable_ante_range": ("max_ante", lambda t: f"{t.max_ante} is below the minimum "
                                                      f"ante {t.min_ante}."),
        "paytable_max_payout": ("max_payout", lambda t: f"{t.max_payout} must be more than 0."),
    }

    @property
    def max_raise(self) -> Decimal:
        return self.max_ante * 2

    def terms(self) -> PaytableTerms:
        return PaytableTerms(odds={c: int(self.odds[c]) for c in STUD_CATEGORIES},
                             max_payout=self.max_payout,
                             dealer_qualifier=self.dealer_qualifier,
                             variant=Variant(self.variant))



class Method(models.TextChoices):
    PERCENTAGE = "percentage", "Percentage rake"
    FIXED_DROP = "fixed_drop", "Fixed drop per hand"
    TIME = "time", "Time collection"


class CapScope(models.TextChoices):
    HAND = "hand", "Per hand (main pot first)"
    POT = "pot", "Per pot (each side pot capped)"


# Once published, only the move to retired may touch a schedule row.
_FROZEN_SCHEDULE_COLUMNS = ("name", "method", "percent", "cap", "caps_by_players", "cap_scope",
                   "increment", "min_pot", "no_flop_no_drop", "fixed_drop", "time_fee",
                   "time_period_minutes", "bad_beat_drop", "bad_beat_min_pot", "version",
                   "family_id", "created_by_id", "published_at", "published_by_id",
                   "casino_id", "currency")

# The terms each collection method takes (the others are left at their defaults); every
# method takes the bad-beat drop.
METHOD_FIELDS = {
    Method.PERCENTAGE: ("percent", "cap", "caps_by_players", "cap_scope", "increment",
                        "min_pot", "no_flop_no_drop"),
    Method.FIXED_DROP: ("fixed_drop", "min_pot", "no_flop_no_drop"),
    Method.TIME: ("time_fee", "time_period_minutes"),
}


@pghistory.track(
                 meta={"db_table": "payouts_rakescheduleevent"})
class RakeSchedule(VersionedTerms):
    """How the house collects at a poker table, versioned like a paytable.

    Drafts change; a published version never does (a trigger refuses it). Every hand
    stores the version it was collected under.
    """

    name = models.CharField(max_length=120)
    method = models.CharField(max_length=10, choices=Method.choices, default=Method.PERCENTAGE)
    percent = models.DecimalField(max_digits=5, decimal_places=2, default=Decimal(0),
                                  help_text="10 means 10% of the pot.")
    cap = money_field(null=True, blank=True)
    caps_by_players = models.JSONField(
        "caps by players dealt in", default=dict, blank=True,
        help_text='Players dealt in -> cap, e.g. {"2": "1.00", "3": "2.00", "5": "5.00"}.')
    cap_scope = models.CharField(max_length=4, choices=CapScope.choices, default=CapScope.HAND)
    increment = money_field(default=Decimal("0.01"))
    min_pot = money_field(verbose_name="minimum pot", default=Decimal(0))
    no_flop_no_drop = models.BooleanField("no flop, no drop", default=False)
    fixed_drop = money_field(default=Decimal(0))
    time_fee = money_field(default=Decimal(0), help_text="Time collection: per occupied seat per "
                                                   "period.")
    time_period_minutes = models.PositiveSmallIntegerField("time period (minutes)", default=30)
    bad_beat_drop = money_field(verbose_name="bad-beat drop", default=Decimal(0))
    bad_beat_min_pot = money_field(verbose_name="bad-beat minimum pot", default=Decimal(0))

    class Meta:
        db_table = "payouts_rakeschedule"
        ordering = ["name", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["family", "version"], name="one_schedule_version"),
            models.CheckConstraint(condition=models.Q(percent__gte=0, percent__lte=100),
                                   name="rake_percent_0_to_100"),
            models.CheckConstraint(condition=models.Q(increment__gt=0),
                                   name="rake_increment_positive"),
        ]
        triggers = publication_triggers("schedules", _FROZEN_SCHEDULE_COLUMNS)

    FROZEN_COLUMNS = _FROZEN_SCHEDULE_COLUMNS
    CONSTRAINT_WORDS = {
        "rake_percent_0_to_100": ("percent", lambda t: f"{t.percent} is more than 100." if
                                  Decimal(t.percent) > 100 else f"{t.percent} is below 0."),
        "rake_increment_positive": ("increment", lambda t: f"{t.increment} is not more than 0: "
                                                           "the rake is taken in steps of at "
                                                           "least 0.01."),
    }

    def terms(self) -> RakeTerms:
        """The schedule as the pure rules take it (time collection rakes no pot)."""
        caps = {int(n): Decimal(str(v)) for n, v in (self.caps_by_players or {}).items()}
        percentage = self.method == Method.PERCENTAGE
        return RakeTerms(
            percent=self.percent if percentage else Decimal(0),
            cap=self.cap if percentage else None,
            caps_by_players=caps if percentage else {},
            per_pot=self.cap_scope == CapScope.POT,
            increment=self.increment,
            min_pot=self.min_pot,
            no_flop_no_drop=self.no_flop_no_drop,
            fixed_drop=self.fixed_drop if self.method == Method.FIXED_DROP else Decimal(0),
            bad_beat_drop=self.bad_beat_drop,
            bad_beat_min_pot=self.bad_beat_min_pot,
        )
