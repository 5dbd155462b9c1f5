"""The demo's card rooms (issue 32): at each casino, a list for each game its card room
deals (going while its table runs), one for a game players ask for that no table deals
yet (interest), players waiting on them (one rated, by his card; one called and waiting
to show), and its tables' seats taken, so the desk and the room's public board open on a
room that runs (issue 44, point 3): the first game's table full, its list waiting for it,
filled over the last hours by players seated from that list (their waits the desk's
estimate reads), the other games' tables with players at them."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.utils import timezone

from casino.house.models import Casino
from tables.cardroom import services
from tables.cardroom.models import Waitlist
from tables.floor.models import Table, TableStatus
from tables.floor.stakes import stake_pair
from tables.management.demo_history import clock_at

# Who waits at each casino's first list (the second, at the wanted game).
WAITING = ["Ann Kowalski", "Bo Lee", "Cy Diaz", "Di Ng", "Ed Oh"]
WANTED = ["Flo Reyes", "Gus Tam", "Hal Moss"]
# Who was seated from the first list over the last hours, at which seat, after how many
# minutes' wait (a 20/40 list's usual quarter to half hour).
SEATED = [("Max Roy", 2, 12), ("Nia Poe", 3, 25), ("Oz Kahn", 5, 18), ("Pia Lund", 6, 31),
          ("Quin Yu", 7, 22), ("Rex Hale", 8, 15), ("Sal Ortiz", 9, 27)]
# The walk-ins at each other game's table, by seat.
PLAYING = [(1, "T.B."), (2, "Uma"), (3, "V.C."), (5, "Wes"), (6, "X.D."), (8, "Yan")]


def run_cardroom(supervisor, casinos: list[Casino]) -> int:
    """The card rooms' lists, once (a demo loaded again adds none). How many joined."""
    joined = 0
    for casino in casinos:
        if Waitlist.objects.filter(casino=casino).exists():
            continue
        tables = [t for t in Table.objects.filter(casino=casino, status=TableStatus.OPEN)
                  .order_by("label") if t.is_poker and t.structure]
        going = [services.waitlist_open(actor=supervisor, casino=casino, game=t.game,
                                        structure=t.structure, small=stake_pair(t)[0],
                                        big=stake_pair(t)[1]) for t in tables]
        wanted = services.waitlist_open(actor=supervisor, casino=casino, game="omaha",
                                        structure="pot_limit", small=Decimal(2),
                                        big=Decimal(5))
        if going:
            first = going[0]
            for n, name in enumerate(WAITING):
                entry, _ = services.entry_join(actor=supervisor, waitlist=first, name=name,
                                               phone=f"+1 702 555 01{n:02d}" if n < 2 else "")
                joined += 1
                if n == 0:
                    services.entry_call(actor=supervisor, entry=entry)
            for seat, name in ((1, "J.S."), (4, "Kim")):
                services.seat_take(actor=supervisor, table=tables[0], seat=seat, name=name)
            _seated_earlier(supervisor, first, tables[0])
            services.entry_join(actor=supervisor, waitlist=first, card="10077")
            joined += 1
        for table in tables[1:]:
            for seat, name in PLAYING:
                services.seat_take(actor=supervisor, table=table, seat=seat, name=name)
        for name in WANTED:
            services.entry_join(actor=supervisor, waitlist=wanted, name=name)
            joined += 1
    return joined


def _seated_earlier(supervisor, waitlist: Waitlist, table: Table) -> None:
    """The players seated from the list over the last five hours, one every 40 minutes,
    each on the clock of his join and of his seat."""
    start = timezone.now() - dt.timedelta(hours=5)
    for n, (name, seat, waited) in enumerate(SEATED):
        joined = start + dt.timedelta(minutes=40 * n)
        with clock_at(joined):
            entry, _ = services.entry_join(actor=supervisor, waitlist=waitlist, name=name)
        with clock_at(joined + dt.timedelta(minutes=waited)):
            services.entry_seat(actor=supervisor, entry=entry, table=table, seat=seat)
