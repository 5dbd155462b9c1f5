"""The cage's pages: the requests waiting for a slip, the slips issued lately with their
signatures, a slip printed to go with the chips, and its void with a second person."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from casino.common.errors import error_detail
from casino.common.forms import posted_form_data
from casino.common.problems import form_problems, problem_lines, refusal_on_form
from casino.common.roles import Role, has_role, is_supervisor, role_required
from casino.common.witness import Device
from tables.chips import wording
from tables.chips.forms import SlipFinder, SlipVoidForm
from tables.chips.models import InventoryKind, SignerRole
from tables.chips.selectors import (
    last_inventories,
    requests_visible_to,
    requests_waiting,
    rules_of,
    slips_visible_to,
)
from tables.chips.services import slip_issue, slip_void
from tables.rules.chips import from_stored, slip_lines

SLIPS_SHOWN = 30   # the slips issued, newest first, a page
LAPSED_SHOWN = 10  # requests whose shift closed before the cage issued them


@role_required(Role.CAGE)
@require_GET
def cage(request):
    """Requests to issue (their shift still open), requests that lapsed, and the slips
    issued lately with who signed them and whether they are void."""
    waiting = list(requests_waiting(request.user))
    shifts = last_inventories({r.table_id for r in waiting})
    issuable, lapsed = [], []
    for chip_request in waiting:
        last = shifts.get(chip_request.table_id)
        current = (last is not None and last.kind == InventoryKind.OPENER
                   and (last.gaming_day, last.shift) == (chip_request.gaming_day,
                                                         chip_request.shift))
        (issuable if current else lapsed).append(_request_line(chip_request))
    finder = SlipFinder(request.GET or None)
    slips = slips_visible_to(request.user).order_by("-issued_at", "-pk")
    number = finder.cleaned_data.get("number") if finder.is_valid() else None
    if number is not None:
        found = list(slips.filter(number=number)[:2])
        if len(found) == 1:
            return redirect("cage-slip", pk=found[0].pk)
        if not found:
            finder.add_error("number", f"no slip numbered {number} at your casinos.")
        slips = slips.filter(number=number)  # the same number at two casinos: both
    page = Paginator(slips, SLIPS_SHOWN).get_page(request.GET.get("page"))
    return render(request, "tables/chips/cage.html", {
        "issuable": issuable, "lapsed": lapsed[-LAPSED_SHOWN:][::-1], "finder": finder,
        "problems": form_problems(finder), "page": page,
        "slips": [_slip_line(slip) for slip in page]}, status=400 if finder.errors else 200)


def _request_line(chip_request) -> dict:
    casino = chip_request.table.casino
    return {"request": chip_request, "casino": casino,
            "shift": wording.shift_words(chip_request.gaming_day, chip_request.shift),
            "chips": wording.chips_words(chip_request.chips, casino.currency),
            "at": wording.local_time(chip_request.requested_at, casino)}


def _slip_line(slip) -> dict:
    void = getattr(slip, "void", None)
    return {"slip": slip, "chips": wording.chips_words(slip.request.chips,
                                                       slip.casino.currency),
            "at": wording.local_time(slip.issued_at, slip.casino),
            "signatures": wording.signature_state(slip), "void": void}


@role_required(Role.CAGE)
@require_POST
def request_issue(request, pk: int):
    """Issue a request's chips on the casino's next slip, then show the slip to print."""
    chip_request = get_object_or_404(requests_visible_to(request.user), pk=pk)
    try:
        slip = slip_issue(actor=request.user, chip_request=chip_request,
                          carried_by=request.POST.get("carried_by", ""))
    except ValidationError as refused:
        for line in problem_lines(error_detail(refused),
                                  words={"request": "Request", "carried_by": "Runner"}):
            messages.error(request, f"Not issued: {line}")
        return redirect("cage")
    messages.success(request, wording.slip_issued(slip))
    return redirect("cage-slip", pk=slip.pk)


@sensitive_post_parameters("witness_password")
@role_required(Role.CAGE, Role.SUPERVISOR, Role.ACCOUNTANT)
@require_http_methods(["GET", "POST"])
def slip_page(request, pk: int):
    """The slip as printed, and its void (the cage or a supervisor, with a second
    person's password) while its chips have not moved."""
    slip = get_object_or_404(slips_visible_to(request.user), pk=pk)
    user = request.user
    may_void = has_role(user, Role.CAGE) or is_supervisor(user)
    form = SlipVoidForm(posted_form_data(request))
    if request.method == "POST":
        if not may_void:
            raise PermissionDenied("Only the cage or a supervisor voids a slip.")
        if form.is_valid():
            try:
                void = slip_void(actor=user, slip=slip, device=Device.of(request),
                                 **form.cleaned_data)
            except ValidationError as refused:
                refusal_on_form(form, refused)
            else:
                messages.success(request, wording.slip_voided(void))
                return redirect("cage-slip", pk=slip.pk)
    signatures = {s.role: s for s in slip.signatures.all()}
    return render(request, "tables/chips/slip.html", {
        "slip": slip, "line": _slip_line(slip), "casino": slip.casino,
        "chips": slip_lines(from_stored(slip.request.chips), rules_of(slip.casino).denominations),
        "signers": [(role.label, signatures.get(role.value)) for role in SignerRole],
        "form": form, "problems": form_problems(form),
        "voidable": may_void and getattr(slip, "void", None) is None
        and len(signatures) < 2}, status=400 if form.errors else 200)
