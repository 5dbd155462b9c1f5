"""The pit's chips at the banked tables: each table's shift (opener, fills and credits,
closer), the forms that record them, the slips waiting for a signature and the
signatures themselves (the dealer's on his page, the supervisor's on the pit's), and a
casino's accounting rules. The cage's pages are tables.chips.cage_views.

The chips page also lists the count's open variances, which sit above the chips: the
count adds them as a panel (tables.chips.pages); the slips waiting for a dealer's
signature are the chips' panel on the floor's dealer's page."""

from __future__ import annotations

from decimal import Decimal

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from pghistory.models import Events

from casino.common.errors import error_detail
from casino.common.forms import posted_form_data
from casino.common.problems import form_problems, problem_lines, refusal_on_form
from casino.common.roles import Role, role_required
from casino.house import trail
from casino.house.staff import casinos_of
from tables.chips import wording
from tables.chips.forms import AccountingRulesForm, ChipsForm, OpenerForm
from tables.chips.models import SignerRole
from tables.chips.pages import PIT_CHIPS, chips_context, slips_to_sign
from tables.chips.selectors import (
    default_rules,
    inventory_visible_to,
    open_shift,
    rules_of,
    slips_unsigned,
    slips_visible_to,
)
from tables.chips.services import (
    RULE_FIELDS,
    accounting_rules_set,
    chips_request,
    inventory_close,
    inventory_open,
    inventory_sign,
    slip_sign,
)
from tables.floor.selectors import tables_at_casinos_of

# What each chips form records, as its page's title names it.
KINDS = {"opener": "Opener of {}", "closer": "Closer of {}", "fill": "Fill for {}",
         "credit": "Credit from {}"}
SIGN_WORDS = {"role": "Signature", "slip": "Slip"}


# --- The pit's chips page --------------------------------------------------------------


@role_required(Role.SUPERVISOR)
@require_GET
def pit_chips(request):
    """Every banked table's shift and the slips waiting for the supervisor, and what the
    packages above add (the count: its open variances; tables.chips.pages.PIT_CHIPS)."""
    shown = chips_context(request)
    return render(request, "tables/chips/pit.html", {**shown,
                                                     **PIT_CHIPS.gather(request, shown)})


# --- Recording a table's chips -------------------------------------------------------


def _banked_table(user, pk: int):
    table = get_object_or_404(tables_at_casinos_of(user), pk=pk)
    if table.is_poker:
        raise Http404(f"{table.label} is a card-room table: it keeps no chip inventory and "
                      "takes no fills or credits.")
    return table


@role_required(Role.SUPERVISOR)
@require_http_methods(["GET", "POST"])
def table_chips(request, pk: int, kind: str):
    """An opener, a closer, a fill or a credit: one box per chip of the casino."""
    if kind not in KINDS:
        raise Http404(f"There is no {kind} to record: a table has openers, closers, fills "
                      "and credits.")
    table = _banked_table(request.user, pk)
    form = _chips_form(request, table, kind)
    if request.method == "POST" and form.is_valid():
        try:
            done = _record(request.user, table, kind, form)
        except ValidationError as refused:
            form.show(refused)
        else:
            messages.success(request, done)
            return redirect("pit-chips")
    opener = open_shift(table)
    return render(request, "tables/chips/table_chips.html", {
        "table": table, "kind": kind, "title": KINDS[kind].format(table.label), "form": form,
        "rows": form.rows("chips"), "total": form.total("chips"),
        "problems": form_problems(form), "opener": opener,
        "shift": wording.shift_words(opener.gaming_day, opener.shift) if opener else "",
        "not_yet": _closer_waits(opener) if kind == "closer" else ""},
        status=400 if form.errors else 200)


def _closer_waits(opener) -> str:
    """Why the closer would be refused now (slips of the shift still unsigned), said
    before the tray is counted ('' when nothing waits)."""
    waiting = slips_unsigned(opener.table, opener.gaming_day, opener.shift) if opener else []
    return wording.slips_unsigned(waiting) if waiting else ""


def _chips_form(request, table, kind: str):
    denominations = rules_of(table.casino).denominations
    if kind != "opener":
        return ChipsForm(posted_form_data(request), denominations=denominations)
    now = timezone.now()
    return OpenerForm(posted_form_data(request), denominations=denominations, initial={
        "gaming_day": table.casino.gaming_day(now), "shift": table.casino.shift(now)})


def _record(actor, table, kind: str, form) -> str:
    """Record the form's chips with the service of ``kind``; what was done, in words."""
    chips = form.typed("chips")
    if kind == "opener":
        return wording.inventory_recorded(inventory_open(
            actor=actor, table=table, gaming_day=form.cleaned_data["gaming_day"],
            shift=form.cleaned_data["shift"], chips=chips))
    if kind == "closer":
        return wording.inventory_recorded(inventory_close(actor=actor, table=table,
                                                          chips=chips))
    return wording.request_recorded(chips_request(actor=actor, table=table, kind=kind,
                                                  chips=chips))


# --- Signatures: the dealer's (from his page) and the supervisor's (from the pit) -------


# Where each signer signs from, and goes back to; and the other page a sign button may
# send the signer back to (the dealer's older slips).
SIGNED_FROM = {SignerRole.DEALER: "dealer", SignerRole.SUPERVISOR: "pit-chips"}
BACK_TO = {"dealer-slips"}


def _sign_on_page(request, slip, sign, noun: str):
    """``sign(actor, slip, role)`` with the role posted; its refusal in words; back to the
    page the signer signs from."""
    role = request.POST.get("role", "")
    try:
        sign(actor=request.user, slip=slip, role=role)
    except ValidationError as refused:
        for line in problem_lines(error_detail(refused), words=SIGN_WORDS):
            messages.error(request, f"Not signed: {line}")
    else:
        messages.success(request, wording.slip_signed(noun, role))
    back = request.POST.get("back", "")
    return redirect(back if back in BACK_TO else SIGNED_FROM.get(role, "home"))


@role_required(Role.DEALER)
@require_GET
def dealer_slips(request):
    """Every slip waiting for the dealer's signature at his tables, older shifts' too (his
    page shows this shift's)."""
    return render(request, "tables/chips/dealer_slips.html",
                  {"to_sign": slips_to_sign(request.user, SignerRole.DEALER)})


@role_required(Role.DEALER, Role.SUPERVISOR)
@require_POST
def inventory_slip_sign(request, pk: int):
    slip = get_object_or_404(inventory_visible_to(request.user), pk=pk)
    return _sign_on_page(request, slip, inventory_sign, wording.inventory_noun(slip))


@role_required(Role.DEALER, Role.SUPERVISOR)
@require_POST
def chip_slip_sign(request, pk: int):
    slip = get_object_or_404(slips_visible_to(request.user), pk=pk)
    # The apposition closed: "Slip 3, the fill of $1,000.00 for CS-1, is signed ..."
    return _sign_on_page(request, slip, slip_sign, f"{wording.slip_noun(slip)},")


# --- A casino's accounting rules ------------------------------------------------------


@role_required(Role.SUPERVISOR)
@require_http_methods(["GET", "POST"])
def accounting_rules(request, pk: int):
    casino = get_object_or_404(casinos_of(request.user), pk=pk)
    rules = rules_of(casino)
    form = AccountingRulesForm(posted_form_data(request),
                               initial=AccountingRulesForm.initial_of(rules))
    if request.method == "POST" and form.is_valid():
        try:
            accounting_rules_set(actor=request.user, casino=casino, **form.cleaned_data)
        except ValidationError as refused:
            refusal_on_form(form, refused)
        else:
            messages.success(request, f"{casino.name}'s accounting rules are saved: they "
                                      "apply from the next opener, request and count.")
            return redirect("pit-accounting-rules", pk=casino.pk)
    events = list(Events.objects.tracks(rules).order_by("-pgh_id")[:50]) if rules.pk else []
    for event in events:
        if event.pgh_diff is None:  # the first save: what it changed from the defaults
            event.pgh_diff = _from_defaults(event.pgh_data, casino)
    return render(request, "tables/chips/accounting_rules.html", {
        "casino": casino, "form": form, "zone": casino.zone,
        "history": trail.entries(events, zone=casino.zone, viewer=request.user)},
        status=400 if form.errors else 200)



def _from_defaults(saved: dict, casino) -> dict:
    """A casino's first rules as changes from the defaults they replaced, in the audit
    trail's shape ({field: [before, after]})."""
    defaults = default_rules(casino)

    def same(before, after) -> bool:
        if isinstance(before, bool) or before is None or after is None:
            return before == after
        if isinstance(before, list):
            return [Decimal(str(b)) for b in before] == [Decimal(str(a)) for a in after or []]
        return Decimal(str(before)) == Decimal(str(after))

    changes = {}
    for name in RULE_FIELDS:
        before = getattr(defaults, name)
        if not same(before, saved.get(name)):
            if isinstance(before, list):
                before = [str(d) for d in before]
            elif not isinstance(before, bool) and before is not None:
                before = str(before)
            changes[name] = [before, saved.get(name)]
    return changes
