"""Reads of the count that pages, the count's own review and the reports share: what a
box holds as counted (its latest correction), the boxes waiting to be counted, and each
table's shift as the records tell it beside the count."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from casino.house.staff import at_casinos_of
from tables.chips.models import AccountingRules, InventoryKind, InventorySlip
from tables.chips.selectors import ShiftChips, ShiftKey, chips_by_shift, rules_of
from tables.count import wording
from tables.count.models import BoxCount, CountCorrection, Variance
from tables.floor.models import Table
from tables.poker.selectors import takes_by_shift
from tables.rules.chips import table_win, variance_threshold
from tables.stud.selectors import results_by_shift

ZERO = Decimal("0.00")


def standing(count: BoxCount):
    """The figures that stand for a box: its latest correction, else its first count."""
    corrections = getattr(count, "prefetched_corrections", None)
    if corrections is None:
        corrections = list(count.corrections.order_by("id"))
    return corrections[-1] if corrections else count


def counts_in(tables: Iterable[int], first: dt.date, last: dt.date) -> QuerySet[BoxCount]:
    return (BoxCount.objects.filter(table__in=list(tables), gaming_day__range=(first, last))
            .select_related("table__casino", "counted_by", "witnessed_by")
            .prefetch_related(Prefetch("corrections", to_attr="prefetched_corrections",
                                       queryset=CountCorrection.objects.order_by("id")
                                       .select_related("counted_by", "witnessed_by"))))


def counts_standing(tables: dict[int, Table], first: dt.date,
                    last: dt.date) -> dict[ShiftKey, BoxCount]:
    """The tables' counts in the span by shift, each with its corrections (oldest first):
    what a shift's result reads of them (ids and drops) in two queries, with no join to
    the people who counted and no list of the counts' ids to find their corrections (a
    year of a floor is tens of thousands of counts)."""
    counts = {}
    for count in (BoxCount.objects.filter(table__in=list(tables), gaming_day__range=(first, last))
                  .only("id", "table_id", "gaming_day", "shift", "drop")):
        count.table = tables[count.table_id]
        count.prefetched_corrections = []
        counts[count.pk] = count
    corrections = (CountCorrection.objects.filter(count__table__in=list(tables),
                                                  count__gaming_day__range=(first, last))
                   .only("id", "count_id", "drop").order_by("id"))
    for correction in corrections:
        counts[correction.count_id].prefetched_corrections.append(correction)
    return {(c.table_id, c.gaming_day, c.shift): c for c in counts.values()}


@dataclass(frozen=True)
class ShiftResult:
    """One table's shift as the records and the count tell it. For a banked table the
    counted figure is its win (drop + credits - fills + closer - opener); for a poker
    table, what its box held. None where a part is missing."""

    table: Table
    gaming_day: dt.date
    shift: int
    recorded: Decimal
    chips: ShiftChips
    count: BoxCount | None
    drop: Decimal | None

    @property
    def counted(self) -> Decimal | None:
        if self.drop is None:
            return None
        if self.table.is_poker:
            return self.drop
        c = self.chips
        if c.opener is None or c.closer is None:
            return None
        return table_win(drop=self.drop, credits=c.credits, fills=c.fills, opener=c.opener,
                         closer=c.closer)

    @property
    def difference(self) -> Decimal | None:
        return None if self.counted is None else self.counted - self.recorded


def shift_results(tables: Iterable[Table], first: dt.date, last: dt.date, *,
                  with_records: bool = True) -> dict[ShiftKey, ShiftResult]:
    """Every shift of the tables in the span that has a record, a slip or a count.
    ``with_records=False`` (the hold review, which reads the counted figures only) skips
    the rounds' and hands' results: each shift's ``recorded`` is then zero, and a shift
    with records but no slip or count is left out."""
    tables = {t.pk: t for t in tables}
    banked = [pk for pk, t in tables.items() if not t.is_poker]
    poker = [pk for pk, t in tables.items() if t.is_poker]
    recorded = {**results_by_shift(banked, first, last),
                **takes_by_shift(poker, first, last)} if with_records else {}
    chips = chips_by_shift(banked, first, last)
    counts = counts_standing(tables, first, last)
    results = {}
    for key in sorted({*recorded, *chips, *counts}, key=lambda k: (k[1], k[2], k[0])):
        count = counts.get(key)
        results[key] = ShiftResult(
            table=tables[key[0]], gaming_day=key[1], shift=key[2],
            recorded=recorded.get(key, ZERO), chips=chips.get(key, ShiftChips()), count=count,
            drop=standing(count).drop if count is not None else None)
    return results


def shift_result(table: Table, gaming_day: dt.date, shift: int) -> ShiftResult:
    return shift_results([table], gaming_day, gaming_day)[(table.pk, gaming_day, shift)]


def boxes_to_count(tables: Iterable[Table], gaming_day: dt.date) -> list[tuple[Table, int]]:
    """The boxes of a gaming day not counted yet: a banked table's once its shift is
    closed, a poker table's once a shift with play has ended."""
    tables = list(tables)
    counted = set(BoxCount.objects.filter(table__in=tables, gaming_day=gaming_day)
                  .values_list("table", "shift"))
    closed = set(InventorySlip.objects.filter(table__in=tables, gaming_day=gaming_day,
                                              kind=InventoryKind.CLOSER)
                 .values_list("table", "shift"))
    poker = [t for t in tables if t.is_poker]
    played = {(table, shift) for table, _, shift in
              takes_by_shift([t.pk for t in poker], gaming_day, gaming_day)}
    now = timezone.now()
    ended = {(t.pk, shift) for t in poker for shift in (1, 2, 3)
             if t.casino.shift_bounds(gaming_day, shift)[1] <= now}
    waiting = (closed | (played & ended)) - counted
    by_id = {t.pk: t for t in tables}
    return sorted(((by_id[t], s) for t, s in waiting), key=lambda p: (p[1], p[0].label))


def variances_visible_to(user) -> QuerySet[Variance]:
    rows = Variance.objects.select_related("table__casino", "count", "correction",
                                           "explanation__explained_by")
    return at_casinos_of(rows, user, "table__casino")


def counts_visible_to(user) -> QuerySet[BoxCount]:
    """Counted boxes at the user's casinos, each with its corrections (oldest first)."""
    rows = (BoxCount.objects.select_related("table__casino", "counted_by", "witnessed_by")
            .prefetch_related(Prefetch("corrections", to_attr="prefetched_corrections",
                                       queryset=CountCorrection.objects.order_by("id")
                                       .select_related("counted_by", "witnessed_by"))))
    return at_casinos_of(rows, user, "table__casino")


def threshold_of(result: ShiftResult, rules: AccountingRules | None = None) -> Decimal:
    """The difference this shift's count may show before a supervisor must explain it:
    its casino's amount, or the share of the drop it also sets, if smaller."""
    rules = rules or rules_of(result.table.casino)
    return variance_threshold(rules.variance_at, rules.variance_percent, result.drop)


def box_problem(table: Table, gaming_day: dt.date, shift: int) -> str:
    """Why the box cannot be counted yet ('' when it can)."""
    if shift not in (1, 2, 3):
        return f"{shift} is not a shift: a gaming day has shifts 1, 2 and 3."
    if table.is_poker:
        ends = table.casino.shift_bounds(gaming_day, shift)[1]
        if ends > timezone.now():
            return wording.shift_not_over(table, gaming_day, shift, ends)
        return ""
    closed = InventorySlip.objects.filter(table=table, gaming_day=gaming_day, shift=shift,
                                          kind=InventoryKind.CLOSER).exists()
    return "" if closed else wording.not_closed(table, gaming_day, shift)
