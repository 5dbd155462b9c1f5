"""Reads that pages and the API share."""

from __future__ import annotations

from django.db.models import QuerySet

from casino.common.roles import Role, has_role, is_supervisor
from tables.floor.models import Table


def tables_visible_to(user) -> QuerySet[Table]:
    """Supervisors and accountants see every table; a dealer sees the tables he deals."""
    tables = Table.objects.select_related("casino").prefetch_related("dealers")
    if is_supervisor(user) or has_role(user, Role.ACCOUNTANT):
        return tables
    if has_role(user, Role.DEALER):
        return tables.filter(dealers=user)
    return tables.none()


def at_tables_visible_to(rows: QuerySet, user) -> QuerySet:
    """Records kept per table (rounds, hands, collections) that the user may read:
    supervisors and accountants every one, a dealer those of the tables he deals."""
    if is_supervisor(user) or has_role(user, Role.ACCOUNTANT):
        return rows
    if has_role(user, Role.DEALER):
        # A subquery, not a join: no DISTINCT to sort every row of the table.
        return rows.filter(table__in=Table.objects.filter(dealers=user).values("pk"))
    return rows.none()
