"""/api/v1/players/: the group's players. Supervisors and hosts open, change and read
accounts (every record returned is logged as read); dealers read only the first name and
tier of the players seated at their tables; accountants none. Writes go through the
service."""

from __future__ import annotations

from rest_framework import mixins, viewsets

from casino.common.witness import Device
from tables.players import selectors, services
from tables.players.models import Player, Sight
from tables.players.serializers import PlayerSerializer, SeatedPlayerSerializer


class PlayerViewSet(mixins.CreateModelMixin, mixins.RetrieveModelMixin,
                    mixins.UpdateModelMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    queryset = Player.objects.none()
    filterset_fields = ["tier", "status"]

    def get_serializer_class(self):
        if selectors.reads_people(self.request.user):
            return PlayerSerializer
        return SeatedPlayerSerializer

    def get_queryset(self):
        players = selectors.players_visible_to(self.request.user)
        return selectors.search(players, self.request.query_params.get("search", ""))

    def paginate_queryset(self, queryset):
        page = super().paginate_queryset(queryset)
        services.players_read(actor=self.request.user, players=page or [], channel="api",
                              sight=Sight.LISTED)
        return page

    def get_object(self):
        player = super().get_object()
        services.players_read(actor=self.request.user, players=[player], channel="api",
                              sight=Sight.OPENED)
        return player

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        for name in ("reason", "witness", "witness_password"):
            data.pop(name, None)
        serializer.instance = services.player_create(actor=self.request.user, **data)

    def perform_update(self, serializer):
        data = dict(serializer.validated_data)
        serializer.instance = services.player_update(
            actor=self.request.user, player=serializer.instance,
            reason=data.pop("reason", ""), witness=data.pop("witness", ""),
            witness_password=data.pop("witness_password", ""),
            device=Device.of(self.request), **data)
