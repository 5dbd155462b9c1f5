"""Each table's hours (tables.reports.hourly): an hour over is kept once with its rounds,
action and recorded win (a round voided by then wagers nothing), a poker table's hands
with their pots and rake; the hour running now is not kept; kept again, nothing is
written twice; the hour now read beside the one before; a casino half an hour off the
hour keeps its hours at :30."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal as D

import pytest

from tables.floor.services import casino_create
from tables.poker.models import PokerHand
from tables.reports.hourly import hour_of, keep_hours, this_hour_and_the_last
from tables.reports.models import TableHour
from tables.stud.services import stud_round_record, stud_round_void
from tests.card_room import poker_table

START = dt.datetime(2026, 12, 5, 23, 0, tzinfo=dt.UTC)  # 18:00 in New York


def fold(ante: str) -> dict:
    return {"dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
            "seats": [{"seat": 1, "ante": ante, "decision": "fold"}]}


@pytest.fixture
def an_evening(time_machine, live_table, supervisor, dealer, us_casino, schedule, api):
    def at(minutes):
        time_machine.move_to(START + dt.timedelta(minutes=minutes), tick=False)

    holdem = poker_table(supervisor, dealer, us_casino, schedule)
    at(10)
    stud_round_record(actor=dealer, table=live_table, **fold("10.00"))
    at(20)
    voided, _ = stud_round_record(actor=dealer, table=live_table, **fold("25.00"))
    at(30)
    response = api.as_user(dealer).post(f"/api/v1/tables/{holdem.pk}/poker-hands/",
                                        {"pot": "85.00", "flop_dealt": True}, format="json",
                                        HTTP_IDEMPOTENCY_KEY="hour-1")
    assert response.status_code == 201, response.content
    at(50)
    stud_round_void(actor=supervisor, round_=voided, reason="misdeal seen late")
    at(65)
    stud_round_record(actor=dealer, table=live_table, **fold("5.00"))
    at(90)
    return live_table, holdem


def test_the_hour_over_is_kept_once_and_the_running_one_not(an_evening):
    stud, holdem = an_evening
    hand = PokerHand.objects.get()
    now = START + dt.timedelta(minutes=90)
    assert keep_hours(now) == 2
    kept = {h.table_id: h for h in TableHour.objects.all()}
    assert set(kept) == {stud.pk, holdem.pk}
    assert (kept[stud.pk].hour, kept[stud.pk].gaming_day, kept[stud.pk].shift) == (
        START, dt.date(2026, 12, 5), 2)
    assert (kept[stud.pk].rounds, kept[stud.pk].action, kept[stud.pk].win) == (
        2, D("10.00"), D("10.00"))
    assert (kept[holdem.pk].rounds, kept[holdem.pk].action, kept[holdem.pk].win) == (
        1, D("85.00"), hand.rake + hand.bad_beat_drop)
    assert keep_hours(now) == 0
    assert TableHour.objects.count() == 2


def test_the_hour_now_beside_the_one_before(an_evening):
    stud, _ = an_evening
    now = START + dt.timedelta(minutes=90)
    for keep_first in (False, True):  # read from the records, then from what was kept
        if keep_first:
            keep_hours(now)
        running, before = this_hour_and_the_last(stud.casino, now)[stud.pk]
        assert (running["rounds"], running["win"]) == (1, D("5.00"))
        assert (before["rounds"], before["win"]) == (2, D("10.00"))


def test_a_casino_half_an_hour_off_keeps_its_hours_at_half_past(supervisor):
    kolkata = casino_create(actor=supervisor, name="Kolkata Club", currency="INR",
                            timezone="Asia/Kolkata")
    assert hour_of(kolkata, START + dt.timedelta(minutes=40)) == START + dt.timedelta(
        minutes=30)


def test_the_hours_report_sets_each_hour_beside_the_one_before(an_evening):
    from tables.reports.catalog import REPORTS
    from tables.reports.selection import Selection

    stud, _ = an_evening
    keep_hours(START + dt.timedelta(hours=2, minutes=5))  # 18:00 and 19:00 are over
    report = REPORTS["hours"].build(Selection(first=dt.date(2026, 12, 5),
                                              last=dt.date(2026, 12, 5),
                                              within=(stud.casino,)))
    assert [(r["hour"], r["table_label"], r["rounds"], r["action"], r["win"],
             r["previous_win"], r["change"]) for r in report.rows] == [
        ("18:00", "CS-1", 2, "10.00", "10.00", "0.00", "10.00"),
        ("18:00", "HE-1", 1, "85.00", report.rows[1]["win"], "0.00", report.rows[1]["win"]),
        ("19:00", "CS-1", 1, "5.00", "5.00", "10.00", "-5.00")]
    assert report.totals["rounds"] == 4
    assert report.rows[0]["currency"] == "USD"
