"""Shapes of /api/v1/held-entries/ (docs/api.md, "Held entries")."""

from __future__ import annotations

from django.urls import reverse
from rest_framework import serializers

from tables.offline.models import HeldEntry, HeldKind, Resolution


class HeldInput(serializers.Serializer):
    table = serializers.IntegerField(min_value=1, max_value=2**63 - 1, error_messages={
        "invalid": "Give the table's number.", "required": "Give the table's number."})
    kind = serializers.ChoiceField(choices=[k.value for k in HeldKind], error_messages={
        "invalid_choice": "'{input}' is not stud_round or poker_hand."})
    body = serializers.DictField(help_text="The recording's request as the tablet queued it, "
                                           "with dealt_at.")
    # No refusal is read: the service finds its own words again (a tablet's are ignored).


class SendInput(serializers.Serializer):
    body = serializers.DictField(help_text="The corrected request (its dealt_at as held, or "
                                           "left out).")


class EnterLateInput(serializers.Serializer):
    body = serializers.DictField(required=False, help_text=(
        "The supervisor's correction (its dealt_at as held, or left out); without it, "
        "entered as the dealer sent it."))


class DiscardInput(serializers.Serializer):
    reason = serializers.CharField(max_length=300, error_messages={
        "blank": "Say why it is discarded: the reason is kept with it.",
        "required": "Say why it is discarded: the reason is kept with it."})


class ResolutionOutput(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=[r.value for r in Resolution])
    reason = serializers.CharField()
    by = serializers.CharField(source="by.username")
    at = serializers.DateTimeField()
    record = serializers.SerializerMethodField()

    def get_record(self, resolution) -> int | None:
        return resolution.stud_round_id or resolution.poker_hand_id


class CorrectionOutput(serializers.Serializer):
    by = serializers.CharField(source="by.username")
    at = serializers.DateTimeField()
    changes = serializers.ListField(child=serializers.ListField(), help_text=(
        "Each field changed: [field, before, after], the field its place in the body "
        "(\"seats.0.ante\")."))
    body = serializers.DictField(help_text="The body recorded; the entry's own stays as sent.")


class HeldOutput(serializers.ModelSerializer):
    table_label = serializers.CharField(source="table.label")
    dealer = serializers.CharField(source="dealer.username")
    dealt_at = serializers.SerializerMethodField()
    zone = serializers.CharField(source="table.casino.timezone")
    correct_url = serializers.SerializerMethodField()
    resolution = serializers.SerializerMethodField()
    correction = serializers.SerializerMethodField()

    class Meta:
        model = HeldEntry
        fields = ["id", "table", "table_label", "kind", "dealer", "dealt_at", "zone", "held_at",
                  "body", "refusal", "idempotency_key", "correct_url", "resolution",
                  "correction"]

    def get_correct_url(self, held) -> str:
        """The form its dealer corrects it on (a poker hand with its seats: the full one)."""
        if held.kind == HeldKind.STUD_ROUND:
            return reverse("dealer-round-form", args=[held.table_id])
        full = bool(held.body.get("seats"))
        return reverse("dealer-poker-full" if full else "dealer-poker", args=[held.table_id])

    def get_dealt_at(self, held) -> str:
        return held.dealt_at.astimezone(held.table.casino.zone).isoformat()

    def get_resolution(self, held) -> dict | None:
        done = getattr(held, "resolution", None)
        return None if done is None else ResolutionOutput(done).data

    def get_correction(self, held) -> dict | None:
        done = getattr(held, "correction", None)
        return None if done is None else CorrectionOutput(done).data
