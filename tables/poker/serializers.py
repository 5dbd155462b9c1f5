"""Shapes of the card-room API: rake schedules, poker hands (docs/API.md:
"Recording a poker hand"), time collection and the bad-beat fund."""

from __future__ import annotations

from decimal import Decimal

from rest_framework import serializers

from casino.common.amounts import MoneyField
from casino.common.api import ModelSerializer, worded
from tables.floor.serializers import RecordedRows, dealt_at_input, dealt_at_output, voided
from tables.poker.kills import next_hand
from tables.poker.models import (
    BadBeatEntry,
    BadBeatFund,
    PokerHand,
    PokerPot,
    PokerSeat,
    TimeCollection,
)

# No table sees a hundred million in one hand; the cap keeps a ten-seat total inside the
# ledger's columns, so a typo is refused rather than overflowing the database.
MAX_CHIPS = Decimal("100000000.00")


class PokerSeatInput(serializers.Serializer):
    seat = serializers.IntegerField(min_value=1, max_value=99, error_messages=worded("seat"))
    put_in = MoneyField(min_value=Decimal(0), max_value=MAX_CHIPS,
                        error_messages=worded("amount put in"))
    folded = serializers.BooleanField(default=False)
    all_in = serializers.BooleanField(default=False)
    cards = serializers.ListField(child=serializers.CharField(max_length=8), required=False,
                                  allow_null=True, max_length=7)
    collected = MoneyField(min_value=Decimal(0), max_value=MAX_CHIPS, required=False,
                        allow_null=True, error_messages=worded("amount collected"),
                        help_text="What the dealer pushed to the seat; checked, not trusted.")


class PokerHandInput(serializers.Serializer):
    pot = MoneyField(required=False, allow_null=True, max_value=MAX_CHIPS,
                     error_messages=worded("pot"))
    flop_dealt = serializers.BooleanField(required=False, allow_null=True, default=None)
    # Upper bounds are the table's seats, checked (and named) by the service.
    players_dealt = serializers.IntegerField(min_value=2, max_value=99, required=False,
                                             allow_null=True,
                                             error_messages=worded("number of players"))
    winner = serializers.IntegerField(min_value=1, max_value=99, required=False,
                                      allow_null=True, error_messages=worded("winning seat"),
                                      help_text="Quick mode, kill games: the seat that won.")
    seats = PokerSeatInput(many=True, required=False, max_length=10)
    board = serializers.ListField(child=serializers.CharField(max_length=8), required=False,
                                  max_length=5)
    button = serializers.IntegerField(min_value=1, max_value=99, required=False,
                                      allow_null=True, error_messages=worded("button seat"))
    winners = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=10),
                                    required=False, allow_null=True, max_length=10)
    split = serializers.BooleanField(
        default=False, help_text="Quick mode, kill games: the pot was split, so it has no "
                                 "single winner (and calls no kill).")
    dealt_at = dealt_at_input()


class PokerSeatOutput(ModelSerializer):
    net = MoneyField(read_only=True)

    class Meta:
        model = PokerSeat
        list_serializer_class = RecordedRows
        fields = ["seat", "put_in", "folded", "all_in", "cards", "shown_hand", "collects", "net"]


class PokerPotOutput(ModelSerializer):
    shares = serializers.SerializerMethodField()

    class Meta:
        model = PokerPot
        list_serializer_class = RecordedRows
        fields = ["number", "name", "amount", "eligible", "rake", "bad_beat_drop",
                  "high_winners", "low_winners", "shares"]

    def get_shares(self, pot) -> dict[str, str]:
        return {seat: f"{Decimal(amount):.2f}" for seat, amount in pot.shares.items()}


class PokerHandOutput(ModelSerializer):
    rake_schedule_version = serializers.IntegerField(source="rake_schedule.version",
                                                     read_only=True)
    to_players = MoneyField(read_only=True)
    seats = PokerSeatOutput(many=True, read_only=True)
    pots = PokerPotOutput(many=True, read_only=True)
    next_hand = serializers.SerializerMethodField()
    voided = serializers.SerializerMethodField()
    recorded_at = serializers.SerializerMethodField()
    dealt_at = serializers.SerializerMethodField()

    class Meta:
        model = PokerHand
        fields = ["id", "table", "recorded_at", "dealt_at", "gaming_day", "shift", "dealer",
                  "mode", "game",
                  "rake_schedule", "rake_schedule_version", "settings_version", "stakes",
                  "kill_hand", "flop_dealt", "players_dealt", "button", "board", "pot", "rake",
                  "bad_beat_drop", "to_players", "winner", "seats", "pots", "next_hand",
                  "voided"]

    def get_recorded_at(self, hand) -> str:
        return hand.recorded_at.astimezone(hand.table.casino.zone).isoformat()

    def get_dealt_at(self, hand) -> str | None:
        return dealt_at_output(hand)

    def get_next_hand(self, hand) -> dict:
        """Whether the hand after this one is a kill, who posts the kill blind, and the
        stakes it is played at."""
        return next_hand(hand.table, hand)

    def get_voided(self, hand) -> dict | None:
        return voided(hand)


class TimeCollectionInput(serializers.Serializer):
    seats = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=99),
                                  max_length=10, help_text="The occupied seats.")
    period_start = serializers.DateTimeField(required=False, allow_null=True,
                                             help_text="Default: the period now running.")


class TimeCollectionOutput(ModelSerializer):
    voided = serializers.SerializerMethodField()

    class Meta:
        model = TimeCollection
        fields = ["id", "table", "dealer", "rake_schedule", "period_start", "period_minutes",
                  "gaming_day", "seats", "fee_per_seat", "amount", "recorded_at", "voided"]

    def get_voided(self, row) -> dict | None:
        return voided(row)


class BadBeatEntryOutput(ModelSerializer):
    class Meta:
        model = BadBeatEntry
        fields = ["id", "kind", "amount", "balance_after", "hand", "note", "created_by",
                  "created_at"]


class BadBeatFundOutput(ModelSerializer):
    currency = serializers.CharField(source="casino.currency", read_only=True)

    class Meta:
        model = BadBeatFund
        fields = ["id", "casino", "currency", "balance"]


class BadBeatPayoutInput(serializers.Serializer):
    amount = MoneyField(min_value=Decimal("0.01"))
    note = serializers.CharField(max_length=200)


class RaiseLimitsQuery(serializers.Serializer):
    pot = MoneyField(min_value=Decimal(0), max_value=MAX_CHIPS,
                  help_text="Everything in the middle, this round's bets included.")
    current_bet = MoneyField(min_value=Decimal(0), max_value=MAX_CHIPS,
                          help_text="The highest 'to' amount on this betting round.")
    player_in = MoneyField(min_value=Decimal(0), max_value=MAX_CHIPS, default=Decimal(0),
                        help_text="What the player to act has put in on this round.")
    stack = MoneyField(min_value=Decimal(0), max_value=MAX_CHIPS,
                    help_text="The chips in front of him (table stakes).")
    last_raise = MoneyField(min_value=Decimal("0.01"), max_value=MAX_CHIPS, required=False,
                         help_text="The last full bet or raise (default: the table's bet).")
    bets_made = serializers.IntegerField(min_value=0, max_value=20, default=0)
    players_in_hand = serializers.IntegerField(min_value=2, max_value=10, default=2)
    big_street = serializers.BooleanField(default=False,
                                          help_text="Fixed limit: the big-bet rounds.")

    def validate(self, attrs):
        if attrs["player_in"] > attrs["current_bet"]:
            raise serializers.ValidationError(
                {"player_in": [f"{attrs['player_in']} is more than the current bet "
                               f"{attrs['current_bet']}."]})
        return attrs
