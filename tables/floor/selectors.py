"""Reads that pages and the API share."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Prefetch, QuerySet

from casino.common.roles import Role, has_role, is_supervisor
from casino.house.models import CasinoStaff
from casino.house.staff import at_casinos_of, casinos_of
from tables.floor.models import Table

__all__ = ["at_tables_visible_to", "casinos_of", "dealer_roster", "dealers_at_casinos_of",
           "tables_at_casinos_of", "tables_visible_to", "users_visible_to"]


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


def dealers_at_casinos_of(user) -> QuerySet:
    """The dealers on the staff of the user's casinos, active or not (a deactivated one
    may be reactivated); another casino's dealers are not there (a 404)."""
    staff = at_casinos_of(CasinoStaff.objects.all(), user).values("user")
    return get_user_model().objects.filter(pk__in=staff, groups__name=Role.DEALER)


def users_visible_to(user) -> QuerySet:
    """The accounts a supervisor sees: everyone on the staff of one of his casinos (a
    superuser: everyone). Nobody else reads accounts; whether he may change one is
    ``accounts.account_refusal``'s to say."""
    users = get_user_model().objects.all()
    if not is_supervisor(user):
        return users.none()
    if user.is_superuser:
        return users
    return users.filter(pk__in=at_casinos_of(CasinoStaff.objects.all(), user).values("user"))


def dealer_roster(user) -> list[dict]:
    """Per casino of the user: its dealers, the tables each deals there and the tables he
    could be assigned to."""
    casinos = casinos_of(user).prefetch_related(
        Prefetch("tables", queryset=Table.objects.order_by("label")))
    dealers = dealers_at_casinos_of(user).order_by("username").prefetch_related(
        "casinos", Prefetch("dealt_tables", queryset=Table.objects.order_by("label")))
    dealers = list(dealers)
    roster = []
    for casino in casinos:
        tables = list(casino.tables.all())
        rows = []
        for dealer in dealers:
            if not any(c.pk == casino.pk for c in dealer.casinos.all()):
                continue
            dealt = [t for t in dealer.dealt_tables.all() if t.casino_id == casino.pk]
            rows.append({"dealer": dealer, "tables": dealt,
                         "open": [t for t in tables if t not in dealt]})
        roster.append({"casino": casino, "dealers": rows})
    return roster
