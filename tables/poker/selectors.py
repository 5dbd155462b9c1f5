"""Reads of recorded card-room hands and time collections that pages and the API share."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal

from django.db.models import F, Prefetch, QuerySet, Sum
from django.utils import timezone

from casino.common.frozen import FrozenQuery
from tables.floor.models import Table
from tables.floor.selectors import at_tables_visible_to
from tables.poker.models import PokerHand, PokerPot, PokerSeat, TimeCollection


def _last_hand(shape, *, table: int):
    return PokerHand.objects.filter(table=table, correction__isnull=True).order_by("-id")


# Read with every hand recorded (its kill and button follow from the last): compiled once
# (casino.common.frozen).
_LAST_HAND = FrozenQuery(_last_hand, "table")


def last_hand(table: Table) -> PokerHand | None:
    """The latest hand at the table that still counts (voided hands do not)."""
    return _LAST_HAND.first(None, table=table.pk)


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


def takes_by_shift(tables: Iterable[int], first: dt.date,
                   last: dt.date) -> dict[tuple[int, dt.date, int], Decimal]:
    """What the dealer dropped into each shift's box by the records: the rake (or fixed
    drop) and bad-beat drop of every hand, and the time collected. Voided hands and
    collections dropped nothing, whenever they were voided."""
    tables = list(tables)
    span = {"table__in": tables, "gaming_day__range": (first, last),
            "correction__isnull": True}
    takes: dict[tuple[int, dt.date, int], Decimal] = defaultdict(Decimal)
    hands = PokerHand.objects.filter(**span).values("table", "gaming_day", "shift").annotate(
        take=Sum(F("rake") + F("bad_beat_drop")))
    time = TimeCollection.objects.filter(**span).values("table", "gaming_day", "shift") \
        .annotate(take=Sum("amount"))
    for row in [*hands, *time]:
        takes[(row["table"], row["gaming_day"], row["shift"])] += row["take"] or 0
    return dict(takes)


def current_period(table: Table, minutes: int, moment: dt.datetime | None = None
                   ) -> dt.datetime:
    """The start of the collection period ``moment`` falls in, on the casino's wall clock
    (14:00, 14:30, ...). On the night clocks go back, the repeated hour keeps its own
    periods: ``replace`` keeps the moment's ``fold``."""
    local = (moment or timezone.now()).astimezone(table.casino.zone)
    elapsed = local.hour * 60 + local.minute
    start = elapsed - elapsed % minutes
    return local.replace(hour=start // 60, minute=start % 60, second=0, microsecond=0)
