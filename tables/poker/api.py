"""The card room's API: rake schedules (supervisors), poker hands and time
collection (dealers), the bad-beat fund (supervisors pay, accountants read)."""

from __future__ import annotations

import django_filters
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.common.audit import records_only
from casino.common.permissions import HasRole, RoleModelPermissions, holding
from tables.floor.api import VoidAction, no_table, recorded, recording_input, recording_key
from tables.floor.models import Table
from tables.floor.selectors import casinos_of, tables_at_casinos_of, tables_visible_to
from tables.poker.kills import next_hand, raise_limits
from tables.poker.models import BadBeatFund, PokerHand, TimeCollection
from tables.poker.selectors import collections_visible_to, hands_visible_to, last_hand
from tables.poker.serializers import (
    BadBeatEntryOutput,
    BadBeatFundOutput,
    BadBeatPayoutInput,
    PokerHandInput,
    PokerHandOutput,
    RaiseLimitsQuery,
    TimeCollectionInput,
    TimeCollectionOutput,
)
from tables.poker.services import (
    bad_beat_payout,
    poker_hand_record,
    poker_hand_void,
    time_collection_record,
    time_collection_void,
)


@records_only
class TablePokerHandsView(APIView):
    permission_classes = [holding("poker.add_pokerhand", "Only dealers record hands.")]

    @extend_schema(request=PokerHandInput, responses={201: PokerHandOutput})
    def post(self, request, pk: int):
        """Quick mode: {"pot", "flop_dealt"}. Full mode: "seats" (chips put in, folds,
        all-ins, cards) and "board"; the service builds the pots and awards them."""
        data = recording_input(request, PokerHandInput)
        try:  # an unassigned dealer gets 403 from the service
            record, created = poker_hand_record(actor=request.user, table=Table(pk=pk),
                                    idempotency_key=recording_key(request), **data)
        except Table.DoesNotExist:
            raise no_table(pk) from None
        return recorded(request, record, created, output_class=PokerHandOutput,
                        visible=hands_visible_to)


class TableNextHandView(APIView):
    permission_classes = [HasRole]

    @extend_schema(responses={200: dict})
    def get(self, request, pk: int):
        """The next hand at a poker table: a kill or not, who posts, the stakes."""
        table = get_object_or_404(tables_visible_to(request.user), pk=pk)
        return Response(next_hand(table, last_hand(table)))


class TableRaiseLimitsView(APIView):
    permission_classes = [HasRole]

    @extend_schema(parameters=[RaiseLimitsQuery], responses={200: dict})
    def get(self, request, pk: int):
        """How much the player to act may call and raise to at this poker table, under its
        structure (and the kill stakes when the hand is a kill)."""
        table = get_object_or_404(tables_visible_to(request.user), pk=pk)
        if not table.is_poker or not table.structure:
            return Response({"table": [f"{table.label} has no betting structure."]},
                            status=status.HTTP_400_BAD_REQUEST)
        query = RaiseLimitsQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        return Response(raise_limits(table, **query.validated_data))


class PokerHandFilter(django_filters.FilterSet):
    gaming_day = django_filters.DateFilter()

    class Meta:
        model = PokerHand
        fields = ["table", "dealer", "gaming_day", "mode"]


@extend_schema_view(void=extend_schema(responses={201: PokerHandOutput}))
class PokerHandViewSet(VoidAction, mixins.RetrieveModelMixin, mixins.ListModelMixin,
                       viewsets.GenericViewSet):
    serializer_class = PokerHandOutput
    permission_classes = [RoleModelPermissions]
    filterset_class = PokerHandFilter

    def get_queryset(self):
        return hands_visible_to(self.request.user)

    def void_record(self, record, actor, reason):
        poker_hand_void(actor=actor, hand=record, reason=reason)


@records_only
class TableTimeCollectionsView(APIView):
    permission_classes = [holding("poker.add_timecollection",
                                  "Only dealers record time collection.")]

    @extend_schema(request=TimeCollectionInput, responses={201: TimeCollectionOutput})
    def post(self, request, pk: int):
        """Collect the period's seat fee from the occupied seats."""
        table = get_object_or_404(tables_at_casinos_of(request.user), pk=pk)
        payload = TimeCollectionInput(data=request.data)
        payload.is_valid(raise_exception=True)
        row = time_collection_record(actor=request.user, table=table,
                                                 **payload.validated_data)
        return Response(TimeCollectionOutput(row).data, status=status.HTTP_201_CREATED)


@extend_schema_view(void=extend_schema(responses={201: TimeCollectionOutput}))
class TimeCollectionViewSet(VoidAction, mixins.ListModelMixin, mixins.RetrieveModelMixin,
                            viewsets.GenericViewSet):
    """The time collection ledger."""

    serializer_class = TimeCollectionOutput
    permission_classes = [RoleModelPermissions]
    filterset_fields = ["table", "gaming_day"]
    queryset = TimeCollection.objects.none()

    def get_queryset(self):
        return collections_visible_to(self.request.user)

    def void_record(self, record, actor, reason):
        time_collection_void(actor=actor, collection=record, reason=reason)


class BadBeatFundViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                         viewsets.GenericViewSet):
    """Each casino's bad-beat fund: its balance and its ledger."""

    queryset = BadBeatFund.objects.none()
    serializer_class = BadBeatFundOutput
    permission_classes = [RoleModelPermissions]

    def get_queryset(self):
        return (BadBeatFund.objects.filter(casino__in=casinos_of(self.request.user))
                .select_related("casino").order_by("casino__name"))

    @extend_schema(responses=BadBeatEntryOutput(many=True))
    @action(detail=True, methods=["get"])
    def entries(self, request, pk=None):
        fund = self.get_object()
        page = self.paginate_queryset(fund.entries.order_by("-id"))
        return self.get_paginated_response(BadBeatEntryOutput(page, many=True).data)

    @extend_schema(request=BadBeatPayoutInput, responses={201: BadBeatEntryOutput})
    @action(detail=True, methods=["post"], permission_classes=[HasRole])
    def payout(self, request, pk=None):
        """A supervisor pays the bad-beat jackpot from the fund."""
        fund = self.get_object()
        payload = BadBeatPayoutInput(data=request.data)
        payload.is_valid(raise_exception=True)
        entry = bad_beat_payout(actor=request.user, casino=fund.casino,
                                            **payload.validated_data)
        return Response(BadBeatEntryOutput(entry).data, status=status.HTTP_201_CREATED)
