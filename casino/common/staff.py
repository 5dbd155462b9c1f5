"""Who works where: every read and write of the floor is limited to the casinos a user is
on the staff of (tables.floor's Casino.staff). Reached through the user's side of that
relation, so this layer, below the apps, names none of their models."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db.models import QuerySet


def casinos_of(user) -> QuerySet:
    """The casinos the user works at; a superuser's are all of them."""
    return at_casinos_of(_staffing().related_model.objects.all(), user, "pk")


def all_casinos() -> QuerySet:
    """Every casino of the group (whose currencies the group's own terms are kept in)."""
    return _staffing().related_model.objects.all()


def at_casinos_of(rows: QuerySet, user, casino: str = "casino") -> QuerySet:
    """``rows`` of the casinos the user works at (``casino`` names the path from a row to
    its casino): none for a visitor, all for a superuser."""
    if not user.is_authenticated:
        return rows.none()
    if user.is_superuser:
        return rows
    return rows.filter(**{f"{casino}__in": casino_ids_of(user)})


def casino_ids_of(user) -> QuerySet:
    """The ids of the casinos the user is on the staff of, as a one-table subquery (the
    planner then plans a scoped query in a fraction of the time a nested one takes)."""
    staff = _staffing().remote_field  # Casino.staff, the many-to-many field itself
    return staff.remote_field.through.objects.filter(
        **{staff.m2m_reverse_field_name(): user.pk}).values(staff.m2m_field_name())


def _staffing():
    return get_user_model()._meta.get_field("casinos")


def require_staff(actor, casino) -> None:
    """A write at ``casino`` (opening a table, keeping a meter's books) by its staff only."""
    if not casinos_of(actor).filter(pk=casino.pk).exists():
        raise ValidationError({"casino": [f"{actor.get_username()} is not on the staff of "
                                          f"casino {casino.pk}."]})
