"""The dealer's tablet offline: its service worker (served under /dealer/ so that it
keeps the dealer's pages), and the supervisor's resolutions of what it held, from /pit/."""

from __future__ import annotations

import hashlib

from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET, require_POST
from rest_framework.exceptions import ValidationError as ApiRefusal

from casino.common.errors import error_detail
from casino.common.problems import carried_out, problems_in
from casino.common.roles import Role, role_required
from tables.offline import selectors, services
from tables.offline.models import HeldKind

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
        noun = "Round" if held.kind == HeldKind.STUD_ROUND else "Hand"
        return (f"{noun} {record.pk} at {held.table.label} is entered late, as "
                f"{held.dealer.get_username()} dealt it.")

    carried_out(request, act, WORDS)
    return redirect("pit")


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
