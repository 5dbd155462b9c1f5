"""Chips by denomination (tables.rules.chips): reading a typed count, totals, differences,
the table's win from its chips, discrepancy levels."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tables.rules.chips import (
    MOST_VALUE,
    ChipError,
    Level,
    Variance,
    as_stored,
    chips_difference,
    chips_total,
    denomination_key,
    discrepancy_level,
    from_stored,
    hold,
    read_chips,
    standard_denominations,
    table_win,
)

USD = standard_denominations("USD")
counts = st.dictionaries(st.sampled_from(USD), st.integers(min_value=1, max_value=100_000))
money = st.decimals(min_value=-10**9, max_value=10**9, places=2)


@given(counts)
def test_a_count_survives_typing_storing_and_reading_back(found):
    typed = {denomination_key(d): str(n) for d, n in found.items()}

    read = read_chips(typed, USD)

    assert read == found
    assert from_stored(as_stored(read)) == found
    assert chips_total(read) == sum((d * n for d, n in found.items()), D(0))


@given(counts, counts)
def test_a_difference_says_how_the_chips_moved(found, expected):
    difference = chips_difference(found, expected)

    restored = {d: expected.get(d, 0) + difference.get(d, 0) for d in {*found, *expected}}
    assert {d: n for d, n in restored.items() if n} == found
    assert chips_total(found) - chips_total(expected) == sum(
        (d * n for d, n in difference.items()), D(0))
    assert all(n for n in difference.values())


def test_keys_are_written_one_way():
    assert [denomination_key(D(v)) for v in ("25", "25.00", "2.5", "2.50", "1E+2")] == [
        "25", "25", "2.50", "2.50", "100"]
    assert read_chips({"25.00": "1", "2.5": "2", "": "", "100": "0"}, USD) == {
        D("2.50"): 2, D(25): 1}


def test_every_unreadable_denomination_is_named():
    with pytest.raises(ChipError) as refused:
        read_chips({"7": "1", "25": "١٢", "5": "3.0", "1e2": "1"}, USD)

    assert dict(refused.value.problems) == {
        "7": "7 is not a chip of this casino; its chips are 1, 2.50, 5, 25, 100, 500, 1000, "
             "5000.",
        "25": "'١٢' is not a number of chips.",
        "5": "'3.0' is not a number of chips.",
        "1e2": "1e2 is not a chip of this casino; its chips are 1, 2.50, 5, 25, 100, 500, "
               "1000, 5000."}


@given(money, money, money, money, money)
def test_the_win_balances_every_chip(drop, credits, fills, opener, closer):
    win = table_win(drop=drop, credits=credits, fills=fills, opener=opener, closer=closer)

    # What the tray ended with: what it began with, plus fills, minus credits, plus what
    # the house won, minus the chips sold for the drop's cash and markers.
    assert closer == opener + fills - credits + win - drop


@given(money.filter(lambda d: d >= 0), st.decimals(min_value=0, max_value=1000, places=2),
       st.decimals(min_value=0, max_value=1000, places=2))
def test_the_level_grows_with_the_difference(size, report_at, extra):
    escalate_at = report_at + extra
    levels = [discrepancy_level(sign * size, report_at=report_at, escalate_at=escalate_at)
              for sign in (1, -1)]

    assert levels[0] == levels[1]  # over or short alike
    expected = Level.ESCALATED if size >= escalate_at else (
        Level.REPORTED if size >= report_at else Level.NOTED)
    assert levels[0] == expected


def test_hold_and_variance():
    assert hold(D("11.00"), D("600.00")) == D("0.0183")
    assert hold(D("5"), D("0")) is None
    assert not Variance(recorded=D(11), counted=D(-14), threshold=D(25)).needs_explaining
    assert Variance(recorded=D(11), counted=D("-14.01"), threshold=D(25)).needs_explaining
    assert Variance(recorded=D(11), counted=D(-89), threshold=D(25)).difference == D(-100)


def test_a_count_worth_more_than_the_books_hold_is_a_typo_said_in_words():
    big = [D("100000000000")]

    with pytest.raises(ChipError) as refused:
        read_chips({"100000000000": "10"}, big, noun=("note", "notes"))

    assert refused.value.problems == [
        ("", "These notes come to 1,000,000,000,000.00, more than 999,999,999,999.99 in one "
             "count; check the numbers.")]
    assert chips_total(read_chips({"100000000000": "9"}, big)) <= MOST_VALUE


@pytest.mark.parametrize(("share", "drop", "threshold"), [
    (None, D("10.60"), D("25.00")),         # no share set: the amount
    (D("0.10"), None, D("25.00")),          # nothing counted: the amount
    (D("0.10"), D("10.60"), D("1.06")),  # the share, smaller
    (D("0.10"), D("1000.00"), D("25.00")),  # the amount, smaller
    (D("0.10"), D("10.69"), D("1.06")),  # to the cent, down
])
def test_a_count_may_differ_by_the_amount_or_the_share_of_the_drop_whichever_is_less(
        share, drop, threshold):
    from tables.rules.chips import variance_threshold

    assert variance_threshold(D("25.00"), share, drop) == threshold
