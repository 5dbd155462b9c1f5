"""The floor sign (no login) and the supervisor's progressive pages: the list, a meter,
creating one, changing its parameters, correcting it (a table's link to a meter is the
floor's: tables.floor.views)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_GET, require_http_methods
from pghistory.models import Events

from casino.common import chains, push
from casino.common.confirmation import carried, confirmed, tried
from casino.common.forms import posted_form_data
from casino.common.problems import form_problems, refusal_on_form
from casino.common.roles import Role, is_supervisor, role_required
from casino.common.witness import Device
from casino.house import trail
from casino.house.staff import casinos_of
from payouts.governance import governs
from payouts.jackpots import chain, selectors, signs, tins, wording
from payouts.jackpots import services as progressives
from payouts.jackpots.fieldcrypt import Undecryptable
from payouts.jackpots.forms import (
    CorrectionForm,
    HitApprovalForm,
    NewProgressiveForm,
    ProgressiveParametersForm,
)
from payouts.jackpots.models import US_AWARDS, HitStatus, JackpotHit, ReconciliationCheck


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


@require_GET
def sign_events(request, pk: int):
    """The sign's state as it changes (Server-Sent Events), from the ASGI process the load
    balancer sends these addresses to (docs/scaling.md); under WSGI, the state now and
    "again in a second" (push.stream_once)."""
    state = selectors.sign_state(pk)
    if state is None:
        raise Http404("No such jackpot.")
    if not isinstance(request, ASGIRequest):
        return push.response(push.stream_once(state))
    # The stream lasts hours: it keeps no database connection of this request's meanwhile
    # (its later reads share the few of signs.current).
    if not connection.in_atomic_block:
        connection.close()
    return push.response(push.stream(signs.topic(pk), lambda: signs.current(pk), state))


# A casino's supervisors and the group's: who may change which meter is the services'
# rule (require_governs); the pages offer the buttons only to whom they serve.
GOVERNORS = (Role.SUPERVISOR, Role.GROUP_SUPERVISOR)


@role_required(*GOVERNORS)
def progressive_list(request):
    visible = selectors.progressives_visible_to(request.user)
    check = chain.last_check()
    return render(request, "payouts/progressive_list.html", {
        "progressives": visible.prefetch_related("tables"),
        "mismatches": ReconciliationCheck.objects.filter(balanced=False, progressive__in=visible)
        .select_related("progressive")[:20], "ledger_check": check,
        "ledger_breaks": [chains.sentence(b) for b in check.breaks] if check else [],
        "zone": trail.zone_of(request.user)})


@role_required(*GOVERNORS)
def progressive_detail(request, pk: int):
    progressive = get_object_or_404(selectors.progressives_visible_to(request.user), pk=pk)
    hits = (selectors.hits_visible_to(request.user).filter(progressive=progressive)
            .select_related("round__table", "approval__approved_by", "approval__witnessed_by")
            .order_by("-id"))
    waiting = hits.filter(status=HitStatus.AWAITING_APPROVAL).prefetch_related("round__seats")
    zone = trail.zone_of_owner(progressive.casino if progressive.casino_id else None)
    return render(request, "payouts/progressive_detail.html", {
        "progressive": progressive, "meters": selectors.meters(progressive),
        "hits": hits[:25], "waiting": [(h, _cards_of(h)) for h in waiting],
        "tables": progressive.tables.select_related("casino"),
        "history": trail.entries(Events.objects.tracks(progressive).order_by("-pgh_id")[:50],
                                 zone=zone, viewer=request.user), "zone": zone,
        "checks": progressive.reconciliations.all()[:9],
        "governs": governs(request.user, progressive.casino if progressive.casino_id else None),
        "links_tables": is_supervisor(request.user),
    })


def _cards_of(hit: JackpotHit) -> str:
    """The winning seat's cards, for the supervisor to check against the table."""
    seat = next((s for s in hit.round.seats.all() if s.seat == hit.seat), None)
    return " ".join(seat.cards or []) if seat else ""


@sensitive_post_parameters("witness_password", "tin")
@role_required(Role.SUPERVISOR)
@require_http_methods(["GET", "POST"])
def hit_approve(request, pk: int):
    """The award's approval: its hit, the witness and the W-2G details, asked to confirm
    (static/js/hit-approval.js); once paid, who approved and witnessed it."""
    hit = selectors.hit_for_approval(request.user, pk)
    if hit is None:
        raise Http404("No such jackpot hit.")
    consequence = wording.approval_consequence(hit)
    form = HitApprovalForm(posted_form_data(request), hit=hit, consequence=consequence)
    waiting = hit.status == HitStatus.AWAITING_APPROVAL
    if request.method == "POST" and waiting and form.is_valid():
        try:
            progressives.hit_approve(actor=request.user, hit=hit, device=Device.of(request),
                                     **form.approval())
        except ValidationError as refused:
            form.show(refused)
        else:
            messages.success(request, f"Paid: {wording.award_text(hit)} at "
                                      f"{hit.round.table.label}, seat {hit.seat}, approved by "
                                      f"{request.user.get_username()} and witnessed by "
                                      f"{form.cleaned_data['witness']}.")
            return redirect("pit-hit-approve", pk=hit.pk)
    return render(request, "payouts/hit_approve.html", {
        "hit": hit, "line": wording.hit_line(hit), "cards": _cards_of(hit), "form": form,
        "waiting": waiting, "consequence": consequence, "problems": form_problems(form),
        "approval": getattr(hit, "approval", None) if not waiting else None})


@role_required(Role.SUPERVISOR, Role.ACCOUNTANT)
@require_GET
@never_cache
def w2g_form(request, pk: int):
    """The W-2G of an approved award, printable, with the TIN in full: the one place it is
    decrypted (tins.tin_disclose records who saw it, and when)."""
    hit = selectors.hit_for_approval(request.user, pk)
    player = getattr(getattr(hit, "approval", None), "w2g", None) if hit else None
    if player is None:
        raise Http404("There is no W-2G for this jackpot here.")
    try:
        tin = tins.tin_disclose(actor=request.user, player=player)
    except Undecryptable as refused:  # a key removed too soon, or an altered record
        raise PermissionDenied(str(refused)) from None
    response = render(request, "payouts/w2g.html", {
        "hit": hit, "player": player, "tin": f"{tin[:3]}-{tin[3:5]}-{tin[5:]}",
        "casino": hit.round.table.casino, "line": wording.hit_line(hit),
        "zone": hit.round.table.casino.zone})
    response["Cache-Control"] = "no-store"  # the full TIN is never kept by a browser
    return response


def _form_page(request, template: str, context: dict):
    """A form page: 400 while a field is refused, so a refusal is never taken for success."""
    form = context["form"]
    return render(request, template, context, status=400 if form.errors else 200)


@role_required(*GOVERNORS)
@require_http_methods(["GET", "POST"])
def progressive_create(request):
    # Most meters are one casino's; a group supervisor's are the group's.
    casino = casinos_of(request.user).first() if is_supervisor(request.user) else None
    initial = {**ProgressiveParametersForm.initial_of_awards(US_AWARDS),
               "casino": casino, "currency": casino.currency if casino else None}
    form = NewProgressiveForm(posted_form_data(request), user=request.user, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            meter = progressives.progressive_create(
                actor=request.user, currency=data["currency"], casino=data["casino"],
                **form.parameters())
        except ValidationError as refused:
            refusal_on_form(form, refused)
        else:
            messages.success(request, f"{meter} created at {meter.amount} {meter.currency}. "
                                      "Link it to the tables it feeds.")
            return redirect("pit-progressive", pk=meter.pk)
    return _form_page(request, "payouts/progressive_form.html", {"form": form})


@role_required(*GOVERNORS)
@require_http_methods(["GET", "POST"])
def progressive_edit(request, pk: int):
    progressive = get_object_or_404(selectors.progressives_visible_to(request.user), pk=pk)
    selectors.require_governs(request.user, progressive)  # refused in words, at once
    form = ProgressiveParametersForm(posted_form_data(request),
                                     initial=ProgressiveParametersForm.initial_of(progressive))
    changes: list[str] = []
    if request.method == "POST" and form.is_valid():
        parameters = form.parameters()

        def write():
            return progressives.progressive_update(actor=request.user,
                                                   progressive=progressive, **parameters)

        changes = wording.parameter_changes(progressive, parameters)
        try:
            if changes and confirmed(request):
                write()
            else:  # the change tried and undone: a refusal comes before the question
                tried(write)
        except ValidationError as refused:
            refusal_on_form(form, refused)
            changes = []
        else:
            if not changes:
                messages.info(request, f"Nothing to save: {progressive}'s parameters are as "
                                       "they were.")
                return redirect("pit-progressive", pk=pk)
            if confirmed(request):
                messages.success(request, f"{progressive} changed: " + " ".join(changes))
                return redirect("pit-progressive", pk=pk)
    return _form_page(request, "payouts/progressive_form.html", {
        "form": form, "progressive": progressive, "changes": changes,
        "carried": carried(request)})


@sensitive_post_parameters("witness_password")
@role_required(*GOVERNORS)
@require_http_methods(["GET", "POST"])
def progressive_correct(request, pk: int):
    progressive = get_object_or_404(selectors.progressives_visible_to(request.user), pk=pk)
    selectors.require_governs(request.user, progressive)  # refused in words, at once
    form = CorrectionForm(posted_form_data(request))
    changes: list[str] = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        changes = wording.correction_lines(progressive, data["meter"], data["new_balance"])
        if not changes:
            form.add_error("new_balance", f"The {data['meter']} is already at "
                                          f"{data['new_balance']}: there is nothing to correct.")
        elif confirmed(request):
            try:
                progressives.progressive_correct(actor=request.user, progressive=progressive,
                                                 device=Device.of(request), **form.correction())
            except ValidationError as refused:
                refusal_on_form(form, refused)
                changes = []
            else:
                messages.success(request, f"{progressive}: {changes[0]}")
                return redirect("pit-progressive", pk=pk)
    return _form_page(request, "payouts/progressive_correct.html", {
        "form": form, "progressive": progressive, "changes": changes,
        # A password is never sent again: it is typed on the confirmation step.
        "carried": carried(request, leave=("witness", "witness_password")),
        "second_needed": len(changes) > 1, "meters": selectors.meters(progressive)})
