"""Who works where: every read and write of a casino's records is limited to the casinos a
user is on the staff of (Casino.staff)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db.models import QuerySet

from casino.house.models import Casino, CasinoStaff


def casinos_of(user) -> QuerySet:
    """The casinos the user works at; a superuser's are all of them."""
    return at_casinos_of(Casino.objects.all(), user, "pk")


def casino_asked(request):
    """The casino a page is asked about (``?casino=`` or a posted ``casino``), among the
    viewer's own, else his first; and all of his, by name, for the page's chooser."""
    casinos = casinos_of(request.user).order_by("name")
    asked = request.GET.get("casino") or request.POST.get("casino")
    chosen = casinos.filter(pk=asked).first() if str(asked or "").isdigit() else None
    return chosen or casinos.first(), casinos


def casino_for(user, chosen):
    """An API's casino: the one asked for (``chosen``, an id) among the user's, or his
    only one; else the question, by field."""
    casinos = casinos_of(user)
    if chosen not in (None, ""):
        try:
            return casinos.get(pk=int(chosen))
        except (ValueError, casinos.model.DoesNotExist):
            raise ValidationError({"casino": f"You are not on the staff of casino "
                                             f"'{chosen}'."}) from None
    if casinos.count() != 1:
        raise ValidationError({"casino": "Say which casino: you work at "
                                         f"{casinos.count()} of them."})
    return casinos.get()


def all_casinos() -> QuerySet:
    """Every casino of the group (whose currencies the group's own terms are kept in)."""
    return Casino.objects.all()


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
    return CasinoStaff.objects.filter(user=user.pk).values("casino")


def require_staff(actor, casino) -> None:
    """A write at ``casino`` (opening a table, keeping a meter's books) by its staff only."""
    if not casinos_of(actor).filter(pk=casino.pk).exists():
        raise ValidationError({"casino": [f"{actor.get_username()} is not on the staff of "
                                          f"casino {casino.pk}."]})
