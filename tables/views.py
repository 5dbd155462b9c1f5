"""The landing page of each role."""

from __future__ import annotations

from django.shortcuts import render
from django.utils import timezone
from django.utils.dateparse import parse_date

from casino.common.roles import Role, role_required
from payouts.models import Paytable, PaytableStatus
from tables import poker_hands, selectors
from tables.models import Casino


@role_required(Role.SUPERVISOR)
def pit(request):
    casinos = Casino.objects.prefetch_related("tables__dealers", "tables__rake_schedule")
    published = Paytable.objects.filter(status=PaytableStatus.PUBLISHED)
    return render(request, "tables/pit.html", {"casinos": casinos, "published": published})


@role_required(Role.DEALER)
def dealer(request):
    tables = selectors.tables_visible_to(request.user)
    return render(request, "tables/dealer.html", {"tables": tables})


@role_required(Role.ACCOUNTANT)
def accounting(request):
    now = timezone.now()
    asked = parse_date(request.GET.get("day", "") or "")
    casinos = []
    for casino in Casino.objects.all():
        day = asked or casino.gaming_day(now)
        casinos.append({"casino": casino, "gaming_day": casino.gaming_day(now),
                        "tables": casino.tables.count(), "day": day,
                        "card_room": poker_hands.card_room_day(casino, day)})
    return render(request, "tables/accounting.html", {
        "casinos": casinos, "asked": asked,
        "bad_day": request.GET.get("day") and asked is None and request.GET["day"]})
