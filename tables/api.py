"""REST endpoints for casinos and tables (docs/API.md). Writes go through services."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from rest_framework import mixins, viewsets

from tables import poker_settings, selectors, services
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

    @transaction.atomic
    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        terms = {k: data.pop(k, None) for k in ("paytable", "min_ante", "max_ante")}
        linked = data.pop("progressive", None)
        poker = {k: data.pop(k) for k in poker_settings.POKER_FIELDS if k in data}
        table = services.table_create(actor=self.request.user, **data)
        table = self._assign(table, terms)
        if poker:
            table = poker_settings.table_set_poker_settings(actor=self.request.user,
                                                            table=table, **poker)
        if linked is not None:
            table = services.table_link_progressive(actor=self.request.user, table=table,
                                                        progressive=linked)
        serializer.instance = table

    @transaction.atomic
    def perform_update(self, serializer):
        data = dict(serializer.validated_data)
        dealers = data.pop("dealers", None)
        terms = {k: data.pop(k, None) for k in ("paytable", "min_ante", "max_ante")}
        relink = "progressive" in data
        linked = data.pop("progressive", None)
        poker = {k: data.pop(k) for k in poker_settings.POKER_FIELDS if k in data}
        table = services.table_update(
            actor=self.request.user, table=serializer.instance, dealers=dealers, **data
        )
        table = self._assign(table, terms)
        if poker:
            table = poker_settings.table_set_poker_settings(actor=self.request.user,
                                                            table=table, **poker)
        if relink:
            table = services.table_link_progressive(actor=self.request.user, table=table,
                                                        progressive=linked)
        serializer.instance = table

    def _assign(self, table, terms):
        paytable = terms.pop("paytable") or table.paytable
        if paytable is None:
            if any(v is not None for v in terms.values()):
                raise ValidationError({"paytable": ["Assign a paytable to set ante limits."]})
            return table
        return services.table_assign_paytable(
            actor=self.request.user, table=table, paytable=paytable,
            min_ante=terms["min_ante"] or table.min_ante,
            max_ante=terms["max_ante"] or table.max_ante)
