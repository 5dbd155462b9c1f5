"""The supervisor's and the dealer's landing pages, and a table's pages: its paytable,
its poker settings, its history."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST
from pghistory.models import Events

from casino.common import audit
from casino.common.pages import (
    ask_first,
    changed_lines,
    confirm_page,
    form_problems,
    problems_of,
)
from casino.common.roles import Role, role_required
from payouts.terms.models import Paytable, RakeSchedule
from payouts.terms.selectors import usable_at
from tables.floor.forms import AssignPaytableForm, PokerSettingsForm
from tables.floor.models import Table
from tables.floor.selectors import casinos_of, tables_at_casinos_of, tables_visible_to
from tables.floor.services import table_assign_paytable, table_set_poker_settings
from tables.floor.stakes import POKER_FIELDS

# The tap-to-enter card picker of the dealer's forms (stud rounds, poker hands).
CARD_PICKER = {"ranks": "AKQJT98765432", "suits": [("s", "♠"), ("h", "♥"), ("d", "♦"), ("c", "♣")]}


@role_required(Role.SUPERVISOR)
def pit(request):
    casinos = list(casinos_of(request.user).prefetch_related("tables__dealers",
                                                             "tables__rake_schedule",
                                                             "tables__paytable"))
    for casino in casinos:  # each casino's tables are offered what they may be given
        casino.assignable = list(usable_at(Paytable, casino))
        casino.assignable_ids = {p.pk for p in casino.assignable}
    return render(request, "tables/pit.html", {"casinos": casinos})


@role_required(Role.DEALER)
def dealer(request):
    tables = tables_visible_to(request.user)
    return render(request, "tables/dealer.html", {"tables": tables})


@role_required(Role.SUPERVISOR)
@require_POST
def table_assign(request, pk: int):
    """Give a stud table a paytable: refused by name when it may not have it, else asked
    (what changes from the next round), then done."""
    table = get_object_or_404(tables_at_casinos_of(request.user).select_related("paytable"),
                              pk=pk)
    form = AssignPaytableForm(request.POST, user=request.user)
    if not form.is_valid():
        for line in form_problems(form):
            messages.error(request, f"{table.label}: {line}")
        return redirect("pit")
    paytable = form.cleaned_data["paytable"]
    if paytable.pk == table.paytable_id:
        messages.info(request, f"{table.label} already pays by {paytable.label}.")
        return redirect("pit")

    def ask():
        return confirm_page(
            request, title=f"Give {table.label} {paytable.label}?",
            button=f"Assign {paytable.label} to {table.label}", back=reverse("pit"),
            consequences=[_from_next_round(table, paytable),
                          f"Its antes will be {paytable.min_ante} to {paytable.max_ante} "
                          f"{table.casino.currency} (the paytable's limits)."])

    try:
        done = ask_first(request, lambda: table_assign_paytable(
            actor=request.user, table=table, paytable=paytable), ask)
    except ValidationError as refused:
        for line in problems_of(refused, form):
            messages.error(request, f"{table.label}: {line}")
        return redirect("pit")
    if isinstance(done, HttpResponse):
        return done
    messages.success(request, _from_next_round(table, paytable))
    return redirect("pit")


def _from_next_round(table, paytable) -> str:
    """'CS-1 will pay by US v3 from its next round; rounds already recorded keep US v2.'"""
    kept = (f"rounds already recorded keep {table.paytable.label}" if table.paytable_id
            else "it had no paytable")
    return f"{table.label} will pay by {paytable.label} from its next round; {kept}."


@role_required(Role.SUPERVISOR)
def table_history(request, pk: int):
    table = get_object_or_404(tables_at_casinos_of(request.user), pk=pk)
    # The table's own changes and its dealer assignments, newest first.
    events = sorted([*Events.objects.tracks(table), *Events.objects.references(table)],
                    key=lambda e: (e.pgh_created_at, e.pgh_id), reverse=True)[:100]
    return render(request, "tables/table_history.html",
                  {"table": table, "events": audit.entries(events)})


@role_required(Role.SUPERVISOR)
@require_http_methods(["GET", "POST"])
def table_settings(request, pk: int):
    table = get_object_or_404(tables_at_casinos_of(request.user), pk=pk)
    if not table.is_poker:
        raise PermissionDenied(f"{table.label} is a stud table; it has a paytable instead.")
    form = PokerSettingsForm(request.POST or None, instance=Table.objects.get(pk=pk),
                             user=request.user)
    problems: list[str] = []
    if request.method == "POST":
        if form.is_valid():
            changes = {f: form.cleaned_data[f] for f in POKER_FIELDS}
            try:
                done = _ask_before_new_schedule(request, table, form, changes)
            except ValidationError as refused:
                problems = problems_of(refused)
            else:
                if isinstance(done, HttpResponse):
                    return done
                messages.success(request, f"{table.label} settings saved. Hands already "
                                          "recorded keep the settings they were played under.")
                return redirect("pit-poker-settings", pk=pk)
        else:
            problems = form_problems(form)
    events = audit.entries(Events.objects.tracks(table).order_by("-pgh_id")[:30])
    return render(request, "tables/poker_settings.html", {
        "table": table, "form": form, "problems": problems, "history": events},
        status=400 if problems else 200)


def _ask_before_new_schedule(request, table, form, changes: dict):
    """Save the settings; a new collection schedule is asked for first (what changes from
    the next hand), and only once the services accept the settings."""

    def write():
        return table_set_poker_settings(actor=request.user, table=table, **changes)

    schedule = changes["rake_schedule"]
    if schedule is None or schedule.pk == table.rake_schedule_id:
        return write()
    before = RakeSchedule.objects.filter(pk=table.rake_schedule_id).first()
    kept = (f"hands already recorded keep {before.label}" if before
            else "it had no collection schedule")

    def ask():
        return confirm_page(
            request, title=f"Give {table.label} {schedule.label}?",
            button=f"Collect by {schedule.label} at {table.label}",
            back=reverse("pit-poker-settings", kwargs={"pk": table.pk}),
            consequences=[f"{table.label} will collect by {schedule.label} "
                          f"({schedule.get_method_display().lower()}) from its next hand; "
                          f"{kept}."],
            changes=[line for line in changed_lines(form) if not line.startswith(
                str(form["rake_schedule"].label))])

    return ask_first(request, write, ask)
