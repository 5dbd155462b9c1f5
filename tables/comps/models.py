"""Comps: each casino's rules (the share of a player's theoretical win it gives back, by
tier, and an hourly rate for poker; how much a host or supervisor may give alone), a
player's comp account at each casino (its balance in the casino's currency), the comps
given, a second person's decision on those over the giver's limit, and the account's
hash-chained ledger: every accrual, revision and comp, append-only."""

from __future__ import annotations

from decimal import Decimal

import pghistory
from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist
from django.db import models
from django.db.models import Q
from django.utils import timezone

from casino.common.amounts import money_field
from casino.common.db_roles import append_only


def _share(verbose: str, default: str, help_text: str) -> models.DecimalField:
    return models.DecimalField(verbose, max_digits=6, decimal_places=4,
                               default=Decimal(default), help_text=help_text)


@pghistory.track(meta={"db_table": "tables_comprulesevent"})
class CompRules(models.Model):
    """One casino's comp rules, set by its supervisors (every change audited)."""

    casino = models.OneToOneField("house.Casino", on_delete=models.PROTECT,
                                  related_name="comp_rules")
    reinvestment = _share("reinvestment rate", "0.2500",
                          "The share of a player's theoretical win (and strategy cost) "
                          "given back as comps, e.g. 0.25 for 25%.")
    member = _share("member multiplier", "1.0000", "A member earns the rate times this.")
    silver = _share("silver multiplier", "1.1000", "A silver card earns the rate times this.")
    gold = _share("gold multiplier", "1.2500", "A gold card earns the rate times this.")
    platinum = _share("platinum multiplier", "1.5000",
                      "A platinum card earns the rate times this.")
    poker_hourly = money_field(verbose_name="poker comps per hour", default=Decimal("1.00"),
                               help_text="What an hour at a poker table earns a member "
                                         "(times his tier's multiplier).")
    issuer_limit = money_field(verbose_name="a giver's limit", default=Decimal("100.00"),
                               help_text="The most a host or supervisor gives one player "
                                         "alone in a gaming day; above it a supervisor "
                                         "approves.")

    class Meta:
        db_table = "tables_comprules"
        verbose_name_plural = "comp rules"
        constraints = [
            models.CheckConstraint(condition=Q(reinvestment__gte=0, reinvestment__lte=1),
                                   name="reinvestment_a_share"),
            models.CheckConstraint(condition=Q(member__gte=0, silver__gte=0, gold__gte=0,
                                               platinum__gte=0),
                                   name="multipliers_not_negative"),
            models.CheckConstraint(condition=Q(poker_hourly__gte=0, issuer_limit__gte=0),
                                   name="comp_amounts_not_negative"),
        ]

    def __str__(self) -> str:
        return f"comp rules of {self.casino.name}"

    def multiplier(self, tier: str) -> Decimal:
        return getattr(self, tier)


@pghistory.track(meta={"db_table": "tables_complimitevent"})
class CompLimit(models.Model):
    """One host's (or supervisor's) own limit at a casino, over the casino's default: what
    she gives one player alone in a gaming day. A supervisor's own is changed with a
    second supervisor (named in the change's audited reason)."""

    casino = models.ForeignKey("house.Casino", on_delete=models.PROTECT, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                             related_name="+")
    limit = money_field()

    class Meta:
        db_table = "tables_complimit"
        constraints = [
            models.UniqueConstraint(fields=["casino", "user"], name="one_comp_limit_each"),
            models.CheckConstraint(condition=Q(limit__gte=0), name="comp_limit_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.user}'s comp limit at {self.casino.name}"


class CompAccount(models.Model):
    """A player's comps at one casino, in its currency. ``balance`` only moves with a
    ``CompEntry`` in the same transaction, the row locked: the ledger always sums to it."""

    player = models.ForeignKey("players.Player", on_delete=models.PROTECT,
                               related_name="comp_accounts")
    casino = models.ForeignKey("house.Casino", on_delete=models.PROTECT, related_name="+")
    balance = money_field(default=Decimal(0))

    class Meta:
        db_table = "tables_compaccount"
        constraints = [models.UniqueConstraint(fields=["player", "casino"],
                                               name="one_comp_account_a_casino")]

    def __str__(self) -> str:
        return f"{self.player.name}'s comps at {self.casino.name}"


class CompKind(models.TextChoices):
    FOOD = "food", "Food and drink"
    ROOM = "room", "Room"
    SHOW = "show", "Show"
    FREE_PLAY = "free_play", "Free play"


class Comp(models.Model):
    """A comp given (or asked for, over the giver's limit): a record."""

    account = models.ForeignKey(CompAccount, on_delete=models.PROTECT, related_name="comps")
    amount = money_field()
    kind = models.CharField(max_length=9, choices=CompKind.choices)
    reason = models.CharField(max_length=200)
    given_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                 related_name="+")
    at = models.DateTimeField(default=timezone.now)
    gaming_day = models.DateField(db_index=True)
    # Taking the giver's comps to the player that gaming day over her limit: it waits for
    # a supervisor's CompDecision.
    needs_approval = models.BooleanField(default=False)

    class Meta:
        db_table = "tables_comp"
        ordering = ["-at", "-id"]
        triggers = append_only()
        constraints = [models.CheckConstraint(condition=Q(amount__gt=0),
                                              name="a_comp_more_than_nothing")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount} for {self.account.player.name}"

    @property
    def state(self) -> str:
        """'given', 'waiting' (for a supervisor) or 'declined'."""
        if not self.needs_approval:
            return "given"
        try:
            return "given" if self.decision.approved else "declined"
        except ObjectDoesNotExist:
            return "waiting"


class CompDecision(models.Model):
    """A second person's word on a comp over its giver's limit: approved, or declined."""

    comp = models.OneToOneField(Comp, on_delete=models.PROTECT, related_name="decision")
    approved = models.BooleanField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                           related_name="+")
    at = models.DateTimeField(default=timezone.now)
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        db_table = "tables_compdecision"
        triggers = append_only()

    def __str__(self) -> str:
        return f"{self.comp} {'approved' if self.approved else 'declined'} by {self.by}"


class EntryKind(models.TextChoices):
    EARNED = "earned", "Earned"        # a closed rating's share
    REVISED = "revised", "Revised"     # its figures changed: the difference
    GIVEN = "given", "Comp given"      # a comp (approved, where it needed it)


class CompEntry(models.Model):
    """One movement of a comp account; chained per account by the database."""

    account = models.ForeignKey(CompAccount, on_delete=models.PROTECT, related_name="entries")
    kind = models.CharField(max_length=7, choices=EntryKind.choices)
    amount = money_field(help_text="Signed: + earned, - given.")
    balance_after = money_field()
    gaming_day = models.DateField(db_index=True)
    figures = models.ForeignKey("players.RatingFigures", on_delete=models.PROTECT, null=True,
                                blank=True, related_name="+")
    comp = models.OneToOneField(Comp, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="entry")
    # What an earning was worked out from: the worth (or hours) times the rate times the
    # tier's multiplier, each as it stood then.
    basis = models.DecimalField(max_digits=16, decimal_places=4, null=True, blank=True)
    rate = models.DecimalField(max_digits=14, decimal_places=4, null=True, blank=True)
    multiplier = models.DecimalField(max_digits=6, decimal_places=4, null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # Set by the database on insert (migration tables 0034), chained per account.
    prev_hash = models.CharField(max_length=64, default="", editable=False)
    row_hash = models.CharField(max_length=64, default="", editable=False)

    class Meta:
        db_table = "tables_compentry"
        ordering = ["account", "id"]
        verbose_name_plural = "comp entries"
        triggers = append_only()
        # The chain trigger's "last entry of the account" reads one row through it.
        indexes = [models.Index(fields=["account", "id"], name="comp_ledger_of_account")]
        constraints = [
            models.CheckConstraint(condition=~Q(kind="given") | Q(comp__isnull=False,
                                                                 amount__lt=0),
                                   name="a_comp_given_names_it"),
            models.CheckConstraint(condition=Q(kind="given") | Q(figures__isnull=False),
                                   name="an_earning_names_its_figures"),
            # A revision of a rating's figures earns once (issue 45: an entry forged on
            # figures already earned on is refused, not only found).
            models.UniqueConstraint(fields=["figures"], condition=~Q(kind="given"),
                                    name="a_figures_revision_earns_once"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount}"

