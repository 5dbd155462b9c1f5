"""/api/v1/progressives/ and /api/v1/jackpot-hits/."""

from __future__ import annotations

from decimal import Decimal

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from casino.common.amounts import DecimalStringField, MoneyField
from casino.common.api import ModelSerializer
from casino.common.permissions import HasRole
from casino.common.witness import Device
from payouts.jackpots import reconciliation
from payouts.jackpots import services as progressives
from payouts.jackpots.models import JackpotHit, Progressive, W2GPlayer
from payouts.jackpots.selectors import hits_visible_to, progressives_visible_to


class ProgressiveSerializer(ModelSerializer):
    awards = serializers.JSONField(required=False)
    wager = MoneyField(required=False,
                                     min_value=Decimal("0.01"))
    seed = MoneyField(min_value=Decimal(0))
    contribution_rate = DecimalStringField(max_digits=6, decimal_places=5,
                                                 min_value=Decimal(0), max_value=Decimal(1))
    reserve_rate = DecimalStringField(max_digits=6, decimal_places=5, required=False,
                                            min_value=Decimal(0), max_value=Decimal(1))
    limit = MoneyField(required=False,
                                     allow_null=True, min_value=Decimal(0))
    approval_threshold = MoneyField(required=False, min_value=Decimal(0))
    correction_bound = MoneyField(
        required=False, min_value=Decimal(0),
        help_text="A correction to a balance above this needs a second supervisor. Not "
                  "given at creation: a hundred times the seed, never below the approval "
                  "threshold; the limit if there is one.")
    tables = serializers.PrimaryKeyRelatedField(many=True, read_only=True)

    class Meta:
        model = Progressive
        fields = ["id", "name", "currency", "wager", "seed", "contribution_rate",
                  "reserve_rate", "limit", "awards", "approval_threshold", "correction_bound",
                  "amount", "reserve", "overflow", "tables", "casino"]
        read_only_fields = ["amount", "reserve", "overflow"]

    def to_internal_value(self, data):
        if isinstance(data, dict):
            moved = sorted({"amount", "reserve", "overflow"} & set(data))
            if moved:
                raise serializers.ValidationError({field: [
                    "The meters change only through wins and documented corrections "
                    "(POST .../correct/ with a reason)."] for field in moved})
        return super().to_internal_value(data)

    def validate_currency(self, value):
        if self.instance is not None and value != self.instance.currency:
            raise serializers.ValidationError("A meter's currency never changes.")
        return value

    def validate_casino(self, value):
        if self.instance is not None and value != self.instance.casino:
            raise serializers.ValidationError("The books a meter is kept in never change.")
        return value


class CorrectionInput(serializers.Serializer):
    meter = serializers.ChoiceField(choices=["meter", "reserve", "overflow"], default="meter")
    new_balance = MoneyField()
    reason = serializers.CharField(max_length=2000)
    # Optional to the parser, required by the rules above the meter's correction bound:
    # the service names what is missing.
    witness = serializers.CharField(
        required=False, allow_blank=True, default="",
        help_text="Above the meter's correction_bound: the user name of a second supervisor "
                  "who may correct it.")
    witness_password = serializers.CharField(
        required=False, allow_blank=True, default="", trim_whitespace=False,
        write_only=True, style={"input_type": "password"},
        help_text="The second supervisor's own password.")


class ReconciliationQuery(serializers.Serializer):
    start = serializers.DateTimeField(help_text="Included.")
    end = serializers.DateTimeField(help_text="Excluded.")

    def validate(self, attrs):
        if attrs["end"] <= attrs["start"]:
            raise serializers.ValidationError({"end": ["The end must come after the start."]})
        return attrs


class ReconciliationLine(serializers.Serializer):
    meter = serializers.CharField()
    opening = MoneyField()
    contributions = MoneyField()
    awards = MoneyField()
    resets = MoneyField()
    corrections = MoneyField()
    closing = MoneyField()
    balanced = serializers.BooleanField()


class ProgressiveViewSet(mixins.CreateModelMixin, mixins.RetrieveModelMixin,
                         mixins.UpdateModelMixin, mixins.ListModelMixin,
                         viewsets.GenericViewSet):
    queryset = Progressive.objects.none()
    serializer_class = ProgressiveSerializer
    filterset_fields = ["currency"]

    def get_queryset(self):
        return progressives_visible_to(self.request.user).prefetch_related("tables")

    def perform_create(self, serializer):
        serializer.instance = progressives.progressive_create(
            actor=self.request.user, **serializer.validated_data)

    def perform_update(self, serializer):
        data = dict(serializer.validated_data)
        data.pop("currency", None)
        data.pop("casino", None)
        serializer.instance = progressives.progressive_update(
            actor=self.request.user, progressive=serializer.instance, **data)

    @extend_schema(request=CorrectionInput, responses={201: ProgressiveSerializer})
    @action(detail=True, methods=["post"], permission_classes=[HasRole])
    def correct(self, request, pk=None):
        """A documented correction of the meter, reserve or overflow (supervisors)."""
        progressive = self.get_object()
        payload = CorrectionInput(data=request.data)
        payload.is_valid(raise_exception=True)
        progressives.progressive_correct(actor=request.user, progressive=progressive,
                                         device=Device.of(request), **payload.validated_data)
        progressive.refresh_from_db()
        return Response(ProgressiveSerializer(progressive).data, status=status.HTTP_201_CREATED)

    @extend_schema(parameters=[ReconciliationQuery],
                   responses=ReconciliationLine(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def reconciliation(self, request, pk=None):
        """Opening + contributions + awards (negative) + resets ± corrections = closing, for
        each meter of the progressive over [start, end)."""
        progressive = self.get_object()
        query = ReconciliationQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        lines = [reconciliation.reconcile(progressive, query.validated_data["start"],
                                          query.validated_data["end"], meter)
                 for meter in reconciliation.FIELDS]
        return Response(ReconciliationLine(lines, many=True).data)


class W2GPlayerSerializer(ModelSerializer):
    """The W-2G details as they are shown after entry: the TIN masked."""

    tin = serializers.CharField(source="tin_masked", read_only=True)

    class Meta:
        model = W2GPlayer
        fields = ["full_name", "street", "city", "region", "postal_code", "country",
                  "tin_kind", "tin", "id_kind", "id_number", "date_of_birth"]
        read_only_fields = fields


class JackpotHitSerializer(ModelSerializer):
    table = serializers.IntegerField(source="round.table_id", read_only=True)
    # The approval's one home is its HitApproval (names as the contract has them).
    approved_by = serializers.IntegerField(source="approval.approved_by_id", read_only=True)
    approved_at = serializers.DateTimeField(source="approval.approved_at", read_only=True)
    witnessed_by = serializers.IntegerField(source="approval.witnessed_by_id", read_only=True)
    witnessed_at = serializers.DateTimeField(source="approval.witnessed_at", read_only=True)
    player = W2GPlayerSerializer(source="approval.w2g", read_only=True)

    class Meta:
        model = JackpotHit
        fields = ["id", "progressive", "round", "table", "seat", "category", "amount",
                  "meter_before", "status", "wager", "shared_by", "from_meter", "w2g",
                  "withholding", "recorded_at", "settled_at", "approved_by", "approved_at",
                  "witnessed_by", "witnessed_at", "player"]


class ApprovalInput(serializers.Serializer):
    """Optional to the parser, required by the rules: the service names what is missing."""

    witness = serializers.CharField(
        required=False, allow_blank=True, default="",
        help_text="User name of the second person: another supervisor or an accountant of "
                  "the hit's casino.")
    witness_password = serializers.CharField(
        required=False, allow_blank=True, default="", trim_whitespace=False, write_only=True,
        style={"input_type": "password"}, help_text="The witness's own password.")
    player = serializers.JSONField(
        required=False, allow_null=True, default=None,
        help_text="For a W-2G hit only: full_name, street, city, region, postal_code, "
                  "country, tin (SSN or ITIN, 9 digits), id_kind, id_number, date_of_birth "
                  "(YYYY-MM-DD).")


class JackpotHitViewSet(mixins.RetrieveModelMixin, mixins.ListModelMixin,
                        viewsets.GenericViewSet):
    queryset = JackpotHit.objects.none()
    serializer_class = JackpotHitSerializer
    filterset_fields = ["progressive", "status", "round"]

    def get_queryset(self):
        return (hits_visible_to(self.request.user).select_related("round", "approval__w2g")
                .order_by("-id"))

    @extend_schema(request=ApprovalInput, responses=JackpotHitSerializer)
    @action(detail=True, methods=["post"], permission_classes=[HasRole])
    def approve(self, request, pk=None):
        """A supervisor approves an award that waited for approval, with a witness (and the
        player's details when a W-2G is needed)."""
        payload = ApprovalInput(data=request.data)
        payload.is_valid(raise_exception=True)
        hit = progressives.hit_approve(actor=request.user, hit=self.get_object(),
                                       device=Device.of(request), **payload.validated_data)
        return Response(JackpotHitSerializer(self.get_queryset().get(pk=hit.pk)).data)
