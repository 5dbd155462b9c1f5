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

    class Meta:
        model = Player
        fields = ["id", "card", "name", "first_name", "tier", "status", "joined", "reason"]
        read_only_fields = ["joined"]


class SeatedPlayerSerializer(ModelSerializer):
    """What a dealer reads of a player seated at his table."""

    class Meta:
        model = Player
        fields = ["id", "first_name", "tier"]
