"""The gaming day and shift each record is kept under: 06:00 local starts the day,
05:59 belongs to the day before, and the days the clocks change have 23 or 25 hours (the
change at 02:00 falls in the gaming day that began the morning before)."""

import datetime as dt

import pytest

from casino.common.days import day_bounds
from tests.reports.conftest import NEW_YORK, at

pytestmark = pytest.mark.django_db


def test_a_hand_at_0559_belongs_to_the_day_before_and_one_at_0600_to_this_one(
        holdem, play_hand):
    before = play_hand(holdem, at(2026, 3, 3, 5, 59))
    after = play_hand(holdem, at(2026, 3, 3, 6, 0))
    assert (before.gaming_day, after.gaming_day) == (dt.date(2026, 3, 2), dt.date(2026, 3, 3))
    assert (before.shift, after.shift) == (3, 1)


def test_a_stud_round_is_kept_under_its_local_day_and_shift(live_table, play_round):
    rounds = [play_round(live_table, at(2026, 3, d, h, 30))
              for d, h in ((3, 6), (3, 14), (3, 22), (4, 2))]
    assert [(r.gaming_day.day, r.shift) for r in rounds] == [(3, 1), (3, 2), (3, 3), (3, 3)]


@pytest.mark.parametrize(("day", "hours"), [(dt.date(2026, 3, 7), 23),
                                            (dt.date(2026, 10, 31), 25),
                                            (dt.date(2026, 6, 1), 24)])
def test_the_days_the_clocks_change_have_23_or_25_hours(day, hours):
    begin, end = day_bounds(day, NEW_YORK)
    assert (end - begin) == dt.timedelta(hours=hours)


def test_on_the_long_day_both_0130s_belong_to_the_same_gaming_day(holdem, play_hand):
    first = play_hand(holdem, dt.datetime(2026, 11, 1, 5, 30, tzinfo=dt.UTC))  # 01:30 EDT
    second = play_hand(holdem, dt.datetime(2026, 11, 1, 6, 30, tzinfo=dt.UTC))  # 01:30 EST
    last = play_hand(holdem, dt.datetime(2026, 11, 2, 10, 59, tzinfo=dt.UTC))  # 05:59 EST
    assert {first.gaming_day, second.gaming_day, last.gaming_day} == {dt.date(2026, 10, 31),
                                                                      dt.date(2026, 11, 1)}
    assert first.gaming_day == second.gaming_day == dt.date(2026, 10, 31)
    assert last.gaming_day == dt.date(2026, 11, 1)


def test_a_void_lands_on_the_day_it_is_made(holdem, play_hand, supervisor, travel):
    from tables.poker.services import poker_hand_void

    hand = play_hand(holdem, at(2026, 3, 3, 23, 0))
    travel(at(2026, 3, 4, 7, 0))
    void = poker_hand_void(actor=supervisor, hand=hand, reason="wrong table")
    assert (hand.gaming_day, void.gaming_day) == (dt.date(2026, 3, 3), dt.date(2026, 3, 4))
