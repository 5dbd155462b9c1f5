"""Dealer performance (issue 31), from the records only: per gaming day, shift, dealer and
game, the rounds (stud) and hands (poker) he recorded, the hours he dealt (his stints on
the tables, tables.rules.stints), rounds an hour, the supervisors' voids and the
irregularities per 100; per dealer, his hours on breaks too.

A round or hand counts for the dealer who recorded it, on its own gaming day and shift.
An hour on a table counts on the day and shift it lies in: a stint that runs past its
shift's end is cut there, the table's closed spans left out; one never ended (a
forgotten clock-out) counts to the end of the shift it began in and no further, and is
flagged (``unended``, and each one listed). Every rate is its own line's rounds over its
own line's hours as shown, the totals' too. Irregularities: a stud round void as a
whole (a misdeal, a hole card exposed), a dealer who took a fifth card, a seat's dead
hand (misdeal or violation). Voids are the supervisors' corrections of his records. The
figures are the records' own, whether their day is closed or not: nothing here is
money."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

from django.contrib.auth import get_user_model
from django.db.models import Count, Exists, Max, OuterRef, Q
from django.db.models.functions import Coalesce
from django.utils import timezone

from casino.house.models import Casino
from tables.floor.models import Game, Table
from tables.pit import stints
from tables.poker.models import PokerHand
from tables.reports import figures
from tables.reports.figures import Report
from tables.reports.selection import Selection
from tables.stud.models import StudRound, StudSeat

KEY = ("gaming_day", "shift", "casino", "dealer", "game")
COUNTS = ("rounds", "voided", "irregular", "unended")
COLUMNS = ("gaming_day", "shift", "casino", "dealer_name", "game", "rounds", "hours_dealt",
           "rounds_per_hour", "voided", "voided_per_100", "irregular", "irregular_per_100",
           "unended")
BY_DEALER = ("casino", "dealer_name", "rounds", "hours_dealt", "rounds_per_hour", "voided",
             "voided_per_100", "irregular", "irregular_per_100", "unended", "hours_on_break")
NEVER_ENDED = ("gaming_day", "shift", "casino", "dealer_name", "table_label", "took_the_table",
               "counted_to")


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


def _timed(selection: Selection, casinos: dict[int, Casino]) -> tuple[dict, dict, list]:
    """Seconds dealt per key, seconds on breaks per (casino, dealer), and the stints never
    ended that began in the selection: (key, stint)."""
    now = timezone.now()
    floor = stints.dealt(casinos.values(), now=now, dealer=selection.dealer,
                         since=min(c.day_bounds(selection.first)[0] for c in casinos.values()),
                         until=max(c.day_bounds(selection.last)[1] for c in casinos.values()),
                         rounds=last_round_of)

    def wanted(shift) -> bool:
        return selection.first <= shift.day <= selection.last and (
            selection.shift is None or shift.number == selection.shift)

    dealt, rested, unended = defaultdict(float), defaultdict(float), []
    for (casino_id, dealer_id), his in floor.stints.items():
        clock = floor.clocks[casino_id]
        for stint in his:
            if selection.table is not None and stint.table != selection.table.pk:
                continue
            for part in floor.parts(casino_id, stint):
                if wanted(part.shift):
                    dealt[_key(part.shift, casino_id, dealer_id, floor.games[stint.table])] \
                        += part.seconds
            if stint.unended and wanted(began := clock(stint.start)):
                unended.append((_key(began, casino_id, dealer_id, floor.games[stint.table]),
                                stint))
        for start, end in floor.rests.get((casino_id, dealer_id), ()):
            if wanted(clock(start)):
                rested[(casino_id, dealer_id)] += (end - start).total_seconds()
    return dealt, rested, unended


def last_round_of(dealer_id: int):
    """Where a dealer's last round or hand at a table between two instants is read (when
    it was dealt: a queued one's time dealt, else its recording's)."""
    def last_round(table_id: int, after: dt.datetime, until: dt.datetime):
        found = [records.filter(dealer=dealer_id, table=table_id).annotate(
            moment=Coalesce("dealt_at", "recorded_at")).filter(
            moment__range=(after, until)).aggregate(last=Max("moment"))["last"]
            for records in (StudRound.objects, PokerHand.objects)]
        return max((m for m in found if m is not None), default=None)
    return last_round


def _key(shift, casino_id: int, dealer_id: int, game: str) -> tuple:
    return (shift.day, shift.number, casino_id, dealer_id, game)


def _hours(seconds: float) -> float:
    return round(seconds / 3600, 2)   # time, not money: a number, as the players' hours


def _rates(line: dict, seconds: float) -> dict:
    """Hours dealt, rounds an hour (the line's rounds over its hours as shown; none
    without an hour shown), voids and irregularities per 100 rounds (none without a
    round): numbers, none of them money."""
    hours = _hours(seconds)
    line["hours_dealt"] = hours
    line["rounds_per_hour"] = round(line["rounds"] / hours, 1) if hours else None
    for name in ("voided", "irregular"):
        line[f"{name}_per_100"] = round(line[name] * 100 / line["rounds"], 2) \
            if line["rounds"] else None
    return line


def _nothing() -> dict:
    return {**dict.fromkeys(COUNTS, 0), "seconds": 0.0}


def dealer_report(selection: Selection) -> Report:
    casinos = {c.pk: c for c in selection.casinos()}
    dealt, rested, unended = _timed(selection, casinos)
    never = [{**dict(zip(KEY, key, strict=True)), "unended": 1} for key, _ in unended]
    recorded = figures.combine(KEY, COUNTS, _recorded(selection),
                               [dict(zip(KEY, key, strict=True)) for key in dealt], never)
    names = {u.pk: u.get_username() for u in get_user_model().objects.filter(
        pk__in={r["dealer"] for r in recorded} | {dealer for _, dealer in rested})}
    rows, per_dealer = [], {who: _nothing() for who in rested}
    for line in recorded:
        key = tuple(line[k] for k in KEY)
        into = per_dealer.setdefault((line["casino"], line["dealer"]), _nothing())
        for name in COUNTS:
            into[name] += line[name]
        into["seconds"] += dealt.get(key, 0.0)
        rows.append(figures.written(_rates({
            **line, "casino": casinos[line["casino"]].name,
            "dealer_name": names.get(line["dealer"], ""),
            "game": Game(line["game"]).label}, dealt.get(key, 0.0)), ()))
    by_dealer = []
    for (casino_id, dealer_id), sums in per_dealer.items():
        line = _rates({"casino": casinos[casino_id].name,
                       "dealer_name": names.get(dealer_id, ""),
                       **{n: sums[n] for n in COUNTS}}, sums["seconds"])
        line["hours_on_break"] = _hours(rested.get((casino_id, dealer_id), 0.0))
        by_dealer.append(line)
    by_dealer.sort(key=lambda line: (line["casino"], line["dealer_name"]))
    return Report(name="dealers", title="Dealer performance", selection=selection,
                  columns=COLUMNS, rows=rows,
                  totals=_rates(figures.total(rows, COUNTS), sum(dealt.values())),
                  breakdowns={"by_dealer": by_dealer,
                              "never_ended": _never_ended(unended, casinos, names)},
                  breakdown_columns={"by_dealer": BY_DEALER, "never_ended": NEVER_ENDED})


def _never_ended(unended: list, casinos: dict[int, Casino], names: dict) -> list[dict]:
    """Each stint never ended, in words: who, where, since when and how far it counts."""
    labels = dict(Table.objects.filter(pk__in={s.table for _, s in unended})
                  .values_list("pk", "label"))
    lines = []
    for (day, shift, casino_id, dealer_id, _), stint in sorted(
            unended, key=lambda found: found[1].start):
        zone = casinos[casino_id].zone
        lines.append({"gaming_day": day.isoformat(), "shift": shift,
                      "casino": casinos[casino_id].name,
                      "dealer_name": names.get(dealer_id, ""),
                      "table_label": labels.get(stint.table, ""),
                      "took_the_table": f"{stint.start.astimezone(zone):%Y-%m-%d %H:%M %Z}",
                      "counted_to": f"{stint.end.astimezone(zone):%Y-%m-%d %H:%M %Z}"})
    return lines
