"""Which numbers of a slip series a span accounts for, and which no slip carries."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tables.rules.chips import numbers_missing, series_to_account


def test_a_span_runs_from_after_the_last_number_before_it_to_its_highest():
    assert series_to_account(last_before=7, highest_in_span=12) == range(8, 13)


def test_a_span_reaching_today_runs_on_to_the_last_number_taken():
    assert series_to_account(last_before=7, highest_in_span=12, last_taken=14) == range(8, 15)
    assert series_to_account(last_before=7, highest_in_span=None, last_taken=9) == range(8, 10)


def test_a_span_with_no_slip_accounts_for_nothing():
    assert not series_to_account(last_before=7, highest_in_span=None)
    assert not series_to_account(last_before=7, highest_in_span=None, last_taken=7)


def test_the_missing_numbers_are_those_no_slip_carries_in_order():
    assert numbers_missing([8, 10, 12, 3], range(8, 14)) == [9, 11, 13]
    assert numbers_missing(range(1, 6), range(1, 6)) == []


@given(st.sets(st.integers(1, 60)), st.integers(0, 30))
def test_issued_and_missing_numbers_make_up_the_whole_span_once(issued, last_before):
    highest = max(issued, default=None)
    expected = series_to_account(last_before=last_before, highest_in_span=highest)
    missing = numbers_missing(issued, expected)
    assert sorted({*missing, *(n for n in issued if n in expected)}) == list(expected)
    assert not set(missing) & issued
