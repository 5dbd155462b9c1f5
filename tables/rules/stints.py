"""A dealer's time on the tables (issue 44): his stints, cut at the casino's shifts.

A **stint** is a dealer's time at one table: it begins with his move onto it (a relief,
his own tap, or the first round he records there) and ends with his next move on that
casino's floor (a relief elsewhere, a break, his meal, his clock-out): the floor had him
there until then. While the table is closed he deals nothing (the floor has him on no
table), so its closed spans are left out of the stint's time; opened again with him still
on it, he deals it again, as the floor says.

A clock-in is not an end: the floor refuses one while he is clocked in, so his next move
being a clock-in says the floor had forgotten him. A stint with no end yet is
**running** while the floor still counts him (less than ``memory`` since his clock-in:
the floor's SHIFT_AT_MOST): it counts to now. Once the floor has forgotten him with no
move (a forgotten clock-out), it **was never ended**: it counts to the end of the shift
it began in and no further (or to his last round at that table, if later: the records
say he was there), never past the moment the floor forgot him, and is flagged
(``Stint.unended``).

A stint that runs past its shift's end is cut there (``parts``): each part counts on the
gaming day and shift it lies in. A dealer's stints follow one another (each ends at the
latest with his next move), so his parts never overlap: he deals one table at a time,
and no more hours in a shift, or a day, than it has.

Plain data in, plain data out: ``tables.pit.stints`` reads the moves and the tables'
closed spans.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

TABLE, CLOCK_IN = "table", "clock_in"  # tables.pit.models.MoveKind's values
BREAKS = ("break", "meal")


@dataclass(frozen=True)
class Move:
    """One of a dealer's moves on a casino's floor: ``kind`` as MoveKind stores it
    (clock_in, table, break, meal, clock_out), ``table`` for a move onto one."""

    at: dt.datetime
    kind: str
    table: int | None = None
    until: dt.datetime | None = None  # a break's end


@dataclass(frozen=True)
class Shift:
    """A shift of a gaming day and the instants it runs between, [begin, end)."""

    day: dt.date
    number: int
    begin: dt.datetime
    end: dt.datetime


# The shift an instant falls in, on the casino's clock (Casino.shift_bounds).
ShiftOf = Callable[[dt.datetime], Shift]


@dataclass(frozen=True)
class Stint:
    table: int
    start: dt.datetime
    end: dt.datetime  # as far as it counts
    ended: bool = True  # by his next move
    running: bool = False  # no end yet, the floor still counting him: to now

    @property
    def unended(self) -> bool:
        """Never ended, the floor having forgotten him: a forgotten clock-out."""
        return not self.ended and not self.running

    def covers(self, moment: dt.datetime) -> bool:
        return self.start <= moment <= self.end


@dataclass(frozen=True)
class Part:
    """The part of a stint within one shift."""

    stint: Stint
    shift: Shift
    start: dt.datetime
    end: dt.datetime

    @property
    def seconds(self) -> float:
        return (self.end - self.start).total_seconds()


# His last round at a table between two instants, if any: (table, after, until) -> when.
LastRound = Callable[[int, dt.datetime, dt.datetime], dt.datetime | None]


def stints(moves: Iterable[Move], *, shift_of: ShiftOf, now: dt.datetime,
           memory: dt.timedelta, last_round: LastRound | None = None) -> list[Stint]:
    """One dealer's stints at one casino from his moves there, in the order recorded
    (those after ``now`` are not yet). ``memory``: how long after his clock-in the floor
    counts a dealer who never clocked out; ``last_round``: where the records of his
    rounds are read (none: a stint never ended counts to its shift's end)."""
    moves = sorted((m for m in moves if m.at <= now), key=lambda m: m.at)
    found, clocked_in = [], None
    for move, after in _each_with_next(moves):
        if move.kind == CLOCK_IN:
            clocked_in = move.at
        if move.kind != TABLE or move.table is None:
            continue
        if after is not None and after.kind != CLOCK_IN:
            found.append(Stint(move.table, move.at, after.at))
            continue
        # The floor forgets him ``memory`` after his clock-in (after his move onto the
        # table, where his clock-in came before the moves read), or at his next clock-in.
        forgot = min([(clocked_in or move.at) + memory, *([after.at] if after else [])])
        if after is None and now < forgot:
            found.append(Stint(move.table, move.at, now, ended=False, running=True))
            continue
        last = shift_of(move.at).end
        seen = last_round(move.table, move.at, forgot) if last_round else None
        if seen is not None:
            last = max(last, seen)
        found.append(Stint(move.table, move.at, min(last, forgot, now), ended=False))
    return found


def _each_with_next(moves: list[Move]):
    """Each move and the dealer's next (None after his last)."""
    return zip(moves, [*moves[1:], None], strict=False)


def parts(stint: Stint, shift_of: ShiftOf,
          closed: Sequence[tuple[dt.datetime, dt.datetime]] = ()) -> list[Part]:
    """The stint's time cut at each shift's end it runs past, without the spans its table
    was closed (``closed``: [from, to) in order): a part per shift, or more where a
    closing splits one. A stint of no length is one part of none (unless closed)."""
    found, start = [], stint.start
    while True:
        shift = shift_of(start)
        end = min(stint.end, shift.end)
        found += [Part(stint, shift, a, b) for a, b in _open_spans(start, end, closed)]
        if end >= stint.end:
            return found
        start = end


def _open_spans(start: dt.datetime, end: dt.datetime,
                closed: Sequence[tuple[dt.datetime, dt.datetime]]) -> list[tuple]:
    """[start, end] less the closed spans [shut, opened)."""
    spans, at = [], start
    for shut, opened in closed:
        if opened <= shut or opened <= at or shut > end:
            continue
        if shut > at:
            spans.append((at, shut))
        at = opened
        if at >= end:
            return spans
    if at < end or (at == end and not spans):
        spans.append((at, end))
    return spans


def rests(moves: Iterable[Move], *, now: dt.datetime) -> list[tuple[dt.datetime, dt.datetime]]:
    """A dealer's breaks and meals, each from its start to the first of its end and his
    next move (a break cut short by a relief), and not past now."""
    moves = sorted((m for m in moves if m.at <= now), key=lambda m: m.at)
    return [(move.at, max(move.at, min(move.until or move.at, now,
                                       *([after.at] if after else []))))
            for move, after in _each_with_next(moves) if move.kind in BREAKS]


def covering(found: Sequence[Stint], table: int, moment: dt.datetime) -> Stint | None:
    """The stint at ``table`` that ``moment`` lies in (its first and last instants
    included: a round recorded as he takes the table is his), if any."""
    return next((s for s in found if s.table == table and s.covers(moment)), None)
