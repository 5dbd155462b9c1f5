from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from casino import health
from casino.common.roles import Role, is_supervisor, roles_of

ROLE_HOME = {Role.SUPERVISOR: "pit", Role.DEALER: "dealer", Role.ACCOUNTANT: "accounting"}


@login_required
def home(request):
    """Send each member of staff to the work of his role."""
    if is_supervisor(request.user):
        return redirect(ROLE_HOME[Role.SUPERVISOR])
    user_roles = roles_of(request.user)
    for role in (Role.DEALER, Role.ACCOUNTANT):
        if role in user_roles:
            return redirect(ROLE_HOME[role])
    return render(request, "no_role.html", status=403)


@require_GET
@never_cache
def healthz(request):
    database = health.check_database(connection)
    broker = health.check_broker()
    ok = database["ok"] and broker["ok"]
    body = {
        "status": "ok" if ok else "unavailable",
        "time": timezone.now().isoformat(),
        "database": database,
        "broker": broker,
        "worker": health.last_worker_heartbeat() if database["ok"] else None,
    }
    return JsonResponse(body, status=200 if ok else 503)
