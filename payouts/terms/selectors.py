"""Reads of terms that pages and the API share: whose terms a user sees, and which
published versions a table may be given."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from casino.house.staff import casino_ids_of
from payouts.terms.versioning import PublicationStatus, VersionedTerms


def terms_visible_to(model: type[VersionedTerms], user) -> QuerySet:
    """The group's terms (no casino) and those of the user's casinos; a superuser's are
    all of them."""
    rows = model.objects.select_related("casino")
    if not user.is_authenticated:
        return rows.none()
    if user.is_superuser:
        return rows
    return rows.filter(Q(casino__isnull=True) | Q(casino__in=casino_ids_of(user)))


def usable_at(model: type[VersionedTerms], casino) -> QuerySet:
    """The published versions a table of ``casino`` may be given: the casino's own and
    the group's in its currency (versioning.refuse_unless_usable says why not the
    others)."""
    return model.objects.filter(
        Q(casino=casino) | Q(casino__isnull=True, currency=casino.currency),
        status=PublicationStatus.PUBLISHED).order_by("name", "version")
