"""REST endpoints for casinos and tables (docs/API.md), and the void action every
record's endpoint shares. Writes go through services."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from casino.common.permissions import HasRole
from casino.house.models import Casino
from tables.floor import accounts, selectors, services
from tables.floor.serializers import (
    CasinoSerializer,
    TableSerializer,
    UserSerializer,
    VoidInput,
)


class CasinoViewSet(
    mixins.CreateModelMixin,
    mixins.RetrieveModelMixin,
    mixins.UpdateModelMixin,
    mixins.ListModelMixin,
    viewsets.GenericViewSet,
):
    """Casinos: supervisors create and change them; every role reads them."""

    queryset = Casino.objects.none()
    serializer_class = CasinoSerializer
    filterset_fields = ["currency"]

    def get_queryset(self):
        return selectors.casinos_of(self.request.user)

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
        serializer.instance = services.table_create(actor=self.request.user,
                                                    **serializer.validated_data)

    def perform_update(self, serializer):
        serializer.instance = services.table_configure(
            actor=self.request.user, table=serializer.instance, **serializer.validated_data)


class UserViewSet(
    mixins.CreateModelMixin,
    mixins.RetrieveModelMixin,
    mixins.UpdateModelMixin,
    mixins.ListModelMixin,
    viewsets.GenericViewSet,
):
    """Users: a supervisor opens and changes the accounts of his casinos' staff
    (tables.floor.accounts); deactivated, never deleted."""

    queryset = get_user_model().objects.none()  # the model whose permissions apply
    serializer_class = UserSerializer
    http_method_names = ["get", "post", "patch", "head", "options"]  # no PUT, no DELETE
    filterset_fields = ["is_active"]

    def get_queryset(self):
        return selectors.users_visible_to(self.request.user).order_by("username") \
            .prefetch_related("groups", "casinos")

    def perform_create(self, serializer):
        serializer.instance = accounts.user_create(actor=self.request.user,
                                                   **serializer.validated_data)

    def perform_update(self, serializer):
        serializer.instance = accounts.user_update(
            actor=self.request.user, user=serializer.instance, **serializer.validated_data)

    def check_permissions(self, request):
        # Said in words to whoever could otherwise change accounts; others get the 403.
        if request.method == "DELETE" and request.user.has_perm("auth.change_user"):
            raise exceptions.MethodNotAllowed("DELETE", detail=(
                "Users are never deleted (their records name them): deactivate one with "
                'PATCH {"is_active": false}.'))
        super().check_permissions(request)


def recording_input(request, payload_class) -> dict:
    """A recording's body as its API reads it (a 400 naming the fields otherwise)."""
    payload = payload_class(data=request.data)
    payload.is_valid(raise_exception=True)
    return payload.validated_data


def recording_key(request) -> str:
    """The Idempotency-Key a recording is sent with ('' when none)."""
    return request.headers.get("Idempotency-Key", "")[:80]


def no_table(pk: int) -> Http404:
    """A table of another casino, or none: the recording's 404."""
    return Http404(f"There is no table number {pk} here.")


def recorded(request, record, created: bool, *, output_class, visible) -> Response:
    """``POST /api/v1/tables/{id}/...``'s answer: a new record (201) from the objects the
    service wrote, not read back; the same Idempotency-Key with the same body answers
    the first record as the viewer sees it, with 200."""
    if not created:
        record = visible(request.user).get(pk=record.pk)
    return Response(output_class(record).data,
                    status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class VoidAction:
    """``POST .../{id}/void/`` with a reason: a supervisor's correcting record (the
    service checks the role). Answers the record as the view shows it, with ``voided``."""

    def void_record(self, record, actor, reason: str) -> None:
        raise NotImplementedError

    @extend_schema(request=VoidInput)
    @action(detail=True, methods=["post"], permission_classes=[HasRole])
    def void(self, request, pk=None):
        record = self.get_object()
        payload = VoidInput(data=request.data)
        payload.is_valid(raise_exception=True)
        self.void_record(record, request.user, payload.validated_data["reason"])
        return Response(self.get_serializer(self.get_queryset().get(pk=record.pk)).data,
                        status=status.HTTP_201_CREATED)
