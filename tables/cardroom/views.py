"""The card room's public board (its screens, no login: initials only, as the meter sign
shows a meter) and its stream."""

from __future__ import annotations

from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import Http404
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from casino.common import push
from tables.cardroom import live


@require_GET
def public_board(request, pk: int):
    """Served from the state every viewer shares (live.shown): no query of its own."""
    found = _shown_or_404(pk)
    # Rendered by our own template, escaped there: safe to place as it is.
    return render(request, "tables/cardroom/board.html", {
        "casino": {"pk": pk, "name": found["name"]},
        "board": mark_safe(found["state"]["html"])})


@require_GET
def public_board_events(request, pk: int):
    """From the ASGI process (the addresses ending in /events, docs/scaling.md); under
    WSGI, the board now and "again in a second"."""
    found = _shown_or_404(pk)
    if not isinstance(request, ASGIRequest):
        return push.response(push.stream_once(found["state"]))
    if not connection.in_atomic_block:
        connection.close()  # the stream lasts hours: its reads share live.READS'
    return push.response(live.stream(pk))


def _shown_or_404(pk: int) -> dict:
    found = live.shown(pk)
    if found is None:
        raise Http404("No such casino.")
    return found
