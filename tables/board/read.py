"""What a casino's live board shows, read in one go: each table's state, limits, dealer on
it and since when, next relief, seats, rounds this hour and this shift, the day's recorded
win and hold so far, pending jackpots and open count variances; and each pit's totals.

The figures come from the records (tables.reports.so_far: the day's kept hours, and the
records of the hours not kept yet, whole minutes kept by the process); the dealers and
reliefs from the pit's floor and its rotation (tables.pit). Money stays Decimal to the
cent until the words."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db.models import Count

from casino.common.amounts import in_currency
from casino.house.models import Casino
from payouts.jackpots.models import HitStatus, JackpotHit
from tables.board import wording
from tables.cardroom.seating import seats_now
from tables.count.models import Variance
from tables.floor.models import Game, Table, TableStatus
from tables.pit import selectors as pit
from tables.pit import wording as pit_wording
from tables.players.selectors import open_ratings
from tables.reports.hourly import ZERO
from tables.reports.so_far import Minutes, so_far


@dataclass
class Line:
    """One table on the board, in words (money as the casino writes it)."""

    id: int
    label: str
    game: str
    open: bool
    poker: bool
    status: str
    limits: str
    dealer: str = ""
    since: str = ""  # HH:MM on the casino's clock
    minutes: int | None = None
    relief: str = ""  # the next relief, or what is due without one
    late: bool = False  # his break is due and no relief is on the way
    needs: str = ""  # what the rotation flags at this table
    seats: str = ""
    rated: int = 0
    hour_rounds: int = 0
    shift_rounds: int = 0
    win: str = ""
    hold: str = ""
    jackpots: int = 0
    variances: int = 0


@dataclass
class Pit:
    name: str
    lines: list[Line] = field(default_factory=list)
    totals: dict = field(default_factory=dict)


@dataclass
class CasinoBoard:
    casino: Casino
    zone: str  # the casino's zone's name now (EST, GMT): its clock, said
    as_of: str
    pits: list[Pit]

    @property
    def id(self) -> int:
        return self.casino.pk


def board_of(casino: Casino, now: dt.datetime, minutes: Minutes | None = None) -> CasinoBoard:
    zone = casino.zone
    tables = list(Table.objects.filter(casino=casino).select_related("paytable")
                  .order_by("pit", "label"))
    figures = so_far(casino, now, minutes)
    floor = pit.floor_of(casino, now)
    names = dict(get_user_model().objects.filter(pk__in=set(floor.where)).values_list(
        "pk", "username"))
    reliefs = _reliefs(floor, names)
    seats, rated = seats_now(tables, now), _counted(open_ratings(), "table", casino)
    jackpots = _counted(JackpotHit.objects.filter(
        status__in=(HitStatus.PENDING, HitStatus.AWAITING_APPROVAL)), "round__table", casino)
    variances = _counted(Variance.objects.filter(explanation__isnull=True), "table", casino)
    pits: dict[str, Pit] = {}
    for table in tables:
        line = _line(table, figures.get(table.pk), casino.currency)
        on = floor.dealer_on(table) if table.status == TableStatus.OPEN else None
        if on is not None:
            line.dealer = names.get(on.dealer_id, "?")
            line.since = on.latest.at.astimezone(zone).strftime("%H:%M")
            line.minutes = pit_wording.minutes_between(on.latest.at, now)
        line.relief, line.late, line.needs = reliefs.get(table.pk, ("", False, ""))
        line.seats = seats[table.pk].words
        line.rated = rated.get(table.pk, 0)
        line.jackpots, line.variances = jackpots.get(table.pk, 0), variances.get(table.pk, 0)
        pits.setdefault(table.pit, Pit(table.pit or "No pit")).lines.append(line)
    for name, found in pits.items():
        found.totals = _totals([t for t in tables if t.pit == name], figures, casino.currency)
    return CasinoBoard(casino, now.astimezone(zone).tzname(),
                       now.astimezone(zone).strftime("%H:%M:%S"), list(pits.values()))


def _line(table: Table, figure: dict | None, currency: str) -> Line:
    figure = figure or {"rounds": 0, "action": ZERO, "win": ZERO, "shift_rounds": 0,
                        "hour_rounds": 0}
    return Line(
        id=table.pk, label=table.label, game=Game(table.game).label,
        open=table.status == TableStatus.OPEN, poker=table.is_poker,
        status=table.get_status_display(),
        limits=wording.limits(table), hour_rounds=figure["hour_rounds"],
        shift_rounds=figure["shift_rounds"], win=in_currency(figure["win"], currency),
        hold=_hold(figure, table.is_poker))


def _hold(figure: dict, poker: bool) -> str:
    """The recorded hold: the win over what was wagered (a banked game's; a poker table's
    win is its rake, which holds nothing of the players' wagers)."""
    if poker or not figure["action"]:
        return "—"
    return f"{figure['win'] / figure['action'] * 100:.1f}%"


def _totals(tables: list[Table], figures: dict, currency: str) -> dict:
    """A pit's totals: its tables' rounds and win (one casino, one currency); its hold
    over its banked tables only."""
    found = [figures.get(t.pk) for t in tables]
    found = [f for f in found if f]
    banked = [figures[t.pk] for t in tables if not t.is_poker and t.pk in figures]
    action = sum((f["action"] for f in banked), ZERO)
    win = sum((f["win"] for f in banked), ZERO)
    return {
        "open": sum(1 for t in tables if t.status == TableStatus.OPEN), "tables": len(tables),
        "hour_rounds": sum(f["hour_rounds"] for f in found),
        "shift_rounds": sum(f["shift_rounds"] for f in found),
        "win": in_currency(sum((f["win"] for f in found), ZERO), currency),
        "hold": _hold({"action": action, "win": win}, poker=False)}


def _reliefs(floor: pit.Floor, names: dict[int, str]) -> dict[int, tuple[str, bool, str]]:
    """Per table: its next relief in words, whether its dealer's break is late (due, no
    relief on the way), and what the rotation flags there."""
    clock = floor.casino.zone
    found: dict[int, tuple[str, bool, str]] = {}
    for proposal in pit.proposal_of(floor).values():
        for flag in proposal.flags:
            if flag.table is not None:
                found[flag.table] = (wording.flag_short(flag.kind, flag.since.astimezone(clock)),
                                     True, wording.flag_short(flag.kind, None))
        for relief in sorted(proposal.reliefs, key=lambda r: r.at):
            if relief.table not in found:
                found[relief.table] = (wording.next_relief(
                    names.get(relief.dealer, "?"), relief.at.astimezone(clock),
                    due=relief.at <= floor.now), False, "")
    return found


def _counted(queryset, table_path: str, casino: Casino) -> dict[int, int]:
    return dict(queryset.filter(**{f"{table_path}__casino": casino}).values(table_path)
                .annotate(n=Count("pk")).values_list(table_path, "n"))



