"""Reads of recorded stud rounds that pages and the API share."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from decimal import Decimal

from django.db.models import F, Prefetch, Q, QuerySet, Sum
from django.utils import timezone

from tables.floor.selectors import at_tables_visible_to
from tables.rules.stud import SideWager
from tables.stud.models import StudRound, StudSeat

# A seat's result for the house (its results are signed from the player's side), and the
# jackpot side wagers the table takes in (played or forfeited; a returned one went back).
HOUSE_WIN = -(F("ante_result") + F("bet_result"))
SIDE_WAGER_TAKEN = Q(side_wager__in=[SideWager.STANDS, SideWager.FORFEIT])


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


def results_by_shift(tables: Iterable[int], first: dt.date,
                     last: dt.date) -> dict[tuple[int, dt.date, int], Decimal]:
    """What the recorded rounds say the table's chips gained in each shift: the house's
    win on antes and raises plus the jackpot side wagers it took in (jackpot awards are
    paid from the meter's books by the cage, not from the tray). Voided rounds moved no
    chips, whenever they were voided."""
    seats = StudSeat.objects.filter(round__table__in=list(tables), round__correction__isnull=True,
                                    round__gaming_day__range=(first, last))
    rows = seats.values("round__table", "round__gaming_day", "round__shift").annotate(
        win=Sum(HOUSE_WIN), taken=Sum("progressive_wager", filter=SIDE_WAGER_TAKEN))
    return {(r["round__table"], r["round__gaming_day"], r["round__shift"]):
            (r["win"] or 0) + (r["taken"] or 0) for r in rows}
