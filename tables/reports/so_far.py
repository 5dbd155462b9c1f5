"""Each table's gaming day so far, for the live board (tables.board): the rounds of the
day, of the shift running now and of the hour running now, the day's action and win.

The day's kept hours (TableHour) are read as kept; the hours not kept (the hour running
now, the last one until its beat, any the beat missed) are read from the records. A live
board reads this once a second at a busy floor, so a ``Minutes`` of the process may keep
the figures of each whole minute over by a minute (a round commits within a second of
its recording): each read then asks the records for the last minute or two only. A
supervisor's void changes a minute already kept, so any void recorded since drops them;
a round recorded later into a kept minute (an offline tablet's, issue 33) is left out of
them, as it is of a kept hour: the day's reports count every record."""

from __future__ import annotations

import datetime as dt
import threading
from collections import defaultdict
from decimal import Decimal

from django.db.models import Max

from casino.house.models import Casino
from tables.poker.models import PokerHandVoid
from tables.reports.hourly import HOUR, ZERO, figures, hour_of
from tables.reports.models import TableHour
from tables.stud.models import StudRoundVoid

MINUTE = dt.timedelta(minutes=1)
SETTLED = dt.timedelta(minutes=1)


class Minutes:
    """The figures of whole minutes long over, per casino and minute (a process's own;
    thread-safe, each casino's read is one at a time: tables.board.live)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._mark: tuple | None = None
        self._kept: dict[int, dict[dt.datetime, dict[int, dict]]] = {}

    def check(self) -> None:
        """Drop every kept minute if a void was recorded since they were read."""
        mark = (StudRoundVoid.objects.aggregate(last=Max("pk"))["last"],
                PokerHandVoid.objects.aggregate(last=Max("pk"))["last"])
        with self._lock:
            if mark != self._mark:
                self._mark, self._kept = mark, {}

    def figures(self, casino: Casino, start: dt.datetime, end: dt.datetime,
                now: dt.datetime) -> dict[int, dict]:
        """``hourly.figures`` of [start, end), the minutes over by SETTLED from here."""
        settled = max(start, min(end, (now - SETTLED).replace(second=0, microsecond=0)))
        with self._lock:
            kept = self._kept.setdefault(casino.pk, {})
        missing = [m for m in _minutes(start, settled) if m not in kept]
        if missing:
            found: dict[dt.datetime, dict[int, dict]] = {m: {} for m in missing}
            for (table, minute), figure in figures(casino, missing[0], missing[-1] + MINUTE,
                                                   by_minute=True).items():
                if minute in found:
                    found[minute][table] = figure
            with self._lock:
                kept.update(found)
        total: dict[int, dict] = defaultdict(lambda: {"rounds": 0, "action": ZERO,
                                                      "win": ZERO})
        for minute in _minutes(start, settled):
            for table, figure in kept[minute].items():
                _plus(total[table], figure)
        for table, figure in figures(casino, settled, end).items():
            _plus(total[table], figure)
        return dict(total)

    def forget_before(self, casino: Casino, moment: dt.datetime) -> None:
        with self._lock:
            kept = self._kept.get(casino.pk, {})
            for minute in [m for m in kept if m < moment]:
                del kept[minute]


def _minutes(start: dt.datetime, end: dt.datetime) -> list[dt.datetime]:
    found, minute = [], start
    while minute < end:
        found.append(minute)
        minute += MINUTE
    return found


def so_far(casino: Casino, now: dt.datetime, minutes: Minutes | None = None) -> dict[int, dict]:
    """Per table: ``rounds``, ``action`` and ``win`` of the gaming day so far,
    ``shift_rounds`` of the shift running now, ``hour_rounds`` of the hour running now."""
    day = casino.gaming_day(now)
    day_start, _ = casino.day_bounds(day)
    shift_start, _ = casino.shift_bounds(day, casino.shift(now))
    this_hour = hour_of(casino, now)
    found: dict[int, dict] = defaultdict(lambda: {"rounds": 0, "action": ZERO, "win": ZERO,
                                                  "shift_rounds": 0, "hour_rounds": 0})
    kept = set()
    for h in TableHour.objects.filter(table__casino=casino, gaming_day=day,
                                      hour__lt=this_hour):
        kept.add(h.hour)
        _add(found[h.table_id], h.rounds, h.action, h.win, in_shift=h.hour >= shift_start)
    spans = _spans_not_kept(day_start, this_hour, kept, shift_start)
    end = now + dt.timedelta(microseconds=1)
    if minutes is not None:
        minutes.check()
        minutes.forget_before(casino, spans[0][0] if spans else this_hour)

    def read(start, until):
        return (figures(casino, start, until) if minutes is None
                else minutes.figures(casino, start, until, now))

    for start, until in spans:
        for table, figure in read(start, until).items():
            _add(found[table], figure["rounds"], figure["action"], figure["win"],
                 in_shift=start >= shift_start)
    for table, figure in read(this_hour, end).items():
        _add(found[table], figure["rounds"], figure["action"], figure["win"], in_shift=True)
        found[table]["hour_rounds"] = figure["rounds"]
    return dict(found)


def _plus(into: dict, figure: dict) -> None:
    for name in ("rounds", "action", "win"):
        into[name] += figure[name]


def _add(into: dict, rounds: int, action: Decimal, win: Decimal, *, in_shift: bool) -> None:
    _plus(into, {"rounds": rounds, "action": action, "win": win})
    if in_shift:
        into["shift_rounds"] += rounds


def _spans_not_kept(start: dt.datetime, end: dt.datetime, kept: set,
                    shift_start: dt.datetime) -> list[tuple[dt.datetime, dt.datetime]]:
    """The runs of whole hours in [start, end) with no kept hour, each split where the
    shift running now began (its rounds count for the shift too)."""
    spans, hour = [], start
    while hour < end:
        if hour in kept:
            hour += HOUR
            continue
        begin = hour
        while hour < end and hour not in kept and (hour == begin or hour != shift_start):
            hour += HOUR
        spans.append((begin, hour))
    return spans
