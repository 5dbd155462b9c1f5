"""The master games report: per gaming day, shift and table, what went into the drop box
(the drop), the chips the cage sent (fills) and took back (credits), the tray at the
opening and the closing, and the table's win from them (drop + credits - fills + closer -
opener, tables.rules.chips.table_win) with its hold (win / drop, four places; none when
nothing was dropped). Totals, and the same sums per game and per pit.

A shift still missing a part says so in ``state`` ("no closer", "box not counted"): its
win is then empty, never zero. A count corrected shows the figures that stand, named in
``count_ref``.

Poker tables appear with their box: what their dealers dropped (rake, bad-beat drops,
time collected) is what the house takes, so the box is both their drop and their win.
They keep no chip inventory (no opener, closer, fills or credits) and have no hold; the
hold of the totals and of each game and pit is that of the banked tables only."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from decimal import Decimal
from typing import Any

from tables.count.selectors import ShiftResult
from tables.reports import figures
from tables.reports.figures import ZERO, Report
from tables.reports.selection import Selection
from tables.reports.table_shifts import count_reference, missing_parts, shifts_of
from tables.rules.chips import hold

MONEY = ("drop", "fills", "credits", "opener", "closer", "win")
SUMMED = ("drop", "fills", "credits", "win")
COLUMNS = ("gaming_day", "shift", "casino", "table", "table_label", "game", "pit", *MONEY,
           "hold", "state", "count_ref")
BREAKDOWN = ("shifts", *SUMMED, "hold")
NO_PIT = "no pit named"


def _row(result: ShiftResult) -> dict[str, Any]:
    table, chips = result.table, result.chips
    banked = not table.is_poker
    win = result.counted  # None while a part is missing
    return {
        "gaming_day": result.gaming_day, "shift": result.shift,
        "casino": table.casino.name, "table": table.pk,
        "table_label": table.label, "game": table.get_game_display(), "pit": table.pit,
        "drop": result.drop,
        "fills": chips.fills if banked else None, "credits": chips.credits if banked else None,
        "opener": chips.opener if banked else None, "closer": chips.closer if banked else None,
        "win": win,
        "hold": hold(win, result.drop) if banked and win is not None else None,
        "state": missing_parts(result), "count_ref": count_reference(result.count),
        "banked": banked,
    }


def summed(rows: Iterable[dict]) -> dict[str, Any]:
    """Drop, fills, credits and win over the rows (those known), the number of shifts and
    of those incomplete, and the hold of the banked shifts whose win is known."""
    rows = list(rows)
    sums: dict[str, Any] = {name: sum((r[name] for r in rows if r[name] is not None), ZERO)
                            for name in SUMMED}
    won = [r for r in rows if r["banked"] and r["win"] is not None]
    sums["hold"] = hold(sum((r["win"] for r in won), ZERO),
                        sum((r["drop"] or ZERO for r in won), ZERO))
    sums["shifts"] = len(rows)
    sums["incomplete"] = sum(1 for r in rows if r["state"])
    return sums


def breakdown(rows: list[dict], name: str, key: Callable[[dict], str]) -> list[dict]:
    """The sums per casino and value of ``key`` (a game, a pit), in their order: a pit or
    a game of two casinos is two lines (their books may not share a currency)."""
    groups: dict[tuple[str, str], list[dict]] = {}
    for row in rows:
        groups.setdefault((row["casino"], key(row)), []).append(row)
    return [{"casino": casino, name: value, **summed(group)}
            for (casino, value), group in sorted(groups.items())]


def written(row: dict) -> dict:
    """Amounts as strings of two places (an unknown one stays empty), hold to four."""
    out = figures.written({k: v for k, v in row.items() if k != "banked"}, MONEY,
                          keep_empty=True)
    if isinstance(out.get("hold"), Decimal):
        out["hold"] = f"{out['hold']}"
    return out


def master_games_report(selection: Selection) -> Report:
    rows = [_row(result) for result in shifts_of(selection)]
    totals = summed(rows)
    totals["state"] = (f"{totals['incomplete']} of {totals['shifts']} shifts incomplete"
                       if totals["incomplete"] else "")
    mixed = figures.mixed_currencies(selection)
    if mixed:
        totals = figures.without_amounts(totals, (*SUMMED, "hold"), mixed)
    breakdowns = {"by_casino": breakdown(rows, "casino", lambda r: r["casino"]),
                  "by_game": breakdown(rows, "game", lambda r: r["game"]),
                  "by_pit": breakdown(rows, "pit", lambda r: r["pit"] or NO_PIT)}
    return Report(
        name="master-games", title="Master games", selection=selection, columns=COLUMNS,
        rows=[written(r) for r in rows], totals=written(totals),
        breakdowns={name: [written(line) for line in lines]
                    for name, lines in breakdowns.items()},
        breakdown_columns={"by_casino": ("casino", *BREAKDOWN),
                           "by_game": ("casino", "game", *BREAKDOWN),
                           "by_pit": ("casino", "pit", *BREAKDOWN)})
