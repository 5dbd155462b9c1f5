from __future__ import annotations

from rest_framework import serializers

from casino.common.amounts import MoneyField
from casino.common.api import ModelSerializer
from payouts.terms.models import Paytable, RakeSchedule

# Whose terms: a casino's (in its currency) or, without one, the group's in ``currency``
# (by default that of the supervisor's casinos): payouts.terms.versioning.
OWNER_KWARGS = {
    "casino": {"required": False, "help_text": "The casino whose tables alone may use these "
                                               "terms; none: the group's."},
    "currency": {"required": False, "help_text": "The currency of the amounts: the casino's; "
                                                 "for the group's, by default that of your "
                                                 "casinos."},
}


class PaytableSerializer(ModelSerializer):
    odds = serializers.JSONField(required=False,
                                 help_text="Category -> N (N:1 on the bet); defaults to the "
                                           "variant's standard odds.")
    max_payout = MoneyField(required=False)
    dealer_qualifier = serializers.CharField(required=False, max_length=2)
    min_ante = MoneyField(required=False)
    max_ante = MoneyField(required=False)
    family = serializers.PrimaryKeyRelatedField(read_only=True)

    class Meta:
        model = Paytable
        fields = ["id", "name", "variant", "odds", "max_payout", "dealer_qualifier", "min_ante",
                  "max_ante", "casino", "currency", "status", "family", "version",
                  "created_at", "published_at"]
        read_only_fields = ["status", "version", "created_at", "published_at"]
        extra_kwargs = OWNER_KWARGS

    def validate_variant(self, value):
        if self.instance is not None and value != self.instance.variant:
            raise serializers.ValidationError("A paytable's variant never changes.")
        return value


class RakeScheduleSerializer(ModelSerializer):
    family = serializers.PrimaryKeyRelatedField(read_only=True)
    caps_by_players = serializers.JSONField(
        required=False, help_text='Players dealt in -> cap, e.g. {"2": "1.00", "5": "5.00"}: '
                                  "the cap for that many players or more.")

    class Meta:
        model = RakeSchedule
        fields = ["id", "name", "method", "percent", "cap", "caps_by_players", "cap_scope",
                  "increment", "min_pot", "no_flop_no_drop", "fixed_drop", "time_fee",
                  "time_period_minutes", "bad_beat_drop", "bad_beat_min_pot", "casino",
                  "currency", "status", "family", "version", "created_at", "published_at"]
        read_only_fields = ["status", "version", "created_at", "published_at"]
        extra_kwargs = OWNER_KWARGS
