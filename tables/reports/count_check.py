"""The recorded against counted report: per table and shift, what the records say the
house took and what the count found. A banked table's ``kind`` is ``win``: recorded is
what its rounds say the chips gained (the house's win on antes and raises, and the
jackpot side wagers taken), counted is its win from the chips and the box (drop +
credits - fills + closer - opener). A poker table's is ``rake``: recorded is the rake,
bad-beat drops and time collected, counted is what its box held.

``difference`` is counted - recorded; ``threshold`` the casino's: the one a variance was
opened against, else today's rule. ``variance`` is that of the figures that stand (the
count, or its latest correction, named in ``count_ref``): ``not_counted`` (no count
yet), ``none``, ``open`` or
``explained`` with who explained it, when (the casino's clock) and what was found. A
variance opened on figures later corrected is no longer the count's and is not shown.
A shift not counted yet, or missing its opener or closer, says so in ``state`` and has
no counted figure.

Totals and the breakdowns per casino and per kind sum the shifts that were compared
(counted); over casinos of several currencies the totals have no amounts (they are
summed per casino)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from casino.house.models import Casino
from tables.chips.models import AccountingRules
from tables.chips.selectors import rules_of
from tables.count.models import Variance, VarianceKind
from tables.count.selectors import ShiftResult, threshold_of
from tables.reports import figures
from tables.reports.figures import ZERO, Report
from tables.reports.selection import Selection
from tables.reports.table_shifts import (
    count_reference,
    figures_key,
    missing_parts,
    on_casino_clock,
    shifts_of,
)

MONEY = ("recorded", "counted", "difference", "threshold")
COLUMNS = ("gaming_day", "shift", "casino", "table", "table_label", "kind", *MONEY, "variance",
           "explained_by", "explained_at", "found", "state", "count_ref")
SUMMED = ("recorded", "counted", "difference")


def _variances(selection: Selection) -> dict[tuple[int, int | None], Variance]:
    """Each variance of the span's shifts, by the figures it was opened on (a count, and
    its correction if any)."""
    found = (Variance.objects.filter(table__casino__in=selection.casinos(),
                                     gaming_day__range=(selection.first, selection.last))
             .select_related("explanation__explained_by"))
    if selection.table is not None:
        found = found.filter(table=selection.table)
    return {(v.count_id, v.correction_id): v for v in found}


def _explanation(variance: Variance | None):
    # A reverse one-to-one with no row raises an AttributeError: getattr's default.
    return getattr(variance, "explanation", None)


def _row(result: ShiftResult, variance: Variance | None, threshold: Decimal) -> dict:
    table = result.table
    explained = _explanation(variance)
    # A shift not counted yet has no variance to speak of, which is not "none".
    state = ("not_counted" if result.counted is None and variance is None else
             "none" if variance is None else "explained" if explained else "open")
    return {
        "gaming_day": result.gaming_day, "shift": result.shift, "casino": table.casino.name,
        "table": table.pk, "table_label": table.label,
        "kind": VarianceKind.RAKE if table.is_poker else VarianceKind.WIN,
        "recorded": result.recorded, "counted": result.counted,
        "difference": result.difference,
        "threshold": variance.threshold if variance is not None else threshold,
        "variance": state,
        "explained_by": explained.explained_by.get_username() if explained else None,
        "explained_at": on_casino_clock(explained.explained_at, table.casino)
        if explained else None,
        "found": explained.found if explained else None,
        "state": missing_parts(result), "count_ref": count_reference(result.count),
    }


def _rows(selection: Selection, results: list[ShiftResult]) -> list[dict]:
    variances = _variances(selection)
    rules: dict[int, AccountingRules] = {}
    rows = []
    for result in results:
        casino: Casino = result.table.casino
        if casino.pk not in rules:
            rules[casino.pk] = rules_of(casino)
        variance = variances.get(figures_key(result.count))
        rows.append(_row(result, variance, threshold_of(result, rules[casino.pk])))
    return rows


def summed(rows: Iterable[dict]) -> dict[str, Any]:
    """Recorded, counted and difference over the shifts compared; how many shifts, how
    many compared, and the variances open and explained (also in words, for the files'
    total line)."""
    rows = list(rows)
    compared = [r for r in rows if r["counted"] is not None]
    sums: dict[str, Any] = {name: sum((r[name] for r in compared), ZERO) for name in SUMMED}
    states = defaultdict(int)
    for row in rows:
        states[row["variance"]] += 1
    sums.update(shifts=len(rows), compared=len(compared), open=states["open"],
                explained=states["explained"],
                variance=f"{states['open']} open, {states['explained']} explained")
    return sums


def count_report(selection: Selection) -> Report:
    rows = _rows(selection, shifts_of(selection))
    by_kind = [{"casino": casino, "kind": kind, **summed(group)}
               for (casino, kind), group in sorted(
                   _grouped(rows, "casino", "kind"),
                   key=lambda item: (item[0][0], VarianceKind.values.index(item[0][1])))]
    by_casino = [{"casino": casino, **summed(group)}
                 for (casino,), group in _grouped(rows, "casino")]
    totals = {**summed(rows), "state": ""}
    mixed = figures.mixed_currencies(selection)
    if mixed:
        totals = figures.without_amounts(totals, SUMMED, mixed)
    breakdown = ("shifts", "compared", *SUMMED, "open", "explained")
    return Report(
        name="count", title="Recorded against counted", selection=selection,
        columns=COLUMNS,
        rows=[figures.written(r, MONEY, keep_empty=True) for r in rows],
        totals=figures.written(totals, MONEY, keep_empty=True),
        breakdowns={"by_casino": [figures.written(line, MONEY) for line in by_casino],
                    "by_kind": [figures.written(line, MONEY) for line in by_kind]},
        breakdown_columns={"by_casino": ("casino", *breakdown),
                           "by_kind": ("casino", "kind", *breakdown)})


def _grouped(rows: list[dict], *keys: str) -> list[tuple[tuple, list[dict]]]:
    """The rows grouped by ``keys``, in their order (a casino's books are summed apart)."""
    groups: dict[tuple, list[dict]] = {}
    for row in rows:
        groups.setdefault(tuple(row[k] for k in keys), []).append(row)
    return sorted(groups.items())
