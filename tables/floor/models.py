"""The floor: casinos (currency, time zone, gaming day), their tables and the dealers
assigned to them, and what every record made at a table shares (a supervisor's void,
append-only triggers)."""

from __future__ import annotations

from enum import StrEnum

import pghistory
from django.conf import settings
from django.db import models
from django.utils import timezone

from casino.common.db_roles import append_only
from tables.rules import betting


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


def choices_of(enum: type[StrEnum], labels: dict[str, str], *, first=()) -> type:
    """The rules' enum as model choices (the same values), with the words staff read;
    ``first`` adds choices the rules have no member for (e.g. no kill at all)."""
    members = [*first, *((m.name, m.value) for m in enum)]
    return models.TextChoices(enum.__name__, [(name, (value, labels[value]))
                                              for name, value in members])


Structure = choices_of(betting.Structure, {
    "fixed_limit": "Fixed limit", "spread_limit": "Spread limit", "pot_limit": "Pot limit",
    "no_limit": "No limit"})
ReopenRule = choices_of(betting.ReopenRule, {"full_bet": "Full bet rule",
                                             "half_bet": "Half bet rule"})
Kill = choices_of(betting.KillKind, {"off": "No kill", "full": "Full kill (double stakes)",
                                     "half": "Half kill (1.5x stakes)"}, first=[("OFF", "off")])
KillTrigger = choices_of(betting.KillTrigger, {
    "pot_size": "Pot over a number of big bets",
    "two_in_a_row": "One player wins two pots in a row"})


class TableStatus(models.TextChoices):
    OPEN = "open", "Open"
    CLOSED = "closed", "Closed"


MAX_SEATS = 10


@pghistory.track(meta={"db_table": "tables_tableevent"})
class Table(models.Model):
    """A gaming table: a stud table banked by the house, or a card-room poker table."""

    casino = models.ForeignKey("house.Casino", on_delete=models.PROTECT, related_name="tables")
    label = models.CharField(max_length=40, help_text="As painted on the table, e.g. 'CS-1'.")
    game = models.CharField(max_length=20, choices=Game.choices)
    pit = models.CharField(max_length=40, blank=True,
                           help_text="The pit the table stands in, e.g. 'Pit 1' or 'Card "
                                     "room' (the master games report totals each pit).")
    status = models.CharField(max_length=10, choices=TableStatus.choices,
                              default=TableStatus.CLOSED)
    seats = models.PositiveSmallIntegerField()
    # Stud tables: the published paytable new rounds settle under, and the ante limits.
    paytable = models.ForeignKey("terms.Paytable", on_delete=models.PROTECT, null=True,
                                 blank=True, related_name="tables")
    progressive = models.ForeignKey("jackpots.Progressive", on_delete=models.PROTECT, null=True,
                                    blank=True, related_name="tables")
    min_ante = models.DecimalField("minimum ante", max_digits=14, decimal_places=2, null=True,
                                   blank=True)
    max_ante = models.DecimalField("maximum ante", max_digits=14, decimal_places=2, null=True,
                                   blank=True)
    # Poker tables: how the house collects, the betting structure and its amounts, kills.
    # ``poker_settings_version`` counts the changes; every hand stores the version and
    # a copy of the stakes it was played under (the audit trail keeps before/after).
    rake_schedule = models.ForeignKey("terms.RakeSchedule", on_delete=models.PROTECT,
                                      null=True, blank=True, related_name="tables")
    structure = models.CharField(max_length=12, choices=Structure.choices, blank=True)
    small_bet = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    big_bet = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    min_bet = models.DecimalField("minimum bet", max_digits=14, decimal_places=2, null=True,
                                  blank=True)
    max_bet = models.DecimalField("maximum bet", max_digits=14, decimal_places=2, null=True,
                                  blank=True)
    small_blind = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    big_blind = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    ante = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    raise_cap = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Fixed limit: bets per round, e.g. 4 = a bet and three "
                                         "raises.")
    heads_up_uncapped = models.BooleanField("no raise cap heads-up", default=False)
    reopen_rule = models.CharField("reopening rule", max_length=8, choices=ReopenRule.choices,
                                   blank=True)
    kill = models.CharField(max_length=4, choices=Kill.choices, default=Kill.OFF)
    kill_trigger = models.CharField(max_length=12, choices=KillTrigger.choices, blank=True)
    kill_pot_big_bets = models.DecimalField("kill when the pot exceeds (big bets)", max_digits=6,
                                            decimal_places=2, null=True, blank=True)
    poker_settings_version = models.PositiveIntegerField("settings version", default=0)
    dealers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="floor.TableDealer", related_name="dealt_tables",
        blank=True,
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tables_table"
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


@pghistory.track(pghistory.InsertEvent("assigned"), pghistory.DeleteEvent("unassigned"),
                 meta={"db_table": "tables_tabledealerevent"})
class TableDealer(models.Model):
    """A dealer assigned to deal at a table; the assignment history is audited."""

    table = models.ForeignKey("floor.Table", on_delete=models.CASCADE)
    dealer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    assigned_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tables_tabledealer"
        constraints = [
            models.UniqueConstraint(fields=["table", "dealer"], name="one_assignment_per_dealer"),
        ]

    def __str__(self) -> str:
        return f"{self.dealer} at {self.table}"


class Void(models.Model):
    """A supervisor's correction of a record: it no longer counts, and stays for history.
    The concrete model adds the one-to-one link to what it voids."""

    reason = models.TextField()
    voided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                  related_name="+")
    voided_at = models.DateTimeField(default=timezone.now)
    # The day the correction lands in the books (the record's own day stays as closed).
    gaming_day = models.DateField(db_index=True)

    class Meta:
        abstract = True


class SealKind(models.TextChoices):
    STUD_ROUND = "stud_round", "Stud round"
    STUD_ROUND_VOID = "stud_round_void", "Stud round void"
    POKER_HAND = "poker_hand", "Poker hand"
    POKER_HAND_VOID = "poker_hand_void", "Poker hand void"
    TIME_COLLECTION = "time_collection", "Time collection"
    TIME_COLLECTION_VOID = "time_collection_void", "Time collection void"


class RecordSeal(models.Model):
    """One link of a table's chain of records: a round with its seats, a hand with its
    seats and pots, a collection, a void. Written by the database when the record's
    transaction commits (migration tables 0018), when every row of the record exists;
    its hash covers the record's content and the previous seal of the same table, so
    manage.py verify_ledgers finds a record altered, removed or slipped in by hand."""

    table = models.ForeignKey("floor.Table", on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=24, choices=SealKind.choices)
    record_id = models.BigIntegerField()
    sealed_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64, editable=False)
    row_hash = models.CharField(max_length=64, editable=False)

    class Meta:
        db_table = "tables_recordseal"
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["kind", "record_id"],
                                               name="one_seal_per_record")]
        indexes = [models.Index(fields=["table", "id"], name="seal_chain_of_table")]
        triggers = append_only()

    def __str__(self) -> str:
        return f"seal of {self.kind} {self.record_id}"


# Django finds the chain ends here, the floor app's models module.
from tables.floor.chain_ends import SealChainEnd  # noqa: E402, F401
