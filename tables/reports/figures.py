"""What the reports share: figures grouped in the database, closed days read from their
snapshot and open days from the records, merged by key; amounts written as strings."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet

from tables.floor.models import Table
from tables.reports.models import ClosedDay
from tables.reports.selection import Selection

ZERO = Decimal("0.00")
# The line of a breakdown by dealer or shift that holds the span's voids of records from
# earlier days (the report's adjustments): counted in the totals and by casino, and so
# in every breakdown, which then all add up to the same total.
LATER_VOIDS = "later voids of earlier days' records"


@dataclass
class Report:
    """A report as every format writes it: rows, their totals, the breakdowns and the
    adjustments (later voids of records from closed days). ``breakdown_columns`` names a
    breakdown's columns where they are not its key and the rows' measures."""

    name: str
    title: str
    selection: Selection
    columns: Sequence[str]
    rows: list[dict[str, Any]]
    totals: dict[str, Any]
    breakdowns: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    adjustments: list[dict[str, Any]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    closed_days: list[str] = field(default_factory=list)
    breakdown_columns: dict[str, Sequence[str]] = field(default_factory=dict)
    # Where the figures were read (casino.common.replica.Source): the reporting replica
    # and how far behind, or the primary and why; None with one database.
    source: Any = None
    # The player each row names (his id), in the rows' order: every door that shows
    # them logs the reading (tables.reports.services.report_shown). Empty: none named.
    players: list[int] = field(default_factory=list)


def closed_days_of(books: Iterable[int | None], first: dt.date,
                   last: dt.date) -> dict[int | None, set[dt.date]]:
    """The closed days in the span of each set of books: a casino's id, or None for the
    group's books."""
    books = set(books)
    wanted = Q(casino__in=[b for b in books if b is not None])
    if None in books:
        wanted |= Q(casino__isnull=True)
    closed: dict[int | None, set[dt.date]] = {}
    rows = ClosedDay.objects.filter(wanted, gaming_day__range=(first, last))
    for casino_id, day in rows.values_list("casino", "gaming_day"):
        closed.setdefault(casino_id, set()).add(day)
    return closed


def open_records(selection: Selection, closed: dict[Any, set[dt.date]], *,
                 day: str = "gaming_day", casino: str = "table__casino") -> Q:
    """The records of the span's days that are not closed yet, in each casino; when every
    day is closed, a condition Django answers without a query."""
    either = Q(pk__in=[])
    for one in selection.casinos():
        still_open = [d for d in selection.days() if d not in closed.get(one.pk, set())]
        if still_open:
            either |= Q(**{casino: one, f"{day}__in": still_open})
    return either


def closed_figures(selection: Selection) -> Q:
    return Q(closed__casino__in=selection.casinos(),
             gaming_day__range=(selection.first, selection.last))


def table_filters(selection: Selection, *, table: str = "table",
                  dealer: str = "dealer") -> Q:
    wanted = Q()
    if selection.table is not None:
        wanted &= Q(**{table: selection.table})
    if selection.dealer is not None:
        wanted &= Q(**{dealer: selection.dealer})
    return wanted


def grouped(queryset: QuerySet, keys: Sequence[str], measures: dict) -> list[dict]:
    """Sums per key (0 where nothing was summed). The sums are named apart while
    querying: a sum called ``rake`` would hide the field ``rake`` from the sums after it."""
    rows = queryset.values(*keys).annotate(**{f"sum_{n}": m for n, m in measures.items()})
    return [{**{k: row[k] for k in keys}, **{n: row[f"sum_{n}"] or 0 for n in measures}}
            for row in rows.order_by(*keys)]


def combine(keys: Sequence[str], measures: Sequence[str],
            *parts: Iterable[dict]) -> list[dict]:
    """Rows with the same key summed measure by measure (a missing measure counts 0),
    in key order."""
    merged: dict[tuple, dict] = {}
    for part in parts:
        for row in part:
            key = tuple(row[k] for k in keys)
            into = merged.setdefault(key, {**dict(zip(keys, key, strict=True)),
                                           **dict.fromkeys(measures, 0)})
            for name in measures:
                into[name] += row.get(name) or 0
    return [merged[k] for k in sorted(merged, key=_sortable)]


def _sortable(key: tuple) -> tuple:
    return tuple((v is None, v if v is not None else 0) for v in key)


def total(rows: Iterable[dict], measures: Sequence[str]) -> dict[str, Any]:
    sums: dict[str, Any] = dict.fromkeys(measures, 0)
    for row in rows:
        for name in measures:
            sums[name] += row.get(name) or 0
    return sums


def money(value) -> str:
    return f"{(value or ZERO):.2f}"


def ratio(part, whole) -> str | None:
    """A share such as hold (win / handle), to four places; none when there is no whole."""
    if not whole:
        return None
    return f"{(Decimal(part) / Decimal(whole)).quantize(Decimal('0.0001'))}"


def labels_of(rows: Iterable[dict]) -> tuple[dict[int, str], dict[int, str]]:
    """Table labels and dealer names for the ids in the rows, in two queries."""
    rows = list(rows)
    tables = {r["table"] for r in rows if r.get("table")}
    dealers = {r["dealer"] for r in rows if r.get("dealer")}
    users = get_user_model().objects.filter(pk__in=dealers)
    return (dict(Table.objects.filter(pk__in=tables).values_list("pk", "label")),
            {u.pk: u.get_username() for u in users})


def labelled(row: dict, labels: tuple[dict[int, str], dict[int, str]]) -> dict:
    """The row with its table's label and its dealer's name (from labels_of)."""
    tables, dealers = labels
    if "table" in row:
        row["table_label"] = tables.get(row["table"], "")
    if "dealer" in row:
        row["dealer_name"] = dealers.get(row["dealer"], "")
    return row


def written(row: dict, money_fields: Sequence[str], *, keep_empty: bool = False) -> dict:
    """The row as the formats write it: amounts as strings of two places (None as 0.00,
    or left empty with ``keep_empty``: an amount not known yet), the day ISO."""
    out = dict(row)
    for name in money_fields:
        if name in out and not (keep_empty and out[name] is None):
            out[name] = money(out[name])
    if isinstance(out.get("gaming_day"), dt.date):
        out["gaming_day"] = out["gaming_day"].isoformat()
    return out


def mixed_currencies(selection: Selection) -> str:
    """'' when the selection's casinos keep their books in one currency; else why its
    amounts are summed per casino and never together ('Harbor in USD, Mayfair in GBP:
    ...'): a total of dollars and pounds is no figure."""
    return currencies_apart([(c.name, c.currency) for c in selection.casinos()],
                            "casino (see by casino)")


def currencies_apart(books: Sequence[tuple[str, str]], per: str) -> str:
    """'' when the books (name, currency) share one currency; else why their amounts are
    summed ``per`` book and not together."""
    if len({currency for _, currency in books}) <= 1:
        return ""
    named = ", ".join(f"{name} in {currency}" for name, currency in books)
    return f"{named}: amounts are summed per {per}, not together."


def without_amounts(totals: dict, money_fields: Sequence[str], why: str) -> dict:
    """Totals whose amounts cannot be summed (``why``): each amount empty, the reason in
    ``state``."""
    return {**totals, **dict.fromkeys(money_fields), "state": why}


def casino_names(lines: Iterable[dict]) -> dict[int, str]:
    """The casino's name of each table in the lines, in one query."""
    tables = {line["table"] for line in lines if line.get("table")}
    return dict(Table.objects.filter(pk__in=tables).values_list("pk", "casino__name"))


def named_casinos(lines: list[dict], names: dict[int, str]) -> list[dict]:
    """The lines, each with its table's casino."""
    for line in lines:
        line["casino"] = names.get(line.get("table"), "")
    return lines


def of_each_casino(lines: Iterable[dict], names: dict[int, str]) -> dict[str, list[dict]]:
    """The lines of each casino (by their tables), in the casinos' name order: each
    casino's books are in its own currency."""
    grouped: dict[str, list[dict]] = defaultdict(list)
    for line in lines:
        grouped[names.get(line.get("table"), "")].append(line)
    return dict(sorted(grouped.items()))


def summed_apart(totals: dict, selection: Selection, money_fields: Sequence[str]) -> dict:
    """The totals as they stand over casinos of one currency; over several, without their
    amounts and with ``state`` saying why."""
    mixed = mixed_currencies(selection)
    return without_amounts(totals, money_fields, mixed) if mixed else totals


def with_currency(report: Report) -> Report:
    """Each row and breakdown line that names a casino says its currency too, in a last
    column: a file's reader never takes pounds for dollars. (The jackpot report's rows
    name their meter's currency themselves.)"""
    currency = {c.name: c.currency for c in report.selection.casinos()}

    def priced(columns: Sequence[str]) -> tuple[str, ...]:
        return (*columns, "currency") if "casino" in columns and \
            "currency" not in columns else tuple(columns)

    report.columns = priced(report.columns)
    report.breakdown_columns = {name: priced(columns)
                                for name, columns in report.breakdown_columns.items()}
    for line in [*report.rows, *report.adjustments,
                 *(line for lines in report.breakdowns.values() for line in lines)]:
        if line.get("casino") and "currency" not in line:
            line["currency"] = currency.get(line["casino"], "")
    return report


def breakdowns_of(report: Report) -> list[dict]:
    """Each breakdown with its columns: those the report names, else its key (the dealer's
    name, the shift) and the rows' measures."""
    shown = []
    for name, lines in report.breakdowns.items():
        columns = report.breakdown_columns.get(name) or (
            "dealer_name" if name == "by_dealer" else "shift", *report.columns[3:])
        shown.append({"name": name, "columns": columns, "lines": lines})
    return shown
