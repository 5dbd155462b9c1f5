"""Reads of recorded stud rounds that pages and the API share."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from tables.floor.selectors import at_tables_visible_to
from tables.stud.models import StudRound, StudSeat


def rounds_visible_to(user) -> QuerySet[StudRound]:
    rounds = StudRound.objects.select_related(
        "table__casino", "table__progressive", "paytable", "dealer", "correction",
    ).prefetch_related(Prefetch("seats", queryset=StudSeat.objects.order_by("seat")),
                       "jackpot_hits")
    return at_tables_visible_to(rounds, user)
