"""REST endpoints for casinos and tables (docs/API.md). Writes go through services."""

from __future__ import annotations

from rest_framework import mixins, viewsets

from tables import selectors, services
from tables.models import Casino
from tables.serializers import CasinoSerializer, TableSerializer


class CasinoViewSet(
    mixins.CreateModelMixin,
    mixins.RetrieveModelMixin,
    mixins.UpdateModelMixin,
    mixins.ListModelMixin,
    viewsets.GenericViewSet,
):
    """Casinos: supervisors create and change them; every role reads them."""

    queryset = Casino.objects.all()
    serializer_class = CasinoSerializer
    filterset_fields = ["currency"]

    def perform_create(self, serializer):
        serializer.instance = services.casino_create(
            actor=self.request.user, **serializer.validated_data
        )

    def perform_update(self, serializer):
        serializer.instance = services.casino_update(
            actor=self.request.user, casino=serializer.instance, **serializer.validated_data
        )


class TableViewSet(
    mixins.CreateModelMixin,
    mixins.RetrieveModelMixin,
    mixins.UpdateModelMixin,
    mixins.ListModelMixin,
    viewsets.GenericViewSet,
):
    """Tables: supervisors create, open, close and staff them; dealers see their own."""

    serializer_class = TableSerializer
    filterset_fields = ["casino", "game", "status"]

    def get_queryset(self):
        return selectors.tables_visible_to(self.request.user)

    def perform_create(self, serializer):
        serializer.instance = services.table_create(
            actor=self.request.user, **serializer.validated_data
        )

    def perform_update(self, serializer):
        data = dict(serializer.validated_data)
        dealers = data.pop("dealers", None)
        serializer.instance = services.table_update(
            actor=self.request.user, table=serializer.instance, dealers=dealers, **data
        )
