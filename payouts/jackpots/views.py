"""The floor sign (no login) and the supervisor's progressive page."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from pghistory.models import Events

from casino.common import audit
from casino.common.roles import Role, role_required
from payouts.jackpots import chain, selectors
from payouts.jackpots import services as progressives
from payouts.jackpots.models import HitStatus, JackpotHit, ReconciliationCheck


@require_GET
def sign(request, pk: int):
    state = selectors.sign_state(pk)
    if state is None:
        raise Http404("No such jackpot.")
    return render(request, "payouts/sign.html", {"state": state, "pk": pk})


@require_GET
@never_cache
def sign_state(request, pk: int):
    state = selectors.sign_state(pk)
    if state is None:
        return JsonResponse({"error": "No such jackpot."}, status=404)
    return JsonResponse(state)


@role_required(Role.SUPERVISOR)
def progressive_list(request):
    visible = selectors.progressives_visible_to(request.user)
    return render(request, "payouts/progressive_list.html", {
        "progressives": visible.prefetch_related("tables"),
        "mismatches": ReconciliationCheck.objects.filter(balanced=False, progressive__in=visible)
        .select_related("progressive")[:20], "ledger_check": chain.last_check()})


@role_required(Role.SUPERVISOR)
def progressive_detail(request, pk: int):
    progressive = get_object_or_404(selectors.progressives_visible_to(request.user), pk=pk)
    hits = (selectors.hits_visible_to(request.user).filter(progressive=progressive)
            .select_related("round__table", "approved_by").order_by("-id"))
    waiting = hits.filter(status=HitStatus.AWAITING_APPROVAL).prefetch_related("round__seats")
    zone = progressive.casino.zone if progressive.casino_id else audit.zone_of(request.user)
    return render(request, "payouts/progressive_detail.html", {
        "progressive": progressive, "meters": selectors.meters(progressive),
        "hits": hits[:25], "waiting": [(h, _cards_of(h)) for h in waiting],
        "tables": progressive.tables.select_related("casino"),
        "history": audit.entries(Events.objects.tracks(progressive).order_by("-pgh_id")[:50],
                                 zone=zone, viewer=request.user), "zone": zone,
        "checks": progressive.reconciliations.all()[:9],
    })


def _cards_of(hit: JackpotHit) -> str:
    """The winning seat's cards, for the supervisor to check against the table."""
    seat = next((s for s in hit.round.seats.all() if s.seat == hit.seat), None)
    return " ".join(seat.cards or []) if seat else ""


@role_required(Role.SUPERVISOR)
@require_POST
def hit_approve(request, pk: int):
    hit = get_object_or_404(selectors.hits_visible_to(request.user), pk=pk)
    try:
        progressives.hit_approve(actor=request.user, hit=hit)
    except ValidationError as refused:
        messages.error(request, " ".join(refused.messages))
    else:
        messages.success(request, f"Award of {hit.amount} at {hit.round.table.label} seat "
                                  f"{hit.seat} approved by {request.user.get_username()}.")
    return redirect("pit-progressive", pk=hit.progressive_id)
