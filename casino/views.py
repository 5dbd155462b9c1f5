from __future__ import annotations

import sys

from django.contrib.auth.decorators import login_required
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
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
        # An altered ledger is for the regulator, not the load balancer: shown, not 503.
        "ledgers": health.last_ledger_check() if database["ok"] else None,
    }
    return JsonResponse(body, status=200 if ok else 503)


DATABASE_RETRY_SECONDS = 5


def server_error(request):
    """The last word on an error nothing else handled. With the database down that is a
    503 with ``Retry-After`` (JSON for the API, a page in words for staff), not a 500:
    nothing was saved and a retry in a few seconds may well work."""
    error = sys.exc_info()[1]
    database_down = isinstance(error, OperationalError | InterfaceError)
    api = request.path.startswith("/api/")
    if database_down:
        detail = ("The database is not answering: nothing was saved. Try again in a few "
                  "seconds.")
        response = (JsonResponse({"detail": detail}, status=503) if api else
                    HttpResponse(render_to_string("503.html"), status=503))
        response["Retry-After"] = str(DATABASE_RETRY_SECONDS)
        return response
    if api:
        return JsonResponse({"detail": "The service could not finish this request and "
                                       "nothing was saved."}, status=500)
    return HttpResponse(render_to_string("500.html"), status=500)
