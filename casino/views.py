from __future__ import annotations

import re
import sys

from django.apps import apps
from django.contrib.auth.decorators import login_required
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from casino import health
from casino.common import health as app_health
from casino.common.roles import Role, is_supervisor, roles_of

ROLE_HOME = {Role.SUPERVISOR: "pit", Role.DEALER: "dealer", Role.ACCOUNTANT: "accounting",
             Role.CAGE: "cage", Role.COUNT: "count",
             Role.GROUP_SUPERVISOR: "pit-paytable-list", Role.HOST: "players"}


@login_required
def home(request):
    """Send each member of staff to the work of his role."""
    if is_supervisor(request.user):
        return redirect(ROLE_HOME[Role.SUPERVISOR])
    user_roles = roles_of(request.user)
    for role in (Role.GROUP_SUPERVISOR, Role.DEALER, Role.ACCOUNTANT, Role.CAGE, Role.COUNT,
                 Role.HOST):
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
        # What the apps registered (the ledgers' walk, the closed days' check): an altered
        # ledger is for the regulator, not the load balancer: shown, not 503.
        **app_health.shown(database["ok"]),
    }
    return JsonResponse(body, status=200 if ok else 503)


# get_object_or_404's wording ("No Table matches the given query."), which staff never read.
FRAMEWORK_MISSING = re.compile(r"No (\w+) matches the given query\.")


@require_GET
def favicon(request):
    """Browsers ask for /favicon.ico whatever a page names: the product's icon, not a 404."""
    return redirect(static("img/favicon.svg"), permanent=True)


def not_found(request, exception):
    """The product's 404, in every mode but DEBUG's (the demo runs with DEBUG off): what
    is missing in words, as JSON for the API."""
    missing = missing_in_words(request, exception)
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": missing}, status=404)
    return render(request, "404.html", {"missing": missing}, status=404)


def missing_in_words(request, exception) -> str:
    """'There is no table number 12 here.' for a row a page looked up and did not find
    (or may not show), a view's own words as they are, else the address itself."""
    message = exception.args[0] if exception and exception.args else None
    if not isinstance(message, str):  # no address matched: the resolver's details
        return "There is nothing at this address."
    framework = FRAMEWORK_MISSING.fullmatch(message)
    if not framework:
        return message
    model = next((m for m in apps.get_models() if m._meta.object_name == framework[1]), None)
    what = model._meta.verbose_name if model else "such record"
    number = (request.resolver_match.kwargs.get("pk") if request.resolver_match else None)
    return f"There is no {what} number {number} here." if number else f"There is no {what} here."


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


def csrf_refused(request, reason: str = ""):
    """A form sent from a page older than the tablet's last log-in (or a log-in page left
    open past its session): said in words and with the way on, not Django's own page."""
    return render(request, "403_csrf.html", {"logged_in": request.user.is_authenticated},
                  status=403)
