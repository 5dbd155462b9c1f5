"""What the card room's public board shows (its screens, without a login): each game at
its stakes, running or wanted, with its tables and their open seats, and who waits for
it by initials only (never a name or a number); the same in one read for every screen.

A table's open seats are its seats less those taken, as every page reads them
(tables.cardroom.seating)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from casino.house.models import Casino
from tables.cardroom import seating, selectors
from tables.cardroom.models import Waitlist, game_label
from tables.floor.models import Table, TableStatus
from tables.floor.stakes import stake_pair


@dataclass
class GameLine:
    label: str
    going: bool
    tables: list[tuple[str, int]] = field(default_factory=list)  # (label, open seats)
    waiting: list[tuple[str, bool]] = field(default_factory=list)  # (initials, called)
    must_move: str = ""  # the main game this one feeds
    listed: bool = False  # a list keeps who waits for it

    @property
    def key(self) -> str:
        return "".join(c for c in self.label if c.isalnum())


@dataclass
class RoomBoard:
    casino: Casino
    zone: str
    as_of: str
    games: list[GameLine]

    @property
    def id(self) -> int:
        return self.casino.pk


def room_board(casino: Casino, now: dt.datetime) -> RoomBoard:
    tables = [t for t in Table.objects.filter(casino=casino, status=TableStatus.OPEN)
              .order_by("label") if t.is_poker]
    seats = seating.seats_now(tables, now)
    lists = list(selectors.active_lists(casino).select_related("feeds"))
    now_ = selectors.lists_now(lists)
    games: dict[tuple, GameLine] = {}
    for waitlist in lists:
        games[_key_of(waitlist)] = GameLine(
            waitlist.label, going=False, listed=True,
            waiting=[(now_.entries[pk].initials, pk in now_.called)
                     for pk in now_.order[waitlist.pk]],
            must_move=waitlist.feeds.label if waitlist.feeds_id else "")
    for table in tables:
        key = (table.game, table.structure, *stake_pair(table), None)
        found = games.setdefault(key, GameLine(
            game_label(table.game, table.structure, *stake_pair(table)), going=True))
        found.going = True
        found.tables.append((table.label, seats[table.pk].open_count))
    ordered = sorted(games.values(), key=lambda g: (not g.going, g.label))
    local = now.astimezone(casino.zone)
    return RoomBoard(casino, local.tzname(), local.strftime("%H:%M"), ordered)


def _key_of(waitlist: Waitlist) -> tuple:
    return (waitlist.game, waitlist.structure, waitlist.small, waitlist.big,
            waitlist.feeds_id)
