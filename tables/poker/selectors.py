"""Reads of recorded card-room hands and time collections that pages and the API share."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from tables.floor.models import Table
from tables.floor.selectors import at_tables_visible_to
from tables.poker.models import PokerHand, PokerPot, PokerSeat, TimeCollection


def last_hand(table: Table) -> PokerHand | None:
    """The latest hand at the table that still counts (voided hands do not)."""
    return (PokerHand.objects.filter(table=table, correction__isnull=True)
            .order_by("-id").first())


def _hands() -> QuerySet[PokerHand]:
    return PokerHand.objects.select_related(
        "table__casino", "rake_schedule", "dealer", "correction",
    ).prefetch_related(Prefetch("seats", queryset=PokerSeat.objects.order_by("seat")),
                       Prefetch("pots", queryset=PokerPot.objects.order_by("number")))


def hands_at(table: Table) -> QuerySet[PokerHand]:
    """A table's hands, newest first, with what their pages show."""
    return _hands().filter(table=table)


def hands_visible_to(user) -> QuerySet[PokerHand]:
    return at_tables_visible_to(_hands(), user)


def collections_visible_to(user) -> QuerySet[TimeCollection]:
    rows = TimeCollection.objects.select_related("table__casino", "correction")
    return at_tables_visible_to(rows, user)
