"""Reads that pages and the API share."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet

from casino.roles import Role, has_role, is_supervisor
from tables.models import Table


def tables_visible_to(user) -> QuerySet[Table]:
    """Supervisors and accountants see every table; a dealer sees the tables he deals."""
    tables = Table.objects.select_related("casino").prefetch_related("dealers")
    if is_supervisor(user) or has_role(user, Role.ACCOUNTANT):
        return tables
    if has_role(user, Role.DEALER):
        return tables.filter(dealers=user)
    return tables.none()


def dealt_by(user) -> QuerySet[Table]:
    """The tables a dealer is assigned to (as a subquery for other reads)."""
    return Table.objects.filter(dealers=user).values("pk")


def require_assigned_dealer(actor, table: Table, records: str) -> None:
    """Only the dealers assigned to a table record its rounds or hands."""
    if not has_role(actor, Role.DEALER) or not table.dealers.filter(pk=actor.pk).exists():
        raise PermissionDenied(
            f"{actor.get_username()} is not assigned to deal at {table.label}; only its "
            f"assigned dealers record {records} there.")
