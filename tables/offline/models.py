"""A round or hand a dealer's tablet queued offline that the service refused when it
arrived (issue 33), held until someone resolves it: the dealer corrects and sends it, a
supervisor records it as a late entry (corrected first, if need be), or either discards
it with a reason. The entry as the tablet sent it and the service's words are kept, and
so are its correction and its resolution, each a record never changed: nothing a dealer
typed is lost without a trace."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from casino.common.db_roles import append_only


class HeldKind(models.TextChoices):
    STUD_ROUND = "stud_round", "stud round"
    POKER_HAND = "poker_hand", "poker hand"


class HeldEntry(models.Model):
    """What the tablet queued (``body``: the API's request, with ``dealt_at``), under its
    Idempotency-Key, and the refusal it met (``refusal``: the service's own 400, field by
    field, found when it was held: never the tablet's text)."""

    table = models.ForeignKey("floor.Table", on_delete=models.PROTECT, related_name="+")
    dealer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                               related_name="+")
    kind = models.CharField(max_length=10, choices=HeldKind.choices)
    body = models.JSONField()
    idempotency_key = models.CharField(max_length=80)
    dealt_at = models.DateTimeField()
    refusal = models.JSONField()
    held_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tables_heldentry"
        ordering = ["dealt_at", "id"]
        constraints = [models.UniqueConstraint(fields=["dealer", "idempotency_key"],
                                               name="held_once_per_key")]
        triggers = append_only()

    def __str__(self) -> str:
        return f"held {self.get_kind_display()} {self.pk} at table {self.table_id}"


class HeldCorrection(models.Model):
    """What was recorded in place of the body as held, by whom and when: the dealer's
    correction he sent, or a supervisor's before his late entry (``changes``: each field
    changed, as [field, before, after], the field a path in the body: "seats.0.ante").
    Written with the resolution it led to; the held entry's body stays as the tablet
    sent it."""

    held = models.OneToOneField(HeldEntry, on_delete=models.PROTECT, related_name="correction")
    body = models.JSONField()
    changes = models.JSONField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                           related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tables_heldcorrection"
        triggers = append_only()

    def __str__(self) -> str:
        return f"correction of held entry {self.held_id}"


class Resolution(models.TextChoices):
    RECORDED = "recorded", "recorded"            # sent by the dealer (corrected, usually)
    LATE_ENTRY = "late_entry", "entered late"    # confirmed by a supervisor (corrected or not)
    DISCARDED = "discarded", "discarded"


class HeldResolution(models.Model):
    """How a held entry was resolved, by whom and when; a discard says why. The record it
    became: ``stud_round`` or ``poker_hand``."""

    held = models.OneToOneField(HeldEntry, on_delete=models.PROTECT, related_name="resolution")
    outcome = models.CharField(max_length=10, choices=Resolution.choices)
    reason = models.CharField(max_length=300, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                           related_name="+")
    at = models.DateTimeField(default=timezone.now)
    stud_round = models.ForeignKey("stud.StudRound", on_delete=models.PROTECT, null=True,
                                   blank=True, related_name="+")
    poker_hand = models.ForeignKey("poker.PokerHand", on_delete=models.PROTECT, null=True,
                                   blank=True, related_name="+")

    class Meta:
        db_table = "tables_heldresolution"
        constraints = [
            models.CheckConstraint(condition=~Q(outcome="discarded") | ~Q(reason=""),
                                   name="a_discard_says_why"),
            models.CheckConstraint(
                condition=Q(outcome="discarded") | Q(stud_round__isnull=False)
                | Q(poker_hand__isnull=False), name="a_recorded_entry_names_its_record"),
        ]
        triggers = append_only()

    def __str__(self) -> str:
        return f"{self.get_outcome_display()} ({self.held_id})"
