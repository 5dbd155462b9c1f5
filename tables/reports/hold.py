"""The statistical hold review: per banked table and gaming day, the counted drop, win and
hold beside the hold the paytable's exact game math expects from the hands actually
played, with its band at the casino's confidence (``rules.hold``); a hold outside the
band is flagged. The same for month to date and year to date (as of the span's last
day), per table and per game. Only shifts whose box is counted and whose opener and
closer are recorded count: the expectation covers exactly the rounds of those shifts.

Poker tables are not banked: the house keeps a rake, not a hold, and they are left out.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from decimal import Decimal

from payouts.analysis.selectors import game_math_of
from tables.chips.selectors import rules_of
from tables.count.selectors import ShiftResult, shift_results
from tables.floor.models import Game, Table
from tables.reports import figures
from tables.reports.figures import Report
from tables.reports.selection import Selection
from tables.rules.chips import hold as hold_of
from tables.rules.hold import HoldBand, Wagers, hold_band
from tables.stud.selectors import ShiftWagers, wagers_by_shift

COLUMNS = ("gaming_day", "table", "table_label", "game", "hands", "drop", "win", "hold",
           "expected_win", "low_win", "high_win", "theoretical_hold", "low_hold",
           "high_hold", "flag")
MONEY = ("drop", "win", "expected_win", "low_win", "high_win")
HOLDS = ("hold", "theoretical_hold", "low_hold", "high_hold")
ZERO = Decimal("0.00")


class Shifts:
    """The counted shifts of some tables over a span, with the wagers of their rounds."""

    def __init__(self, tables: list[Table], first: dt.date, last: dt.date):
        ids = [t.pk for t in tables]
        self.results = {key: result for key, result in shift_results(tables, first,
                                                                     last).items()
                        if result.counted is not None}
        self.wagers: dict[tuple, list[tuple[int, ShiftWagers]]] = {}
        for (table, day, shift, paytable), wagers in wagers_by_shift(ids, first,
                                                                     last).items():
            self.wagers.setdefault((table, day, shift), []).append((paytable, wagers))
        self.math = game_math_of({p for parts in self.wagers.values() for p, _ in parts})

    def figure(self, keys: Iterable[tuple], confidence: Decimal) -> dict:
        """Drop, win and hold of the counted shifts among ``keys``, and the band of their
        rounds (none while a paytable's game math is not computed yet)."""
        counted = [self.results[k] for k in keys if k in self.results]
        drop = sum((r.drop for r in counted), ZERO)
        win = sum((r.counted for r in counted), ZERO)
        parts, kept, hands, known = [], ZERO, 0, True
        for result in counted:
            for paytable, wagers in self.wagers.get(_key(result), []):
                kept += wagers.kept
                hands += wagers.hands
                if paytable not in self.math:
                    known = False
                    continue
                parts.append((self.math[paytable], Wagers(
                    wagers.antes, wagers.ante_squares, wagers.round_squares, wagers.hands)))
        band = hold_band(parts, confidence=confidence, kept=kept) if known and counted \
            else None
        return _written(drop=drop, win=win, hands=hands, shifts=len(counted), band=band)


def _key(result: ShiftResult) -> tuple:
    return (result.table.pk, result.gaming_day, result.shift)


def _written(*, drop: Decimal, win: Decimal, hands: int, shifts: int,
             band: HoldBand | None) -> dict:
    row = {"hands": hands, "drop": drop, "win": win, "hold": hold_of(win, drop),
           "expected_win": None, "low_win": None, "high_win": None,
           "theoretical_hold": None, "low_hold": None, "high_hold": None}
    if not shifts:
        row["flag"] = "no counted shift"
    elif band is None:
        row["flag"] = "game math not computed yet"
    else:
        share = band.as_hold(drop) or {}
        row.update(expected_win=band.expected_win, low_win=band.low, high_win=band.high,
                   theoretical_hold=share.get("expected"), low_hold=share.get("low"),
                   high_hold=share.get("high"))
        row["flag"] = ("" if band.holds(win) else
                       "above the band" if win > band.high else "below the band")
    return row


def _shift_keys(table: Table, first: dt.date, last: dt.date) -> list[tuple]:
    days = (last - first).days + 1
    return [(table.pk, first + dt.timedelta(days=n), shift)
            for n in range(days) for shift in (1, 2, 3)]


def _confidence(tables: list[Table]) -> dict[int, Decimal]:
    casinos = {t.casino_id: t.casino for t in tables}
    return {pk: rules_of(casino).confidence for pk, casino in casinos.items()}


def _to_date(shifts: Shifts, tables: list[Table], day: dt.date,
             confidence: dict[int, Decimal]) -> list[dict]:
    """Month and year to date as of ``day``, per table and per game."""
    lines = []
    for period, start in (("month to date", day.replace(day=1)),
                          ("year to date", day.replace(month=1, day=1))):
        by_game: dict[str, list] = {}
        for table in tables:
            keys = _shift_keys(table, start, day)
            by_game.setdefault(table.game, []).extend(keys)
            lines.append({"period": period, "table": table.pk, "table_label": table.label,
                          "game": table.get_game_display(),
                          **shifts.figure(keys, confidence[table.casino_id])})
        for game, keys in by_game.items():
            lines.append({"period": period, "table": None, "table_label": "all tables",
                          "game": Game(game).label,
                          **shifts.figure(keys, min(confidence.values()))})
    return lines


def hold_report(selection: Selection) -> Report:
    tables = _banked(selection)
    year_start = selection.last.replace(month=1, day=1)
    shifts = Shifts(tables, min(selection.first, year_start), selection.last)
    confidence = _confidence(tables)
    rows, chart = [], []
    for day in selection.days():
        for table in tables:
            row = shifts.figure(_shift_keys(table, day, day), confidence[table.casino_id])
            if row["flag"] != "no counted shift":
                rows.append({"gaming_day": day, "table": table.pk, "table_label": table.label,
                             "game": table.get_game_display(), **row})
        keys = [k for t in tables for k in _shift_keys(t, day, day)]
        together = shifts.figure(keys, min(confidence.values(), default=Decimal("0.99")))
        if together["flag"] != "no counted shift":
            chart.append({"gaming_day": day, **together})
    span_keys = [k for t in tables for k in _shift_keys(t, selection.first, selection.last)]
    totals = shifts.figure(span_keys, min(confidence.values(), default=Decimal("0.99")))
    return Report(
        name="hold", title="Statistical hold", selection=selection, columns=COLUMNS,
        rows=[_out(r) for r in rows], totals=_out(totals),
        breakdowns={"to_date": [_out(r) for r in _to_date(
            shifts, tables, selection.last, confidence)]},
        extra={"by_day": [_out(r) for r in chart],
               "confidence": [f"{c}" for c in sorted(set(confidence.values()))]})


def _banked(selection: Selection) -> list[Table]:
    tables = Table.objects.filter(casino__in=selection.casinos(), game=Game.CARIBBEAN_STUD)
    if selection.table is not None:
        tables = tables.filter(pk=selection.table.pk)
    return list(tables.select_related("casino").order_by("label"))


def _out(row: dict) -> dict:
    """Amounts to the cent and holds to four places, as strings; unknown stays None."""
    out = figures.written({k: v for k, v in row.items() if v is not None}, MONEY)
    for name in HOLDS:
        if out.get(name) is not None:
            out[name] = f"{out[name]}"
    return {**dict.fromkeys(row), **out}
