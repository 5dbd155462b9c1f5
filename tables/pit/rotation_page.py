"""The rotation page's read: the floor now, pit by pit, in the rows the page shows (the
proposed reliefs, overdue ones said so, what to flag, each open table and its dealer and
how late its relief is, each dealer on the floor, the reliefs and breaks of the last three
hours as the pit recorded them) and the times on the casino's clock."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth import get_user_model

from casino.house.models import Casino
from tables.floor.models import Game
from tables.pit import selectors, wording
from tables.pit.log import floor_log, table_log
from tables.pit.models import MoveKind
from tables.rules import rotation


@dataclass(frozen=True)
class ReliefRow:
    pit: str
    at: str
    table_id: int
    table: str
    dealer_id: int
    relieved_id: int | None
    goes_to: str
    words: str
    now: bool  # due now, not later within the horizon
    overdue: str | None = None  # since when the table needed him, when before now


@dataclass(frozen=True)
class TableRow:
    pit: str
    label: str
    game: str
    dealer: str | None
    since: str | None
    minutes: int | None
    relief_due: str | None
    overdue: int | None = None  # minutes past its relief's time, when past it


@dataclass(frozen=True)
class DealerRow:
    id: int
    name: str
    where: str
    games: str
    on_table: bool


@dataclass
class RotationPage:
    casino: Casino
    zone: str
    reliefs: list[ReliefRow]
    flags: list[str]
    tables: list[TableRow]
    dealers: list[DealerRow]
    off_floor: list  # the casino's dealers not clocked in: who may clock in
    log: list[str]  # the tables opened, closed and given new limits this gaming day
    moves: list[str]  # the reliefs, breaks and clocks of the last LOG_HOURS, latest first


# How far back the page's log of reliefs and breaks reaches (the README's three hours).
LOG_HOURS = 3


def rotation_page(casino: Casino, now: dt.datetime) -> RotationPage:
    zone = casino.zone

    def clock(moment: dt.datetime) -> str:
        return moment.astimezone(zone).strftime("%H:%M")

    read = selectors.floor_of(casino, now)
    floor, games, pits = read.where, read.games, read.pits
    people = {u.pk: u for u in selectors.dealers_of(casino)}
    forgotten = selectors.forgotten_clock_outs(casino, now)
    name = {u.pk: u.get_username() for u in get_user_model().objects.filter(
        pk__in=set(people) | set(floor) | {dealer for dealer, _ in forgotten})}
    label = {t.pk: t.label for tables in pits.values() for t in tables}
    proposals = selectors.proposal_of(read)
    reliefs, flags, seen = [], [], set()
    # The whole floor's reliefs in the order the rotation serves them (its pit aside): an
    # empty table, a game not allowed, then the most overdue, then by time.
    for pit, r in sorted(((pit, r) for pit, found in proposals.items() for r in found.reliefs),
                         key=lambda pair: (rotation.FIRST.get(pair[1].reason, 2),
                                           pair[1].due or pair[1].at, pair[1].at)):
        reliefs.append(ReliefRow(
            pit, clock(r.at), r.table, label[r.table], r.dealer, r.relieved,
            r.goes_to or "",
            wording.relief_words(relief=name.get(r.dealer, "?"),
                                 relieved=name.get(r.relieved) if r.relieved else None,
                                 table=label[r.table], goes_to=r.goes_to),
            r.at <= now, clock(r.due) if r.due is not None and r.due < now else None))
    for found in proposals.values():
        for f in found.flags:
            words = wording.flag_words(f.kind, table=label.get(f.table),
                                       dealer=name.get(f.dealer), since=clock(f.since))
            if words not in seen:  # a free dealer's meal is flagged once, not per pit
                seen.add(words)
                flags.append(words)
    for dealer_id, clocked_in in forgotten:
        flags.append(wording.forgot_to_clock_out(
            name.get(dealer_id, "?"), clocked_in.astimezone(zone).strftime("%H:%M on %Y-%m-%d")))
    rows = []
    for pit, tables in sorted(pits.items()):
        rules = read.rules[pit]
        for table in tables:
            on = read.dealer_on(table)
            since = on.latest.at if on else None
            due = since + dt.timedelta(minutes=rules.minutes_on) if since else None
            rows.append(TableRow(
                pit, table.label, Game(table.game).label,
                name.get(on.dealer_id) if on else None, clock(since) if since else None,
                wording.minutes_between(since, now) if since else None,
                clock(due) if due else None,
                wording.minutes_between(due, now) or None if due and due < now else None))
    dealers = [_dealer_row(w, name, label, games, clock, now)
               for w in sorted(floor.values(), key=lambda w: name.get(w.dealer_id, ""))]
    day_start = dt.datetime.combine(casino.gaming_day(now), casino.gaming_day_start,
                                    tzinfo=zone)
    logged = [change.words(zone) for change in table_log(casino, day_start, now)]
    moves = [entry.words for entry in floor_log(
        casino, now - dt.timedelta(hours=LOG_HOURS), now)]
    return RotationPage(casino, now.astimezone(zone).tzname(), reliefs, flags, rows, dealers,
                        [u for pk, u in people.items() if pk not in floor], logged, moves)


def _dealer_row(where, name, label, games, clock, now) -> DealerRow:
    latest = where.latest
    if where.table_id is not None:
        text = f"dealing {label.get(latest.table_id, '?')} since {clock(latest.at)}"
    elif latest.kind == MoveKind.TABLE:
        text = f"ready: {latest.table.label} closed under him"
    elif latest.kind in (MoveKind.BREAK, MoveKind.MEAL) and latest.until > now:
        text = f"on {'his meal' if latest.kind == MoveKind.MEAL else 'a'} break until " \
               f"{clock(latest.until)}"
    else:
        text = "ready for a table"
    allowed = ", ".join(Game(g).label for g in sorted(games.get(where.dealer_id, ()))) or \
        "no games yet"
    return DealerRow(where.dealer_id, name.get(where.dealer_id, "?"), text, allowed,
                     where.table_id is not None)
