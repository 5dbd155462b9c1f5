"""What the card room's public board shows (its screens, without a login): each game at
its stakes, running or wanted, with its tables and their open seats, and who waits for
it by initials only (never a name or a number); the same in one read for every screen.

A table's open seats are its seats less the seats taken (the floor's records) or, where
its latest hand of the last ten minutes dealt more players, less those: the floor knows
either."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from tables.cardroom import selectors
from tables.cardroom.models import Waitlist, game_label
from tables.floor.models import Casino, Table, TableStatus
from tables.floor.stakes import stake_pair
from tables.poker.models import PokerHand

HANDS_WITHIN = dt.timedelta(minutes=10)


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
    seats_open = open_seats(casino, tables, now)
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
        found.tables.append((table.label, seats_open[table.pk]))
    ordered = sorted(games.values(), key=lambda g: (not g.going, g.label))
    local = now.astimezone(casino.zone)
    return RoomBoard(casino, local.tzname(), local.strftime("%H:%M"), ordered)


def _key_of(waitlist: Waitlist) -> tuple:
    return (waitlist.game, waitlist.structure, waitlist.small, waitlist.big,
            waitlist.feeds_id)


def open_seats(casino: Casino, tables: list[Table], now: dt.datetime) -> dict[int, int]:
    """Per table, its seats open as the floor knows them (the module's doc)."""
    taken: dict[int, int] = {}
    for seat in selectors.open_seats_taken(casino):
        taken[seat.table_id] = taken.get(seat.table_id, 0) + 1
    dealt = dict(PokerHand.objects.filter(table__in=tables, recorded_at__gte=now - HANDS_WITHIN)
                 .order_by("table_id", "-recorded_at").distinct("table_id")
                 .values_list("table_id", "players_dealt"))
    return {t.pk: max(0, t.seats - max(taken.get(t.pk, 0), dealt.get(t.pk) or 0))
            for t in tables}
