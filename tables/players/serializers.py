"""The players in the API (docs/api.md, "Players and ratings"): the whole account for
those who keep them, the first name and tier for a dealer."""

from __future__ import annotations

from rest_framework import serializers

from casino.common.api import ModelSerializer
from tables.players.models import Player


class PlayerSerializer(ModelSerializer):
    # Plain fields: the service refuses a card held already, in words ("one card, one
    # player"), where a model serializer's own check would answer first in Django's.
    card = serializers.CharField(max_length=40, help_text="The loyalty card number, unique "
                                                          "in the group.")
    first_name = serializers.CharField(max_length=60, required=False,
                                       help_text="The name's first word when not given.")
    reason = serializers.CharField(max_length=200, required=False, write_only=True,
                                   help_text="Why the status changes (required then).")
    exclusion_ends = serializers.DateField(
        required=False, allow_null=True,
        help_text="The day an exclusion ends (null: no end); put later, never earlier.")
    witness = serializers.CharField(
        max_length=150, required=False, allow_blank=True, write_only=True,
        help_text="Lifting an exclusion (status back to active): the second group "
                  "supervisor's user name.")
    witness_password = serializers.CharField(
        max_length=128, required=False, allow_blank=True, write_only=True, trim_whitespace=False,
        style={"input_type": "password"}, help_text="The second group supervisor's password.")

    class Meta:
        model = Player
        fields = ["id", "card", "name", "first_name", "tier", "status", "exclusion_ends",
                  "joined", "reason", "witness", "witness_password"]
        read_only_fields = ["joined"]


class SeatedPlayerSerializer(ModelSerializer):
    """What a dealer reads of a player seated at his table."""

    class Meta:
        model = Player
        fields = ["id", "first_name", "tier"]


class RatingInput(serializers.Serializer):
    """A seating: the seat, and the player by his id or by the card the dealer types."""

    seat = serializers.IntegerField(min_value=1, max_value=10)
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all(), required=False,
                                                help_text="The player's id; or give card.")
    card = serializers.CharField(max_length=40, required=False,
                                 help_text="The loyalty card number, as the dealer types it.")

    def validate(self, attrs):
        if not attrs.get("player") and not attrs.get("card"):
            raise serializers.ValidationError({"player": ["Name the player: his id, or his "
                                                          "card number as card."]})
        return attrs


class RatingOutput(serializers.Serializer):
    """A rating with its figures, computed from the records at each reading."""

    id = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    table = serializers.IntegerField(source="table_id")
    seat = serializers.IntegerField()
    gaming_day = serializers.DateField()
    started_at = serializers.DateTimeField()
    moved_from = serializers.IntegerField(source="moved_from_id", allow_null=True)
    status = serializers.CharField(source="figures.status")
    ended_at = serializers.DateTimeField(source="figures.ended_at", allow_null=True)
    seconds_played = serializers.IntegerField(source="figures.seconds_played")
    game = serializers.CharField(source="figures.game")
    stakes = serializers.CharField(source="figures.stakes", allow_null=True,
                                   help_text="A poker table's stakes; null at stud.")
    hands = serializers.IntegerField(source="figures.hands", allow_null=True)
    hands_per_hour = serializers.DecimalField(source="figures.hands_per_hour", max_digits=8,
                                              decimal_places=1, allow_null=True)
    wagered = serializers.DecimalField(source="figures.wagered", max_digits=16,
                                       decimal_places=2, allow_null=True)
    average_bet = serializers.DecimalField(source="figures.average_bet", max_digits=16,
                                           decimal_places=2, allow_null=True)
    actual_win = serializers.DecimalField(source="figures.actual_win", max_digits=16,
                                          decimal_places=2, allow_null=True)
    theoretical_win = serializers.DecimalField(source="figures.theoretical_win",
                                               max_digits=16, decimal_places=2,
                                               allow_null=True)
    decisions_off_strategy = serializers.IntegerField(source="figures.decisions_off_strategy",
                                                      allow_null=True)
    strategy_cost = serializers.DecimalField(source="figures.strategy_cost", max_digits=16,
                                             decimal_places=2, allow_null=True)
    worth = serializers.DecimalField(source="figures.worth", max_digits=16, decimal_places=2,
                                     allow_null=True, help_text=(
                                         "theoretical_win + strategy_cost: what he is worth "
                                         "to the house; null at poker"))
    currency = serializers.CharField(source="figures.currency")
