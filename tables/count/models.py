"""The count room: each table's drop box of a shift counted once by a team of two, a
correction as a new record, and the variance found when what was counted differs from
what the recorded rounds and hands say, with the supervisor's explanation.

A banked (stud) table's box holds the cash, chips and markers given for chips; a poker
table's box holds what the dealer dropped: rake, time collections, bad-beat drops."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone

from casino.common import credentials
from casino.common.amounts import money_field
from tables.floor.models import append_only

CATEGORIES = ("cash", "chips", "markers", "promotional")


class BoxFigures(models.Model):
    """What a box held: cash and chips by denomination, markers and promotional coupons
    by amount. The drop is cash, chips and markers; promotional coupons are counted
    apart (no money came in for them)."""

    cash = models.JSONField(help_text="Notes and coins by denomination.")
    cash_total = money_field()
    chips = models.JSONField(help_text="Chips by denomination.")
    chips_total = money_field()
    markers = money_field()
    promotional = money_field()
    drop = money_field(help_text="Cash, chips and markers.")

    class Meta:
        abstract = True
        constraints = [models.CheckConstraint(
            condition=Q(drop=F("cash_total") + F("chips_total") + F("markers")),
            name="%(class)s_drop_adds_up")]


class Counted(models.Model):
    """The two people of the count team who counted, and when."""

    counted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   related_name="+")
    witnessed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                     related_name="+")
    counted_at = models.DateTimeField(default=timezone.now)
    witness_credential = credentials.version_field("second member")

    class Meta:
        abstract = True
        constraints = [models.CheckConstraint(condition=~Q(counted_by=F("witnessed_by")),
                                              name="%(class)s_by_two_people")]


class BoxCount(BoxFigures, Counted):
    """A table's drop box of one shift, counted: once (a second count is refused; a
    correction is a ``CountCorrection``)."""

    table = models.ForeignKey("floor.Table", on_delete=models.PROTECT,
                              related_name="box_counts")
    gaming_day = models.DateField()
    shift = models.PositiveSmallIntegerField(help_text="The gaming day's shift, 1 to 3.")

    class Meta:
        db_table = "tables_boxcount"
        ordering = ["-gaming_day", "table", "shift"]
        constraints = [
            *BoxFigures.Meta.constraints, *Counted.Meta.constraints,
            models.UniqueConstraint(fields=["table", "gaming_day", "shift"],
                                    name="a_box_is_counted_once"),
            models.CheckConstraint(condition=Q(shift__gte=1, shift__lte=3),
                                   name="box_shift_1_to_3"),
        ]
        triggers = append_only()

    def __str__(self) -> str:
        return f"box of {self.table.label} {self.gaming_day} shift {self.shift}"


class CountCorrection(BoxFigures, Counted):
    """A box counted again: its figures replace the count's (the latest correction
    stands); the first count and every correction stay."""

    count = models.ForeignKey(BoxCount, on_delete=models.PROTECT, related_name="corrections")
    reason = models.TextField()

    class Meta:
        db_table = "tables_countcorrection"
        ordering = ["count", "id"]
        constraints = [*BoxFigures.Meta.constraints, *Counted.Meta.constraints]
        triggers = append_only()

    def __str__(self) -> str:
        return f"correction {self.pk} of {self.count}"


class VarianceKind(models.TextChoices):
    WIN = "win", "Win (banked table)"
    RAKE = "rake", "Rake (card room)"


class Variance(models.Model):
    """A box whose count differs from the records by more than the casino's threshold:
    opened when it was counted (or corrected), to be explained by a supervisor."""

    table = models.ForeignKey("floor.Table", on_delete=models.PROTECT,
                              related_name="variances")
    gaming_day = models.DateField()
    shift = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=4, choices=VarianceKind.choices)
    count = models.ForeignKey(BoxCount, on_delete=models.PROTECT, related_name="variances")
    correction = models.ForeignKey(CountCorrection, on_delete=models.PROTECT, null=True,
                                   blank=True, related_name="variances")
    recorded = models.DecimalField(max_digits=14, decimal_places=2,
                                   help_text="The house's result the records show.")
    counted = models.DecimalField(max_digits=14, decimal_places=2,
                                  help_text="The win (or rake) the count shows.")
    difference = models.DecimalField(max_digits=14, decimal_places=2,
                                     help_text="Counted minus recorded.")
    threshold = money_field()
    opened_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tables_variance"
        ordering = ["-opened_at"]
        constraints = [
            models.CheckConstraint(condition=Q(difference=F("counted") - F("recorded")),
                                   name="variance_difference_adds_up"),
            models.UniqueConstraint(fields=["count", "correction"], nulls_distinct=False,
                                    name="one_variance_per_count_figures"),
        ]
        triggers = append_only()

    def __str__(self) -> str:
        return f"variance of {self.difference} at {self.table.label} {self.gaming_day} " \
               f"shift {self.shift}"


class VarianceExplanation(models.Model):
    """What a supervisor found when looking into a variance."""

    variance = models.OneToOneField(Variance, on_delete=models.PROTECT,
                                    related_name="explanation")
    found = models.TextField()
    explained_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                     related_name="+")
    explained_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tables_varianceexplanation"
        triggers = append_only()

    def __str__(self) -> str:
        return f"explanation of {self.variance}"
