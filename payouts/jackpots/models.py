"""Jackpot meters, their ledger (MeterEntry), the hits they pay and the nightly checks."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

import pghistory
import pgtrigger
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone

from casino.common import credentials
from casino.common.days import books_day
from casino.common.db_roles import append_only
from payouts.jackpots.fieldcrypt import TOKEN_PREFIX
from payouts.jackpots.sums import MeterEntryQuerySet, MeterKind, MeterName
from tables.rules.money import MoneyError, read_amount
from tables.rules.progressive import AwardRule
from tables.rules.stud import STUD_CATEGORIES

US_AWARDS = {"royal_flush": {"percent": "100"}, "straight_flush": {"percent": "10"},
             "four_of_a_kind": {"fixed": "500.00"}, "full_house": {"fixed": "100.00"},
             "flush": {"fixed": "50.00"}}


def award_rules(awards: Mapping[str, Any]) -> dict[str, AwardRule]:
    """Parse and check an award schedule: category -> {"percent": ..} or {"fixed": ..}."""
    if not isinstance(awards, Mapping) or not awards:
        raise ValidationError({"awards": "Give the awards as an object: category -> "
                                         '{"percent": "100"} or {"fixed": "500.00"}.'})
    rules = {}
    for category, spec in awards.items():
        if category not in STUD_CATEGORIES:
            raise ValidationError({"awards": f"'{category}' is not a hand category."})
        if not isinstance(spec, Mapping) or len(spec) != 1 or \
                next(iter(spec)) not in ("percent", "fixed"):
            raise ValidationError({"awards": f"{category}: give either a percent or a fixed "
                                             "amount, e.g. {\"percent\": \"10\"}."})
        kind, raw = next(iter(spec.items()))
        try:
            value = read_amount(raw)
        except MoneyError:
            raise ValidationError({"awards": f"{category}: {raw!r} is not a plain decimal "
                                             'such as "10" or "500.00".'}) from None
        if value <= 0 or (kind == "percent" and value > 100):
            raise ValidationError({"awards": f"{category}: {raw} is out of range."})
        rules[category] = AwardRule(percent=value) if kind == "percent" else AwardRule(
            fixed=value)
    return rules

# Parameter changes only: the meters' own movements are in the MeterEntry ledger.
@pghistory.track(pghistory.InsertEvent(), pghistory.UpdateEvent(condition=pghistory.AnyChange(
    exclude=["amount", "reserve", "overflow"])), meta={"db_table": "payouts_progressiveevent"})
class Progressive(models.Model):
    """A jackpot meter fed by the side wagers of every table linked to it.

    ``amount``, ``reserve`` and ``overflow`` only move inside services that write a
    ``MeterEntry`` for the same change in the same transaction, so the ledger always
    explains them to the cent.
    """

    name = models.CharField(max_length=120, unique=True)
    currency = models.CharField(max_length=3)
    wager = models.DecimalField(max_digits=14, decimal_places=2, default=Decimal("1.00"))
    seed = models.DecimalField(max_digits=14, decimal_places=2)
    contribution_rate = models.DecimalField(max_digits=6, decimal_places=5)
    reserve_rate = models.DecimalField(max_digits=6, decimal_places=5, default=Decimal(0))
    limit = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    awards = models.JSONField(help_text='Category -> {"percent": "100"} or {"fixed": "500.00"}.')
    approval_threshold = models.DecimalField(max_digits=14, decimal_places=2,
                                             default=Decimal("10000.00"))
    # The largest balance a correction may set on one supervisor's word; above it a
    # second supervisor confirms by their own password (issue 26). Given at creation or
    # derived (tables.rules.progressive.default_correction_bound); a parameter after.
    correction_bound = models.DecimalField(
        max_digits=14, decimal_places=2,
        help_text="A correction to a balance above this needs a second supervisor.")
    amount = models.DecimalField(max_digits=14, decimal_places=2)
    reserve = models.DecimalField(max_digits=14, decimal_places=2, default=Decimal(0))
    overflow = models.DecimalField(max_digits=14, decimal_places=2, default=Decimal(0))
    created_at = models.DateTimeField(auto_now_add=True)
    # Whose gaming day the meter's ledger is kept by: a casino's, or (none) the group's,
    # for a wide-area meter no one casino holds. Chosen at creation.
    casino = models.ForeignKey("house.Casino", on_delete=models.PROTECT, null=True,
                               blank=True, related_name="progressives")

    class Meta:
        db_table = "payouts_progressive"
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(condition=models.Q(contribution_rate__gte=0,
                                                      reserve_rate__gte=0),
                                   name="progressive_rates_not_negative"),
            models.CheckConstraint(condition=models.Q(seed__gte=0, wager__gt=0),
                                   name="progressive_seed_and_wager"),
            models.CheckConstraint(condition=models.Q(amount__gte=0, reserve__gte=0,
                                                      overflow__gte=0),
                                   name="progressive_meters_not_negative"),
            models.CheckConstraint(condition=models.Q(correction_bound__gte=0),
                                   name="progressive_correction_bound_not_negative"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def books(self):
        """Who keeps the meter's ledger, whose day it follows: its casino, or None (the
        group's books)."""
        return self.casino if self.casino_id else None

    def books_day(self, moment: dt.datetime) -> dt.date:
        """The day of the meter's books an instant belongs to (days.books_day)."""
        return books_day(self.books, moment)


class MeterEntry(models.Model):
    """Append-only ledger of every movement of a progressive's meter, reserve and overflow."""

    progressive = models.ForeignKey(Progressive, on_delete=models.PROTECT,
                                    related_name="entries")
    meter = models.CharField(max_length=10, choices=MeterName.choices, default=MeterName.METER)
    kind = models.CharField(max_length=12, choices=MeterKind.choices)
    amount = models.DecimalField(max_digits=14, decimal_places=2,
                                 help_text="Signed: + into the meter, - out of it.")
    balance_after = models.DecimalField(max_digits=14, decimal_places=2)
    wagers = models.DecimalField(max_digits=14, decimal_places=2, default=Decimal(0))
    round = models.ForeignKey("stud.StudRound", on_delete=models.PROTECT, null=True,
                              blank=True, related_name="meter_entries")
    hit = models.ForeignKey("jackpots.JackpotHit", on_delete=models.PROTECT, null=True,
                            blank=True, related_name="meter_entries")
    reason = models.TextField(blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    gaming_day = models.DateField(help_text="The day of the meter's books it was written on.")
    # Set by the database on insert (migration 0011): the SHA-256 of this entry's content
    # and of the previous entry of the same meter's ledger, so an altered row breaks the
    # chain (manage.py verify_ledgers).
    prev_hash = models.CharField(max_length=64, default="", editable=False)
    row_hash = models.CharField(max_length=64, default="", editable=False)

    objects = MeterEntryQuerySet.as_manager()

    class Meta:
        db_table = "payouts_meterentry"
        ordering = ["id"]
        indexes = [models.Index(fields=["progressive", "gaming_day", "meter", "id"],
                                name="meter_entry_books_day"),
                   # The last entry of one ledger, which the chain trigger and the balance
                   # check at every commit read: without it a ledger with no entry yet
                   # (a meter's reserve) is looked for down every entry of every meter.
                   models.Index(fields=["progressive", "meter", "id"],
                                name="meter_entry_ledger_end")]
        triggers = [
            pgtrigger.Protect(name="meter_ledger_is_append_only",
                              operation=pgtrigger.Update | pgtrigger.Delete),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.amount} on {self.meter} of {self.progressive_id}"

    def save(self, *args, **kwargs):
        # payouts.jackpots.ledger writes every entry with its day; this only dates one
        # written by hand (a test's or a benchmark's fixture) by the same clock.
        if self.gaming_day is None:
            self.gaming_day = self.progressive.books_day(self.created_at)
        super().save(*args, **kwargs)


class HitStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    AWAITING_APPROVAL = "awaiting_approval", "Awaiting approval"
    PAID = "paid", "Paid"


@pghistory.track(meta={"db_table": "payouts_jackpothitevent"})
class JackpotHit(models.Model):
    """A seat's qualifying hand on the side wager; settled once by the settlement task."""

    progressive = models.ForeignKey(Progressive, on_delete=models.PROTECT, related_name="hits")
    round = models.ForeignKey("stud.StudRound", on_delete=models.PROTECT,
                              related_name="jackpot_hits")
    seat = models.PositiveSmallIntegerField()
    category = models.CharField(max_length=20)
    status = models.CharField(max_length=20, choices=HitStatus.choices,
                              default=HitStatus.PENDING)
    wager = models.DecimalField(max_digits=14, decimal_places=2)
    amount = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    meter_before = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    from_meter = models.BooleanField(default=False)
    shared_by = models.PositiveSmallIntegerField(default=1)
    w2g = models.BooleanField(default=False, help_text="A W-2G is needed for the player.")
    withholding = models.BooleanField(default=False)
    recorded_at = models.DateTimeField()
    settled_at = models.DateTimeField(null=True, blank=True)
    # Who approved an award that waited for it, and when: its HitApproval, the one home.

    class Meta:
        db_table = "payouts_jackpothit"
        ordering = ["round_id", "seat"]
        constraints = [
            # Exactly once: one award per seat of a round (and so per seat and category).
            models.UniqueConstraint(fields=["round", "seat"], name="one_award_per_seat"),
        ]
        triggers = [
            pgtrigger.Protect(name="jackpot_hits_are_kept", operation=pgtrigger.Delete),
            pgtrigger.Protect(name="paid_hits_are_final", operation=pgtrigger.Update,
                              condition=pgtrigger.Q(old__status="paid")),
        ]

    def __str__(self) -> str:
        return f"{self.category} at seat {self.seat} of round {self.round_id}"


class ReconciliationCheck(models.Model):
    """The nightly proof that a meter's ledger explains its balance, to the cent."""

    progressive = models.ForeignKey(Progressive, on_delete=models.PROTECT,
                                    related_name="reconciliations")
    meter = models.CharField(max_length=10, choices=MeterName.choices)
    period_start = models.DateTimeField()
    period_end = models.DateTimeField()
    opening = models.DecimalField(max_digits=14, decimal_places=2)
    contributions = models.DecimalField(max_digits=14, decimal_places=2)
    awards = models.DecimalField(max_digits=14, decimal_places=2)
    resets = models.DecimalField(max_digits=14, decimal_places=2)
    corrections = models.DecimalField(max_digits=14, decimal_places=2)
    closing = models.DecimalField(max_digits=14, decimal_places=2)
    balanced = models.BooleanField()
    checked_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "payouts_reconciliationcheck"
        ordering = ["-period_end", "progressive", "meter"]

    def __str__(self) -> str:
        return f"{self.progressive} {self.meter} to {self.period_end:%Y-%m-%d %H:%M}"


class LedgerCheck(models.Model):
    """The nightly walk of every meter ledger's hash chain (jackpots.chain): how many
    entries it checked and, per broken ledger, the first entry that does not match."""

    checked_at = models.DateTimeField(default=timezone.now)
    entries = models.PositiveIntegerField()
    breaks = models.JSONField(default=list)

    class Meta:
        db_table = "payouts_ledgercheck"
        ordering = ["-checked_at"]
        get_latest_by = "checked_at"

    def __str__(self) -> str:
        return f"ledger check {self.checked_at:%Y-%m-%d %H:%M}: {len(self.breaks)} breaks"

    @property
    def intact(self) -> bool:
        return not self.breaks


class HitApproval(models.Model):
    """A supervisor's approval of an award that waited for it, and the second person who
    witnessed it by their own password: written once, in the transaction that pays the
    hit (docs/decisions.md, issue 16: who may witness), and the only record of who
    approved a hit and when. An approval from before approvals had a witness (moved here
    from the hit, migration payouts 0024) has none."""

    hit = models.OneToOneField(JackpotHit, on_delete=models.PROTECT, related_name="approval")
    approved_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                    related_name="+")
    approved_at = models.DateTimeField()
    witnessed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                     null=True, related_name="+")
    witnessed_at = models.DateTimeField(null=True,
                                        help_text="When the witness's password was confirmed.")
    witness_credential = credentials.version_field("witness")

    class Meta:
        db_table = "payouts_hitapproval"
        constraints = [
            models.CheckConstraint(condition=~models.Q(approved_by=models.F("witnessed_by")),
                                   name="approval_witness_is_a_second_person"),
            models.CheckConstraint(condition=models.Q(witnessed_by__isnull=True,
                                                      witnessed_at__isnull=True)
                                   | models.Q(witnessed_by__isnull=False,
                                              witnessed_at__isnull=False),
                                   name="approval_witness_with_its_time"),
        ]
        triggers = append_only()

    def __str__(self) -> str:
        return f"approval of hit {self.hit_id}"


class CorrectionConfirmation(models.Model):
    """The second supervisor who confirmed, by their own password, a correction that set
    a meter above its bound (``Progressive.correction_bound``): written once, in the
    transaction that writes the correction, beside its ledger entry."""

    entry = models.OneToOneField(MeterEntry, on_delete=models.PROTECT,
                                 related_name="confirmation")
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                     related_name="+")
    confirmed_at = models.DateTimeField(help_text="When their password was confirmed.")
    witness_credential = credentials.version_field("second supervisor")
    bound = models.DecimalField(max_digits=14, decimal_places=2,
                                help_text="The meter's bound the correction went above.")

    class Meta:
        db_table = "payouts_correctionconfirmation"
        triggers = append_only()

    def __str__(self) -> str:
        return f"confirmation of correction {self.entry_id}"


class TinKind(models.TextChoices):
    SSN = "ssn", "SSN"
    ITIN = "itin", "ITIN"


class IdKind(models.TextChoices):
    DRIVERS_LICENSE = "drivers_license", "Driver's license"
    STATE_ID = "state_id", "State ID card"
    PASSPORT = "passport", "Passport"
    MILITARY_ID = "military_id", "Military ID"
    RESIDENT_CARD = "resident_card", "Permanent resident card"


def masked_tin(tin: str) -> str:
    """How a TIN is shown everywhere but on the W-2G itself: its last four digits."""
    return f"XXX-XX-{tin[-4:]}"


class W2GPlayer(models.Model):
    """The winner's details a W-2G needs, taken with the approval (payouts.jackpots.w2g
    checks them). The TIN is kept encrypted (``tin_token``, payouts.jackpots.fieldcrypt: the
    key is outside the database), its last four digits apart for the masked display; it
    is decrypted only for the W-2G itself, each time recorded (TinDisclosure). No audit
    trigger copies this table."""

    approval = models.OneToOneField(HitApproval, on_delete=models.PROTECT, related_name="w2g")
    full_name = models.CharField(max_length=120)
    street = models.CharField(max_length=120)
    city = models.CharField(max_length=60)
    region = models.CharField(max_length=60, help_text="State or province.")
    postal_code = models.CharField(max_length=12)
    country = models.CharField(max_length=60)
    tin_kind = models.CharField(max_length=4, choices=TinKind.choices)
    tin_token = models.TextField(help_text="The nine digits, encrypted (a Fernet token).")
    tin_last4 = models.CharField(max_length=4, help_text="What the masked TIN shows.")
    id_kind = models.CharField(max_length=20, choices=IdKind.choices)
    id_number = models.CharField(max_length=30)
    date_of_birth = models.DateField()

    class Meta:
        db_table = "payouts_w2gplayer"
        constraints = [
            # Never the TIN in clear: a token, and four digits for the mask.
            models.CheckConstraint(condition=models.Q(tin_token__startswith=TOKEN_PREFIX),
                                   name="w2g_tin_is_encrypted"),
            models.CheckConstraint(condition=models.Q(tin_last4__regex=r"^[0-9]{4}$"),
                                   name="w2g_tin_last4_is_four_digits"),
        ]
        triggers = append_only()
        verbose_name = verbose_name_plural = "W-2G details"

    def __str__(self) -> str:
        return f"W-2G details of {self.full_name}, {self.get_tin_kind_display()} {self.tin_masked}"

    @property
    def tin_masked(self) -> str:
        return masked_tin(self.tin_last4)


class TinDisclosure(models.Model):
    """One decryption of a W-2G's TIN: who saw it in full, when, on which W-2G. Written
    in the transaction that decrypts it (payouts.jackpots.tins.tin_disclose), never
    changed."""

    player = models.ForeignKey(W2GPlayer, on_delete=models.PROTECT,
                               related_name="disclosures")
    shown_to = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                 related_name="+")
    shown_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "payouts_tindisclosure"
        ordering = ["id"]
        triggers = append_only()

    def __str__(self) -> str:
        return f"TIN of W-2G {self.player_id} shown to {self.shown_to_id}"
