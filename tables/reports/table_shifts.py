"""What the table-accounting reports share (master games, recorded against counted): the
tables a selection covers, each table's shifts as the records, the slips and the count
tell them (tables.count.selectors.shift_results), the parts of a shift still missing in
words, and a count named by the figures that stand.

These reports read the records live: slips and counts are never changed (a correction is
a record of its own), so a closed day's snapshot (closing.py) would only copy them."""

from __future__ import annotations

import datetime as dt

from casino.house.models import Casino
from tables.count.models import BoxCount, CountCorrection
from tables.count.selectors import ShiftResult, shift_results, standing
from tables.floor.models import Table
from tables.reports.selection import Selection

# The filters these reports read (the count has no dealer, a table no progressive).
FILTERS = ("casino", "table", "shift")


def tables_of(selection: Selection) -> list[Table]:
    """Every table of the selection's casinos, or the one table chosen."""
    tables = Table.objects.filter(casino__in=selection.casinos()).select_related("casino")
    if selection.table is not None:
        tables = tables.filter(pk=selection.table.pk)
    return list(tables)


def shifts_of(selection: Selection) -> list[ShiftResult]:
    """The shifts of the span that have a record, a slip or a count, by gaming day, shift
    and table."""
    found = shift_results(tables_of(selection), selection.first, selection.last).values()
    if selection.shift is not None:
        found = [r for r in found if r.shift == selection.shift]
    return sorted(found, key=lambda r: (r.gaming_day, r.shift, r.table.casino.name,
                                        r.table.label))


def missing_parts(result: ShiftResult) -> str:
    """What the shift still lacks, in words ('' when nothing): a banked table needs its
    opener, its closer and its box counted; a poker table its box."""
    parts = []
    if not result.table.is_poker:
        if result.chips.opener is None:
            parts.append("no opener")
        if result.chips.closer is None:
            parts.append("no closer")
    if result.count is None:
        parts.append("box not counted")
    return ", ".join(parts)


def figures_key(count: BoxCount | None) -> tuple[int, int | None] | None:
    """The figures that stand for a box as a variance names them: the count's id and its
    latest correction's (None when it was never corrected)."""
    if count is None:
        return None
    figures = standing(count)
    return count.pk, figures.pk if isinstance(figures, CountCorrection) else None


def count_reference(count: BoxCount | None) -> str:
    """Which count's figures stand: 'count 12', or 'count 12, correction 3' once it was
    counted again."""
    if count is None:
        return ""
    figures = standing(count)
    if isinstance(figures, CountCorrection):
        return f"count {count.pk}, correction {figures.pk}"
    return f"count {count.pk}"


def on_casino_clock(moment: dt.datetime | None, casino: Casino) -> str | None:
    """An instant as the casino's clock shows it, with its offset (2026-11-30T08:00:00-05:00)."""
    if moment is None:
        return None
    return moment.astimezone(casino.zone).isoformat(timespec="seconds")
