"""The chips at the banked tables: each table's inventory counted at the opening and the
closing of a shift, the fills and credits that move chips between the cage and a table
on numbered slips, and each casino's accounting rules (denominations, thresholds).

Every slip is a record (append-only); a signature, a void and a discrepancy are records
of their own that point at the slip they are about."""

from __future__ import annotations

from decimal import Decimal

import pghistory
import pgtrigger
from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models import F, Q
from django.utils import timezone

from casino.common import credentials
from casino.common.amounts import money_field
from tables.floor.models import append_only
from tables.rules.chips import Level


def _shift_field() -> models.PositiveSmallIntegerField:
    return models.PositiveSmallIntegerField(help_text="The gaming day's shift, 1 to 3.")


SHIFT_RANGE = Q(shift__gte=1, shift__lte=3)


@pghistory.track(meta={"db_table": "tables_accountingrulesevent"})
class AccountingRules(models.Model):
    """One casino's accounting rules, set by its supervisors (every change audited)."""

    casino = models.OneToOneField("house.Casino", on_delete=models.PROTECT,
                                  related_name="accounting_rules")
    denominations = ArrayField(models.DecimalField(max_digits=14, decimal_places=2),
                               help_text="The value chips in use, e.g. 1, 5, 25, 100.")
    report_at = money_field(
        verbose_name="report inventory differences from", default=Decimal("25.00"),
        help_text="An opener that differs from the last closer by this much or more is "
                  "reported to the pit.")
    escalate_at = money_field(
        verbose_name="escalate inventory differences from", default=Decimal("100.00"),
        help_text="... and from this much, to accounting as well.")
    variance_at = money_field(
        verbose_name="explain count variances over", default=Decimal("25.00"),
        help_text="A counted win or rake that differs from the recorded one by more than "
                  "this opens a variance a supervisor must explain.")
    variance_percent = models.DecimalField(
        "explain count variances over this share of the drop", max_digits=6,
        decimal_places=5, null=True, blank=True,
        help_text="Optional, a fraction (0.05 for 5%): a difference larger than this share "
                  "of the box's drop opens a variance too, though under the amount.")
    inventory_in_service = models.BooleanField(
        "keep the table inventory here", default=False,
        help_text="On: a banked table deals only inside a shift opened here, its opener "
                  "signed by the supervisor and the dealer, and it opens and closes with "
                  "that shift. Off: the inventory is kept elsewhere and the table is opened "
                  "and closed by its status.")
    confidence = models.DecimalField(
        "hold band confidence", max_digits=5, decimal_places=4, default=Decimal("0.99"),
        help_text="How sure the statistical hold band is, e.g. 0.99: a hold outside it is "
                  "flagged.")

    class Meta:
        db_table = "tables_accountingrules"
        constraints = [
            models.CheckConstraint(condition=Q(report_at__gte=0), name="report_at_not_negative"),
            models.CheckConstraint(condition=Q(escalate_at__gte=F("report_at")),
                                   name="escalate_at_not_below_report_at"),
            models.CheckConstraint(condition=Q(variance_at__gte=0),
                                   name="variance_at_not_negative"),
            models.CheckConstraint(condition=Q(variance_percent__isnull=True)
                                   | Q(variance_percent__gte=0, variance_percent__lte=1),
                                   name="variance_percent_a_share"),
            # The band's normal quantile is taken strictly inside (0.5, 0.9999).
            models.CheckConstraint(condition=Q(confidence__gt=Decimal("0.5"),
                                               confidence__lt=Decimal("0.9999")),
                                   name="confidence_between_half_and_one"),
        ]
        verbose_name_plural = "accounting rules"

    def __str__(self) -> str:
        return f"accounting rules of {self.casino}"


class SlipFigures(models.Model):
    """Chips by denomination ({'25': 40, '100': 20}) and their value."""

    chips = models.JSONField(help_text="Chips by denomination.")
    total = money_field()

    class Meta:
        abstract = True


class InventoryKind(models.TextChoices):
    OPENER = "opener", "Opener"
    CLOSER = "closer", "Closer"


class InventorySlip(SlipFigures):
    """A table's chips counted at the opening or the closing of a shift."""

    table = models.ForeignKey("floor.Table", on_delete=models.PROTECT,
                              related_name="inventory_slips")
    gaming_day = models.DateField()
    shift = _shift_field()
    kind = models.CharField(max_length=6, choices=InventoryKind.choices)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                    related_name="+")
    recorded_at = models.DateTimeField(default=timezone.now)
    # An opener's: the table's last closer, which it is checked against.
    last_closer = models.OneToOneField("self", on_delete=models.PROTECT, null=True,
                                       blank=True, related_name="next_opener")

    class Meta:
        db_table = "tables_inventoryslip"
        ordering = ["table", "gaming_day", "shift", "kind"]
        constraints = [
            models.UniqueConstraint(fields=["table", "gaming_day", "shift", "kind"],
                                    name="one_opener_and_closer_per_table_shift"),
            models.CheckConstraint(condition=SHIFT_RANGE, name="inventory_shift_1_to_3"),
            models.CheckConstraint(condition=Q(total__gte=0), name="inventory_not_negative"),
        ]
        triggers = append_only()

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.table.label} {self.gaming_day} shift " \
               f"{self.shift}"


class Discrepancy(models.Model):
    """An opener that does not match the table's last closer, chip for chip."""

    opener = models.OneToOneField(InventorySlip, on_delete=models.PROTECT,
                                  related_name="discrepancy")
    difference = models.DecimalField(max_digits=14, decimal_places=2,
                                     help_text="Opener minus last closer.")
    chips = models.JSONField(help_text="Chips more (or fewer, negative) than the closer "
                                       "held, by denomination.")
    level = models.CharField(max_length=10, choices=[(v.value, v.value.capitalize())
                                                     for v in Level])
    report_at = money_field()
    escalate_at = money_field()
    found_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tables_discrepancy"
        ordering = ["-found_at"]
        triggers = append_only()
        verbose_name_plural = "discrepancies"

    def __str__(self) -> str:
        return f"discrepancy of {self.difference} at {self.opener}"


class SignerRole(models.TextChoices):
    DEALER = "dealer", "Dealer"
    SUPERVISOR = "supervisor", "Supervisor"


class Signature(models.Model):
    """A person's confirmation of a slip, in the capacity they signed in."""

    role = models.CharField(max_length=10, choices=SignerRole.choices)
    signed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                  related_name="+")
    signed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        abstract = True


class InventorySignature(Signature):
    slip = models.ForeignKey(InventorySlip, on_delete=models.PROTECT,
                             related_name="signatures")

    class Meta:
        db_table = "tables_inventorysignature"
        constraints = [models.UniqueConstraint(fields=["slip", "role"],
                                               name="one_inventory_signature_per_role")]
        triggers = append_only()

    def __str__(self) -> str:
        return f"{self.get_role_display()}'s signature of {self.slip}"


class ChipMove(models.TextChoices):
    FILL = "fill", "Fill"
    CREDIT = "credit", "Credit"


class ChipRequest(SlipFigures):
    """A supervisor's request for chips to (a fill) or from (a credit) a table."""

    table = models.ForeignKey("floor.Table", on_delete=models.PROTECT,
                              related_name="chip_requests")
    gaming_day = models.DateField()
    shift = _shift_field()
    kind = models.CharField(max_length=6, choices=ChipMove.choices)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                     related_name="+")
    requested_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tables_chiprequest"
        ordering = ["-requested_at"]
        constraints = [
            models.CheckConstraint(condition=SHIFT_RANGE, name="request_shift_1_to_3"),
            models.CheckConstraint(condition=Q(total__gt=0), name="request_total_positive"),
        ]
        triggers = append_only()

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.total} for {self.table.label}"


class SlipSeries(models.Model):
    """The last number a casino's fill and credit slips used: one unbroken series, taken
    one at a time under this row's lock."""

    casino = models.OneToOneField("house.Casino", on_delete=models.PROTECT,
                                  related_name="slip_series")
    last_number = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "tables_slipseries"
        verbose_name_plural = "slip series"
        # Counting back would hand out a number twice: the database refuses it.
        triggers = [pgtrigger.Protect(
            name="slip_series_never_counts_back", operation=pgtrigger.Update,
            condition=pgtrigger.Q(new__last_number__lt=pgtrigger.F("old__last_number")))]

    def __str__(self) -> str:
        return f"slips of {self.casino} up to {self.last_number}"


class ChipSlip(models.Model):
    """The cage's numbered slip for a request: the chips left the cage (a fill) or are
    sent to it (a credit)."""

    request = models.OneToOneField(ChipRequest, on_delete=models.PROTECT, related_name="slip")
    casino = models.ForeignKey("house.Casino", on_delete=models.PROTECT, related_name="+")
    number = models.PositiveIntegerField()
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                  related_name="+")
    issued_at = models.DateTimeField(default=timezone.now)
    # The security officer who carried the chips, as the paper slip's runner line names
    # him (security staff hold no account here). Null, not "", on the slips issued before
    # it was asked: a seal leaves nulls out of its content, so their seals still verify.
    carried_by = models.CharField(max_length=80, null=True)  # noqa: DJ001

    class Meta:
        db_table = "tables_chipslip"
        ordering = ["casino", "number"]
        constraints = [models.UniqueConstraint(fields=["casino", "number"],
                                               name="one_slip_per_number_and_casino")]
        triggers = append_only()

    def __str__(self) -> str:
        return f"slip {self.number}"


class ChipSlipSignature(Signature):
    slip = models.ForeignKey(ChipSlip, on_delete=models.PROTECT, related_name="signatures")

    class Meta:
        db_table = "tables_chipslipsignature"
        constraints = [models.UniqueConstraint(fields=["slip", "role"],
                                               name="one_chip_slip_signature_per_role")]
        triggers = append_only()

    def __str__(self) -> str:
        return f"{self.get_role_display()}'s signature of {self.slip}"


class ChipSlipVoid(models.Model):
    """A slip that never moved chips: its number stays used, with the reason and the two
    people who voided it."""

    slip = models.OneToOneField(ChipSlip, on_delete=models.PROTECT, related_name="void")
    reason = models.TextField()
    voided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                  related_name="+")
    witnessed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                     related_name="+")
    voided_at = models.DateTimeField(default=timezone.now)
    witness_credential = credentials.version_field("witness")

    class Meta:
        db_table = "tables_chipslipvoid"
        constraints = [models.CheckConstraint(condition=~Q(voided_by=F("witnessed_by")),
                                              name="slip_void_witness_is_a_second_person")]
        triggers = append_only()

    def __str__(self) -> str:
        return f"void of {self.slip}"
