"""Stud rounds as recorded: the round, each seat's play and result, a supervisor's void.
All append-only."""

from __future__ import annotations

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.db import models

from tables.floor.models import Void, append_only
from tables.rules.stud import Decision, Irregularity, Outcome, RoundVoid, SideWager


class StudRound(models.Model):
    """One recorded round of Caribbean Stud / Casino Stud, settled when it was recorded.

    Append-only (database triggers refuse UPDATE and DELETE). A supervisor's void
    is a separate ``StudRoundVoid`` row that points here.
    """

    table = models.ForeignKey("floor.Table", on_delete=models.PROTECT, related_name="rounds")
    paytable = models.ForeignKey("terms.Paytable", on_delete=models.PROTECT,
                                 related_name="rounds")
    dealer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                               related_name="dealt_rounds")
    recorded_at = models.DateTimeField(db_index=True)
    # When the dealer's tablet says it was dealt, for one it queued offline and sent later
    # (tables.floor.dealt); null: it was recorded as it was dealt. Its day and shift are the
    # dealt time's.
    dealt_at = models.DateTimeField(null=True, blank=True)
    gaming_day = models.DateField(db_index=True)
    shift = models.PositiveSmallIntegerField(help_text="The gaming day's shift, 1 to 3.")
    dealer_cards = ArrayField(models.CharField(max_length=2), default=list, blank=True)
    dealer_category = models.CharField(max_length=20, blank=True)
    dealer_qualified = models.BooleanField(null=True)
    dealer_took_fifth_card = models.BooleanField(default=False)
    # The dealer's card dealt face up (one of dealer_cards; '' when not recorded): what a
    # rated player's raise or fold is set against (issue 29's strategy errors). Kept as a
    # default by the database too, so a round written without it still has ''.
    up_card = models.CharField(max_length=2, blank=True, default="", db_default="")
    void = models.CharField(max_length=20, blank=True,
                            choices=[(v.value, v.value) for v in RoundVoid])
    # A dealer's Idempotency-Key (his own: another user's same key is another request)
    # and a digest of the request it came with (tables.floor.recording.request_fingerprint).
    idempotency_key = models.CharField(max_length=80, blank=True)
    idempotency_fingerprint = models.CharField(max_length=64, blank=True)

    class Meta:
        db_table = "tables_studround"
        ordering = ["-recorded_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["dealer", "idempotency_key"],
                                    condition=~models.Q(idempotency_key=""),
                                    name="one_round_per_dealer_idempotency_key"),
        ]
        # A table's latest rounds (the live board's seats, a table's rounds newest first).
        indexes = [models.Index(fields=["table", "-recorded_at"], name="round_table_latest")]
        triggers = append_only()

    def __str__(self) -> str:
        return f"round {self.pk} at {self.table.label}"


class StudSeat(models.Model):
    """A seat's play in a round and its settled result (signed from the player's side)."""

    round = models.ForeignKey(StudRound, on_delete=models.PROTECT, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    ante = models.DecimalField(max_digits=14, decimal_places=2)
    decision = models.CharField(max_length=5, choices=[(d.value, d.value) for d in Decision])
    progressive = models.BooleanField(default=False)
    progressive_wager = models.DecimalField(
        max_digits=14, decimal_places=2, null=True, blank=True,
        help_text="The jackpot side wager played, as the meter took it then (null: none).")
    cards = ArrayField(models.CharField(max_length=2), null=True, blank=True)
    irregularity = models.CharField(max_length=10, blank=True,
                                    choices=[(i.value, i.value) for i in Irregularity])
    category = models.CharField(max_length=20, blank=True)
    outcome = models.CharField(max_length=24, choices=[(o.value, o.value) for o in Outcome])
    ante_result = models.DecimalField(max_digits=14, decimal_places=2)
    bet_result = models.DecimalField(max_digits=14, decimal_places=2)
    side_wager = models.CharField(max_length=10, blank=True,
                                  choices=[(s.value, s.value) for s in SideWager])

    class Meta:
        db_table = "tables_studseat"
        ordering = ["round", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["round", "seat"], name="one_hand_per_seat"),
            models.CheckConstraint(condition=models.Q(ante__gt=0), name="stud_ante_positive"),
        ]
        triggers = append_only()

    def __str__(self) -> str:
        return f"seat {self.seat} of round {self.round_id}"

    @property
    def net(self):
        return self.ante_result + self.bet_result

    @property
    def bet(self):
        return self.ante * 2 if self.decision == Decision.RAISE else 0


class StudRoundVoid(Void):
    """A supervisor's correction: the round's results no longer count (kept for history)."""

    round = models.OneToOneField(StudRound, on_delete=models.PROTECT, related_name="correction")

    class Meta:
        db_table = "tables_studroundvoid"
        triggers = append_only()

    def __str__(self) -> str:
        return f"void of round {self.round_id}"
