"""The dealer's tablet offline: its service worker (served under /dealer/ so that it
keeps the dealer's pages), and the supervisor's resolutions of what it held, from /pit/:
entered late, corrected first (/pit/held/<id>/correct/: the fields, then what changes,
confirmed), or discarded."""

from __future__ import annotations

import hashlib

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from rest_framework.exceptions import ValidationError as ApiRefusal

from casino.common.confirmation import ask_first, confirm_page
from casino.common.errors import error_detail
from casino.common.problems import carried_out, problems_in
from casino.common.roles import Role, role_required
from tables.offline import correcting, selectors, services
from tables.offline.models import HeldKind
from tables.offline.pages import messages_of

WORDS = {"held": "Held entry", "reason": "Reason", "dealt_at": "Dealt at", "table": "Table"}


@require_GET
def service_worker(request):
    """/dealer/sw.js: the dealer's pages and their assets kept for a drop in the network
    (templates/tables/offline/sw.js). Its version is its own text: a changed asset (a new
    hashed name) makes a new worker, which keeps the pages again."""
    text = render_to_string("tables/offline/sw.js", {"version": ""})
    version = hashlib.sha256(text.encode()).hexdigest()[:12]
    text = render_to_string("tables/offline/sw.js", {"version": version})
    response = HttpResponse(text, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/dealer/"
    return response


@role_required(Role.SUPERVISOR)
@require_POST
def enter_late(request, pk: int):
    held = get_object_or_404(selectors.unresolved(selectors.held_visible_to(request.user)),
                             pk=pk)

    def act() -> str:
        try:
            record = services.held_enter_late(actor=request.user, held=held)
        except (ApiRefusal, ValidationError) as refused:
            raise _in_words(refused) from None
        return _entered(held, record, corrected=False)

    carried_out(request, act, WORDS)
    return redirect("pit")


@role_required(Role.SUPERVISOR)
@require_http_methods(["GET", "POST"])
def correct(request, pk: int):
    """A held entry's fields as the dealer sent them, for the supervisor to correct; then
    what changes, confirmed, and it is entered late as corrected (the late entry itself
    tried first: a correction the service would refuse is said next to its fields)."""
    held = get_object_or_404(selectors.unresolved(selectors.held_visible_to(request.user)),
                             pk=pk)
    if request.method == "GET":
        return _correction_page(request, held, None, services.enter_late_refusal(
            actor=request.user, held=held))
    body = correcting.body_from(held.kind, held.body, request.POST)

    def write():
        return services.held_enter_late(actor=request.user, held=held, body=body)

    try:
        outcome = ask_first(request, write, lambda: _confirm(request, held, body))
    except (ApiRefusal, ValidationError, PermissionDenied) as refused:
        detail = (refused.detail if isinstance(refused, ApiRefusal) else
                  {"held": [str(refused)]} if isinstance(refused, PermissionDenied) else
                  error_detail(refused))
        return _correction_page(request, held, body, detail)
    if isinstance(outcome, HttpResponse):
        return outcome
    messages.success(request, _entered(held, outcome, corrected=True))
    return redirect("pit")


def _entered(held, record, *, corrected: bool) -> str:
    noun = "Round" if held.kind == HeldKind.STUD_ROUND else "Hand"
    dealer = held.dealer.get_username()
    how = f"in {dealer}'s name, with your correction" if corrected else f"as {dealer} dealt it"
    return f"{noun} {record.pk} at {held.table.label} is entered late, {how}."


def _correction_page(request, held, body, refusal):
    """The fields (as held, or as posted with the refusal next to each it names)."""
    shown = held.body if body is None else body
    top, seats = correcting.form_fields(held.kind, shown,
                                        request.POST if body is not None else None)
    names = {f["name"] for f in top} | {f["name"] for s in seats for f in s["fields"]}
    by_field, above = {}, []
    for where, message in problems_in(refusal or {}):
        field = correcting.field_of(where.removeprefix("body."), names)
        if field is None:
            above.append(message)
        else:
            by_field.setdefault(field, []).append(message)
    for field in [*top, *(f for s in seats for f in s["fields"])]:
        field["errors"] = by_field.get(field["name"], [])
    zone = held.table.casino.zone
    return render(request, "tables/offline/correct.html", {
        "held": held, "top": top, "seats": seats, "above": above, "posted": body is not None,
        "problems": messages_of(refusal or {}),
        "refusal": messages_of(held.refusal),
        "dealt": f"{held.dealt_at.astimezone(zone):%Y-%m-%d %H:%M:%S %Z}",
        "held_at": f"{held.held_at.astimezone(zone):%Y-%m-%d %H:%M %Z}"},
        status=400 if body is not None else 200)


def _confirm(request, held, body):
    noun = held.get_kind_display()
    changed = correcting.change_lines(held.kind, held.body, correcting.changes(held.body, body))
    zone = held.table.casino.zone
    return confirm_page(
        request, title=f"Enter the {noun} at {held.table.label} late, corrected?",
        consequences=[
            f"The {noun} {held.dealer.get_username()} dealt at "
            f"{held.dealt_at.astimezone(zone):%Y-%m-%d %H:%M %Z} is recorded in his name, as "
            "you corrected it: on the books of the day and shift it was dealt in while they "
            "are open, else on those open now.",
            "What his tablet sent is kept as it was; your correction is kept beside it, with "
            "your name and the time." if changed else
            "You changed nothing: it is entered late as his tablet sent it."],
        changes=changed, button="Enter it late", back=reverse("pit"))


@role_required(Role.SUPERVISOR)
@require_POST
def discard(request, pk: int):
    held = get_object_or_404(selectors.unresolved(selectors.held_visible_to(request.user)),
                             pk=pk)

    def act() -> str:
        services.held_discard(actor=request.user, held=held,
                              reason=request.POST.get("reason", ""))
        return (f"{held.dealer.get_username()}'s {held.get_kind_display()} at "
                f"{held.table.label} is discarded; the reason is kept with it.")

    carried_out(request, act, WORDS)
    return redirect("pit")


def _in_words(refused) -> ValidationError:
    """The recording's refusal as the supervisor reads it: its messages, as they are."""
    detail = refused.detail if isinstance(refused, ApiRefusal) else error_detail(refused)
    return ValidationError({"non_field_errors": [message for _, message in problems_in(detail)]})
