"""The supervisor's and the dealer's landing pages, and a table's pages: its paytable,
its poker settings, its history."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST
from pghistory.models import Events

from casino.common import audit
from casino.common.pages import form_problems, problems_of
from casino.common.roles import Role, role_required
from payouts.terms.models import Paytable
from payouts.terms.versioning import PublicationStatus
from tables.floor.forms import AssignPaytableForm, PokerSettingsForm
from tables.floor.models import Table
from tables.floor.selectors import casinos_of, tables_at_casinos_of, tables_visible_to
from tables.floor.services import table_assign_paytable, table_set_poker_settings
from tables.floor.stakes import POKER_FIELDS

# The tap-to-enter card picker of the dealer's forms (stud rounds, poker hands).
CARD_PICKER = {"ranks": "AKQJT98765432", "suits": [("s", "♠"), ("h", "♥"), ("d", "♦"), ("c", "♣")]}


@role_required(Role.SUPERVISOR)
def pit(request):
    casinos = casinos_of(request.user).prefetch_related("tables__dealers",
                                                        "tables__rake_schedule")
    published = Paytable.objects.filter(status=PublicationStatus.PUBLISHED)
    return render(request, "tables/pit.html", {"casinos": casinos, "published": published})


@role_required(Role.DEALER)
def dealer(request):
    tables = tables_visible_to(request.user)
    return render(request, "tables/dealer.html", {"tables": tables})


@role_required(Role.SUPERVISOR)
@require_POST
def table_assign(request, pk: int):
    table = get_object_or_404(tables_at_casinos_of(request.user), pk=pk)
    form = AssignPaytableForm(request.POST)
    if not form.is_valid():
        messages.error(request, f"{table.label}: choose a published paytable.")
        return redirect("pit")
    try:
        table_assign_paytable(actor=request.user, table=table,
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
    table = get_object_or_404(tables_at_casinos_of(request.user), pk=pk)
    # The table's own changes and its dealer assignments (rows that reference it).
    events = Events.objects.references(table).order_by("-pgh_created_at", "-pgh_id")[:100]
    return render(request, "tables/table_history.html", {
        "table": table, "zone": table.casino.zone,
        "history": audit.entries(events, zone=table.casino.zone, viewer=request.user,
                                 subject=table)})


@role_required(Role.SUPERVISOR)
@require_http_methods(["GET", "POST"])
def table_settings(request, pk: int):
    table = get_object_or_404(tables_at_casinos_of(request.user), pk=pk)
    if not table.is_poker:
        raise PermissionDenied(f"{table.label} is a stud table; it has a paytable instead.")
    form = PokerSettingsForm(request.POST or None, instance=Table.objects.get(pk=pk))
    problems: list[str] = []
    if request.method == "POST":
        if form.is_valid():
            changes = {f: form.cleaned_data[f] for f in POKER_FIELDS}
            try:
                table_set_poker_settings(actor=request.user, table=table, **changes)
            except ValidationError as refused:
                problems = problems_of(refused)
            else:
                messages.success(request, f"{table.label} settings saved. Hands already "
                                          "recorded keep the settings they were played under.")
                return redirect("pit-poker-settings", pk=pk)
        else:
            problems = form_problems(form)
    events = audit.entries(Events.objects.tracks(table).order_by("-pgh_id")[:30],
                           zone=table.casino.zone, viewer=request.user)
    return render(request, "tables/poker_settings.html", {
        "table": table, "form": form, "problems": problems, "history": events,
        "zone": table.casino.zone},
        status=400 if problems else 200)
