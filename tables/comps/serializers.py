"""Comps in the API (docs/api.md, "Comps"): a player's ledger and balance at a casino, a
comp given (or waiting for approval), a supervisor's decision."""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist
from rest_framework import serializers

from casino.common.amounts import MoneyField
from tables.comps.models import Comp, CompEntry, CompKind


class CompInput(serializers.Serializer):
    amount = MoneyField(help_text='In the casino\'s currency, e.g. "25.00".')
    kind = serializers.ChoiceField(choices=CompKind.choices)
    reason = serializers.CharField(max_length=200, help_text="What it is for.")
    casino = serializers.IntegerField(required=False, help_text=(
        "The casino giving it; needed only by staff of more than one casino."))


class DecisionInput(serializers.Serializer):
    note = serializers.CharField(max_length=200, required=False, allow_blank=True,
                                 help_text="Why (needed to decline).")


class CompOutput(serializers.ModelSerializer):
    player = serializers.IntegerField(source="account.player_id")
    casino = serializers.IntegerField(source="account.casino_id")
    currency = serializers.CharField(source="account.casino.currency")
    given_by = serializers.CharField(source="given_by.username")
    status = serializers.SerializerMethodField(help_text="given | waiting | declined")
    decided_by = serializers.SerializerMethodField()
    note = serializers.SerializerMethodField()

    class Meta:
        model = Comp
        fields = ["id", "player", "casino", "currency", "amount", "kind", "reason",
                  "given_by", "at", "gaming_day", "status", "decided_by", "note"]

    def get_status(self, comp) -> str:
        return comp.state

    def _decision(self, comp):
        try:
            return comp.decision
        except ObjectDoesNotExist:
            return None

    def get_decided_by(self, comp) -> str | None:
        decision = self._decision(comp)
        return decision.by.username if decision else None

    def get_note(self, comp) -> str:
        decision = self._decision(comp)
        return decision.note if decision else ""


class EntryOutput(serializers.ModelSerializer):
    rating = serializers.IntegerField(source="figures.rating_id", allow_null=True,
                                      default=None)

    class Meta:
        model = CompEntry
        fields = ["id", "kind", "amount", "balance_after", "gaming_day", "rating", "comp",
                  "basis", "rate", "multiplier", "created_at"]


class LedgerOutput(serializers.Serializer):
    player = serializers.IntegerField()
    casino = serializers.IntegerField()
    currency = serializers.CharField()
    balance = serializers.DecimalField(max_digits=14, decimal_places=2)
    entries = EntryOutput(many=True)
    comps = CompOutput(many=True)
