"""The card room's API shapes (docs/api.md, "Waiting lists")."""

from __future__ import annotations

from rest_framework import serializers

from casino.common.amounts import DecimalStringField
from tables.cardroom.models import POKER_GAMES
from tables.floor.models import Structure

# An id as PostgreSQL can hold it: a larger number is refused by name, not sent to the
# database to fail there.
ID = {"min_value": 1, "max_value": 2**63 - 1}


class WaitlistInput(serializers.Serializer):
    casino = serializers.IntegerField(required=False, **ID)
    game = serializers.ChoiceField(choices=POKER_GAMES)
    structure = serializers.ChoiceField(choices=Structure.choices)
    small = DecimalStringField(max_digits=14, decimal_places=2, min_value=0)
    big = DecimalStringField(max_digits=14, decimal_places=2, min_value=0)
    feeds = serializers.IntegerField(required=False, allow_null=True, **ID)


class WaitlistOutput(serializers.Serializer):
    id = serializers.IntegerField()
    casino = serializers.IntegerField(source="casino_id")
    game = serializers.CharField()
    structure = serializers.CharField()
    small = DecimalStringField(max_digits=14, decimal_places=2)
    big = DecimalStringField(max_digits=14, decimal_places=2)
    stakes = serializers.CharField(source="label")
    feeds = serializers.IntegerField(source="feeds_id", allow_null=True)
    status = serializers.CharField()
    waiting = serializers.IntegerField()


class WaitlistJoinInput(serializers.Serializer):
    name = serializers.CharField(required=False, allow_blank=True, max_length=60)
    phone = serializers.CharField(required=False, allow_blank=True, max_length=30)
    card = serializers.CharField(required=False, allow_blank=True, max_length=20)


class WaitingEntryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    waitlist = serializers.IntegerField(source="waitlist_id")
    position = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    initials = serializers.CharField()
    player = serializers.IntegerField(source="player_id", allow_null=True)
    joined_at = serializers.DateTimeField()
    called_at = serializers.DateTimeField(allow_null=True)
    state = serializers.CharField()


class SeatingInput(serializers.Serializer):
    table = serializers.IntegerField(**ID)
    seat = serializers.IntegerField(min_value=1, max_value=99)


class RemovalInput(serializers.Serializer):
    reason = serializers.CharField(max_length=200)
