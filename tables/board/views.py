"""The live board's stream: the supervisor's casinos' boards as they change (the Pit
overview shows them; tables.board.pages adds them there)."""

from __future__ import annotations

from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.views.decorators.http import require_GET

from casino.common import push
from casino.common.roles import Role, role_required
from tables.board import live
from tables.floor.selectors import casinos_of


@require_GET
@role_required(Role.SUPERVISOR)
def events(request):
    """From the ASGI process the load balancer sends the addresses ending in /events to
    (docs/scaling.md); under WSGI, the boards now and "again in a second"."""
    casinos = list(casinos_of(request.user))
    if not isinstance(request, ASGIRequest):
        return push.response(push.stream_once(*(live.state(c) for c in casinos)))
    if not connection.in_atomic_block:
        connection.close()  # the stream lasts hours: its reads share live.current's
    return push.response(live.stream([c.pk for c in casinos]))
