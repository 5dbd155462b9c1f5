"""The card room's waiting lists (issue 32): who waits for a game, in which order, who is
called next, who moves from a must-move game, and which seat a player may take.

A list's order is the order its players joined. Staff may move an entry, with a reason
the service records; a called player who does not show moves down the list (or off it,
by the room's rule); a seated or removed player leaves it. Nothing else changes the
order. So the order is never stored: it is the list's history replayed, every join,
move and departure in the order they happened (``order``), and the same history always
gives the same order.

A seat holds one player, and a player holds one seat at a time in the room (``Seats``):
a seat taken is his until he leaves it.

Plain data in, plain data out: the card room's service reads a list's history and seats,
and writes each step as a record (tables.cardroom).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum


class Step(StrEnum):
    """What changes a list's order (a call does not: ``Call``)."""

    JOINED = "joined"
    MOVED = "moved"  # staff moved it (with a reason), or a no-show moved it down
    SEATED = "seated"
    REMOVED = "removed"  # staff took it off (with a reason), or a no-show took it off


LEAVES = (Step.SEATED, Step.REMOVED)


@dataclass(frozen=True)
class Event:
    """One step of one entry of a list. ``before``: for a move, the entry it now stands
    just above (None: the bottom of the list)."""

    entry: int
    step: Step
    at: dt.datetime
    seq: int  # the record's own order, for steps at the same instant
    before: int | None = None


def order(events: Iterable[Event]) -> list[int]:
    """The entries waiting, first to last: the list's history replayed."""
    waiting: list[int] = []
    for event in sorted(events, key=lambda e: (e.at, e.seq)):
        if event.step == Step.JOINED:
            if event.entry not in waiting:
                waiting.append(event.entry)
        elif event.step == Step.MOVED and event.entry in waiting:
            waiting.remove(event.entry)
            at = waiting.index(event.before) if event.before in waiting else len(waiting)
            waiting.insert(at, event.entry)
        elif event.step in LEAVES and event.entry in waiting:
            waiting.remove(event.entry)
    return waiting


def before_for(waiting: Sequence[int], entry: int, position: int) -> int | None:
    """The ``before`` of a move that puts ``entry`` at ``position`` (0: the top) of the
    list as it is without it: the entry that will follow it, None at the bottom."""
    others = [e for e in waiting if e != entry]
    position = max(0, min(position, len(others)))
    return others[position] if position < len(others) else None


def down_by(waiting: Sequence[int], entry: int, places: int) -> int | None:
    """The ``before`` of a no-show's move ``places`` down the list (the bottom at most)."""
    return before_for(waiting, entry, waiting.index(entry) + places)


@dataclass(frozen=True)
class Call:
    entry: int
    at: dt.datetime


def overdue(calls: Iterable[Call], waiting: Sequence[int], now: dt.datetime,
            within: dt.timedelta) -> list[int]:
    """The entries still waiting whose last call is older than ``within``: no-shows."""
    last: dict[int, dt.datetime] = {}
    for call in calls:
        last[call.entry] = max(call.at, last.get(call.entry, call.at))
    return [e for e in waiting if e in last and now - last[e] > within]


def next_to_call(waiting: Sequence[int], called: Iterable[int]) -> int | None:
    """The first entry waiting that has not been called (a called one waits his turn to
    show: the next seat calls the next)."""
    called = set(called)
    return next((e for e in waiting if e not in called), None)


@dataclass(frozen=True)
class Taken:
    """A seat taken: by whom (``who``: as the room calls him) and since when. ``key``: who
    he is, where two names may be one player (his card) or one name two players (two
    walk-ins both "J.S."); blank: ``who``. ``where``: the table as staff name it."""

    table: int
    seat: int
    who: str
    since: dt.datetime
    key: str = ""
    where: str = ""

    @property
    def person(self) -> str:
        return self.key or self.who

    @property
    def place(self) -> str:
        return f"seat {self.seat} of {self.where or f'table {self.table}'}"


class SeatRefused(ValueError):
    pass


class Seats:
    """The room's seats as they stand: each taken seat's player, each player's seat."""

    def __init__(self, taken: Iterable[Taken] = ()):
        self._by_seat: dict[tuple[int, int], Taken] = {}
        self._by_who: dict[str, Taken] = {}
        for seat in taken:
            self.take(seat)

    def take(self, seat: Taken) -> None:
        """Refused (``SeatRefused``, in words) if the seat is taken or the player already
        sits elsewhere."""
        holder = self._by_seat.get((seat.table, seat.seat))
        if holder is not None:
            raise SeatRefused(f"{seat.place} is taken by {holder.who}")
        elsewhere = self._by_who.get(seat.person)
        if elsewhere is not None:
            raise SeatRefused(f"{seat.who} already sits at {elsewhere.place}")
        self._by_seat[(seat.table, seat.seat)] = seat
        self._by_who[seat.person] = seat

    def leave(self, table: int, seat: int) -> Taken:
        taken = self._by_seat.pop((table, seat), None)
        if taken is None:
            raise SeatRefused(f"seat {seat} is free")
        del self._by_who[taken.person]
        return taken

    def taken_at(self, table: int) -> list[Taken]:
        return sorted((t for t in self._by_seat.values() if t.table == table),
                      key=lambda t: t.seat)

    def open_seats(self, table: int, seats: int) -> list[int]:
        held = {t.seat for t in self.taken_at(table)}
        return [n for n in range(1, seats + 1) if n not in held]


def moves_next(feeder: Iterable[Taken]) -> Taken | None:
    """Who moves from a must-move game to its main game when a main seat opens: the
    player seated longest at the must-move tables (the order they came to the game)."""
    return min(feeder, key=lambda t: (t.since, t.table, t.seat), default=None)


# How many of a game's latest seatings its estimated wait reads, and how few are too few.
WAITS_READ, WAITS_NEEDED = 10, 3


def estimated_wait(waits: Sequence[dt.timedelta], *, last: int = WAITS_READ,
                   needed: int = WAITS_NEEDED) -> dt.timedelta | None:
    """A game's estimated wait: the median of its ``last`` waits (each from a player's
    join to his seating, oldest first), rounded to the minute; None with fewer than
    ``needed`` (too few to say). The median, not the mean: one player who waited an hour
    for a friend's table would pull a mean far from what the next player waits."""
    recent = sorted(waits[-last:]) if last > 0 else []
    if len(recent) < max(1, needed):
        return None
    middle = len(recent) // 2
    median = (recent[middle] if len(recent) % 2 else
              (recent[middle - 1] + recent[middle]) / 2)
    return dt.timedelta(minutes=round(median.total_seconds() / 60))
