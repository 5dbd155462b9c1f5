"""The card room desk's read (/pit/cardroom/, the brush's page): each list with its
players in order (when each joined and was called, on the casino's clock), the tables
running with their seats taken and open, and for a main game fed by a must-move game,
who moves next when one of its seats opens."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from tables.cardroom import selectors
from tables.cardroom.models import SeatTaken, Waitlist, game_label
from tables.cardroom.room import open_seats
from tables.floor.models import Casino, Table, TableStatus
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


@dataclass
class TableDesk:
    table: Table
    label: str  # its game at its stakes
    taken: list[SeatTaken] = field(default_factory=list)
    open_seats: list[int] = field(default_factory=list)  # the seat numbers not taken
    open_count: int = 0  # as the room's board counts them (its latest hand's players too)


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
    active = list(selectors.active_lists(casino).select_related("feeds"))
    lists_now, changes = selectors.lists_now(active), {t.pk: t for t in taken}

    def waiting(pk: int) -> Waiting:
        entry, called = lists_now.entries[pk], lists_now.called.get(pk)
        return Waiting(pk, entry.name, clock(entry.joined_at), clock(called) if called else "",
                       bool(entry.phone), entry.player_id is not None,
                       _change(changes.get(entry.change_from_id)), entry.player_id)

    lists = [ListDesk(w, lists_now.status(w), [waiting(pk) for pk in lists_now.order[w.pk]],
                      lists_now.tables[w.pk]) for w in active]
    _must_move(lists, seats)
    closed = [t for t in Table.objects.filter(casino=casino, status=TableStatus.CLOSED)
              .order_by("label") if t.is_poker]
    counted = open_seats(casino, tables, now)
    return Desk(casino, now.astimezone(zone).tzname(), lists,
                [TableDesk(t, _game(t), [s for s in taken if s.table_id == t.pk],
                           seats.open_seats(t.pk, t.seats), counted[t.pk]) for t in tables],
                closed)


def players_shown(shown: Desk) -> list[int | None]:
    """The player records the desk names (those waiting, those seated): the privacy log
    reads them."""
    return [*(w.player for lists in shown.lists for w in lists.waiting),
            *(taken.player_id for table in shown.tables for taken in table.taken)]


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
