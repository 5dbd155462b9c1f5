"""Reads of the pit's floor: where each dealer is (his latest move), the games he may
deal, the rotation's rules per pit, and the floor as the rotation's rules read it."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property

from django.contrib.auth import get_user_model
from django.db.models import OuterRef, Subquery

from casino.common.frozen import FrozenQuery
from casino.common.roles import Role
from casino.house.models import Casino
from tables.floor.models import Table, TableDealer, TableStatus
from tables.pit.models import DealerGames, DealerMove, MoveKind, RotationRules
from tables.rules import rotation

# A shift is shorter than this: a dealer whose last clock-in is older and who never
# clocked out is not counted on the floor any more (nor his hours, in the reports); the
# rotation page flags him for a day (forgotten_clock_outs).
SHIFT_AT_MOST = dt.timedelta(hours=16)


def rules_row(casino: Casino, pit: str) -> RotationRules:
    """The pit's own rules, else the casino's, else the defaults (unsaved)."""
    return rules_rows(casino, [pit])[pit]


def rules_rows(casino: Casino, pits) -> dict[str, RotationRules]:
    """``rules_row`` of each pit, in one read."""
    pits = list(pits)
    rows = {r.pit: r for r in RotationRules.objects.filter(casino=casino, pit__in={*pits, ""})}
    return {pit: rows.get(pit) or rows.get("") or RotationRules(casino=casino, pit=pit)
            for pit in pits}


def as_rules(row: RotationRules) -> rotation.RotationRules:
    return rotation.RotationRules(
        time_on=dt.timedelta(minutes=row.minutes_on),
        break_length=dt.timedelta(minutes=row.break_minutes),
        meal_within=dt.timedelta(minutes=row.meal_within_minutes),
        meal_length=dt.timedelta(minutes=row.meal_minutes))


def _latest_move(shape, *, casino: int, dealer: int):
    clock_in = DealerMove.objects.filter(casino=OuterRef("casino"), dealer=OuterRef("dealer"),
                                         kind=MoveKind.CLOCK_IN).order_by("-at", "-id")
    return (DealerMove.objects.filter(casino=casino, dealer=dealer).order_by("-at", "-id")
            .only("kind", "table_id", "at")
            .annotate(clocked_in=Subquery(clock_in.values("at")[:1])))


# Asked at every round and hand recorded (tables.pit.services.recorded_by): built once.
_LATEST_MOVE = FrozenQuery(_latest_move, "casino", "dealer")


def deals_there(casino_id: int, dealer_id: int, table_id: int, now: dt.datetime) -> bool:
    """Whether the dealer's latest move at the casino put him on the table (nobody has
    relieved him there since: a relief moves him off it) while the floor still counts
    him: clocked in less than SHIFT_AT_MOST ago (a dealer who forgot to clock out yesterday
    takes the table anew, clocked in first, as on_the_floor reads him)."""
    latest = _LATEST_MOVE.first(None, casino=casino_id, dealer=dealer_id)
    return (latest is not None and latest.kind == MoveKind.TABLE
            and latest.table_id == table_id and latest.at <= now
            and latest.clocked_in is not None and latest.clocked_in > now - SHIFT_AT_MOST)


def games_of(casino: Casino) -> dict[int, frozenset[str]]:
    """The games each dealer may deal at the casino: his list where a supervisor set one,
    else the games of the casino's tables he is assigned to (the assignment already says
    he deals them)."""
    games = defaultdict(set)
    for dealer_id, game in TableDealer.objects.filter(table__casino=casino).values_list(
            "dealer", "table__game"):
        games[dealer_id].add(game)
    found = {dealer_id: frozenset(his) for dealer_id, his in games.items()}
    found.update({row.dealer_id: frozenset(row.games)
                  for row in DealerGames.objects.filter(casino=casino)})
    return found


@dataclass(frozen=True)
class Where:
    """A dealer on the floor now: his latest move, his clock-in, whether he had his meal."""

    dealer_id: int
    latest: DealerMove
    clocked_in: dt.datetime
    had_meal: bool

    @property
    def table_id(self) -> int | None:
        """The table he deals: his latest move's, while it is open (a table closed under
        him leaves him free for a break, another table or his clock-out)."""
        latest = self.latest
        if latest.kind != MoveKind.TABLE or latest.table.status != TableStatus.OPEN:
            return None
        return latest.table_id


def on_the_floor(casino: Casino, now: dt.datetime) -> dict[int, Where]:
    """Every dealer clocked in at the casino now, by his id (one read of the moves of the
    last SHIFT_AT_MOST)."""
    moves = defaultdict(list)
    for move in (DealerMove.objects.filter(casino=casino, at__gt=now - SHIFT_AT_MOST,
                                           at__lte=now).select_related("table")
                 .order_by("at", "id")):
        moves[move.dealer_id].append(move)
    found = {}
    for dealer_id, his in moves.items():
        starts = [n for n, m in enumerate(his) if m.kind == MoveKind.CLOCK_IN]
        if not starts or his[-1].kind == MoveKind.CLOCK_OUT:
            continue
        shift = his[starts[-1]:]
        found[dealer_id] = Where(dealer_id, his[-1], shift[0].at,
                                 any(m.kind == MoveKind.MEAL for m in shift))
    return found


# How long a forgotten clock-out is flagged after it stopped counting (a day).
FORGOTTEN_FLAGGED = dt.timedelta(hours=24)


def forgotten_clock_outs(casino: Casino, now: dt.datetime) -> list[tuple[int, dt.datetime]]:
    """The dealers whose last clock-in is older than a shift and who never clocked out
    (no longer counted on the floor): (dealer id, clock-in), for a day after."""
    latest: dict[int, DealerMove] = {}
    clocked_in: dict[int, dt.datetime] = {}
    for move in DealerMove.objects.filter(
            casino=casino, at__gt=now - SHIFT_AT_MOST - FORGOTTEN_FLAGGED,
            at__lte=now).order_by("at", "id"):
        latest[move.dealer_id] = move
        if move.kind == MoveKind.CLOCK_IN:
            clocked_in[move.dealer_id] = move.at
    return [(dealer, clocked_in[dealer]) for dealer, move in latest.items()
            if dealer in clocked_in and move.kind != MoveKind.CLOCK_OUT
            and clocked_in[dealer] <= now - SHIFT_AT_MOST]


def clocked_in_elsewhere(dealer, casino: Casino, now: dt.datetime) -> Casino | None:
    """Another casino where the dealer is clocked in now (a dealer is on one floor at a
    time)."""
    latest: dict[int, DealerMove] = {}
    started: set[int] = set()
    for move in (DealerMove.objects.filter(dealer=dealer, at__gt=now - SHIFT_AT_MOST,
                                           at__lte=now).exclude(casino=casino)
                 .select_related("casino").order_by("at", "id")):
        latest[move.casino_id] = move
        if move.kind == MoveKind.CLOCK_IN:
            started.add(move.casino_id)
    return next((m.casino for c, m in latest.items()
                 if c in started and m.kind != MoveKind.CLOCK_OUT), None)


def dealer_on(table: Table, floor: dict[int, Where]) -> Where | None:
    return next((w for w in floor.values() if w.table_id == table.pk), None)


def pits_of(casino: Casino) -> dict[str, list[Table]]:
    """The casino's open tables by pit (blank: tables in no pit)."""
    pits = defaultdict(list)
    for table in Table.objects.filter(casino=casino, status=TableStatus.OPEN).order_by("label"):
        pits[table.pit].append(table)
    return dict(pits)


def as_dealer(where: Where, games: frozenset[str]) -> rotation.Dealer:
    latest = where.latest
    return rotation.Dealer(
        id=where.dealer_id, games=games, clocked_in=where.clocked_in, had_meal=where.had_meal,
        table=where.table_id, since=latest.at if latest.kind == MoveKind.TABLE else None,
        on_break_until=latest.until)


@dataclass
class Floor:
    """What the rotation reads of a casino's floor now, read once for all who ask: each
    clocked-in dealer's whereabouts, the games each may deal, the active dealers, the
    open tables by pit and each pit's rules."""

    casino: Casino
    now: dt.datetime
    where: dict[int, Where]
    games: dict[int, frozenset[str]]
    active: set[int]
    pits: dict[str, list[Table]]
    rules: dict[str, RotationRules]

    def dealer_on(self, table: Table) -> Where | None:
        """``dealer_on`` for every table of the page: the floor indexed by table once."""
        return self._on_tables.get(table.pk)

    @cached_property
    def _on_tables(self) -> dict[int, Where]:
        return {w.table_id: w for w in self.where.values() if w.table_id is not None}


def floor_of(casino: Casino, now: dt.datetime) -> Floor:
    pits = pits_of(casino)
    return Floor(casino, now, on_the_floor(casino, now), games_of(casino),
                 set(dealers_of(casino).values_list("pk", flat=True)), pits,
                 rules_rows(casino, pits))


def proposal(casino: Casino, now: dt.datetime) -> dict[str, rotation.Proposal]:
    """The next reliefs and the flags of the whole floor (``proposal_of`` its read)."""
    return proposal_of(floor_of(casino, now))


def proposal_of(floor: Floor) -> dict[str, rotation.Proposal]:
    """Each pit under its own rules, the most urgent need served first whatever its pit
    (tables.rules.rotation.propose_floor). A dealer no longer active, or no longer a
    dealer, is no relief: he only counts where he still stands on a table."""
    dealers = [as_dealer(w, floor.games.get(d, frozenset())) for d, w in floor.where.items()
               if d in floor.active or w.table_id is not None]
    pits = {pit: ([rotation.Table(t.pk, t.game) for t in tables], as_rules(floor.rules[pit]))
            for pit, tables in sorted(floor.pits.items())}
    return rotation.propose_floor(pits, dealers, floor.now)


def staff_of(casino: Casino):
    """Everyone on the casino's staff, active or not: a dealer deactivated while on the
    floor is still clocked out or sent on a break there."""
    return get_user_model().objects.filter(casinos=casino)


def dealers_of(casino: Casino):
    """The active dealers on the casino's staff, by name."""
    return (get_user_model().objects.filter(casinos=casino, groups__name=Role.DEALER,
                                            is_active=True).order_by("username"))
