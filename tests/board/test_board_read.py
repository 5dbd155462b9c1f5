"""The live board's read (tables.board.read), on a constructed evening at Test Harbor
(New York; its gaming day from 06:00, shifts of eight hours: 14:00 to 22:00 is the
second): each table's rounds this hour and shift, the day's win and hold so far to the
cent, whether its earlier hours were kept by the beat or not; its dealer (the one who
recorded there), the next relief, seats, pending jackpots and variances; each pit's
totals; the words a closed table and a poker table's stakes get."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal as D

import pytest

from tables.board.read import board_of
from tables.floor.services import table_update
from tables.pit import services as pit
from tables.reports.hourly import keep_hours
from tables.reports.models import TableHour
from tables.reports.so_far import Minutes, so_far
from tables.stud.services import stud_round_record
from tests.card_room import poker_table

START = dt.datetime(2026, 12, 5, 23, 0, tzinfo=dt.UTC)  # 18:00 in New York


def fold(ante: str, seats: int = 1) -> dict:
    return {"dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
            "seats": [{"seat": n, "ante": ante, "decision": "fold"} for n in range(1, seats + 1)]}


def queens_raise(ante: str) -> dict:
    """A pair of queens raises against the dealer's qualifying ace-king: the ante pays even
    money and the bet (twice the ante) pays one pair's 1 to 1."""
    return {"dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
            "seats": [{"seat": 1, "ante": ante, "decision": "raise",
                       "cards": ["Qh", "Qs", "9d", "5c", "3h"]}]}


@pytest.fixture
def at(time_machine):
    def move(minutes: float) -> dt.datetime:
        moment = START + dt.timedelta(minutes=minutes)
        time_machine.move_to(moment, tick=False)
        return moment
    return move


@pytest.fixture
def evening(at, live_table, dealer):
    """18:10 one seat folds 10, 18:20 three seats fold 25 each (the house wins 85), 19:10
    queens raise on an ante of 5 (the house pays 15 on 15 wagered): 70 won on 100."""
    at(10)
    stud_round_record(actor=dealer, table=live_table, **fold("10.00"))
    at(20)
    stud_round_record(actor=dealer, table=live_table, **fold("25.00", seats=3))
    at(70)
    stud_round_record(actor=dealer, table=live_table, **queens_raise("5.00"))
    return live_table


@pytest.mark.parametrize("kept", [True, False], ids=["hours kept", "beat missed"])
def test_the_day_so_far_is_the_same_whether_its_hours_were_kept_or_not(
        evening, at, us_casino, kept):
    if kept:
        assert keep_hours(at(80)) == 1  # 18:00 is over and kept; 19:00 runs
        assert TableHour.objects.get().rounds == 2
    now = at(90)
    assert so_far(us_casino, now)[evening.pk] == {
        "rounds": 3, "action": D("100.00"), "win": D("70.00"), "shift_rounds": 3,
        "hour_rounds": 1}


def test_the_minutes_a_board_keeps_give_the_same_figures_and_a_void_drops_them(
        evening, at, us_casino, dealer, supervisor):
    from tables.stud.models import StudRound
    from tables.stud.services import stud_round_void

    minutes = Minutes()
    expected = so_far(us_casino, at(90))
    assert so_far(us_casino, at(90), minutes) == expected  # read, the minutes kept
    assert so_far(us_casino, at(91), minutes) == expected  # from the kept minutes
    stud_round_record(actor=dealer, table=evening, **fold("10.00"))  # 19:31
    assert so_far(us_casino, at(91.5), minutes)[evening.pk]["rounds"] == 4
    first = StudRound.objects.earliest("recorded_at")
    stud_round_void(actor=supervisor, round_=first, reason="misdeal")
    figures = so_far(us_casino, at(95), minutes)[evening.pk]
    assert (figures["rounds"], figures["win"]) == (4, D("70.00"))  # 10 back, 10 won
    assert figures == so_far(us_casino, at(95))[evening.pk]


def test_the_shift_counts_from_its_start_and_the_hour_from_its_own(at, live_table, dealer,
                                                                  us_casino):
    at(3 * 60 + 50)  # 21:50, the second shift
    stud_round_record(actor=dealer, table=live_table, **fold("10.00"))
    at(4 * 60 + 10)  # 22:10, the third
    stud_round_record(actor=dealer, table=live_table, **fold("10.00"))
    keep_hours(at(4 * 60 + 20))
    figures = so_far(us_casino, at(4 * 60 + 30))[live_table.pk]
    assert (figures["rounds"], figures["shift_rounds"], figures["hour_rounds"]) == (2, 1, 1)


def test_a_table_on_the_board_in_words_and_figures(evening, at, us_casino, dealer,
                                                    supervisor, schedule):
    poker_table(supervisor, dealer, us_casino, schedule, label="HE-1")
    closed = poker_table(supervisor, dealer, us_casino, schedule, label="HE-9",
                         structure="no_limit", small_blind=D(1), big_blind=D(2))
    table_update(actor=supervisor, table=closed, status="closed")
    now = at(75)
    board = board_of(us_casino, now)
    assert (board.zone, board.as_of) == ("EST", "19:15:00")
    [pit_] = board.pits
    lines = {line.label: line for line in pit_.lines}
    cs = lines["CS-1"]
    assert (cs.status, cs.limits, cs.dealer, cs.since, cs.minutes) == (
        "Open", "antes 5 to 100", "dana_dealer", "18:10", 65)
    assert (cs.hour_rounds, cs.shift_rounds, cs.win, cs.hold, cs.seats) == (
        1, 3, "$70.00", "70.0%", "1 of 7")
    assert cs.late  # nobody to relieve her
    assert cs.relief == "break overdue since 19:10"
    assert (lines["HE-1"].limits, lines["HE-1"].dealer, lines["HE-1"].hold) == (
        "20/40 fixed limit", "", "—")
    assert (lines["HE-9"].status, lines["HE-9"].limits) == ("Closed", "1/2 no limit")
    assert pit_.totals == {"open": 2, "tables": 3, "hour_rounds": 1, "shift_rounds": 3,
                           "win": "$70.00", "hold": "70.0%"}


def test_the_next_relief_is_named_on_the_table_it_takes(evening, at, us_casino, supervisor,
                                                        other_dealer):
    from tables.floor.services import table_dealer_assign

    table_dealer_assign(actor=supervisor, table=evening, dealer=other_dealer)
    pit.dealer_clock_in(actor=supervisor, casino=us_casino, dealer=other_dealer)
    line = board_of(us_casino, at(75)).pits[0].lines[0]
    assert (line.relief, line.late) == ("otto_dealer now", False)
    assert board_of(us_casino, at(71)).pits[0].lines[0].relief == "otto_dealer now"
