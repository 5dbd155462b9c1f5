"""The card room's public board (its screens, no login: initials only, as the meter sign
shows a meter) and its stream."""

from __future__ import annotations

from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from casino.common import push
from tables.cardroom import live
from tables.floor.models import Casino


@require_GET
def public_board(request, pk: int):
    casino = get_object_or_404(Casino, pk=pk)
    # Rendered by our own template, escaped there: safe to place as it is.
    return render(request, "tables/cardroom/board.html", {
        "casino": casino, "board": mark_safe(live.state(casino)["html"])})


@require_GET
def public_board_events(request, pk: int):
    """From the ASGI process (the addresses ending in /events, docs/scaling.md); under
    WSGI, the board now and "again in a second"."""
    casino = get_object_or_404(Casino, pk=pk)
    if not isinstance(request, ASGIRequest):
        return push.response(push.stream_once(live.state(casino)))
    if not connection.in_atomic_block:
        connection.close()  # the stream lasts hours: its reads share live.READS'
    return push.response(live.stream(casino.pk))
