"""Supervisor pages for terms: paytables (list, create, edit drafts, compare, publish) and
collection schedules (the same life cycle)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST
from pghistory.models import Events

from casino.common import audit
from casino.common.pages import form_problems, problems_of, versioned_transition
from casino.common.roles import Role, role_required
from payouts.terms import services
from payouts.terms.forms import (
    CATEGORY_LABELS,
    NewPaytableForm,
    PaytableTermsForm,
    ScheduleForm,
)
from payouts.terms.models import CapScope, Method, Paytable, RakeSchedule
from tables.rules.stud import STUD_CATEGORIES


@role_required(Role.SUPERVISOR)
def paytable_list(request):
    paytables = Paytable.objects.select_related("family").order_by("family_id", "version")
    return render(request, "payouts/paytable_list.html", {
        "paytables": paytables, "form": NewPaytableForm()})


@role_required(Role.SUPERVISOR)
@require_POST
def paytable_create(request):
    form = NewPaytableForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give the paytable a name and a variant.")
        return redirect("pit-paytable-list")
    paytable = services.paytable_create(actor=request.user, **form.cleaned_data)
    messages.success(request, f"{paytable} created from the standard "
                              f"{paytable.variant.upper()} terms. Adjust and publish it.")
    return redirect("pit-paytable", pk=paytable.pk)


@role_required(Role.SUPERVISOR)
@require_http_methods(["GET", "POST"])
def paytable_detail(request, pk: int):
    paytable = get_object_or_404(Paytable, pk=pk)
    form = PaytableTermsForm(request.POST or None, paytable=paytable)
    problems: list[str] = []
    if request.method == "POST" and paytable.is_draft:
        if form.is_valid():
            try:
                services.paytable_update(actor=request.user, paytable=paytable, **form.terms())
            except ValidationError as refused:
                problems = problems_of(refused)
            else:
                messages.success(request, "Draft saved.")
                return redirect("pit-paytable", pk=pk)
        else:
            problems = form_problems(form)
    versions = Paytable.objects.filter(family=paytable.family_id).order_by("version")
    zone = audit.zone_of(request.user)
    history = audit.entries(Events.objects.tracks(paytable).order_by("-pgh_id")[:50],
                            zone=zone, viewer=request.user)
    return render(request, "payouts/paytable_detail.html", {
        "paytable": paytable, "form": form, "problems": problems, "versions": versions,
        "history": history, "zone": zone, "tables": paytable.tables.select_related("casino"),
    }, status=400 if problems else 200)


@role_required(Role.SUPERVISOR)
@require_POST
def paytable_transition(request, pk: int, action: str):
    return versioned_transition(request, get_object_or_404(Paytable, pk=pk), action, {
        "publish": lambda user, p: services.paytable_publish(actor=user, paytable=p),
        "retire": lambda user, p: services.paytable_retire(actor=user, paytable=p),
        "new-version": lambda user, p: services.paytable_new_version(actor=user, paytable=p),
    }, "pit-paytable")


@role_required(Role.SUPERVISOR)
def paytable_compare(request):
    ids = [request.GET.get("a"), request.GET.get("b")]
    if not all(i and i.isdigit() for i in ids):
        messages.error(request, "Pick two paytables to compare.")
        return redirect("pit-paytable-list")
    left, right = (get_object_or_404(Paytable, pk=int(i)) for i in ids)
    rows = [(CATEGORY_LABELS[c] + " (N:1)", left.odds.get(c), right.odds.get(c))
            for c in STUD_CATEGORIES]
    rows += [(label, getattr(left, f), getattr(right, f)) for label, f in [
        ("Maximum payout", "max_payout"), ("Dealer qualifier", "dealer_qualifier"),
        ("Minimum ante", "min_ante"), ("Maximum ante", "max_ante"), ("Status", "status")]]
    return render(request, "payouts/paytable_compare.html", {
        "left": left, "right": right,
        "rows": [(label, a, b, a != b) for label, a, b in rows]})


@role_required(Role.SUPERVISOR)
@require_http_methods(["GET", "POST"])
def schedule_list(request):
    form = ScheduleForm(request.POST or None, initial={
        "method": Method.PERCENTAGE, "percent": 10, "cap": "5.00", "cap_scope": CapScope.HAND,
        "increment": "0.01", "min_pot": "0", "fixed_drop": "0", "time_fee": "0",
        "time_period_minutes": 30, "bad_beat_drop": "0", "bad_beat_min_pot": "0"})
    problems: list[str] = []
    if request.method == "POST":
        if form.is_valid():
            try:
                schedule = services.schedule_create(actor=request.user, **form.terms())
            except ValidationError as refused:
                problems = problems_of(refused)
            else:
                messages.success(request, f"{schedule} created. Check it and publish it.")
                return redirect("pit-schedule", pk=schedule.pk)
        else:
            problems = form_problems(form)
    schedules = RakeSchedule.objects.order_by("family_id", "version")
    return render(request, "payouts/schedule_list.html", {
        "schedules": schedules, "form": form, "problems": problems},
        status=400 if problems else 200)


@role_required(Role.SUPERVISOR)
@require_http_methods(["GET", "POST"])
def schedule_detail(request, pk: int):
    schedule = get_object_or_404(RakeSchedule, pk=pk)
    form = ScheduleForm(request.POST or None, instance=schedule)
    problems: list[str] = []
    if request.method == "POST" and schedule.is_draft:
        if form.is_valid():
            try:
                services.schedule_update(actor=request.user,
                                               schedule=RakeSchedule.objects.get(pk=pk),
                                               **form.terms())
            except ValidationError as refused:
                problems = problems_of(refused)
            else:
                messages.success(request, "Draft saved.")
                return redirect("pit-schedule", pk=pk)
        else:
            problems = form_problems(form)
    zone = audit.zone_of(request.user)
    history = audit.entries(Events.objects.tracks(schedule).order_by("-pgh_id")[:50],
                            zone=zone, viewer=request.user)
    return render(request, "payouts/schedule_detail.html", {
        "schedule": schedule, "form": form, "problems": problems, "history": history,
        "zone": zone,
        "versions": RakeSchedule.objects.filter(family=schedule.family_id).order_by("version"),
        "tables": schedule.tables.select_related("casino")},
        status=400 if problems else 200)


@role_required(Role.SUPERVISOR)
@require_POST
def schedule_transition(request, pk: int, action: str):
    return versioned_transition(request, get_object_or_404(RakeSchedule, pk=pk), action, {
        "publish": lambda user, s: services.schedule_publish(actor=user, schedule=s),
        "retire": lambda user, s: services.schedule_retire(actor=user, schedule=s),
        "new-version": lambda user, s: services.schedule_new_version(actor=user,
                                                                           schedule=s),
    }, "pit-schedule")
