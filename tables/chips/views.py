"""The pit's chips at the banked tables: each table's shift (opener, fills and credits,
closer), the forms that record them, the slips waiting for a signature and the
signatures themselves (the dealer's on his page, the supervisor's on the pit's), and a
casino's accounting rules. The cage's pages are tables.chips.cage.

The chips page also lists the count's open variances, which sit above the chips: it is
answered by tables.count.views.pit_chips with what ``chips_context`` gathers here."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST
from pghistory.models import Events

from casino.common import audit
from casino.common.errors import error_detail
from casino.common.pages import (
    form_problems,
    posted_form_data,
    problem_lines,
    refusal_on_form,
)
from casino.common.roles import Role, role_required
from casino.common.staff import casinos_of
from tables.chips import wording
from tables.chips.forms import AccountingRulesForm, ChipsForm, OpenerForm
from tables.chips.models import InventoryKind, SignerRole
from tables.chips.selectors import (
    chip_slips_awaiting,
    chips_by_shift,
    default_rules,
    discrepancies_visible_to,
    inventory_slips_awaiting,
    inventory_visible_to,
    last_inventories,
    open_shift,
    requests_waiting,
    rules_of,
    shifts_of,
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
from tables.floor import shifts
from tables.floor.models import Game
from tables.floor.selectors import tables_at_casinos_of
from tables.floor.views import dealer_context
from tables.rules.chips import Level

# What each chips form records, as its page's title names it.
KINDS = {"opener": "Opener of {}", "closer": "Closer of {}", "fill": "Fill for {}",
         "credit": "Credit from {}"}
SIGN_WORDS = {"role": "Signature", "slip": "Slip"}
# The most slips a signer's list shows (newest first): an old opener nobody signed must
# not bury this shift's.
SLIPS_SHOWN = 30


# --- The pit's chips page --------------------------------------------------------------


def chips_context(request) -> dict:
    """Every banked table of the user's casinos with its shift, the slips waiting for the
    supervisor's signature, and the reported and escalated discrepancies."""
    user = request.user
    tables = list(tables_at_casinos_of(user).filter(game=Game.CARIBBEAN_STUD)
                  .order_by("casino__name", "label"))
    states = _table_states(user, tables)
    casinos = []
    for casino in casinos_of(user):
        casinos.append({"casino": casino,
                        "tables": [s for s in states if s["table"].casino_id == casino.pk]})
    return {"casinos": casinos, "to_sign": slips_to_sign(user, SignerRole.SUPERVISOR),
            "discrepancies": [
                (d, wording.discrepancy_words(d)) for d in discrepancies_visible_to(user)
                .filter(level__in=[Level.REPORTED, Level.ESCALATED])[:20]]}


def _table_states(user, tables) -> list[dict]:
    """Each table's shift: open (its opener, the fills and credits issued so far and the
    requests the cage has not issued yet), or closed since its last closer, or never
    opened."""
    last = last_inventories(t.pk for t in tables)
    days = [s.gaming_day for s in last.values() if s.kind == InventoryKind.OPENER]
    moved = chips_by_shift(list(last), min(days), max(days)) if days else {}
    unissued = Counter((r.table_id, r.gaming_day, r.shift) for r in requests_waiting(user))
    decided = table_shift_words(tables)
    states = []
    for table in tables:
        slip = last.get(table.pk)
        state = {"table": table, "last": slip, "decided": decided.get(table.pk),
                 "open": bool(slip and slip.kind == InventoryKind.OPENER)}
        if state["open"]:
            key = (table.pk, slip.gaming_day, slip.shift)
            state.update(shift=wording.shift_words(slip.gaming_day, slip.shift),
                         chips=moved.get(key), waiting=unissued[key])
        states.append(state)
    return states


def table_shift_words(tables) -> dict[int, dict]:
    """For each table whose chips decide when it is open (its casino keeps its inventory
    here): what the Pit overview and the chips page both say of it, and whether it is
    open (``floor.shifts``: its opener signed by both, no closer yet)."""
    return {pk: {"words": shifts.state_words(shift), "open": bool(shift and shift.dealing)}
            for pk, shift in shifts_of(tables).items()}


def slips_to_sign(user, role: SignerRole) -> list[dict]:
    """Openers, closers and chip slips waiting for the user's signature as ``role``."""
    lines = []  # the chip slips first: a shift does not close while one waits
    for slip in chip_slips_awaiting(user, role)[:SLIPS_SHOWN]:
        request = slip.request
        lines.append({
            "noun": f"Slip {slip.number}", "spoken": f"slip {slip.number}",
            "table": request.table, "number": slip.number,
            "what": request.get_kind_display(),
            "chips": wording.chips_words(request.chips, request.table.casino.currency),
            "state": wording.signature_state(slip), "action": "chip-slip-sign",
            "pk": slip.pk})
    for slip in inventory_slips_awaiting(user, role)[:SLIPS_SHOWN]:
        lines.append({
            "noun": wording.inventory_noun(slip), "spoken": wording.inventory_noun(slip, "the"),
            "table": slip.table, "number": "",
            "what": slip.get_kind_display(),
            "chips": wording.chips_words(slip.chips, slip.table.casino.currency),
            "state": wording.signature_state(slip), "action": "inventory-slip-sign",
            "pk": slip.pk})
    return lines


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


# Where each signer signs from, and goes back to.
SIGNED_FROM = {SignerRole.DEALER: "dealer", SignerRole.SUPERVISOR: "pit-chips"}


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
    return redirect(SIGNED_FROM.get(role, "home"))


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


@role_required(Role.DEALER)
def dealer(request):
    """The dealer's tables, and the slips waiting for his signature at them."""
    return render(request, "tables/dealer.html", {
        **dealer_context(request), "to_sign": slips_to_sign(request.user, SignerRole.DEALER)})


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
        "history": audit.entries(events, zone=casino.zone, viewer=request.user)},
        status=400 if form.errors else 200)



def _from_defaults(saved: dict, casino) -> dict:
    """A casino's first rules as changes from the defaults they replaced, in the audit
    trail's shape ({field: [before, after]})."""
    defaults = default_rules(casino)

    def same(before, after) -> bool:
        if isinstance(before, bool):
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
            elif not isinstance(before, bool):
                before = str(before)
            changes[name] = [before, saved.get(name)]
    return changes
