"""Reading a count of chips or notes by denomination (tables.rules.chips.read_chips)."""

from decimal import Decimal as D

import pytest

from tables.rules.chips import MOST_VALUE, ChipError, chips_total, read_chips

USD_CHIPS = [D(1), D("2.50"), D(5), D(25), D(100)]


def test_a_count_is_read_by_denomination_empty_and_zero_left_out():
    counts = read_chips({"25": "40", "2.5": "2", "100": "", "5": "0"}, USD_CHIPS)

    assert counts == {D("2.50"): 2, D(25): 40}
    assert chips_total(counts) == D("1005.00")


def test_every_problem_is_named_by_its_denomination():
    with pytest.raises(ChipError) as refused:
        read_chips({"25": "forty", "3": "1", "100": "100001"}, USD_CHIPS)

    assert refused.value.problems == [
        ("25", "'forty' is not a number of chips."),
        ("3", "3 is not a chip of this casino; its chips are 1, 2.50, 5, 25, 100."),
        ("100", "100001 chips of 100 is more than 100,000 in one count; check the number.")]


def test_a_count_worth_more_than_the_books_hold_is_a_typo_said_in_words():
    big = [D("100000000000")]

    with pytest.raises(ChipError) as refused:
        read_chips({"100000000000": "10"}, big, noun="note")

    assert refused.value.problems == [
        ("", "These notes come to 1,000,000,000,000.00, more than 999,999,999,999.99 in one "
             "count; check the numbers.")]
    assert chips_total(read_chips({"100000000000": "9"}, big)) <= MOST_VALUE
