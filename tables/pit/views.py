"""The rotation page (/pit/rotation/): the floor now, the reliefs the rotation proposes
with a button each, what it flags, and each dealer's clock and breaks. Every write goes
through tables.pit.services."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from casino.common.forms import posted_form_data
from casino.common.problems import carried_out, form_problems, form_refused, problems_of
from casino.common.roles import Role, role_required
from casino.house.staff import casino_asked, casinos_of
from tables.floor.models import Table
from tables.floor.selectors import tables_at_casinos_of, tables_visible_to
from tables.floor.services import table_configure
from tables.pit import rotation_page, selectors, services, wording
from tables.pit.forms import DealerForm, LimitsForm, MyFloorForm, ReliefForm
from tables.pit.models import MoveKind

WORDS = {"table": "Table", "relief": "Relief", "dealer": "Dealer", "goes_to": "Goes to",
         "kind": "Break"}


def _back(casino):
    return redirect(f"/pit/rotation/?casino={casino.pk}" if casino else "/pit/rotation/")


def _refused_form(request, form) -> bool:
    return form_refused(request, form)


@role_required(Role.SUPERVISOR)
def rotation(request):
    casino, casinos = casino_asked(request)
    shown = rotation_page.rotation_page(casino, timezone.now()) if casino else None
    return render(request, "tables/pit/rotation.html", {
        "floor": shown, "casinos": casinos, "casino": casino,
        "goes_to": ReliefForm.base_fields["goes_to"].choices})


@role_required(Role.SUPERVISOR)
@require_POST
def relieve(request):
    casino, _ = casino_asked(request)
    form = ReliefForm(request.POST)
    if _refused_form(request, form):
        return _back(casino)
    table = get_object_or_404(Table.objects.filter(casino=casino), pk=form.cleaned_data["table"])
    relief = get_object_or_404(selectors.dealers_of(casino), pk=form.cleaned_data["relief"])

    def act() -> str:
        moves = services.dealer_relieve(actor=request.user, table=table, relief=relief,
                                        goes_to=form.cleaned_data["goes_to"],
                                        relieving=form.cleaned_data["relieved"]
                                        if "relieved" in request.POST else services.ANYONE)
        relieved = moves[0].dealer.get_username() if len(moves) == 2 else None
        return "Done: " + wording.relief_words(
            relief=relief.get_username(), relieved=relieved, table=table.label,
            goes_to=moves[0].kind if relieved else None)

    carried_out(request, act, WORDS)
    return _back(casino)


@role_required(Role.SUPERVISOR)
@require_POST
def dealer_move(request):
    casino, _ = casino_asked(request)
    form = DealerForm(request.POST)
    if _refused_form(request, form):
        return _back(casino)
    dealer = get_object_or_404(selectors.staff_of(casino), pk=form.cleaned_data["dealer"])
    action, name = form.cleaned_data["action"], dealer.get_username()

    def act() -> str:
        if action == "clock_in":
            services.dealer_clock_in(actor=request.user, casino=casino, dealer=dealer)
            return f"{name} is clocked in, ready for a table."
        if action == "clock_out":
            services.dealer_clock_out(actor=request.user, casino=casino, dealer=dealer)
            return f"{name} is clocked out."
        move = services.dealer_break(actor=request.user, casino=casino, dealer=dealer,
                                     kind=action)
        kind = "his meal break" if action == MoveKind.MEAL else "a break"
        return f"{name} is on {kind} until {move.until.astimezone(casino.zone):%H:%M}."

    carried_out(request, act, WORDS)
    return _back(casino)


@role_required(Role.DEALER)
@require_POST
def my_floor(request):
    """The dealer's own moves from his page: clocking in or out at a casino of his tables,
    and taking one of his tables (the relief he records himself)."""
    form = MyFloorForm(request.POST)
    if _refused_form(request, form):
        return redirect("dealer")
    me, action = request.user, form.cleaned_data["action"]

    def act() -> str:
        if action == "take":
            table = get_object_or_404(tables_visible_to(me).select_related("casino"),
                                      pk=form.cleaned_data["table"] or 0)
            moves = services.dealer_relieve(actor=me, table=table, relief=me)
            relieved = moves[0].dealer.get_username() if len(moves) == 2 else None
            return "You deal " + table.label + (f" now; {relieved} goes on a break."
                                                 if relieved else " now.")
        casino = get_object_or_404(casinos_of(me), pk=form.cleaned_data["casino"] or 0)
        if action == "clock_in":
            services.dealer_clock_in(actor=me, casino=casino, dealer=me)
            return f"You are clocked in at {casino.name}."
        services.dealer_clock_out(actor=me, casino=casino, dealer=me)
        return f"You are clocked out at {casino.name}."

    carried_out(request, act, WORDS)
    return redirect("dealer")


@role_required(Role.SUPERVISOR)
def table_limits(request, pk: int):
    """A stud table's ante limits changed during the shift (a poker table's stakes are on
    its settings page): from the next round; the rounds before keep theirs, and the change
    is on the table's log (who, when, before and after)."""
    table = get_object_or_404(tables_at_casinos_of(request.user).select_related(
        "casino", "paytable"), pk=pk)
    if table.is_poker:
        return redirect("pit-poker-settings", pk=pk)
    form = LimitsForm(posted_form_data(request), initial={"min_ante": table.min_ante,
                                                          "max_ante": table.max_ante})
    problems: list[str] = []
    if request.method == "POST":
        if form.is_valid():
            try:
                table = table_configure(actor=request.user, table=table, **form.cleaned_data)
            except ValidationError as refused:
                problems = problems_of(refused, form)
            else:
                messages.success(request, f"{table.label}: antes {table.min_ante:.2f} to "
                                          f"{table.max_ante:.2f} from the next round.")
                return redirect("pit")
        else:
            problems = form_problems(form)
    return render(request, "tables/pit/limits.html", {"table": table, "form": form,
                                                      "problems": problems},
                  status=400 if problems else 200)
