from __future__ import annotations

from rest_framework import serializers

from casino.common.api import ModelSerializer, MoneyField
from payouts.models import Paytable


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
                  "max_ante", "status", "family", "version", "created_at", "published_at"]
        read_only_fields = ["status", "version", "created_at", "published_at"]

    def validate_variant(self, value):
        if self.instance is not None and value != self.instance.variant:
            raise serializers.ValidationError("A paytable's variant never changes.")
        return value
