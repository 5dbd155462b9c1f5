"""The accountant's pages."""

from __future__ import annotations

from django.shortcuts import render
from django.utils import timezone
from django.utils.dateparse import parse_date

from casino.common.roles import Role, role_required
from tables.floor.models import Casino
from tables.reports.selectors import card_room_day


@role_required(Role.ACCOUNTANT)
def accounting(request):
    now = timezone.now()
    asked = parse_date(request.GET.get("day", "") or "")
    casinos = []
    for casino in Casino.objects.all():
        day = asked or casino.gaming_day(now)
        casinos.append({"casino": casino, "gaming_day": casino.gaming_day(now),
                        "tables": casino.tables.count(), "day": day,
                        "card_room": card_room_day(casino, day)})
    return render(request, "tables/accounting.html", {
        "casinos": casinos, "asked": asked,
        "bad_day": request.GET.get("day") and asked is None and request.GET["day"]})
