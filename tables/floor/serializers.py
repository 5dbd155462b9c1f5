from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from casino.common.amounts import MoneyField
from casino.common.api import ModelSerializer
from casino.common.roles import Role
from casino.house.models import Casino
from casino.house.staff import casinos_of
from tables.floor.accounts import NAME_LENGTH, roles_in_order
from tables.floor.models import Kill, KillTrigger, ReopenRule, Structure, Table
from tables.floor.recording import just_written, rows_of


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


class DealtAtField(serializers.DateTimeField):
    """An instant with its offset from UTC: a time without one is any of the world's
    clocks (read on the service's, a tablet's 09:00 in New York became 09:00 UTC)."""

    default_error_messages = {
        "naive": "Say when it was dealt with its offset from UTC, like "
                 "2026-11-30T09:00:00-05:00: a time without one could be any clock's."}

    def enforce_timezone(self, value):
        if timezone.is_naive(value):
            self.fail("naive")
        return super().enforce_timezone(value)


def dealt_at_input() -> serializers.DateTimeField:
    """A round's or hand's ``dealt_at`` as a tablet that queued it offline sends it."""
    return DealtAtField(
        required=False, allow_null=True, default=None,
        help_text="When it was dealt, for a round or hand a tablet queued offline (ISO 8601 "
                  "with its offset from UTC, required): it lands on that time's gaming day "
                  "and shift while they are open, and is refused when later than the "
                  "service's clock (tables.floor.dealt).")


def dealt_at_output(record) -> str | None:
    """When a queued record was dealt, in its casino's time; None: recorded as dealt."""
    if record.dealt_at is None:
        return None
    return record.dealt_at.astimezone(record.table.casino.zone).isoformat()


class VoidInput(serializers.Serializer):
    reason = serializers.CharField(max_length=2000)


class RecordedRows(serializers.ListSerializer):
    """A record's rows (its seats, its pots) as the answer shows them: those just written,
    else those its selector prefetched (tables.floor.recording.rows_of). The many=True
    form of a record's child serializer (its Meta's ``list_serializer_class``)."""

    def get_attribute(self, instance):
        return rows_of(instance, self.source)


def voided(record) -> dict | None:
    """A record's supervisor's correction (``correction``, a Void): reason, by, at. A
    record just written has none yet."""
    correction = None if just_written(record) else getattr(record, "correction", None)
    if correction is None:
        return None
    return {"reason": correction.reason, "by": correction.voided_by_id,
            "at": correction.voided_at.isoformat()}


ROLES = [role.value for role in Role]


class UserSerializer(serializers.Serializer):
    """A staff account as /users/ reads and takes it; tables.floor.accounts checks and
    writes it (``role`` or ``roles``: see docs/api.md)."""

    id = serializers.IntegerField(read_only=True)
    username = serializers.CharField(max_length=NAME_LENGTH)
    first_name = serializers.CharField(max_length=NAME_LENGTH, required=False, allow_blank=True)
    last_name = serializers.CharField(max_length=NAME_LENGTH, required=False, allow_blank=True)
    role = serializers.ChoiceField(
        choices=ROLES, required=False, allow_null=True,
        help_text="The user's role; for a user of several, the first of supervisor, dealer, "
                  "accountant, cage, count (all are in `roles`). Given, it is the only role.")
    roles = serializers.ListField(
        child=serializers.ChoiceField(choices=ROLES), required=False, max_length=len(ROLES),
        help_text="Every role of the user. Given, the user holds exactly these.")
    casinos = serializers.ListField(
        child=serializers.IntegerField(min_value=1), max_length=1000,
        help_text="Ids of the casinos the user works at (those the reader works at too).")
    is_active = serializers.BooleanField(required=False)
    password = serializers.CharField(write_only=True, max_length=128, trim_whitespace=False,
                                     style={"input_type": "password"},
                                     help_text="Required to open an account; a new one "
                                               "ends the user's API tokens.")

    def validate(self, data):
        roles = data.pop("roles", None)
        if "role" in data:
            role = data.pop("role")
            if roles is None:
                roles = [] if role is None else [role]
            elif role not in roles:
                raise serializers.ValidationError({"role": [
                    f"'{role}' is not among the roles given ({', '.join(roles) or 'none'}): "
                    "give one or the other."]})
        if roles is not None:
            data["roles"] = roles
        elif self.instance is None:
            raise serializers.ValidationError({"role": ["Give the user's role (or roles)."]})
        return data

    def to_representation(self, user):
        roles = roles_in_order(group.name for group in user.groups.all())
        reader = self.context["request"].user
        if "reader_casinos" not in self.context:  # once for a whole list
            self.context["reader_casinos"] = set(casinos_of(reader).values_list("pk", flat=True))
        seen = self.context["reader_casinos"]
        return {"id": user.pk, "username": user.username, "first_name": user.first_name,
                "last_name": user.last_name, "role": roles[0] if roles else None,
                "roles": roles, "is_active": user.is_active,
                "casinos": sorted(c.pk for c in user.casinos.all() if c.pk in seen)}
