"""The card room desk's read (/pit/cardroom/, the brush's page): each list with its
players in order (when each joined and was called, on the casino's clock) and its
estimated wait, the tables running with their seats taken and open (who sits where as
every page reads it: tables.cardroom.seating), and for a main game fed by a must-move
game, who moves next when one of its seats opens."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from casino.house.models import Casino
from tables.cardroom import selectors
from tables.cardroom.models import SeatTaken, Waitlist, game_label
from tables.cardroom.seating import TableSeats, seats_now
from tables.floor.models import Table, TableStatus
from tables.floor.stakes import stake_pair
from tables.rules import waitlist as rules


@dataclass
class Waiting:
    id: int
    name: str
    joined: str
    called: str  # HH:MM of his last call, or blank
    phone: bool
    rated: bool
    change_from: str  # "HE-1 seat 3" for a table change
    player: int | None = None  # his player record's id, where he is rated


@dataclass
class ListDesk:
    waitlist: Waitlist
    status: str
    waiting: list[Waiting]
    tables: list[Table]
    moves_next: str = ""  # for a main game fed by a must-move game
    maps: list[TableSeats] = field(default_factory=list)  # its tables' seats, to tap one
    wait: dt.timedelta | None = None  # its estimated wait (None: too few seatings yet)
    waits_read: int = 0  # how many of its seatings the estimate read

    @property
    def wait_words(self) -> str:
        if self.wait is None:
            return "no estimate yet"
        return f"about {int(self.wait.total_seconds() // 60)} min"


@dataclass
class TableDesk:
    table: Table
    label: str  # its game at its stakes
    seats: TableSeats  # who sits where, as every page reads it


@dataclass
class Desk:
    casino: Casino
    zone: str
    lists: list[ListDesk]
    tables: list[TableDesk]
    closed: list[Table]  # the card-room tables the brush may open


def desk(casino: Casino, now: dt.datetime) -> Desk:
    zone = casino.zone

    def clock(moment: dt.datetime) -> str:
        return moment.astimezone(zone).strftime("%H:%M")

    seats = selectors.seats_of(casino)
    taken = list(selectors.open_seats_taken(casino).order_by("table__label", "seat"))
    tables = [t for t in Table.objects.filter(casino=casino, status=TableStatus.OPEN)
              .order_by("label") if t.is_poker]
    sitting = seats_now(tables, now)
    active = list(selectors.active_lists(casino).select_related("feeds"))
    lists_now, changes = selectors.lists_now(active), {t.pk: t for t in taken}

    def waiting(pk: int) -> Waiting:
        entry, called = lists_now.entries[pk], lists_now.called.get(pk)
        return Waiting(pk, entry.name, clock(entry.joined_at), clock(called) if called else "",
                       bool(entry.phone), entry.player_id is not None,
                       _change(changes.get(entry.change_from_id)), entry.player_id)

    waits = selectors.waits_of(casino, now)
    lists = [ListDesk(w, lists_now.status(w), [waiting(pk) for pk in lists_now.order[w.pk]],
                      lists_now.tables[w.pk],
                      maps=[sitting[t.pk] for t in lists_now.tables[w.pk]],
                      wait=rules.estimated_wait(waits.get(selectors.game_key(w), [])),
                      waits_read=min(rules.WAITS_READ,
                                     len(waits.get(selectors.game_key(w), []))))
             for w in active]
    _must_move(lists, seats)
    closed = [t for t in Table.objects.filter(casino=casino, status=TableStatus.CLOSED)
              .order_by("label") if t.is_poker]
    return Desk(casino, now.astimezone(zone).tzname(), lists,
                [TableDesk(t, _game(t), sitting[t.pk]) for t in tables], closed)


def players_shown(shown: Desk) -> list[int | None]:
    """The player records the desk names (those waiting, those seated): the privacy log
    reads them."""
    return [*(w.player for lists in shown.lists for w in lists.waiting),
            *(sitter.player for table in shown.tables for sitter in table.seats.taken)]


def _change(seat: SeatTaken | None) -> str:
    return f"{seat.table.label} seat {seat.seat}" if seat is not None else ""


def _game(table: Table) -> str:
    return game_label(table.game, table.structure, *stake_pair(table))


def _must_move(lists: list[ListDesk], seats: rules.Seats) -> None:
    """Each main game's next mover: the player seated longest at its must-move game's
    tables."""
    by_list = {d.waitlist.pk: d for d in lists}
    for feeder in lists:
        main = by_list.get(feeder.waitlist.feeds_id)
        if main is None:
            continue
        seated = [t for table in feeder.tables for t in seats.taken_at(table.pk)]
        first = rules.moves_next(seated)
        main.moves_next = (f"{first.who} ({first.place}, seated since "
                           f"{first.since.astimezone(feeder.waitlist.casino.zone):%H:%M})"
                           if first else "")
