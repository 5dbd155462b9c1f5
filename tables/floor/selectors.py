"""Reads that pages and the API share."""

from __future__ import annotations

from django.db.models import QuerySet

from casino.common.roles import Role, has_role, is_supervisor
from casino.common.staff import at_casinos_of, casinos_of
from tables.floor.models import Table

__all__ = ["at_tables_visible_to", "casinos_of", "tables_at_casinos_of", "tables_visible_to"]


def tables_at_casinos_of(user) -> QuerySet[Table]:
    """The tables of the user's casinos, whatever his role there (the services decide
    what he may do at one: an unassigned dealer is refused with a reason, not a 404)."""
    return at_casinos_of(Table.objects.select_related("casino"), user)


def tables_visible_to(user) -> QuerySet[Table]:
    """Supervisors and accountants see every table of their casinos; a dealer sees the
    tables he deals."""
    tables = tables_at_casinos_of(user).prefetch_related("dealers")
    if is_supervisor(user) or has_role(user, Role.ACCOUNTANT):
        return tables
    if has_role(user, Role.DEALER):
        return tables.filter(dealers=user)
    return tables.none()


def at_tables_visible_to(rows: QuerySet, user) -> QuerySet:
    """Records kept per table (rounds, hands, collections) that the user may read:
    supervisors and accountants those of their casinos, a dealer those of the tables he
    deals."""
    # Subqueries, not joins: no DISTINCT to sort every row of the table.
    if is_supervisor(user) or has_role(user, Role.ACCOUNTANT):
        return rows.filter(table__in=tables_at_casinos_of(user).values("pk"))
    if has_role(user, Role.DEALER):
        return rows.filter(table__in=tables_visible_to(user).values("pk"))
    return rows.none()
