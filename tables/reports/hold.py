"""The statistical hold review: per banked table and gaming day, the counted drop, win and
hold beside the hold the paytable's exact game math expects from the hands actually
played, with its band at the casino's confidence (``rules.hold``); a hold outside the
band is flagged. The same for month to date and year to date (as of the span's last
day), per table and per game. Only shifts whose box is counted and whose opener and
closer are recorded count: the expectation covers exactly the rounds of those shifts.
Each casino is summed apart (its books are in its own currency): a game's line and the
chart are one casino's, the totals only when the selection holds one casino.

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

COLUMNS = ("gaming_day", "casino", "table", "table_label", "game", "hands", "drop", "win",
           "hold", "expected_win", "low_win", "high_win", "theoretical_hold", "low_hold",
           "high_hold", "flag")
MEASURES = COLUMNS[5:]
MONEY = ("drop", "win", "expected_win", "low_win", "high_win")
HOLDS = ("hold", "theoretical_hold", "low_hold", "high_hold")
ZERO = Decimal("0.00")


class Shifts:
    """The counted shifts of some tables over a span, with the wagers of their rounds."""

    def __init__(self, tables: list[Table], first: dt.date, last: dt.date):
        ids = [t.pk for t in tables]
        # The counted figures only: the rounds are read below, by paytable, for the band.
        self.results = {key: result for key, result in shift_results(
            tables, first, last, with_records=False).items() if result.counted is not None}
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


def _by_casino(tables: list[Table]) -> list[tuple[object, list[Table], Decimal]]:
    """Each casino of the tables (by name) with its tables and its band's confidence: a
    casino's figures are summed apart, its books being in its own currency."""
    casinos: dict[int, tuple] = {}
    for table in tables:
        casinos.setdefault(table.casino_id, (table.casino, []))[1].append(table)
    return [(casino, members, rules_of(casino).confidence)
            for casino, members in sorted(casinos.values(), key=lambda c: c[0].name)]


def _keys(tables: list[Table], first: dt.date, last: dt.date) -> list[tuple]:
    return [k for t in tables for k in _shift_keys(t, first, last)]


def _to_date(shifts: Shifts, casinos, day: dt.date) -> list[dict]:
    """Month and year to date as of ``day``, per table and per casino's game."""
    lines = []
    for period, start in (("month to date", day.replace(day=1)),
                          ("year to date", day.replace(month=1, day=1))):
        for casino, tables, confidence in casinos:
            for table in tables:
                lines.append({"period": period, "casino": casino.name, "table": table.pk,
                              "table_label": table.label, "game": table.get_game_display(),
                              **shifts.figure(_keys([table], start, day), confidence)})
            for game in sorted({t.game for t in tables}):
                playing = [t for t in tables if t.game == game]
                lines.append({"period": period, "casino": casino.name, "table": None,
                              "table_label": "all tables", "game": Game(game).label,
                              **shifts.figure(_keys(playing, start, day), confidence)})
    return lines


def _daily(shifts: Shifts, selection: Selection, casinos) -> list[dict]:
    rows = []
    for day in selection.days():
        for casino, tables, confidence in casinos:
            for table in tables:
                row = shifts.figure(_shift_keys(table, day, day), confidence)
                if row["flag"] != "no counted shift":
                    rows.append({"gaming_day": day, "casino": casino.name, "table": table.pk,
                                 "table_label": table.label,
                                 "game": table.get_game_display(), **row})
    return rows


def _chart(shifts: Shifts, selection: Selection, casinos) -> list[dict]:
    """The first casino's tables together, every day of the span (a hold is a share of one
    casino's money: casinos are not mixed in one line); a day with no counted shift has
    no hold, a gap in the line, not a day left out."""
    if not casinos:
        return []
    casino, tables, confidence = casinos[0]
    return [{"gaming_day": day, "casino": casino.name, "confidence": confidence,
             **shifts.figure(_keys(tables, day, day), confidence)}
            for day in selection.days()]


def hold_report(selection: Selection) -> Report:
    tables = _banked(selection)
    year_start = selection.last.replace(month=1, day=1)
    shifts = Shifts(tables, min(selection.first, year_start), selection.last)
    casinos = _by_casino(tables)
    by_casino = [{"casino": casino.name, **shifts.figure(
        _keys(members, selection.first, selection.last), confidence)}
        for casino, members, confidence in casinos]
    if len(casinos) == 1:
        totals = {k: v for k, v in by_casino[0].items() if k != "casino"}
    else:
        totals = figures.without_amounts(
            {"hands": sum(line["hands"] for line in by_casino)}, (*MONEY, *HOLDS),
            figures.mixed_currencies(selection) or "No banked table counted.")
        totals["flag"] = totals.pop("state")
    return Report(
        name="hold", title="Statistical hold", selection=selection, columns=COLUMNS,
        rows=[_out(r) for r in _daily(shifts, selection, casinos)], totals=_out(totals),
        breakdowns={"by_casino": [_out(r) for r in by_casino],
                    "to_date": [_out(r) for r in _to_date(shifts, casinos, selection.last)]},
        breakdown_columns={"by_casino": ("casino", *MEASURES),
                           "to_date": ("period", "casino", "table_label", "game", *MEASURES)},
        extra={"by_day": [_out(r) for r in _chart(shifts, selection, casinos)],
               "chart_casino": casinos[0][0].name if len(casinos) > 1 else ""})


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
