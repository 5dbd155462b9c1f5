"""Dealer performance (issue 31), from the records only: per gaming day, shift, dealer and
game, the rounds (stud) and hands (poker) he recorded, the hours he dealt (his moves on
the floor: from taking a table to his next move), rounds an hour, the supervisors' voids
and the irregularities per 100; per dealer, his hours on breaks too.

A round or hand counts for the dealer who recorded it, on its own gaming day and shift.
An hour on a table counts on the day and shift it began (a down is an hour; it rarely
crosses a shift's end). Irregularities: a stud round void as a whole (a misdeal, a hole
card exposed), a dealer who took a fifth card, a seat's dead hand (misdeal or
violation). Voids are the supervisors' corrections of his records. The figures are the
records' own, whether their day is closed or not: nothing here is money."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

from django.contrib.auth import get_user_model
from django.db.models import Count, Exists, OuterRef, Q
from django.utils import timezone

from tables.floor.models import Casino, Game
from tables.pit.models import DealerMove, MoveKind
from tables.pit.selectors import SHIFT_AT_MOST
from tables.poker.models import PokerHand
from tables.reports import figures
from tables.reports.figures import Report
from tables.reports.selection import Selection
from tables.stud.models import StudRound, StudSeat

KEY = ("gaming_day", "shift", "casino", "dealer", "game")
COUNTS = ("rounds", "voided", "irregular")
COLUMNS = ("gaming_day", "shift", "casino", "dealer_name", "game", "rounds", "hours_dealt",
           "rounds_per_hour", "voided", "voided_per_100", "irregular", "irregular_per_100")
BY_DEALER = ("casino", "dealer_name", "rounds", "hours_dealt", "rounds_per_hour", "voided",
             "voided_per_100", "irregular", "irregular_per_100", "hours_on_break")


def _wanted(selection: Selection, *, casino: str, table: str, dealer: str) -> Q:
    wanted = Q(gaming_day__range=(selection.first, selection.last),
               **{f"{casino}__in": selection.casinos()})
    if selection.shift is not None:
        wanted &= Q(shift=selection.shift)
    return wanted & figures.table_filters(selection, table=table, dealer=dealer)


def _recorded(selection: Selection) -> list[dict]:
    """The rounds and hands per key, with their voids and irregularities."""
    irregular_seat = StudSeat.objects.filter(round=OuterRef("pk")).exclude(irregularity="")
    rounds = (StudRound.objects.filter(_wanted(selection, casino="table__casino",
                                               table="table", dealer="dealer"))
              .annotate(odd_seat=Exists(irregular_seat))
              .values("gaming_day", "shift", "table__casino", "dealer", "table__game")
              .annotate(rounds=Count("pk"),
                        voided=Count("pk", filter=Q(correction__isnull=False)),
                        irregular=Count("pk", filter=~Q(void="") | Q(odd_seat=True)
                                        | Q(dealer_took_fifth_card=True))))
    hands = (PokerHand.objects.filter(_wanted(selection, casino="table__casino",
                                              table="table", dealer="dealer"))
             .values("gaming_day", "shift", "table__casino", "dealer", "table__game")
             .annotate(rounds=Count("pk"),
                       voided=Count("pk", filter=Q(correction__isnull=False))))
    rows = []
    for row in [*rounds, *hands]:
        rows.append({"gaming_day": row["gaming_day"], "shift": row["shift"],
                     "casino": row["table__casino"], "dealer": row["dealer"],
                     "game": row["table__game"], "rounds": row["rounds"],
                     "voided": row["voided"], "irregular": row.get("irregular", 0)})
    return rows


def _timed(selection: Selection, casinos: dict[int, Casino]) -> tuple[dict, dict]:
    """Seconds dealt per key, and seconds on breaks per (casino, dealer), from the moves:
    each lasts until the dealer's next move (a break no longer than its end), the last
    one until now, none longer than a shift (SHIFT_AT_MOST: a forgotten clock-out)."""
    now = timezone.now()
    # A gaming day starts within a day of its date's midnight anywhere: the moves from
    # the day before the span to the day after it (and a shift more, for where the last
    # one ends), each then placed on its own casino's day.
    start = dt.datetime.combine(selection.first, dt.time(), tzinfo=dt.UTC) - dt.timedelta(days=1)
    end_of_span = (dt.datetime.combine(selection.last, dt.time(), tzinfo=dt.UTC)
                   + dt.timedelta(days=2) + SHIFT_AT_MOST)
    moves = (DealerMove.objects.filter(casino__in=list(casinos), at__gte=start,
                                       at__lte=min(now, end_of_span))
             .select_related("table").order_by("dealer", "at", "id"))
    if selection.dealer is not None:
        moves = moves.filter(dealer=selection.dealer)
    by_dealer = defaultdict(list)
    for move in moves:
        by_dealer[(move.casino_id, move.dealer_id)].append(move)
    dealt, rested = defaultdict(float), defaultdict(float)
    for (casino_id, dealer_id), his in by_dealer.items():
        casino = casinos[casino_id]
        for move, after in zip(his, [*his[1:], None], strict=True):
            end = min(after.at if after else now, now, move.at + SHIFT_AT_MOST)
            day, shift = casino.gaming_day(move.at), casino.shift(move.at)
            if not selection.first <= day <= selection.last or (
                    selection.shift is not None and shift != selection.shift):
                continue
            if move.kind == MoveKind.TABLE:
                if selection.table is not None and move.table_id != selection.table.pk:
                    continue
                key = (day, shift, casino_id, dealer_id, move.table.game)
                dealt[key] += max(0.0, (end - move.at).total_seconds())
            elif move.kind in (MoveKind.BREAK, MoveKind.MEAL):
                rested[(casino_id, dealer_id)] += max(
                    0.0, (min(end, move.until) - move.at).total_seconds())
    return dealt, rested


def _hours(seconds: float) -> float:
    return round(seconds / 3600, 2)   # time, not money: a number, as the players' hours


def _rates(line: dict, seconds: float, timed_rounds: int | None = None) -> dict:
    """Hours dealt, rounds an hour (none without an hour dealt), voids and irregularities
    per 100 rounds (none without a round): numbers, none of them money. Over several
    rows, the rounds an hour count only the rows with hours dealt (``timed_rounds``): a
    day the floor kept no moves has rounds but no hours, and would inflate the rate."""
    hours = _hours(seconds)
    timed = line["rounds"] if timed_rounds is None else timed_rounds
    line["hours_dealt"] = hours
    line["rounds_per_hour"] = round(timed / hours, 1) if hours else None
    for name in ("voided", "irregular"):
        line[f"{name}_per_100"] = round(line[name] * 100 / line["rounds"], 2) \
            if line["rounds"] else None
    return line


def _nothing() -> dict:
    return {**dict.fromkeys(COUNTS, 0), "seconds": 0.0, "timed": 0}


def dealer_report(selection: Selection) -> Report:
    casinos = {c.pk: c for c in selection.casinos()}
    dealt, rested = _timed(selection, casinos)
    recorded = figures.combine(KEY, COUNTS, _recorded(selection),
                               [dict(zip(KEY, key, strict=True)) for key in dealt])
    names = {u.pk: u.get_username() for u in get_user_model().objects.filter(
        pk__in={r["dealer"] for r in recorded} | {dealer for _, dealer in rested})}
    rows, per_dealer = [], {who: _nothing() for who in rested}
    for line in recorded:
        key = tuple(line[k] for k in KEY)
        into = per_dealer.setdefault((line["casino"], line["dealer"]), _nothing())
        for name in COUNTS:
            into[name] += line[name]
        into["seconds"] += dealt.get(key, 0.0)
        into["timed"] += line["rounds"] if dealt.get(key) else 0
        rows.append(figures.written(_rates({
            **line, "casino": casinos[line["casino"]].name,
            "dealer_name": names.get(line["dealer"], ""),
            "game": Game(line["game"]).label}, dealt.get(key, 0.0)), ()))
    by_dealer = []
    for (casino_id, dealer_id), sums in per_dealer.items():
        line = _rates({"casino": casinos[casino_id].name,
                       "dealer_name": names.get(dealer_id, ""),
                       **{n: sums[n] for n in COUNTS}}, sums["seconds"], sums["timed"])
        line["hours_on_break"] = _hours(rested.get((casino_id, dealer_id), 0.0))
        by_dealer.append(line)
    by_dealer.sort(key=lambda line: (line["casino"], line["dealer_name"]))
    totals = _rates(figures.total(rows, COUNTS), sum(dealt.values()),
                    sum(r["rounds"] for r in rows if r["hours_dealt"]))
    return Report(name="dealers", title="Dealer performance", selection=selection,
                  columns=COLUMNS, rows=rows, totals=totals,
                  breakdowns={"by_dealer": by_dealer},
                  breakdown_columns={"by_dealer": BY_DEALER})
