"""Dealer performance (tables.reports.dealers) to the unit, from constructed records: Dana
deals CS-1 an hour (three rounds: one clean, one with a seat's misdeal, one a misdealt
round the supervisor later voids), Otto relieves her for half an hour (two rounds) while
she takes her 20-minute break. The figures by day, shift, dealer and game; by dealer with
his breaks; a filter by dealer, by shift; the page, the CSV and the chart."""

from __future__ import annotations

import datetime as dt

import pytest

from tables.floor.services import table_dealer_assign
from tables.pit import services as pit
from tables.reports.catalog import REPORTS
from tables.reports.charts import series
from tables.reports.selection import Selection
from tables.stud.services import stud_round_record, stud_round_void

START = dt.datetime(2026, 12, 5, 23, 0, tzinfo=dt.UTC)  # 18:00 in New York: shift 2
DAY = dt.date(2026, 12, 5)
CLEAN = {"dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
         "seats": [{"seat": 1, "ante": "10.00", "decision": "fold"}]}
SEAT_MISDEAL = {"dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
                "seats": [{"seat": 1, "ante": "10.00", "decision": "fold",
                           "irregularity": "misdeal"},
                          {"seat": 2, "ante": "10.00", "decision": "fold"}]}
ROUND_MISDEAL = {"void": "misdeal", "seats": [{"seat": 1, "ante": "10.00"}]}


@pytest.fixture
def an_evening(time_machine, live_table, supervisor, dealer, other_dealer):
    def at(minutes):
        time_machine.move_to(START + dt.timedelta(minutes=minutes), tick=False)

    casino = live_table.casino
    table_dealer_assign(actor=supervisor, table=live_table, dealer=other_dealer)
    at(0)
    for person in (dealer, other_dealer):
        pit.dealer_clock_in(actor=supervisor, casino=casino, dealer=person)
    pit.dealer_relieve(actor=dealer, table=live_table, relief=dealer)
    for minutes, body in ((10, CLEAN), (20, SEAT_MISDEAL), (30, ROUND_MISDEAL)):
        at(minutes)
        voided, _ = stud_round_record(actor=dealer, table=live_table, **body)
    at(40)
    stud_round_void(actor=supervisor, round_=voided, reason="cards exposed on the deal")
    at(60)
    pit.dealer_relieve(actor=other_dealer, table=live_table, relief=other_dealer)
    for minutes in (70, 80):
        at(minutes)
        stud_round_record(actor=other_dealer, table=live_table, **CLEAN)
    at(90)
    return casino


def report(casino, **chosen):
    return REPORTS["dealers"].build(Selection(first=DAY, last=DAY, within=(casino,), **chosen))


def test_each_dealers_evening_to_the_unit(an_evening):
    found = report(an_evening)
    assert [(r["dealer_name"], r["shift"], r["game"], r["rounds"], r["hours_dealt"],
             r["rounds_per_hour"], r["voided"], r["voided_per_100"], r["irregular"],
             r["irregular_per_100"]) for r in found.rows] == [
        ("dana_dealer", 2, "Caribbean Stud / Casino Stud", 3, 1.0, 3.0, 1, 33.33, 2, 66.67),
        ("otto_dealer", 2, "Caribbean Stud / Casino Stud", 2, 0.5, 4.0, 0, 0.0, 0, 0.0)]
    assert [(d["dealer_name"], d["hours_on_break"]) for d in found.breakdowns["by_dealer"]] == [
        ("dana_dealer", 0.33), ("otto_dealer", 0.0)]
    assert (found.totals["rounds"], found.totals["hours_dealt"],
            found.totals["rounds_per_hour"]) == (5, 1.5, 3.3)
    assert found.rows[0]["gaming_day"] == "2026-12-05"
    assert found.rows[0]["currency"] == "USD"  # a row naming its casino says its currency


def test_a_dealer_or_a_shift_chosen(an_evening, other_dealer):
    assert [r["dealer_name"] for r in report(an_evening, dealer=other_dealer).rows] == [
        "otto_dealer"]
    assert report(an_evening, shift=1).rows == []


def test_the_chart_is_rounds_an_hour_per_dealer(an_evening):
    [chart] = series(report(an_evening))
    assert (chart["labels"], chart["values"], chart["unit"]) == (
        ["dana_dealer", "otto_dealer"], ["3.0", "4.0"], "rounds")


def test_the_page_and_the_csv(client, api, an_evening, supervisor, accountant):
    client.force_login(supervisor)
    page = client.get("/accounting/reports/dealers/?from=2026-12-05&to=2026-12-05")
    assert page.status_code == 200
    text = " ".join(page.content.decode().split())
    assert all(words in text for words in ("Dealer performance", "Rounds per hour"))
    csv = api.as_user(accountant).get(
        "/api/v1/reports/dealers/?from=2026-12-05&to=2026-12-05&format=csv")
    assert csv.status_code == 200
    lines = b"".join(csv.streaming_content if csv.streaming else [csv.content]).decode()
    assert all(name in lines for name in ("dana_dealer", "otto_dealer"))


def test_every_rate_is_its_own_lines_rounds_over_its_hours_the_totals_too(
        an_evening, time_machine, dealer, monkeypatch):
    """A day with rounds but no moves kept (recorded before the floor kept its dealers'
    moves) counts its rounds and no hours: its line has no rate, and the rate of every
    line that sums it, the totals' too, is that line's rounds over that line's hours (issue
    44: "Rounds 795 · Hours dealt 242.23 · Rounds per hour 1.2")."""
    from tables.floor.models import Table
    from tables.stud import services

    time_machine.move_to(START - dt.timedelta(days=1), tick=False)
    with monkeypatch.context() as before_the_pit:
        before_the_pit.setattr(services, "recorded_by", lambda *, actor, table: None)
        stud_round_record(actor=dealer, table=Table.objects.get(label="CS-1"), **CLEAN)
    time_machine.move_to(START + dt.timedelta(minutes=90), tick=False)
    found = REPORTS["dealers"].build(Selection(first=DAY - dt.timedelta(days=1), last=DAY,
                                               within=(an_evening,)))
    assert [(r["rounds"], r["hours_dealt"], r["rounds_per_hour"]) for r in found.rows] == [
        (1, 0.0, None), (3, 1.0, 3.0), (2, 0.5, 4.0)]
    dana = next(d for d in found.breakdowns["by_dealer"] if d["dealer_name"] == "dana_dealer")
    assert (dana["rounds"], dana["hours_dealt"], dana["rounds_per_hour"]) == (4, 1.0, 4.0)
    assert (found.totals["rounds"], found.totals["hours_dealt"],
            found.totals["rounds_per_hour"]) == (6, 1.5, 4.0)


@pytest.fixture
def a_night(time_machine, live_table, supervisor, dealer, other_dealer):
    """Dana takes CS-1 at 21:30 (shift 2 ends at 22:00) and Otto relieves her at 22:45;
    Otto then deals it and goes home without clocking out; the report is read the next
    evening, when the floor has long forgotten him."""
    def at(hour, minute=0, day=5):
        time_machine.move_to(dt.datetime(2026, 12, day, hour, minute,
                                         tzinfo=live_table.casino.zone), tick=False)

    casino = live_table.casino
    table_dealer_assign(actor=supervisor, table=live_table, dealer=other_dealer)
    at(21, 25)
    for person in (dealer, other_dealer):
        pit.dealer_clock_in(actor=supervisor, casino=casino, dealer=person)
    at(21, 30)
    stud_round_record(actor=dealer, table=live_table, **CLEAN)  # she takes it
    at(22, 45)
    stud_round_record(actor=other_dealer, table=live_table, **CLEAN)  # he relieves her
    at(23, 15)
    stud_round_record(actor=other_dealer, table=live_table, **CLEAN)
    at(20, 0, day=6)
    return casino


def test_a_stint_past_its_shift_is_cut_there_and_one_never_ended_is_flagged(a_night):
    found = report(a_night)
    assert [(r["dealer_name"], r["shift"], r["rounds"], r["hours_dealt"],
             r["rounds_per_hour"], r["unended"]) for r in found.rows] == [
        ("dana_dealer", 2, 1, 0.5, 2.0, 0), ("dana_dealer", 3, 0, 0.75, 0.0, 0),
        # Otto's stint never ended: counted to the end of the shift it began in (06:00),
        # never the 16 hours the floor kept him, and flagged.
        ("otto_dealer", 3, 2, 7.25, 0.3, 1)]
    assert found.breakdowns["never_ended"] == [{
        "gaming_day": "2026-12-05", "shift": 3, "casino": "Test Harbor",
        "dealer_name": "otto_dealer", "table_label": "CS-1",
        "took_the_table": "2026-12-05 22:45 EST", "counted_to": "2026-12-06 06:00 EST",
        "currency": "USD"}]
    assert (found.totals["hours_dealt"], found.totals["rounds_per_hour"],
            found.totals["unended"]) == (8.5, 0.4, 1)


def test_a_stint_never_ended_counts_to_its_shifts_end_at_most(a_night, time_machine,
                                                              other_dealer, supervisor):
    """Taken at 18:00 and never ended, no round after: counted to 22:00, never the 16
    hours the floor keeps a dealer who forgot to clock out."""
    from tables.floor.models import Table

    casino = a_night
    for hour, minute in ((17, 55), (18, 0)):
        time_machine.move_to(dt.datetime(2026, 12, 7, hour, minute, tzinfo=casino.zone),
                             tick=False)
        if minute:
            pit.dealer_clock_in(actor=supervisor, casino=casino, dealer=other_dealer)
        else:
            pit.dealer_relieve(actor=supervisor, table=Table.objects.get(label="CS-1"),
                               relief=other_dealer)
    time_machine.move_to(dt.datetime(2026, 12, 8, 20, 0, tzinfo=casino.zone), tick=False)
    day = dt.date(2026, 12, 7)
    found = REPORTS["dealers"].build(Selection(first=day, last=day, within=(casino,)))
    assert [(r["dealer_name"], r["shift"], r["rounds"], r["hours_dealt"],
             r["rounds_per_hour"], r["unended"]) for r in found.rows] == [
        ("otto_dealer", 2, 0, 4.0, 0.0, 1)]
    assert found.breakdowns["never_ended"][0]["counted_to"] == "2026-12-07 22:00 EST"
