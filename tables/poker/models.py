"""Card-room poker as recorded: hands with their seats and pots, time collection, and the
bad-beat fund with its ledger. All append-only but the fund's cached balance."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.db import models

from casino.common.amounts import money_field
from tables.floor.models import Void, append_only


class HandMode(models.TextChoices):
    QUICK = "quick", "Quick (pot only)"
    FULL = "full", "Full (seats, cards and pots)"


class PokerHand(models.Model):
    """One recorded card-room hand and what the house collected from it. Append-only."""

    table = models.ForeignKey("floor.Table", on_delete=models.PROTECT,
                              related_name="poker_hands")
    dealer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                               related_name="dealt_poker_hands")
    recorded_at = models.DateTimeField(db_index=True)
    # When the dealer's tablet says it was dealt, for one it queued offline and sent later
    # (tables.floor.dealt); null: it was recorded as it was dealt. Its day and shift are the
    # dealt time's.
    dealt_at = models.DateTimeField(null=True, blank=True)
    gaming_day = models.DateField(db_index=True)
    shift = models.PositiveSmallIntegerField(help_text="The gaming day's shift, 1 to 3.")
    mode = models.CharField(max_length=5, choices=HandMode.choices)
    game = models.CharField(max_length=20)
    rake_schedule = models.ForeignKey("terms.RakeSchedule", on_delete=models.PROTECT,
                                      related_name="hands")
    settings_version = models.PositiveIntegerField()
    stakes = models.JSONField(help_text="The structure and amounts the hand was played at.")
    kill_hand = models.BooleanField(default=False)
    flop_dealt = models.BooleanField()
    players_dealt = models.PositiveSmallIntegerField(null=True, blank=True)
    button = models.PositiveSmallIntegerField(null=True, blank=True)
    board = ArrayField(models.CharField(max_length=2), default=list, blank=True)
    pot = money_field()
    rake = money_field()
    bad_beat_drop = money_field(default=Decimal(0))
    winner = models.PositiveSmallIntegerField(null=True, blank=True,
                                              help_text="The one seat that won every pot.")
    next_kill = models.BooleanField(default=False)
    next_kill_poster = models.PositiveSmallIntegerField(null=True, blank=True)
    next_kill_blind = money_field(null=True, blank=True)
    next_kill_multiplier = models.DecimalField(max_digits=3, decimal_places=1,
                                               default=Decimal(1))
    # As on StudRound: the dealer's own key and the digest of its request.
    idempotency_key = models.CharField(max_length=80, blank=True)
    idempotency_fingerprint = models.CharField(max_length=64, blank=True)

    class Meta:
        db_table = "tables_pokerhand"
        ordering = ["-recorded_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["dealer", "idempotency_key"],
                                    condition=~models.Q(idempotency_key=""),
                                    name="one_hand_per_dealer_idempotency_key"),
            models.CheckConstraint(condition=models.Q(pot__gte=0), name="hand_pot_not_negative"),
            models.CheckConstraint(
                condition=models.Q(rake__gte=0, bad_beat_drop__gte=0)
                & models.Q(pot__gte=models.F("rake") + models.F("bad_beat_drop")),
                name="hand_collection_within_pot"),
        ]
        # A table's latest hands (the live board's seats).
        indexes = [models.Index(fields=["table", "-recorded_at"], name="hand_table_latest")]
        triggers = append_only()

    def __str__(self) -> str:
        return f"hand {self.pk} at {self.table.label}"

    @property
    def to_players(self) -> Decimal:
        return self.pot - self.rake - self.bad_beat_drop


class PokerSeat(models.Model):
    """A seat in a full-mode hand: chips in, how it ended and what it collected."""

    hand = models.ForeignKey(PokerHand, on_delete=models.PROTECT, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    put_in = money_field()
    folded = models.BooleanField(default=False)
    all_in = models.BooleanField(default=False)
    cards = ArrayField(models.CharField(max_length=2), null=True, blank=True)
    shown_hand = models.CharField(max_length=120, blank=True)
    collects = money_field()

    class Meta:
        db_table = "tables_pokerseat"
        ordering = ["hand", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seat"], name="one_poker_seat_per_hand"),
            models.CheckConstraint(condition=models.Q(put_in__gte=0, collects__gte=0),
                                   name="poker_seat_chips_not_negative"),
        ]
        triggers = append_only()

    def __str__(self) -> str:
        return f"seat {self.seat} of hand {self.hand_id}"

    @property
    def net(self) -> Decimal:
        return self.collects - self.put_in


class PokerPot(models.Model):
    """The main pot (number 0) or a side pot of a full-mode hand."""

    hand = models.ForeignKey(PokerHand, on_delete=models.PROTECT, related_name="pots")
    number = models.PositiveSmallIntegerField()
    amount = money_field()
    eligible = ArrayField(models.PositiveSmallIntegerField())
    rake = money_field()
    bad_beat_drop = money_field(default=Decimal(0))
    high_winners = ArrayField(models.PositiveSmallIntegerField(), default=list)
    low_winners = ArrayField(models.PositiveSmallIntegerField(), default=list)
    shares = models.JSONField(help_text="Seat -> amount won from this pot.")

    class Meta:
        db_table = "tables_pokerpot"
        ordering = ["hand", "number"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "number"], name="one_pot_number_per_hand"),
        ]
        triggers = append_only()

    def __str__(self) -> str:
        return f"{self.name} of hand {self.hand_id}"

    @property
    def name(self) -> str:
        return "main pot" if self.number == 0 else f"side pot {self.number}"


class PokerHandVoid(Void):
    """A supervisor's correction: the hand's collection no longer counts."""

    hand = models.OneToOneField(PokerHand, on_delete=models.PROTECT, related_name="correction")

    class Meta:
        db_table = "tables_pokerhandvoid"
        triggers = append_only()

    def __str__(self) -> str:
        return f"void of hand {self.hand_id}"


class BadBeatFund(models.Model):
    """The players' bad-beat jackpot fund of one casino's card room.

    ``balance`` only moves together with a ``BadBeatEntry`` in the same transaction,
    with the row locked, so the ledger always sums to it.
    """

    casino = models.OneToOneField("house.Casino", on_delete=models.PROTECT,
                                  related_name="bad_beat_fund")
    balance = money_field(default=Decimal(0))

    class Meta:
        db_table = "tables_badbeatfund"

    def __str__(self) -> str:
        return f"bad-beat fund of {self.casino.name}"


class FundEntryKind(models.TextChoices):
    DROP = "drop", "Drop from a hand"
    VOID = "void", "Drop returned (hand voided)"
    PAYOUT = "payout", "Bad-beat jackpot paid"


class BadBeatEntry(models.Model):
    fund = models.ForeignKey(BadBeatFund, on_delete=models.PROTECT, related_name="entries")
    kind = models.CharField(max_length=6, choices=FundEntryKind.choices)
    amount = money_field(help_text="Signed: + into the fund, - out of it.")
    balance_after = money_field()
    hand = models.ForeignKey(PokerHand, on_delete=models.PROTECT, null=True, blank=True,
                             related_name="bad_beat_entries")
    note = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # Set by the database on insert (migration tables 0016), chained per fund.
    prev_hash = models.CharField(max_length=64, default="", editable=False)
    row_hash = models.CharField(max_length=64, default="", editable=False)

    class Meta:
        db_table = "tables_badbeatentry"
        ordering = ["fund", "id"]
        verbose_name_plural = "bad-beat entries"
        triggers = append_only()
        # The chain trigger's "last entry of the fund" reads one row through it.
        indexes = [models.Index(fields=["fund", "id"], name="bad_beat_ledger_of_fund")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount}"


class TimeCollection(models.Model):
    """The seat fees collected at a table for one period of time collection. Append-only;
    one per table and period."""

    table = models.ForeignKey("floor.Table", on_delete=models.PROTECT,
                              related_name="time_collections")
    dealer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                               related_name="+")
    rake_schedule = models.ForeignKey("terms.RakeSchedule", on_delete=models.PROTECT,
                                      related_name="+")
    period_start = models.DateTimeField()
    period_minutes = models.PositiveSmallIntegerField()
    gaming_day = models.DateField(db_index=True)
    shift = models.PositiveSmallIntegerField(help_text="The gaming day's shift, 1 to 3.")
    seats = ArrayField(models.PositiveSmallIntegerField())
    fee_per_seat = money_field()
    amount = money_field()
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tables_timecollection"
        ordering = ["-period_start", "table"]
        constraints = [
            models.UniqueConstraint(fields=["table", "period_start"],
                                    name="one_time_collection_per_period"),
        ]
        triggers = append_only()

    def __str__(self) -> str:
        return f"time at {self.table_id} from {self.period_start:%H:%M}"


class TimeCollectionVoid(Void):
    """A supervisor's correction of a time collection recorded in error."""

    collection = models.OneToOneField(TimeCollection, on_delete=models.PROTECT,
                                      related_name="correction")

    class Meta:
        db_table = "tables_timecollectionvoid"
        triggers = append_only()

    def __str__(self) -> str:
        return f"void of time collection {self.collection_id}"
