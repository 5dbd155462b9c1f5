"""/api/v1/paytables/: supervisors draft, publish, version and retire; others read."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from payouts.terms import services
from payouts.terms.models import Paytable, RakeSchedule
from payouts.terms.selectors import terms_visible_to
from payouts.terms.serializers import PaytableSerializer, RakeScheduleSerializer


class PaytableViewSet(mixins.CreateModelMixin, mixins.RetrieveModelMixin,
                      mixins.UpdateModelMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    queryset = Paytable.objects.none()
    serializer_class = PaytableSerializer
    filterset_fields = ["variant", "status", "family", "casino", "currency"]

    def get_queryset(self):
        return terms_visible_to(Paytable, self.request.user)

    def perform_create(self, serializer):
        serializer.instance = services.paytable_create(
            actor=self.request.user, **serializer.validated_data)

    def perform_update(self, serializer):
        data = dict(serializer.validated_data)
        data.pop("variant", None)
        serializer.instance = services.paytable_update(
            actor=self.request.user, paytable=serializer.instance, **data)

    def _transition(self, service, created=False):
        paytable = service(actor=self.request.user, paytable=self.get_object())
        return Response(PaytableSerializer(paytable).data,
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)

    @extend_schema(request=None, responses=PaytableSerializer)
    @action(detail=True, methods=["post"])
    def publish(self, request, pk=None):
        """Freeze the draft: a published paytable never changes."""
        return self._transition(services.paytable_publish)

    @extend_schema(request=None, responses=PaytableSerializer)
    @action(detail=True, methods=["post"])
    def retire(self, request, pk=None):
        return self._transition(services.paytable_retire)

    @extend_schema(request=None, responses=PaytableSerializer)
    @action(detail=True, methods=["post"], url_path="new-version")
    def new_version(self, request, pk=None):
        """A new draft with this version's terms, to change and publish."""
        return self._transition(services.paytable_new_version, created=True)


class RakeScheduleViewSet(mixins.CreateModelMixin, mixins.RetrieveModelMixin,
                          mixins.UpdateModelMixin, mixins.ListModelMixin,
                          viewsets.GenericViewSet):
    """Rake schedules: supervisors draft, publish, version and retire; others read."""

    queryset = RakeSchedule.objects.none()
    serializer_class = RakeScheduleSerializer
    filterset_fields = ["method", "status", "family", "casino", "currency"]

    def get_queryset(self):
        return terms_visible_to(RakeSchedule, self.request.user)

    def perform_create(self, serializer):
        serializer.instance = services.schedule_create(
            actor=self.request.user, **serializer.validated_data)

    def perform_update(self, serializer):
        serializer.instance = services.schedule_update(
            actor=self.request.user, schedule=serializer.instance, **serializer.validated_data)

    def _transition(self, service, created=False):
        schedule = service(actor=self.request.user, schedule=self.get_object())
        return Response(RakeScheduleSerializer(schedule).data,
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)

    @extend_schema(request=None, responses=RakeScheduleSerializer)
    @action(detail=True, methods=["post"])
    def publish(self, request, pk=None):
        """Freeze the draft: a published schedule never changes."""
        return self._transition(services.schedule_publish)

    @extend_schema(request=None, responses=RakeScheduleSerializer)
    @action(detail=True, methods=["post"])
    def retire(self, request, pk=None):
        return self._transition(services.schedule_retire)

    @extend_schema(request=None, responses=RakeScheduleSerializer)
    @action(detail=True, methods=["post"], url_path="new-version")
    def new_version(self, request, pk=None):
        """A new draft with this version's terms, to change and publish."""
        return self._transition(services.schedule_new_version, created=True)
