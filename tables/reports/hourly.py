"""Each table's hours (issue 31): the rounds or hands recorded in each of the casino's
whole hours, the action and the recorded win, kept once the hour is over (TableHour,
written by the hourly beat), and each hour read beside the one before it.

Stud: the rounds recorded in the hour; the action is the antes and bets wagered and the
win the house's on them (as the stud report counts them: a round void as a whole, or
voided by a supervisor by the time the hour is kept, wagers nothing). Poker: the hands;
the action is the pots, the win the rake and the bad-beat drops (hands not voided). An
hour is the casino's own: a casino half an hour off the hour has its hours at :30."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal

from django.db.models import Count, F, Q, Sum
from django.db.models.functions import Trunc

from casino.house.models import Casino
from tables.poker.models import PokerHand
from tables.reports.figures import Report, mixed_currencies, without_amounts, written
from tables.reports.models import TableHour
from tables.rules.stud import Outcome
from tables.stud.models import StudSeat
from tables.stud.selectors import BET, HOUSE_WIN

ZERO = Decimal("0.00")
HOUR = dt.timedelta(hours=1)
# How far back each beat looks for hours not kept yet (a beat missed for a few hours
# leaves no gap).
KEPT_BACK = 6
SETTLED = dt.timedelta(minutes=5)


def hour_of(casino: Casino, moment: dt.datetime) -> dt.datetime:
    """When the casino's hour holding ``moment`` began."""
    local = moment.astimezone(casino.zone)
    return local.replace(minute=0, second=0, microsecond=0).astimezone(dt.UTC)


def figures(casino: Casino, start: dt.datetime, end: dt.datetime, *,
            by_minute: bool = False) -> dict:
    """Per table of the casino: rounds, action, win of the records of [start, end); with
    ``by_minute``, per (table, minute) (tables.reports.so_far keeps the minutes)."""
    found: dict = defaultdict(lambda: {"rounds": 0, "action": ZERO, "win": ZERO})
    standing = Q(round__void="", round__correction__isnull=True)
    minute = {"minute": Trunc("round__recorded_at", "minute", tzinfo=dt.UTC)}
    stud = (StudSeat.objects.filter(round__table__casino=casino, round__recorded_at__gte=start,
                                    round__recorded_at__lt=end)
            .annotate(**(minute if by_minute else {}))
            .values("round__table", *(["minute"] if by_minute else []))
            .annotate(rounds=Count("round", distinct=True),
                      action=Sum(F("ante") + BET, filter=standing & ~Q(outcome=Outcome.VOID)),
                      win=Sum(HOUSE_WIN, filter=standing)))
    for row in stud:
        key = (row["round__table"], row["minute"]) if by_minute else row["round__table"]
        found[key].update(rounds=row["rounds"], action=row["action"] or ZERO,
                          win=row["win"] or ZERO)
    minute = {"minute": Trunc("recorded_at", "minute", tzinfo=dt.UTC)}
    hands = (PokerHand.objects.filter(table__casino=casino, recorded_at__gte=start,
                                      recorded_at__lt=end)
             .annotate(**(minute if by_minute else {}))
             .values("table", *(["minute"] if by_minute else []))
             .annotate(rounds=Count("pk"),
                       action=Sum("pot", filter=Q(correction__isnull=True)),
                       win=Sum(F("rake") + F("bad_beat_drop"), filter=Q(correction__isnull=True))))
    for row in hands:
        key = (row["table"], row["minute"]) if by_minute else row["table"]
        found[key].update(rounds=row["rounds"], action=row["action"] or ZERO,
                          win=row["win"] or ZERO)
    return dict(found)


def keep_hours(now: dt.datetime, hours_back: int = KEPT_BACK) -> int:
    """Each casino's hours over by ``now`` and not kept yet (the last ``hours_back`` of
    them): a TableHour for each table with a record in it. How many were written."""
    written = 0
    for casino in Casino.objects.all():
        # The hour running now is not over, and one that ended moments ago may still
        # have a round committing: an hour is kept SETTLED after its end.
        last = hour_of(casino, now - SETTLED)
        for back in range(hours_back, 0, -1):
            start = last - back * HOUR
            kept = set(TableHour.objects.filter(table__casino=casino, hour=start)
                       .values_list("table", flat=True))
            rows = [TableHour(table_id=table, hour=start, gaming_day=casino.gaming_day(start),
                              shift=casino.shift(start), **found)
                    for table, found in figures(casino, start, start + HOUR).items()
                    if table not in kept]
            # Two beats at once: the second's rows meet the first's and are left out.
            TableHour.objects.bulk_create(rows, ignore_conflicts=True)
            written += len(rows)
    return written


def this_hour_and_the_last(casino: Casino, now: dt.datetime) -> dict[int, tuple[dict, dict]]:
    """Per table: the hour running now (from its records) and the hour before it (as it
    was kept, else from its records)."""
    start = hour_of(casino, now)
    running = figures(casino, start, now + dt.timedelta(microseconds=1))
    kept = {h.table_id: {"rounds": h.rounds, "action": h.action, "win": h.win}
            for h in TableHour.objects.filter(table__casino=casino, hour=start - HOUR)}
    before = kept or figures(casino, start - HOUR, start)
    nothing = {"rounds": 0, "action": ZERO, "win": ZERO}
    return {table: (running.get(table, nothing), before.get(table, nothing))
            for table in {*running, *before}}


MONEY = ("action", "win", "previous_win", "change")
COLUMNS = ("gaming_day", "hour", "shift", "casino", "table_label", "rounds", "action", "win",
           "previous_win", "change")


def hours_report(selection) -> Report:
    """The kept hours of the span's gaming days, each beside the table's hour before it
    (none kept: nothing recorded then, 0)."""
    kept = list(TableHour.objects.filter(
        table__casino__in=selection.casinos(),
        gaming_day__range=(selection.first, selection.last),
        **({"table": selection.table} if selection.table is not None else {}))
        .select_related("table__casino").order_by("hour", "table__label"))
    previous = {(h.table_id, h.hour): h.win for h in TableHour.objects.filter(
        table__in={h.table_id for h in kept}, hour__in={h.hour - HOUR for h in kept})}
    previous.update({(h.table_id, h.hour): h.win for h in kept})
    rows = []
    for h in kept:
        before = previous.get((h.table_id, h.hour - HOUR), ZERO)
        casino = h.table.casino
        rows.append(written({
            "gaming_day": h.gaming_day, "hour": h.hour.astimezone(casino.zone).strftime("%H:%M"),
            "shift": h.shift, "casino": casino.name, "table": h.table_id,
            "table_label": h.table.label, "rounds": h.rounds, "action": h.action, "win": h.win,
            "previous_win": before, "change": h.win - before}, MONEY))
    sums = {name: sum((Decimal(r[name]) for r in rows), ZERO) for name in MONEY}
    mixed = mixed_currencies(selection)
    totals = without_amounts(sums, MONEY, mixed) if mixed else {**sums, "state": ""}
    by_casino = [written({"casino": name, "rounds": sum(r["rounds"] for r in rows
                                                       if r["casino"] == name),
                          **{m: sum((Decimal(r[m]) for r in rows if r["casino"] == name), ZERO)
                             for m in MONEY}}, MONEY)
                 for name in sorted({r["casino"] for r in rows})]
    return Report(name="hours", title="Table hours", selection=selection, columns=COLUMNS,
                  rows=rows, totals=written({**totals, "rounds": sum(r["rounds"] for r in rows)},
                                            MONEY, keep_empty=True),
                  breakdowns={"by_casino": by_casino},
                  breakdown_columns={"by_casino": ("casino", "rounds", *MONEY)})
