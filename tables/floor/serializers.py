from __future__ import annotations

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from casino.common.amounts import MoneyField
from casino.common.api import ModelSerializer
from tables.floor.models import Casino, Kill, KillTrigger, ReopenRule, Structure, Table


@extend_schema_field({"type": "string", "pattern": r"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$",
                      "example": "06:00"})
class ClockTimeField(serializers.TimeField):
    """A time of day on the casino's clock, "06:00" (OpenAPI's format: time would demand
    seconds and an offset)."""

    def __init__(self, **kwargs):
        super().__init__(format="%H:%M", **kwargs)


class CasinoSerializer(ModelSerializer):
    gaming_day_start = ClockTimeField(required=False)

    class Meta:
        model = Casino
        fields = ["id", "name", "currency", "timezone", "gaming_day_start"]


class TableSerializer(ModelSerializer):
    dealers = serializers.PrimaryKeyRelatedField(
        many=True, required=False, queryset=get_user_model().objects.all(),
        help_text="Ids of the users assigned to deal here; only they may record hands.",
    )
    seats = serializers.IntegerField(min_value=1, max_value=10, required=False)
    min_ante = MoneyField(required=False, allow_null=True)
    max_ante = MoneyField(required=False, allow_null=True)
    structure = serializers.ChoiceField(choices=Structure.choices, required=False,
                                        allow_blank=True)
    reopen_rule = serializers.ChoiceField(choices=ReopenRule.choices, required=False,
                                          allow_blank=True)
    kill = serializers.ChoiceField(choices=Kill.choices, required=False)
    kill_trigger = serializers.ChoiceField(choices=KillTrigger.choices, required=False,
                                           allow_blank=True)

    class Meta:
        model = Table
        fields = ["id", "casino", "label", "game", "status", "seats", "pit", "dealers", "paytable",
                  "progressive", "min_ante", "max_ante", "rake_schedule", "structure",
                  "small_bet", "big_bet", "min_bet", "max_bet", "small_blind", "big_blind",
                  "ante", "raise_cap", "heads_up_uncapped", "reopen_rule", "kill",
                  "kill_trigger", "kill_pot_big_bets", "poker_settings_version"]
        read_only_fields = ["poker_settings_version"]

    def get_validators(self):
        # Uniqueness of (casino, label) is checked by the model's full_clean in the
        # service, which names the label; DRF's generic message would not.
        return []


class VoidInput(serializers.Serializer):
    reason = serializers.CharField(max_length=2000)


def voided(record) -> dict | None:
    """A record's supervisor's correction (``correction``, a Void): reason, by, at."""
    correction = getattr(record, "correction", None)
    if correction is None:
        return None
    return {"reason": correction.reason, "by": correction.voided_by_id,
            "at": correction.voided_at.isoformat()}
