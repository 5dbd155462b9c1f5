"""The landing page of each role; a table's paytable and history pages."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.dateparse import parse_date
from django.views.decorators.http import require_POST
from pghistory.models import Events

from casino.common import audit
from casino.common.pages import problems_of
from casino.common.roles import Role, role_required
from payouts.models import Paytable
from payouts.terms.versioning import PublicationStatus
from tables import poker_hands, selectors, services
from tables.forms import AssignPaytableForm
from tables.models import Casino, Table


@role_required(Role.SUPERVISOR)
def pit(request):
    casinos = Casino.objects.prefetch_related("tables__dealers", "tables__rake_schedule")
    published = Paytable.objects.filter(status=PublicationStatus.PUBLISHED)
    return render(request, "tables/pit.html", {"casinos": casinos, "published": published})


@role_required(Role.DEALER)
def dealer(request):
    tables = selectors.tables_visible_to(request.user)
    return render(request, "tables/dealer.html", {"tables": tables})


@role_required(Role.ACCOUNTANT)
def accounting(request):
    now = timezone.now()
    asked = parse_date(request.GET.get("day", "") or "")
    casinos = []
    for casino in Casino.objects.all():
        day = asked or casino.gaming_day(now)
        casinos.append({"casino": casino, "gaming_day": casino.gaming_day(now),
                        "tables": casino.tables.count(), "day": day,
                        "card_room": poker_hands.card_room_day(casino, day)})
    return render(request, "tables/accounting.html", {
        "casinos": casinos, "asked": asked,
        "bad_day": request.GET.get("day") and asked is None and request.GET["day"]})


@role_required(Role.SUPERVISOR)
@require_POST
def table_assign(request, pk: int):
    table = get_object_or_404(Table, pk=pk)
    form = AssignPaytableForm(request.POST)
    if not form.is_valid():
        messages.error(request, f"{table.label}: choose a published paytable.")
        return redirect("pit")
    try:
        services.table_assign_paytable(actor=request.user, table=table,
                                       paytable=form.cleaned_data["paytable"])
    except ValidationError as refused:
        for line in problems_of(refused):
            messages.error(request, f"{table.label}: {line}")
    else:
        messages.success(request, f"{table.label} now pays by {form.cleaned_data['paytable']}. "
                                  "Rounds already recorded keep their paytable.")
    return redirect("pit")


@role_required(Role.SUPERVISOR)
def table_history(request, pk: int):
    table = get_object_or_404(Table, pk=pk)
    # The table's own changes and its dealer assignments, newest first.
    events = sorted([*Events.objects.tracks(table), *Events.objects.references(table)],
                    key=lambda e: (e.pgh_created_at, e.pgh_id), reverse=True)[:100]
    return render(request, "tables/table_history.html",
                  {"table": table, "events": audit.entries(events)})
