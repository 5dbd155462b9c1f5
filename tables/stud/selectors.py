"""Reads of recorded stud rounds that pages and the API share."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from tables.floor.selectors import at_tables_visible_to
from tables.stud.models import StudRound, StudSeat


def rounds_visible_to(user) -> QuerySet[StudRound]:
    rounds = StudRound.objects.select_related(
        "table__casino", "table__progressive", "paytable", "dealer", "correction",
    ).prefetch_related(Prefetch("seats", queryset=StudSeat.objects.order_by("seat")),
                       "jackpot_hits")
    return at_tables_visible_to(rounds, user)


def last_wagers_at(table) -> dict[int, tuple]:
    """Each seat's ante and jackpot choice in the table's last round of this gaming day,
    {seat: (ante, progressive)}: the next round's form starts from them (players mostly
    bet the same again). A new gaming day starts empty."""
    today = table.casino.gaming_day(timezone.now())
    last = (StudRound.objects.filter(table=table, gaming_day=today)
            .order_by("-recorded_at", "-pk").values("pk")[:1])
    return {seat: (ante, progressive) for seat, ante, progressive in
            StudSeat.objects.filter(round__in=last).values_list("seat", "ante", "progressive")}
