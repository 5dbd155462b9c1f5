"""The held entries a user sees: a dealer his own, a supervisor his casinos'."""

from __future__ import annotations

from django.db.models import QuerySet

from casino.common.roles import is_supervisor
from casino.house.staff import at_casinos_of
from tables.offline.models import HeldEntry


def held_visible_to(user) -> QuerySet:
    rows = at_casinos_of(HeldEntry.objects.all(), user, "table__casino").select_related(
        "table__casino", "dealer", "resolution__by", "correction__by")
    if not user.is_authenticated:
        return rows.none()
    return rows if is_supervisor(user) else rows.filter(dealer=user)


def unresolved(rows: QuerySet) -> QuerySet:
    return rows.filter(resolution__isnull=True)
