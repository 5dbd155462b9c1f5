from __future__ import annotations

import pghistory
from django.conf import settings
from django.db import models


class Game(models.TextChoices):
    CARIBBEAN_STUD = "caribbean_stud", "Caribbean Stud / Casino Stud"
    HOLDEM = "holdem", "Texas hold'em"
    OMAHA = "omaha", "Omaha"
    OMAHA_HI_LO = "omaha_hi_lo", "Omaha hi-lo (8 or better)"
    SEVEN_CARD_STUD = "seven_card_stud", "Seven-card stud"
    FIVE_CARD_DRAW = "five_card_draw", "Five-card draw"
    RAZZ = "razz", "Razz"
    DEUCE_TO_SEVEN = "deuce_to_seven", "Deuce-to-seven lowball"

    @property
    def is_house_banked(self) -> bool:
        return self is Game.CARIBBEAN_STUD


class Structure(models.TextChoices):
    FIXED_LIMIT = "fixed_limit", "Fixed limit"
    SPREAD_LIMIT = "spread_limit", "Spread limit"
    POT_LIMIT = "pot_limit", "Pot limit"
    NO_LIMIT = "no_limit", "No limit"


class ReopenRule(models.TextChoices):
    FULL_BET = "full_bet", "Full bet rule"
    HALF_BET = "half_bet", "Half bet rule"


class Kill(models.TextChoices):
    OFF = "off", "No kill"
    FULL = "full", "Full kill (double stakes)"
    HALF = "half", "Half kill (1.5x stakes)"


class KillTrigger(models.TextChoices):
    POT_SIZE = "pot_size", "Pot over a number of big bets"
    TWO_IN_A_ROW = "two_in_a_row", "One player wins two pots in a row"


class TableStatus(models.TextChoices):
    OPEN = "open", "Open"
    CLOSED = "closed", "Closed"


MAX_SEATS = 10


@pghistory.track()
class Table(models.Model):
    """A gaming table: a stud table banked by the house, or a card-room poker table."""

    casino = models.ForeignKey("tables.Casino", on_delete=models.PROTECT, related_name="tables")
    label = models.CharField(max_length=40, help_text="As painted on the table, e.g. 'CS-1'.")
    game = models.CharField(max_length=20, choices=Game.choices)
    status = models.CharField(max_length=10, choices=TableStatus.choices,
                              default=TableStatus.CLOSED)
    seats = models.PositiveSmallIntegerField()
    # Stud tables: the published paytable new rounds settle under, and the ante limits.
    paytable = models.ForeignKey("payouts.Paytable", on_delete=models.PROTECT, null=True,
                                 blank=True, related_name="tables")
    progressive = models.ForeignKey("payouts.Progressive", on_delete=models.PROTECT, null=True,
                                    blank=True, related_name="tables")
    min_ante = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    max_ante = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    # Poker tables: how the house collects, the betting structure and its amounts, kills.
    # ``poker_settings_version`` counts the changes; every hand stores the version and
    # a copy of the stakes it was played under (the audit trail keeps before/after).
    rake_schedule = models.ForeignKey("payouts.RakeSchedule", on_delete=models.PROTECT,
                                      null=True, blank=True, related_name="tables")
    structure = models.CharField(max_length=12, choices=Structure.choices, blank=True)
    small_bet = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    big_bet = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    min_bet = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    max_bet = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    small_blind = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    big_blind = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    ante = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    raise_cap = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Fixed limit: bets per round, e.g. 4 = a bet and three "
                                         "raises.")
    heads_up_uncapped = models.BooleanField(default=False)
    reopen_rule = models.CharField(max_length=8, choices=ReopenRule.choices, blank=True)
    kill = models.CharField(max_length=4, choices=Kill.choices, default=Kill.OFF)
    kill_trigger = models.CharField(max_length=12, choices=KillTrigger.choices, blank=True)
    kill_pot_big_bets = models.DecimalField(max_digits=6, decimal_places=2, null=True,
                                            blank=True)
    poker_settings_version = models.PositiveIntegerField(default=0)
    dealers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="tables.TableDealer", related_name="dealt_tables",
        blank=True,
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["casino__name", "label"]
        constraints = [
            models.UniqueConstraint(
                fields=["casino", "label"], name="table_label_unique_in_casino"
            ),
            models.CheckConstraint(
                condition=models.Q(seats__gte=1, seats__lte=MAX_SEATS), name="table_seats_1_to_10"
            ),
            models.CheckConstraint(
                condition=models.Q(min_ante__isnull=True) | models.Q(max_ante__isnull=True)
                | models.Q(max_ante__gte=models.F("min_ante")),
                name="table_ante_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.label} ({self.casino.name})" if self.casino_id else self.label

    @property
    def is_open(self) -> bool:
        return self.status == TableStatus.OPEN

    @property
    def is_poker(self) -> bool:
        return self.game != Game.CARIBBEAN_STUD


@pghistory.track(pghistory.InsertEvent("assigned"), pghistory.DeleteEvent("unassigned"))
class TableDealer(models.Model):
    """A dealer assigned to deal at a table; the assignment history is audited."""

    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE)
    dealer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    assigned_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "dealer"], name="one_assignment_per_dealer"),
        ]

    def __str__(self) -> str:
        return f"{self.dealer} at {self.table}"
