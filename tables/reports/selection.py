"""What a report is asked for: a span of gaming days and the filters, read from a query
string with a refusal that names the field and the value."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import cached_property

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.dateparse import parse_date

from casino.house.models import Casino
from payouts.jackpots.selectors import progressives_visible_to
from tables.floor.models import Table
from tables.floor.selectors import casinos_of, tables_at_casinos_of

# A year of a busy floor is what the reports are measured on; longer spans are refused
# rather than left to run for minutes.
LONGEST_SPAN = dt.timedelta(days=366)
FORMATS = ("json", "csv", "xlsx", "pdf")
# What a report may be narrowed by; each report names the ones it reads (catalog.Kind).
FILTERS = ("casino", "table", "progressive", "dealer", "shift")
SHIFTS = (1, 2, 3)


@dataclass(frozen=True)
class Selection:
    first: dt.date
    last: dt.date
    casino: Casino | None = None
    table: Table | None = None
    progressive: object | None = None
    dealer: object | None = None
    shift: int | None = None
    # The casinos of the user who asked: with no casino or table chosen, the report
    # covers these, never another casino's floor.
    within: tuple[Casino, ...] = ()

    def casinos(self) -> list[Casino]:
        return self._casinos

    @cached_property
    def _casinos(self) -> list[Casino]:
        # Read once: a report asks for them in each of its queries.
        if self.casino is not None:
            return [self.casino]
        if self.table is not None:
            return [self.table.casino]
        return list(self.within)

    def days(self) -> list[dt.date]:
        count = (self.last - self.first).days + 1
        return [self.first + dt.timedelta(days=n) for n in range(count)]

    def as_query(self) -> dict[str, str]:
        """The selection as query parameters (for download links and export jobs)."""
        query = {"from": self.first.isoformat(), "to": self.last.isoformat()}
        for name in ("casino", "table", "progressive", "dealer"):
            if getattr(self, name) is not None:
                query[name] = str(getattr(self, name).pk)
        if self.shift is not None:
            query["shift"] = str(self.shift)
        return query

    def describe(self) -> str:
        parts = [f"{self.first:%Y-%m-%d} to {self.last:%Y-%m-%d}"]
        if self.casino is not None:
            parts.append(self.casino.name)
        if self.table is not None:
            parts.append(f"table {self.table.label}")
        if self.progressive is not None:
            parts.append(f"progressive {self.progressive.name}")
        if self.dealer is not None:
            parts.append(f"dealer {self.dealer.get_username()}")
        if self.shift is not None:
            parts.append(f"shift {self.shift}")
        return ", ".join(parts)


def _day(params, name: str, problems: dict) -> dt.date | None:
    raw = (params.get(name) or "").strip()
    if not raw:
        problems[name] = [f"Give the {'first' if name == 'from' else 'last'} gaming day, "
                          "as YYYY-MM-DD."]
        return None
    try:
        day = parse_date(raw)
    except ValueError:
        day = None
    if day is None:
        problems[name] = [f"'{raw}' is not a date; write it as YYYY-MM-DD, e.g. 2026-11-30."]
    return day


def _one(params, name: str, queryset, noun: str, problems: dict):
    raw = (params.get(name) or "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        problems[name] = [f"'{raw}' is not the number of a {noun}."]
        return None
    found = queryset.filter(pk=int(raw)).first()
    if found is None:
        problems[name] = [f"There is no {noun} number {raw}."]
    return found


def _shift(params, problems: dict) -> int | None:
    raw = (params.get("shift") or "").strip()
    if not raw:
        return None
    if raw not in {str(s) for s in SHIFTS}:
        problems["shift"] = [f"'{raw}' is not a shift: a gaming day has shifts 1, 2 and 3."]
        return None
    return int(raw)


def _chosen(params, user, casinos, filters: tuple[str, ...], problems: dict) -> dict:
    """The filters given, each read if the report reads it; one it does not read is
    refused rather than silently left out."""
    readers = {
        "casino": lambda: _one(params, "casino", casinos, "casino", problems),
        "table": lambda: _one(params, "table", tables_at_casinos_of(user), "table", problems),
        "progressive": lambda: _one(params, "progressive", progressives_visible_to(user),
                                    "progressive", problems),
        "dealer": lambda: _one(params, "dealer", get_user_model().objects.filter(
            casinos__in=casinos.values("pk")).distinct(), "dealer", problems),
        "shift": lambda: _shift(params, problems),
    }
    chosen = {}
    for name, read in readers.items():
        if name in filters:
            chosen[name] = read()
        elif (params.get(name) or "").strip():
            problems[name] = [f"This report is not kept per {name}: leave the {name} out "
                              f"(it is narrowed by {', '.join(filters)})."]
    return chosen


def read_selection(params, user, filters: tuple[str, ...] = FILTERS) -> Selection:
    """The selection a query string asks for, within the casinos ``user`` works at, or a
    ValidationError naming every bad parameter and its value (another casino's table is
    "no table number 7": its existence is not the user's business). ``filters`` are the
    ones the report reads; another one given is refused."""

    problems: dict[str, list[str]] = {}
    first, last = _day(params, "from", problems), _day(params, "to", problems)
    if first and last and last < first:
        problems["to"] = [f"The last day {last} comes before the first {first}."]
    elif first and last and last - first >= LONGEST_SPAN:
        problems["to"] = [f"{first} to {last} is longer than a year; ask for a year at most."]
    casinos = casinos_of(user)
    chosen = _chosen(params, user, casinos, filters, problems)
    casino, table = chosen.get("casino"), chosen.get("table")
    if casino and table and table.casino_id != casino.pk:
        problems["table"] = [f"Table {table.label} is not in {casino.name}."]
    if problems:
        raise ValidationError(problems)
    return Selection(first=first, last=last, within=tuple(casinos), **chosen)


def read_format(params) -> str:
    fmt = (params.get("format") or "json").strip().lower()
    if fmt not in FORMATS:
        raise ValidationError({"format": [f"'{fmt}' is not a format; use one of "
                                          f"{', '.join(FORMATS)}."]})
    return fmt
