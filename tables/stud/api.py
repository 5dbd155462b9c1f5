"""Stud rounds: dealers record (POST /tables/{id}/stud-rounds/), everyone with a role
reads what his role covers, supervisors void (POST /stud-rounds/{id}/void/)."""

from __future__ import annotations

import django_filters
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.common.permissions import RoleModelPermissions, holding
from tables.floor.api import VoidAction
from tables.floor.models import Table
from tables.stud.models import StudRound
from tables.stud.selectors import rounds_visible_to
from tables.stud.serializers import StudRoundInput, StudRoundOutput
from tables.stud.services import stud_round_record, stud_round_void


class TableStudRoundsView(APIView):
    permission_classes = [holding("tables.add_studround", "Only dealers record rounds.")]

    @extend_schema(request=StudRoundInput, responses={201: StudRoundOutput})
    def post(self, request, pk: int):
        # Any table: an unassigned dealer gets 403 from the service, not a 404.
        table = get_object_or_404(Table, pk=pk)
        payload = StudRoundInput(data=request.data)
        payload.is_valid(raise_exception=True)
        round_, created = stud_round_record(
            actor=request.user, table=table,
            idempotency_key=request.headers.get("Idempotency-Key", "")[:80],
            **payload.validated_data)
        round_ = rounds_visible_to(request.user).get(pk=round_.pk)
        return Response(StudRoundOutput(round_).data,
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


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
