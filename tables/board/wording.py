"""The live board in words a pit boss reads: a table's limits, its next relief, what the
rotation flags there."""

from __future__ import annotations

import datetime as dt

from tables.floor.models import Structure, Table
from tables.floor.stakes import ante_limits, stake_pair
from tables.rules.rotation import FlagKind

SHORT = {FlagKind.UNCOVERED: "no dealer free for it",
         FlagKind.NOT_ALLOWED: "dealer may not deal this game",
         FlagKind.BREAK_OVERDUE: "break overdue",
         FlagKind.MEAL_OVERDUE: "meal break overdue"}


def _amount(value) -> str:
    return "?" if value is None else f"{value:,.2f}".removesuffix(".00")


def limits(table: Table) -> str:
    """'Antes 5 to 100' for a stud table (its own limits, else its paytable's); a poker
    table's stakes as the room calls them ('10/20 fixed limit', '1/2 no limit')."""
    if not table.is_poker:
        low, high = ante_limits(table)
        return "no paytable yet" if low is None and high is None else \
            f"antes {_amount(low)} to {_amount(high)}"
    if not table.structure:
        return "no stakes yet"
    small, big = stake_pair(table)
    joint = " to " if table.structure == Structure.SPREAD_LIMIT else "/"
    return f"{_amount(small)}{joint}{_amount(big)} {Structure(table.structure).label.lower()}"


def next_relief(relief: str, at: dt.datetime, *, due: bool) -> str:
    return f"{relief} now" if due else f"{relief} at {at:%H:%M}"


def flag_short(kind: FlagKind, since: dt.datetime | None) -> str:
    """The flag as the table's row says it ('break overdue since 14:20'), or its words
    alone (``since`` None)."""
    words = SHORT[kind]
    return words if since is None else f"{words} since {since:%H:%M}"
