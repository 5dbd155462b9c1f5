"""Reads of the dealers' stints (tables.rules.stints) from their moves and the tables'
audited history: who dealt which table between when, cut at each casino's shifts, for the
dealer performance report and the checks that a recorded round lies in its dealer's
stint."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from casino.house.models import Casino
from tables.floor.models import Table, TableStatus
from tables.pit.models import DealerMove
from tables.pit.selectors import SHIFT_AT_MOST
from tables.rules import stints as rules

# A stint the floor ended began at most this long before (after SHIFT_AT_MOST the floor
# has forgotten its dealer, and his next move is a clock-in); an unended one counts to the
# end of the shift it began in, sooner.
LOOKBACK = SHIFT_AT_MOST


def shift_clock(casino: Casino) -> rules.ShiftOf:
    """The casino's shifts as the rules read them: the one an instant falls in."""
    def shift_of(moment: dt.datetime) -> rules.Shift:
        day, number = casino.gaming_day(moment), casino.shift(moment)
        return rules.Shift(day, number, *casino.shift_bounds(day, number))
    return shift_of


@dataclass(frozen=True)
class Dealt:
    """Who dealt what over a span: each (casino id, dealer id)'s stints, the tables' closed
    spans and the casinos' shift clocks, with the tables' games."""

    stints: dict[tuple[int, int], list[rules.Stint]]
    rests: dict[tuple[int, int], list[tuple[dt.datetime, dt.datetime]]]
    closed: dict[int, list[tuple[dt.datetime, dt.datetime]]]
    clocks: dict[int, rules.ShiftOf]
    games: dict[int, str]

    def parts(self, casino_id: int, stint: rules.Stint) -> list[rules.Part]:
        return rules.parts(stint, self.clocks[casino_id], self.closed.get(stint.table, ()))


def dealt(casinos: Iterable[Casino], *, since: dt.datetime, until: dt.datetime,
          now: dt.datetime, dealer=None,
          rounds: Callable[[int], rules.LastRound] | None = None) -> Dealt:
    """The stints that may lie between ``since`` and ``until`` at the casinos (of one
    dealer, if named): their moves from LOOKBACK before to LOOKBACK after (where the last
    ones end), up to now. ``rounds(dealer id)``: where his last round at a table is read,
    for a stint never ended (the recordings are above the floor: their reader passes it)."""
    casinos = {c.pk: c for c in casinos}
    moves = DealerMove.objects.filter(casino__in=list(casinos), at__gte=since - LOOKBACK,
                                      at__lte=min(now, until + LOOKBACK))
    if dealer is not None:
        moves = moves.filter(dealer=dealer)
    by_dealer = defaultdict(list)
    for casino_id, dealer_id, at, kind, table_id, back in moves.order_by(
            "at", "id").values_list("casino", "dealer", "at", "kind", "table", "until"):
        by_dealer[(casino_id, dealer_id)].append(rules.Move(at, kind, table_id, back))
    clocks = {pk: shift_clock(casino) for pk, casino in casinos.items()}
    tables = dict(Table.objects.filter(casino__in=list(casinos)).values_list("pk", "game"))
    return Dealt({key: rules.stints(his, shift_of=clocks[key[0]], now=now,
                                    memory=SHIFT_AT_MOST,
                                    last_round=rounds(key[1]) if rounds else None)
                  for key, his in by_dealer.items()},
                 {key: rules.rests(his, now=now) for key, his in by_dealer.items()},
                 closed_spans(tables, since=since - LOOKBACK, until=until + LOOKBACK,
                              now=now),
                 clocks, tables)


def closed_spans(tables: Iterable[int], *, since: dt.datetime, until: dt.datetime,
                 now: dt.datetime) -> dict[int, list[tuple[dt.datetime, dt.datetime]]]:
    """Each table's spans closed between ``since`` and ``until``, [closed, opened again),
    read from its audited history (each change a snapshot: the table as it was then)."""
    events = Table.pgh_event_model.objects.filter(pgh_obj__in=list(tables))
    before = (events.filter(pgh_created_at__lt=since)
              .order_by("pgh_obj", "-pgh_created_at", "-pgh_id").distinct("pgh_obj"))
    during = events.filter(pgh_created_at__gte=since, pgh_created_at__lte=min(until, now))
    shut: dict[int, dt.datetime] = {}
    spans = defaultdict(list)
    for rows in (before, during.order_by("pgh_created_at", "pgh_id")):
        for table, at, status in rows.values_list("pgh_obj", "pgh_created_at", "status"):
            if status != TableStatus.OPEN:
                shut.setdefault(table, max(at, since))
            elif table in shut:
                spans[table].append((shut.pop(table), at))
    for table, at in shut.items():
        spans[table].append((at, max(now, at)))
    return dict(spans)
