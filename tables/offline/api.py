"""/api/v1/held-entries/: what a dealer's tablet queued offline and the service refused
when it arrived, held until resolved (docs/api.md, "Held entries"). A dealer holds his own
(POST, with the entry's Idempotency-Key) and corrects and sends it (send/); a supervisor
enters it late, as sent or corrected (enter-late/); either discards it with a reason
(discard/). Writes go through tables.offline.services."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from casino.common.api import Conflict
from casino.common.errors import error_detail
from casino.common.permissions import RoleModelPermissions, holding
from tables.floor.models import Table
from tables.offline import selectors, services
from tables.offline.models import HeldEntry
from tables.offline.serializers import (
    DiscardInput,
    EnterLateInput,
    HeldInput,
    HeldOutput,
    SendInput,
)
from tables.poker.serializers import PokerHandOutput
from tables.stud.serializers import StudRoundOutput


class HeldEntryViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                       viewsets.GenericViewSet):
    serializer_class = HeldOutput
    permission_classes = [RoleModelPermissions]
    queryset = HeldEntry.objects.none()   # the schema's model; get_queryset scopes

    def get_permissions(self):
        if self.action == "create":
            return [holding("offline.add_heldentry", "Only a dealer's tablet holds what it "
                                                    "could not record.")()]
        if self.action in ("send", "enter_late", "discard"):
            return [holding("offline.add_heldresolution", "Only dealers and supervisors "
                                                         "resolve held entries.")()]
        return super().get_permissions()

    def get_queryset(self):
        rows = selectors.held_visible_to(self.request.user)
        if self.request.query_params.get("open") in ("1", "true"):
            rows = selectors.unresolved(rows)
        return rows

    @extend_schema(request=HeldInput, responses={201: HeldOutput})
    def create(self, request):
        payload = HeldInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        try:
            held, made = services.held_keep(
                actor=request.user, table=Table(pk=data["table"]), kind=data["kind"],
                body=data["body"], idempotency_key=request.headers.get("Idempotency-Key", "")[:80])
        except Table.DoesNotExist:
            raise Http404(f"There is no table number {data['table']} here.") from None
        except services.NotRefused as taken:
            raise Conflict(error_detail(taken)) from None
        return Response(HeldOutput(self.get_queryset().get(pk=held.pk)).data,
                        status=status.HTTP_201_CREATED if made else status.HTTP_200_OK)

    @extend_schema(request=SendInput, responses={201: StudRoundOutput})
    @action(detail=True, methods=["post"])
    def send(self, request, pk=None):
        held = self.get_object()
        payload = SendInput(data=request.data)
        payload.is_valid(raise_exception=True)
        record, made = services.held_send(actor=request.user, held=held,
                                          body=payload.validated_data["body"])
        return Response(_shown(record),
                        status=status.HTTP_201_CREATED if made else status.HTTP_200_OK)

    @extend_schema(request=EnterLateInput, responses={201: StudRoundOutput})
    @action(detail=True, methods=["post"], url_path="enter-late")
    def enter_late(self, request, pk=None):
        held = self.get_object()
        payload = EnterLateInput(data=request.data)
        payload.is_valid(raise_exception=True)
        record = services.held_enter_late(actor=request.user, held=held,
                                          body=payload.validated_data.get("body"))
        return Response(_shown(record), status=status.HTTP_201_CREATED)

    @extend_schema(request=DiscardInput, responses={201: HeldOutput})
    @action(detail=True, methods=["post"])
    def discard(self, request, pk=None):
        held = self.get_object()
        payload = DiscardInput(data=request.data)
        payload.is_valid(raise_exception=True)
        services.held_discard(actor=request.user, held=held,
                              reason=payload.validated_data["reason"])
        return Response(HeldOutput(self.get_queryset().get(pk=held.pk)).data,
                        status=status.HTTP_201_CREATED)


def _shown(record) -> dict:
    output = StudRoundOutput if record._meta.model_name == "studround" else PokerHandOutput
    return output(record).data
