"""The floor's pages: the supervisor's and the dealer's landing pages (the Pit overview,
the dealer's page: the packages above add their panels, tables.floor.pages), a table's
pages (its paytable, its poker settings, its history), the tables a meter feeds, and the
dealers: their accounts and the tables they deal."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST
from pghistory.models import Events

from casino.common.confirmation import ask_first, changed_lines, confirm_page
from casino.common.forms import posted_form_data
from casino.common.problems import form_problems, problems_of, refusal_on_form
from casino.common.roles import Role, role_required
from casino.house import trail
from payouts.jackpots.selectors import progressives_visible_to
from payouts.terms.models import RakeSchedule
from tables.floor.accounts import dealer_create, dealer_set_active
from tables.floor.forms import AssignPaytableForm, NewDealerForm, PokerSettingsForm
from tables.floor.models import Game, Table
from tables.floor.pages import DEALER, PIT, TABLES, dealer_context, pit_context, tables_context
from tables.floor.selectors import (
    casinos_of,
    dealer_roster,
    dealers_at_casinos_of,
    tables_at_casinos_of,
)
from tables.floor.services import (
    table_assign_paytable,
    table_dealer_assign,
    table_dealer_unassign,
    table_link_progressive,
    table_set_poker_settings,
)
from tables.floor.stakes import POKER_FIELDS

# --- The floor's landing pages: the Pit overview and the dealer's page -----------------


@role_required(Role.SUPERVISOR)
def pit(request):
    """The Pit overview: the floor's tables and unpaid jackpots, and what the packages
    above add to it (tables.floor.pages.PIT)."""
    shown = pit_context(request)
    return render(request, "tables/pit.html", {**shown, **PIT.gather(request, shown)})


@role_required(Role.SUPERVISOR)
def pit_tables(request):
    """Each table's settings, once: its state, dealers who may deal it, its paytable or
    rake and stakes, its history and seats (the Pit overview keeps to the live floor)."""
    shown = tables_context(request)
    return render(request, "tables/pit/tables.html", {**shown, **TABLES.gather(request, shown)})


@role_required(Role.DEALER)
def dealer(request):
    """The dealer's tables, and what the packages above add (the chips: the slips waiting
    for his signature at them)."""
    shown = dealer_context(request)
    return render(request, "tables/dealer.html", {**shown, **DEALER.gather(request, shown)})


# --- A table's pages ---------------------------------------------------------------------


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
        return redirect("pit-tables")
    paytable = form.cleaned_data["paytable"]
    if paytable.pk == table.paytable_id:
        messages.info(request, f"{table.label} already pays by {paytable.label}.")
        return redirect("pit-tables")

    def ask():
        return confirm_page(
            request, title=f"Give {table.label} {paytable.label}?",
            button=f"Assign {paytable.label} to {table.label}", back=reverse("pit-tables"),
            consequences=[_from_next_round(table, paytable),
                          f"Its antes will be {paytable.min_ante} to {paytable.max_ante} "
                          f"{table.casino.currency} (the paytable's limits)."])

    try:
        done = ask_first(request, lambda: table_assign_paytable(
            actor=request.user, table=table, paytable=paytable), ask)
    except ValidationError as refused:
        for line in problems_of(refused, form):
            messages.error(request, f"{table.label}: {line}")
        return redirect("pit-tables")
    if isinstance(done, HttpResponse):
        return done
    messages.success(request, _from_next_round(table, paytable))
    return redirect("pit-tables")


def _from_next_round(table, paytable) -> str:
    """'CS-1 will pay by US v3 from its next round; rounds already recorded keep US v2.'"""
    kept = (f"rounds already recorded keep {table.paytable.label}" if table.paytable_id
            else "it had no paytable")
    return f"{table.label} will pay by {paytable.label} from its next round; {kept}."


@role_required(Role.SUPERVISOR)
def table_history(request, pk: int):
    table = get_object_or_404(tables_at_casinos_of(request.user), pk=pk)
    # The table's own changes and its dealer assignments (rows that reference it).
    events = Events.objects.references(table).order_by("-pgh_created_at", "-pgh_id")[:100]
    return render(request, "tables/table_history.html", {
        "table": table, "zone": table.casino.zone,
        "history": trail.entries(events, zone=table.casino.zone, viewer=request.user,
                                 subject=table)})


@role_required(Role.SUPERVISOR)
@require_http_methods(["GET", "POST"])
def table_settings(request, pk: int):
    table = get_object_or_404(tables_at_casinos_of(request.user), pk=pk)
    if not table.is_poker:
        raise PermissionDenied(f"{table.label} is a stud table; it has a paytable instead.")
    form = PokerSettingsForm(posted_form_data(request), instance=Table.objects.get(pk=pk),
                             user=request.user)
    problems: list[str] = []
    if request.method == "POST":
        if form.is_valid():
            changes = {f: form.cleaned_data[f] for f in POKER_FIELDS}
            try:
                done = _ask_before_new_schedule(request, table, form, changes)
            except ValidationError as refused:
                problems = problems_of(refused, form)
            else:
                if isinstance(done, HttpResponse):
                    return done
                messages.success(request, f"{table.label} settings saved. Hands already "
                                          "recorded keep the settings they were played under.")
                return redirect("pit-poker-settings", pk=pk)
        else:
            problems = form_problems(form)
    events = trail.entries(Events.objects.tracks(table).order_by("-pgh_id")[:30],
                           zone=table.casino.zone, viewer=request.user)
    return render(request, "tables/poker_settings.html", {
        "table": table, "form": form, "problems": problems, "history": events,
        "zone": table.casino.zone},
        status=400 if problems else 200)


def _ask_before_new_schedule(request, table, form, changes: dict):
    """Save the settings; a new rake schedule is asked for first (what changes from
    the next hand), and only once the services accept the settings."""

    def write():
        return table_set_poker_settings(actor=request.user, table=table, **changes)

    schedule = changes["rake_schedule"]
    if schedule is None or schedule.pk == table.rake_schedule_id:
        return write()
    before = RakeSchedule.objects.filter(pk=table.rake_schedule_id).first()
    kept = (f"hands already recorded keep {before.label}" if before
            else "it had no rake schedule")

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


# --- A meter's tables (the link is the table's: table_link_progressive) ------------------


@role_required(Role.SUPERVISOR)
@require_http_methods(["GET", "POST"])
def progressive_tables(request, pk: int):
    progressive = get_object_or_404(progressives_visible_to(request.user), pk=pk)
    problem, status, table = "", 200, None
    unlink = request.POST.get("action") == "unlink"
    if request.method == "POST":
        table = _posted_table(request)
        if table is None:
            problem = "Choose a stud table."
        elif unlink and table.progressive_id != progressive.pk:
            problem = f"{table.label} does not feed {progressive}."
        else:
            try:
                table_link_progressive(actor=request.user, table=table,
                                       progressive=None if unlink else progressive)
            except ValidationError as refused:
                problem = " ".join(refused.messages)
            else:
                messages.success(request, f"{table.label} no longer feeds {progressive}: its "
                                          "dealers take no side wager from the next round."
                                 if unlink else f"{table.label} feeds {progressive} from its "
                                                "next round.")
                return redirect("pit-progressive-tables", pk=pk)
        status = 400
    stud = tables_at_casinos_of(request.user).filter(game=Game.CARIBBEAN_STUD).select_related(
        "progressive")
    return render(request, "tables/progressive_tables.html", {
        "progressive": progressive, "problem": problem,
        "action": "unlink" if unlink else "link", "chosen": table.pk if table else None,
        "linked": [t for t in stud if t.progressive_id == progressive.pk],
        "candidates": [t for t in stud if t.progressive_id != progressive.pk]}, status=status)


def _posted_table(request) -> Table | None:
    """The table a form names, among the user's casinos' (another casino's: a 404)."""
    chosen = request.POST.get("table", "")
    if not chosen.isdigit():
        return None
    return get_object_or_404(tables_at_casinos_of(request.user), pk=int(chosen))


# --- Dealers: accounts and assignments -----------------------------------------------------


@role_required(Role.SUPERVISOR)
@require_http_methods(["GET", "POST"])
def dealers(request):
    form = NewDealerForm(posted_form_data(request), casinos=casinos_of(request.user))
    if request.method == "POST" and form.is_valid():
        try:
            dealer = dealer_create(actor=request.user, **form.account())
        except ValidationError as refused:
            refusal_on_form(form, refused)
        else:
            messages.success(request, f"{dealer.get_username()} can now log in as a dealer at "
                                      f"{form.cleaned_data['casino']}. Assign a table below.")
            return redirect("pit-dealers")
    return _dealers_page(request, form)


def _dealers_page(request, form, problems: dict | None = None):
    """The roster, with a refused assignment's problems on the row of its dealer and casino."""
    problems = dict(problems or {})
    refused = bool(form.errors or problems)
    roster = dealer_roster(request.user)
    for place in roster:
        for row in place["dealers"]:
            row["problems"] = problems.pop((place["casino"].pk, row["dealer"].pk), [])
    unplaced = [line for lines in problems.values() for line in lines]  # no row to stand on
    return render(request, "tables/dealers.html", {
        "form": form, "roster": roster, "unplaced": unplaced}, status=400 if refused else 200)


@role_required(Role.SUPERVISOR)
@require_POST
def dealer_tables(request, pk: int):
    dealer = get_object_or_404(dealers_at_casinos_of(request.user), pk=pk)
    table = _posted_table(request)
    unassign = request.POST.get("action") == "unassign"
    try:
        if table is None:
            raise ValidationError({"dealers": f"Choose a table for {dealer.get_username()}."})
        service = table_dealer_unassign if unassign else table_dealer_assign
        service(actor=request.user, table=table, dealer=dealer)
    except ValidationError as refused:
        casino = table.casino_id if table else int(request.POST.get("casino", 0) or 0)
        return _dealers_page(request, NewDealerForm(casinos=casinos_of(request.user)),
                             {(casino, dealer.pk): refused.messages})
    messages.success(request, f"{dealer.get_username()} no longer deals at {table.label}."
                     if unassign else f"{dealer.get_username()} deals at {table.label} and "
                                      "sees it on the dealer's page.")
    return redirect(f"{reverse('pit-dealers')}#dealer-{table.casino_id}-{dealer.pk}")


@role_required(Role.SUPERVISOR)
@require_http_methods(["GET", "POST"])
def dealer_active(request, pk: int):
    """GET: what deactivating (or reactivating) will do; POST: do it."""
    dealer = get_object_or_404(dealers_at_casinos_of(request.user).prefetch_related(
        "dealt_tables"), pk=pk)
    problems: list[str] = []
    if request.method == "POST":
        activate = request.POST.get("active") == "yes"
        try:
            dealer_set_active(actor=request.user, dealer=dealer, active=activate)
        except ValidationError as refused:
            problems = refused.messages
        else:
            name = dealer.get_username()
            messages.success(request, f"{name} can log in again; assign the tables to deal."
                             if activate else f"{name} can no longer log in and deals at no "
                                              "table.")
            return redirect("pit-dealers")
    return render(request, "tables/dealer_active.html", {
        "dealer": dealer, "tables": list(dealer.dealt_tables.all()), "problems": problems},
        status=400 if problems else 200)
