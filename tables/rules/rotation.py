"""The dealers' rotation (issue 31): who relieves whom, at which table and when.

A pit runs on reliefs: a dealer deals a table for a set time (``time_on``, say 60
minutes), then a relief takes it and the dealer goes on a break (``break_length``, say
20); a dealer who has not had his meal break by ``meal_within`` hours of clocking in gets
that instead. Each dealer may deal some games only. From the floor as it is (who deals
where since when, who is on a break until when, who waits ready), ``propose`` gives the
next reliefs and the problems a supervisor must see:

- a relief is due when the dealer on a table has dealt it ``time_on`` (or is due a
  meal), or deals a game he may not deal, or an open table has nobody on it;
- a relief is a dealer clocked in and not on a table, ready by the relief's time (back
  from his break), who may deal the table's game;
- the most urgent reliefs are served first (an empty table, a game not allowed, the
  longest overdue whether for a break or a meal, then the soonest due: ``urgency``),
  and the reliefs are matched so that as many
  reliefs as possible get one (a relief who deals fewer games is kept for the tables only
  he can take): a table goes without relief only when no free relief can deal its game;
- what is left is flagged: a break overdue with no relief, a meal overdue, a game a
  dealer may not deal, an open table without a dealer.

Plain data in, plain data out: the pit's service reads the floor and confirms what the
supervisor taps (tables.pit).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum


class BreakKind(StrEnum):
    BREAK = "break"
    MEAL = "meal"


class Reason(StrEnum):
    """Why a table needs a dealer, most urgent first."""

    UNCOVERED = "uncovered"  # an open table with nobody dealing it
    NOT_ALLOWED = "not_allowed"  # the dealer on it may not deal its game
    MEAL_DUE = "meal_due"  # the dealer on it is due his meal break
    BREAK_DUE = "break_due"  # the dealer on it has dealt it time_on


# Needed now whatever else is due: a table with nobody on it, then a dealer on a game he
# may not deal.
FIRST = {Reason.UNCOVERED: 0, Reason.NOT_ALLOWED: 1}


class FlagKind(StrEnum):
    UNCOVERED = "uncovered"  # an open table no relief can take
    NOT_ALLOWED = "not_allowed"  # a dealer deals a game he may not deal, no relief
    BREAK_OVERDUE = "break_overdue"  # due a break, past it, no relief
    MEAL_OVERDUE = "meal_overdue"  # past meal_within since clocking in without a meal


@dataclass(frozen=True)
class RotationRules:
    time_on: dt.timedelta = dt.timedelta(minutes=60)
    break_length: dt.timedelta = dt.timedelta(minutes=20)
    meal_within: dt.timedelta = dt.timedelta(hours=4)
    meal_length: dt.timedelta = dt.timedelta(minutes=30)
    # How far ahead reliefs are proposed (the board's "next relief").
    horizon: dt.timedelta = dt.timedelta(minutes=20)

    def __post_init__(self):
        for name in ("time_on", "break_length", "meal_within", "meal_length"):
            if getattr(self, name) <= dt.timedelta(0):
                raise ValueError(f"{name} must be longer than nothing")
        if self.horizon < dt.timedelta(0):
            raise ValueError("horizon cannot be negative")


@dataclass(frozen=True)
class Dealer:
    id: int
    games: frozenset[str]
    clocked_in: dt.datetime
    had_meal: bool = False
    # Where he is: on a table (its id) since ``since``, or on a break until ``until``,
    # or neither (waiting ready since ``since``).
    table: int | None = None
    since: dt.datetime | None = None
    on_break_until: dt.datetime | None = None


@dataclass(frozen=True)
class Table:
    id: int
    game: str
    open: bool = True


@dataclass(frozen=True)
class Relief:
    table: int
    at: dt.datetime
    dealer: int  # the relief
    relieved: int | None  # None: the table had nobody on it
    goes_to: BreakKind | None  # where the relieved dealer goes
    reason: Reason
    due: dt.datetime | None = None  # when the table needed him (before now: overdue)


@dataclass(frozen=True)
class Flag:
    kind: FlagKind
    table: int | None
    dealer: int | None
    since: dt.datetime


@dataclass
class Proposal:
    reliefs: list[Relief] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)


@dataclass(frozen=True)
class Need:
    """A table that needs a dealer by ``due``, and why (``dealer``: who is on it), under
    its pit's ``rules``."""

    table: Table
    reason: Reason
    due: dt.datetime
    dealer: Dealer | None
    rules: RotationRules = RotationRules()
    pit: str = ""


def meal_due_at(dealer: Dealer, rules: RotationRules) -> dt.datetime | None:
    """When his meal break must begin at the latest (None: he has had it)."""
    return None if dealer.had_meal else dealer.clocked_in + rules.meal_within


def _need_of(table: Table, dealer: Dealer | None, rules: RotationRules,
             now: dt.datetime, pit: str) -> Need | None:
    if dealer is None:
        return Need(table, Reason.UNCOVERED, now, None, rules, pit) if table.open else None
    if table.game not in dealer.games:
        return Need(table, Reason.NOT_ALLOWED, now, dealer, rules, pit)
    due = dealer.since + rules.time_on
    meal = meal_due_at(dealer, rules)
    reason = Reason.BREAK_DUE
    if meal is not None:
        # His meal's latest time comes before his relief: he is relieved then. Or it comes
        # before another down and a break could be over: this relief sends him to it.
        due = min(due, meal)
        if meal <= due + rules.break_length + rules.time_on:
            reason = Reason.MEAL_DUE
    return Need(table, reason, due, dealer, rules, pit) \
        if due <= now + rules.horizon else None


def _ready_at(dealer: Dealer, now: dt.datetime) -> dt.datetime:
    if dealer.on_break_until is not None and dealer.on_break_until > now:
        return dealer.on_break_until
    return now


def urgency(now: dt.datetime):
    """The order needs are served in: an empty table, then a game not allowed; then the
    longest overdue, a break or a meal alike (the earliest due); then those not due yet,
    the soonest first. Equally due, a meal comes before a break (the law's limit), then
    the dealer on his table longer, then the table's id (a fixed order)."""
    def key(need: Need) -> tuple:
        rank = FIRST.get(need.reason, 2) if need.due <= now else 3
        on_since = need.dealer.since if need.dealer and need.dealer.since else need.due
        return (rank, need.due, need.reason is not Reason.MEAL_DUE, on_since, need.table.id)
    return key


def needs(tables: Iterable[Table], dealers: Iterable[Dealer], rules: RotationRules,
          now: dt.datetime, pit: str = "") -> list[Need]:
    """The tables that need a dealer now or within ``rules.horizon``, most urgent first:
    those due by now by their reason, then the rest by their time."""
    on_table = {d.table: d for d in dealers if d.table is not None}
    found = (_need_of(table, on_table.get(table.id), rules, now, pit) for table in tables)
    return sorted((need for need in found if need is not None), key=urgency(now))


def free_reliefs(dealers: Iterable[Dealer], horizon: dt.timedelta,
                 now: dt.datetime) -> list[Dealer]:
    """The dealers on no table who are ready by the end of the horizon."""
    return [d for d in dealers if d.table is None and _ready_at(d, now) <= now + horizon]


def propose(tables: Iterable[Table], dealers: Iterable[Dealer], rules: RotationRules,
            now: dt.datetime) -> Proposal:
    """The reliefs to make now and over the next ``rules.horizon``, and what to flag."""
    return propose_floor({"": (list(tables), rules)}, dealers, now)[""]


def propose_floor(pits: Mapping[str, tuple[Sequence[Table], RotationRules]],
                  dealers: Iterable[Dealer], now: dt.datetime) -> dict[str, Proposal]:
    """A whole floor: each pit's tables under its own rules, the free dealers shared, the
    most urgent need of the floor served first whatever its pit. The free dealers' own
    flags (a meal overdue) go with the pit ``""`` (the casino's), made if need be."""
    dealers = list(dealers)
    needed = sorted((need for pit, (tables, rules) in pits.items()
                     for need in needs(tables, dealers, rules, now, pit)), key=urgency(now))
    free = free_reliefs(dealers, max((rules.horizon for _, rules in pits.values()),
                                     default=dt.timedelta(0)), now)
    matched = _match(needed, free, now)
    found = {pit: Proposal() for pit in pits}
    for need in needed:
        relief = matched.get(need.table.id)
        if relief is None:
            continue
        goes_to = None
        if need.dealer is not None:
            goes_to = BreakKind.MEAL if need.reason is Reason.MEAL_DUE else BreakKind.BREAK
        found[need.pit].reliefs.append(Relief(
            table=need.table.id, at=max(need.due, _ready_at(relief, now), now),
            dealer=relief.id, relieved=need.dealer.id if need.dealer else None,
            goes_to=goes_to, reason=need.reason, due=need.due))
    for pit, (tables, rules) in pits.items():
        ids = {t.id for t in tables}
        found[pit].flags = _flags([n for n in needed if n.pit == pit], matched,
                                  [d for d in dealers if d.table in ids], rules, now)
    rules = pits[""][1] if "" in pits else next(iter(pits.values()), ((), RotationRules()))[1]
    found.setdefault("", Proposal()).flags += _flags(
        [], matched, [d for d in dealers if d.table is None], rules, now)
    return found


def can_take(relief: Dealer, need: Need, now: dt.datetime) -> bool:
    """Whether ``relief`` may deal the table's game, is ready by the relief's time and is
    not due his own meal by then (he goes to it instead: flagged)."""
    at = max(need.due, now)
    meal = meal_due_at(relief, need.rules)
    return (need.table.game in relief.games and _ready_at(relief, now) <= at
            and (meal is None or meal > at))


def _match(needs: Sequence[Need], free: Sequence[Dealer], now: dt.datetime
           ) -> dict[int, Dealer]:
    """Reliefs for as many needs as can have one, the most urgent first (Kuhn's
    augmenting paths in urgency order: a need once served stays served). Each need tries
    the reliefs who deal the fewest games first, keeping the versatile for the rest."""
    candidates = {need.table.id: sorted((d for d in free if can_take(d, need, now)),
                                        key=lambda d: (len(d.games), _ready_at(d, now), d.id))
                  for need in needs}
    holder: dict[int, int] = {}  # relief id -> table id
    chosen: dict[int, Dealer] = {}

    def serve(table_id: int, seen: set[int]) -> bool:
        for relief in candidates[table_id]:
            if relief.id in seen:
                continue
            seen.add(relief.id)
            other = holder.get(relief.id)
            if other is None or serve(other, seen):
                holder[relief.id], chosen[table_id] = table_id, relief
                return True
        return False

    for need in needs:
        if candidates[need.table.id]:
            serve(need.table.id, set())
    return chosen


def _flags(needs, matched, dealers, rules, now) -> list[Flag]:
    flags = []
    for need in needs:
        if need.table.id in matched or need.due > now:
            continue
        if need.reason is Reason.UNCOVERED:
            flags.append(Flag(FlagKind.UNCOVERED, need.table.id, None, now))
        elif need.reason is Reason.NOT_ALLOWED:
            flags.append(Flag(FlagKind.NOT_ALLOWED, need.table.id, need.dealer.id,
                              need.dealer.since))
        elif need.dealer.since + rules.time_on <= now:
            flags.append(Flag(FlagKind.BREAK_OVERDUE, need.table.id, need.dealer.id,
                              need.dealer.since + rules.time_on))
    for dealer in dealers:
        meal = meal_due_at(dealer, rules)
        if meal is not None and meal < now and (dealer.on_break_until is None
                                                 or dealer.on_break_until <= now):
            flags.append(Flag(FlagKind.MEAL_OVERDUE, dealer.table, dealer.id, meal))
    return flags
