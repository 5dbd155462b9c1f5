"""/api/v1/paytables/{id}/analysis/ and /api/v1/progressives/{id}/analysis/ (API.md)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.common.permissions import holding
from payouts.analysis import keys, selectors, services
from payouts.analysis.models import AnalysisStatus
from payouts.jackpots.selectors import progressives_visible_to
from payouts.terms.models import Paytable
from payouts.terms.selectors import terms_visible_to

READ_ANALYSIS = holding("analysis.view_paranalysis",
                        "Only pit supervisors and accountants read game math.")
RETRY_SECONDS = 2


class PaytableAnalysisView(APIView):
    """The paytable's exact game math at an ante: 202 with progress while a worker computes
    it, then 200 with the figures."""

    permission_classes = [READ_ANALYSIS]

    @extend_schema(parameters=[OpenApiParameter(
        "ante", str, description="e.g. 10.00; the paytable's minimum ante if left out.")],
        responses={200: OpenApiTypes.OBJECT, 202: OpenApiTypes.OBJECT})
    def get(self, request, pk: int):
        paytable = get_object_or_404(terms_visible_to(Paytable, request.user), pk=pk)
        ante = keys.read_ante(paytable, request.query_params.get("ante"))
        analysis = services.request_analysis(actor=request.user, paytable=paytable, ante=ante)
        analysis.refresh_from_db()  # an eager worker may have finished it already
        if analysis.ready:  # the same figures serve every ante where the cap cuts no win
            return Response({"paytable": paytable.pk, "status": analysis.status,
                             **analysis.result, "ante": f"{ante:.2f}"})
        answer = {"paytable": paytable.pk, "status": analysis.status,
                  "progress": analysis.progress, "message": analysis.message}
        if analysis.status == AnalysisStatus.FAILED:  # tried again a minute after it failed
            return Response(answer, status=status.HTTP_503_SERVICE_UNAVAILABLE,
                            headers={"Retry-After": str(services.RETRY_FAILED_AFTER.seconds)})
        return Response(answer, status=status.HTTP_202_ACCEPTED,
                        headers={"Retry-After": str(RETRY_SECONDS)})


class ProgressiveAnalysisView(APIView):
    """The side wager's return at a meter (the meter now if none is given), the break-even
    meter, each award's frequency and the long-run house share."""

    permission_classes = [READ_ANALYSIS]

    @extend_schema(parameters=[OpenApiParameter("meter", str, description="e.g. 100000.00")],
                   responses={200: OpenApiTypes.OBJECT})
    def get(self, request, pk: int):
        progressive = get_object_or_404(progressives_visible_to(request.user), pk=pk)
        meter = selectors.read_meter(progressive, request.query_params.get("meter"))
        return Response({"progressive": progressive.pk,
                         **selectors.side_wager_figures(progressive, meter)})
