"""The demo's card rooms (issue 32): at each casino, a list for each game its card room
deals (going while its table runs), one for a game players ask for that no table deals
yet (interest), players waiting on them (one rated, by his card; one called and waiting
to show), and a few seats taken, so the desk and the room's public board open on a room
that runs."""

from __future__ import annotations

from decimal import Decimal

from tables.cardroom import services
from tables.cardroom.models import Waitlist
from tables.floor.models import Casino, Table, TableStatus
from tables.floor.stakes import stake_pair

# Who waits at each casino's first list (the second, at the wanted game).
WAITING = ["Ann Kowalski", "Bo Lee", "Cy Diaz", "Di Ng", "Ed Oh"]
WANTED = ["Flo Reyes", "Gus Tam", "Hal Moss"]


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
            services.entry_join(actor=supervisor, waitlist=first, card="10077")
            joined += 1
        for name in WANTED:
            services.entry_join(actor=supervisor, waitlist=wanted, name=name)
            joined += 1
    return joined
