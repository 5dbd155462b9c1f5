"""Stud rounds: dealers record (POST /tables/{id}/stud-rounds/), everyone with a role
reads what his role covers, supervisors void (POST /stud-rounds/{id}/void/)."""

from __future__ import annotations

import django_filters
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, viewsets
from rest_framework.views import APIView

from casino.common.audit import records_only
from casino.common.permissions import RoleModelPermissions, holding
from tables.floor.api import VoidAction, no_table, recorded, recording_input, recording_key
from tables.floor.models import Table
from tables.stud.models import StudRound
from tables.stud.selectors import rounds_visible_to
from tables.stud.serializers import StudRoundInput, StudRoundOutput
from tables.stud.services import stud_round_record, stud_round_void


@records_only
class TableStudRoundsView(APIView):
    permission_classes = [holding("stud.add_studround", "Only dealers record rounds.")]

    @extend_schema(request=StudRoundInput, responses={201: StudRoundOutput})
    def post(self, request, pk: int):
        data = recording_input(request, StudRoundInput)
        try:  # an unassigned dealer gets 403 from the service
            record, created = stud_round_record(actor=request.user, table=Table(pk=pk),
                                    idempotency_key=recording_key(request), **data)
        except Table.DoesNotExist:
            raise no_table(pk) from None
        return recorded(request, record, created, output_class=StudRoundOutput,
                        visible=rounds_visible_to)


class StudRoundFilter(django_filters.FilterSet):
    gaming_day = django_filters.DateFilter()

    class Meta:
        model = StudRound
        fields = ["table", "dealer", "gaming_day"]


@extend_schema_view(void=extend_schema(responses={201: StudRoundOutput}))
class StudRoundViewSet(VoidAction, mixins.RetrieveModelMixin, mixins.ListModelMixin,
                       viewsets.GenericViewSet):
    serializer_class = StudRoundOutput
    permission_classes = [RoleModelPermissions]
    filterset_class = StudRoundFilter

    def get_queryset(self):
        return rounds_visible_to(self.request.user)

    def void_record(self, record, actor, reason):
        stud_round_void(actor=actor, round_=record, reason=reason)
