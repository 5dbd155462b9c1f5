"""Shapes of the stud round API (docs/API.md: "Recording a Caribbean Stud round")."""

from __future__ import annotations

from decimal import Decimal

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from casino.common.amounts import MoneyField
from casino.common.api import ModelSerializer, worded
from payouts.jackpots.models import HitStatus
from tables.floor.recording import rows_of
from tables.floor.serializers import RecordedRows, dealt_at_input, dealt_at_output, voided
from tables.rules.stud import STUD_CATEGORIES, Decision, Irregularity, RoundVoid, SideWager
from tables.stud.models import StudRound, StudSeat

CARD_MESSAGES = {"max_length": "A card is two or three characters, like As or 10h: five "
                               "cards typed together are at most 15.",
                 "blank": "A card cannot be blank.", "null": "A card cannot be empty."}
CARDS_MESSAGES = {"max_length": "A hand has at most {max_length} cards.",
                  "not_a_list": "Give the cards as a list, like [\"As\", \"Kd\"]."}


def _card_list(**kwargs) -> serializers.ListField:
    # A card is at most three characters; a longer string is cards typed together
    # (tables.rules.cards.split_cards), read by the service so its refusal names the card.
    return serializers.ListField(child=serializers.CharField(max_length=15,
                                                             error_messages=CARD_MESSAGES),
                                 required=False, allow_null=True, max_length=10,
                                 error_messages=CARDS_MESSAGES, **kwargs)


class SeatInput(serializers.Serializer):
    # Worded for people: a page shows these messages as they are.
    seat = serializers.IntegerField(min_value=1, max_value=10, error_messages=worded("seat"))
    ante = MoneyField(min_value=Decimal("0.01"), error_messages=worded(
        "ante", min_value="The ante must be more than 0."))
    # Required unless the round is void (a void round returns every wager): the
    # service says so with the seat's number.
    decision = serializers.ChoiceField(
        choices=[d.value for d in Decision], required=False, allow_null=True,
        error_messages={"invalid_choice": "'{input}' is not raise or fold."})
    progressive = serializers.BooleanField(default=False)
    cards = _card_list()
    irregularity = serializers.ChoiceField(
        choices=[i.value for i in Irregularity], required=False, allow_null=True,
        error_messages={"invalid_choice": "'{input}' is not an irregularity (misdeal or "
                                          "violation)."})


class StudRoundInput(serializers.Serializer):
    dealer_cards = _card_list()
    seats = SeatInput(many=True, allow_empty=False, max_length=10, error_messages={
        "empty": "Record at least one seat (a seat with an ante).",
        "max_length": "A table has at most 10 seats."})
    void = serializers.ChoiceField(
        choices=[v.value for v in RoundVoid], required=False, allow_null=True,
        error_messages={"invalid_choice": "'{input}' is not a reason to void a round "
                                          "(misdeal or exposed_hole_card)."})
    dealer_took_fifth_card = serializers.BooleanField(default=False)
    up_card = serializers.CharField(max_length=15, required=False, allow_blank=True,
                                    help_text="The dealer's card dealt face up: one of "
                                              "dealer_cards.")
    dealt_at = dealt_at_input()

    def validate(self, attrs):
        if not attrs.get("void") and not attrs.get("dealer_cards"):
            raise serializers.ValidationError(
                {"dealer_cards": ["Record the dealer's five cards (or void the round)."]})
        return attrs


class SeatJackpotOutput(serializers.Serializer):
    """A seat's jackpot side wager: what it played and, once settled, what it won."""

    wager = MoneyField()
    side_wager = serializers.ChoiceField(choices=[w.value for w in SideWager],
                                         allow_null=True)
    award = serializers.CharField(help_text='"pending" until the settlement task pays it, '
                                            'then the amount ("0.00": no award).')
    category = serializers.ChoiceField(choices=STUD_CATEGORIES, required=False)
    status = serializers.ChoiceField(choices=HitStatus.choices, required=False)
    w2g = serializers.BooleanField(required=False)


class StudSeatOutput(ModelSerializer):
    net = MoneyField(read_only=True)
    # Not read-only, so the schema does not call it required: a fold has no category.
    category = serializers.ChoiceField(choices=STUD_CATEGORIES, required=False)
    progressive = serializers.SerializerMethodField()

    class Meta:
        model = StudSeat
        list_serializer_class = RecordedRows
        fields = ["seat", "ante", "decision", "cards", "irregularity", "category", "outcome",
                  "ante_result", "bet_result", "net", "progressive"]

    @extend_schema_field(SeatJackpotOutput(allow_null=True))
    def get_progressive(self, seat) -> dict | None:
        """The side wager and its award: "pending" until the settlement task pays it."""
        if not seat.progressive:
            return None
        hit = next((h for h in rows_of(seat.round, "jackpot_hits") if h.seat == seat.seat), None)
        body = {"wager": f"{seat.progressive_wager:.2f}",
                "side_wager": seat.side_wager or None}
        if hit is None:
            body["award"] = "0.00"
        elif hit.status == HitStatus.PENDING:
            body["award"] = "pending"
        else:
            body.update(award=f"{hit.amount:.2f}", category=hit.category, status=hit.status,
                        w2g=hit.w2g)
        return body

    def to_representation(self, seat):
        data = super().to_representation(seat)
        data["decision"] = data["decision"] or None  # a void round's seats decided nothing
        if not data["irregularity"]:
            data.pop("irregularity")
        if not data["category"]:
            data.pop("category")
        return data


class StudRoundOutput(ModelSerializer):
    paytable_version = serializers.IntegerField(source="paytable.version", read_only=True)
    dealer = serializers.SerializerMethodField()
    seats = StudSeatOutput(many=True, read_only=True)
    void = serializers.SerializerMethodField()
    voided = serializers.SerializerMethodField()
    recorded_at = serializers.SerializerMethodField()
    dealt_at = serializers.SerializerMethodField()

    class Meta:
        model = StudRound
        fields = ["id", "table", "paytable", "paytable_version", "recorded_at", "dealt_at",
                  "gaming_day", "shift", "dealer", "void", "seats", "voided"]

    def get_recorded_at(self, round_) -> str:
        """In the casino's local time, with its offset."""
        return round_.recorded_at.astimezone(round_.table.casino.zone).isoformat()

    def get_dealt_at(self, round_) -> str | None:
        return dealt_at_output(round_)

    def get_dealer(self, round_) -> dict:
        return {"id": round_.dealer_id, "cards": round_.dealer_cards,
                "up_card": round_.up_card or None,
                "category": round_.dealer_category or None,
                "qualified": round_.dealer_qualified,
                "took_fifth_card": round_.dealer_took_fifth_card}

    @extend_schema_field(serializers.ChoiceField(choices=[v.value for v in RoundVoid],
                                                 allow_null=True))
    def get_void(self, round_) -> str | None:
        return round_.void or None

    def get_voided(self, round_) -> dict | None:
        return voided(round_)
