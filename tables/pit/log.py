"""The floor's logs. The dealers' moves of the last hours as the pit recorded them
(issue 44): each relief (who took the table from whom, and where the relieved went),
break, meal, clock-in and clock-out, with who recorded it, from the moves themselves.

The tables' log of a shift or a day (issue 31): each table opened or closed, and each
change of its limits (old and new, who, when), read from the table's audited history:
the one record of every change to a table (pghistory, written by the database), so the
log can never disagree with it. A banked table whose chips decide it opens and closes
with its chip shift (tables.floor.shifts), and its log says so at the same moment.

A round's limits are those in force when it was recorded: the recording reads them
under the table's lock, so a change waits for a round in progress, and a round after it
is held to the new limits (tests/pit/test_table_log.py)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.contrib.auth import get_user_model
from pghistory.models import Events

from casino.house.models import Casino
from tables.floor.models import Table, TableStatus
from tables.pit import wording
from tables.pit.models import DealerMove, MoveKind

# The limits of a table, stud and poker: its minimum and maximum wager, its stakes.
LIMITS = {"min_ante": "minimum ante", "max_ante": "maximum ante", "min_bet": "minimum bet",
          "max_bet": "maximum bet", "small_bet": "small bet", "big_bet": "big bet",
          "small_blind": "small blind", "big_blind": "big blind"}


@dataclass(frozen=True)
class TableChange:
    table: str
    at: dt.datetime
    who: str
    kind: str  # "opened", "closed" or "limits"
    before: dict
    after: dict

    def words(self, zone) -> str:
        clock = self.at.astimezone(zone).strftime("%H:%M")
        if self.kind != "limits":
            return f"{clock} · {self.table} {self.kind} by {self.who}."
        moved = "; ".join(f"{LIMITS[name]} {_amount(self.before[name])} → "
                          f"{_amount(self.after[name])}" for name in self.after)
        return f"{clock} · {self.table} limits changed by {self.who}: {moved}."


def _amount(value) -> str:
    """As the history keeps it (a JSON number): with two places, as staff read amounts."""
    if value in (None, ""):
        return "none"
    try:
        return f"{Decimal(str(value)):.2f}"
    except InvalidOperation:
        return str(value)


def table_log(casino: Casino, since: dt.datetime, until: dt.datetime) -> list[TableChange]:
    """The casino's tables opened, closed and given new limits between ``since`` and
    ``until``, in the order they happened."""
    tables = {t.pk: t.label for t in Table.objects.filter(casino=casino)}
    if not tables:
        return []
    events = list(Events.objects.tracks(*Table.objects.filter(casino=casino))
                  .filter(pgh_created_at__gte=since, pgh_created_at__lte=until)
                  .exclude(pgh_diff=None).order_by("pgh_created_at", "pgh_id"))
    users = {(e.pgh_context or {}).get("user") for e in events}
    names = {u.pk: u.get_username()
             for u in get_user_model().objects.filter(pk__in=users - {None})}
    found = []
    for event in events:
        diff, label = event.pgh_diff or {}, tables.get(int(event.pgh_obj_id), "?")
        who = names.get((event.pgh_context or {}).get("user"), "the system")
        if "status" in diff:
            kind = "opened" if diff["status"][1] == TableStatus.OPEN else "closed"
            found.append(TableChange(label, event.pgh_created_at, who, kind, {}, {}))
        moved = {name: diff[name] for name in LIMITS if name in diff}  # minimum first
        if moved:
            found.append(TableChange(label, event.pgh_created_at, who, "limits",
                                     {n: old for n, (old, _) in moved.items()},
                                     {n: new for n, (_, new) in moved.items()}))
    return found


@dataclass(frozen=True)
class FloorEntry:
    at: dt.datetime
    words: str


def floor_log(casino: Casino, since: dt.datetime, until: dt.datetime) -> list[FloorEntry]:
    """The dealers' moves at the casino between ``since`` and ``until``, latest first, a
    relief's two moves (the relieved dealer's going and the relief's taking) in one
    line."""
    moves = list(DealerMove.objects.filter(casino=casino, at__gte=since, at__lte=until)
                 .select_related("dealer", "relieved", "by", "table").order_by("at", "id"))
    zone = casino.zone
    # The relieved dealer's move written with each relief: told with it, not apart.
    with_relief = {(m.relieved_id, m.at) for m in moves if m.kind == MoveKind.TABLE
                   and m.relieved_id is not None}
    going = {(m.dealer_id, m.at): m for m in moves if m.kind != MoveKind.TABLE}
    entries = []
    for move in moves:
        if move.kind != MoveKind.TABLE and (move.dealer_id, move.at) in with_relief:
            continue
        went = going.get((move.relieved_id, move.at)) if move.kind == MoveKind.TABLE else None
        entries.append(FloorEntry(move.at, wording.move_words(
            move, went, clock=lambda moment: moment.astimezone(zone).strftime("%H:%M"))))
    return entries[::-1]
