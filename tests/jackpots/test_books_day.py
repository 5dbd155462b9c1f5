"""The books' day (casino.common.days.books_day): a meter's report rows, its hits, its
reconciliation and its closed days all follow the clock of the books that keep the meter,
not that of the table a hit was played at."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal as D
from zoneinfo import ZoneInfo

from payouts.jackpots import reconciliation, settlement
from payouts.jackpots.models import JackpotHit, ReconciliationCheck
from tables.reports.jackpots import jackpot_report
from tables.reports.selection import Selection
from tables.stud.services import stud_round_record
from tests.helpers import ROYAL_HEARTS  # the whole meter, $10,000.70: under the threshold

NEW_YORK = ZoneInfo("America/New_York")


def _hit_before_the_casinos_day_starts(time_machine, settings, jackpot_table, progressive):
    """A royal flush at 05:30 in New York (the table's casino), a month from now: the
    table's gaming day is still the day before; the group's books (UTC from 06:00), which
    keep the wide-area meter, are already on the new day."""
    settings.TIME_ZONE = "UTC"
    day = dt.datetime.now(tz=dt.UTC).date() + dt.timedelta(days=30)
    moment = dt.datetime.combine(day, dt.time(5, 30), tzinfo=NEW_YORK)
    time_machine.move_to(moment, tick=False)
    round_ = stud_round_record(
        actor=jackpot_table.dealers.get(), table=jackpot_table,
        dealer_cards=["As", "Kd", "7c", "4h", "2s"],
        seats=[{"seat": 3, "ante": D("10.00"), "decision": "raise", "progressive": True,
                "cards": ROYAL_HEARTS.split()}])[0]
    settlement.settle_pending_hits(progressive.pk)
    books = progressive.books_day(moment)
    assert (round_.gaming_day, books) == (day - dt.timedelta(days=1), day)  # two clocks
    return books


def test_a_hit_counts_on_the_meters_books_day_in_the_report_and_the_reconciliation(
        time_machine, settings, jackpot_table, progressive):
    books = _hit_before_the_casinos_day_starts(time_machine, settings, jackpot_table,
                                               progressive)
    report = jackpot_report(Selection(first=books - dt.timedelta(days=1), last=books,
                                      progressive=progressive))

    rows = {row["gaming_day"]: row for row in report.rows}
    day, before = books.isoformat(), (books - dt.timedelta(days=1)).isoformat()
    assert (rows[day]["hits"], rows[day]["awards"], rows[day]["balanced"]) == (
        1, "10000.70", True)
    assert (rows[before]["hits"], rows[before]["awards"]) == (0, "0.00")
    assert [h["gaming_day"] for h in report.extra["hits"]] == [books.isoformat()]
    line = reconciliation.reconcile_day(progressive, books)
    assert (line.awards, line.balanced) == (D("-10000.70"), True)
    assert reconciliation.reconcile_day(progressive, books - dt.timedelta(days=1)).awards == 0


def test_the_nightly_check_reconciles_each_meters_last_ended_books_day(
        time_machine, settings, jackpot_table, progressive):
    books = _hit_before_the_casinos_day_starts(time_machine, settings, jackpot_table,
                                               progressive)
    # The next morning, before the group's books day starts: still the day of the hit.
    time_machine.move_to(dt.datetime.combine(books + dt.timedelta(days=2), dt.time(5, 0),
                                             tzinfo=dt.UTC), tick=False)

    reconciliation.check_all()

    check = ReconciliationCheck.objects.get(progressive=progressive, meter="meter")
    begin = dt.datetime.combine(books, dt.time(6), tzinfo=dt.UTC)
    assert (check.period_start, check.period_end) == (begin, begin + dt.timedelta(days=1))
    assert (check.awards, check.balanced) == (D("-10000.70"), True)
    assert JackpotHit.objects.get().amount == D("10000.70")
