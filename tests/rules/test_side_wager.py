"""The progressive side wager's exact math (RULES.md section 3, game math)."""

from decimal import Decimal as D
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tables.rules.progressive import US_SCHEDULE, AwardRule
from tables.rules.side_wager import COMBINATIONS, HANDS, side_wager_sheet


def test_the_categories_count_every_five_card_hand():
    assert sum(COMBINATIONS.values()) == HANDS


def test_rules_3_each_10000_of_meter_adds_2_92_percent_and_breaks_even_near_218000():
    sheet = side_wager_sheet(US_SCHEDULE, wager=D(1))
    assert round(float(sheet.slope * 10000) * 100, 2) == 2.92
    assert sheet.slope == Fraction(4 * 10 + 36, 10 * HANDS)  # 100% and 10% of the meter
    assert sheet.intercept == Fraction(624 * 500 + 3744 * 100 + 5108 * 50, HANDS)
    # (2,598,960 - 941,800 paid by the fixed awards) / 7.6 royal-equivalents per meter unit
    assert sheet.break_even_meter == Fraction((HANDS - 941_800) * 10, 76)
    assert round(sheet.break_even_meter) == 218_047


def test_each_award_says_how_often_it_hits():
    lines = {a.category: a for a in side_wager_sheet(US_SCHEDULE, wager=D(1)).awards}
    assert lines["royal_flush"].one_in == 649_740
    assert lines["flush"].combinations == 5_108


def test_the_long_run_house_share_pays_back_contributions_and_seeds():
    sheet = side_wager_sheet(US_SCHEDULE, wager=D(1), contribution_rate=D("0.15"),
                           seed=D(10000))
    fixed = Fraction(624 * 500 + 3744 * 100 + 5108 * 50, HANDS)
    assert sheet.reserve_need == Fraction(4 * 10000, HANDS)
    assert sheet.house_share == 1 - fixed - Fraction(15, 100) - Fraction(4 * 10000, HANDS)


@given(meter=st.integers(0, 10**7), cents=st.integers(0, 99))
def test_the_return_at_a_meter_counts_each_award_by_its_hands(meter, cents):
    shown = D(meter) + D(cents) / 100
    paid = (4 * shown + 36 * shown / 10 + 624 * 500 + 3744 * 100 + 5108 * 50)
    assert side_wager_sheet(US_SCHEDULE, wager=D(2)).return_at(shown) == Fraction(paid) / (
        2 * HANDS)


def test_a_schedule_with_no_meter_award_never_breaks_even_by_the_meter():
    sheet = side_wager_sheet({"flush": AwardRule(fixed=D(50))}, wager=D(1))
    assert sheet.break_even_meter is None


def test_a_wager_of_nothing_is_refused():
    with pytest.raises(ValueError, match="more than 0"):
        side_wager_sheet(US_SCHEDULE, wager=D(0))
