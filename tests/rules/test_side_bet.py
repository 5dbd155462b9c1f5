"""The progressive side bet's exact math (RULES.md section 3, game math)."""

from decimal import Decimal as D
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tables.rules.progressive import US_SCHEDULE, AwardRule
from tables.rules.side_bet import COMBINATIONS, HANDS, side_bet_sheet


def test_the_categories_count_every_five_card_hand():
    assert sum(COMBINATIONS.values()) == HANDS


def test_rules_3_each_10000_of_meter_adds_2_92_percent_and_breaks_even_near_218000():
    sheet = side_bet_sheet(US_SCHEDULE, wager=D(1))
    assert round(float(sheet.slope * 10000) * 100, 2) == 2.92
    assert sheet.slope == Fraction(4 * 10 + 36, 10 * HANDS)  # 100% and 10% of the meter
    assert sheet.intercept == Fraction(624 * 500 + 3744 * 100 + 5108 * 50, HANDS)
    assert abs(sheet.break_even_meter - 218_000) < 100
    assert sheet.return_at(D(0)) + sheet.slope * sheet.break_even_meter == 1


def test_each_award_says_how_often_it_hits():
    lines = {a.category: a for a in side_bet_sheet(US_SCHEDULE, wager=D(1)).awards}
    assert lines["royal_flush"].one_in == 649_740
    assert lines["flush"].combinations == 5_108


def test_the_long_run_house_share_pays_back_contributions_and_seeds():
    sheet = side_bet_sheet(US_SCHEDULE, wager=D(1), contribution_rate=D("0.15"),
                           seed=D(10000))
    fixed = Fraction(624 * 500 + 3744 * 100 + 5108 * 50, HANDS)
    assert sheet.reserve_need == Fraction(4 * 10000, HANDS)
    assert sheet.house_share == 1 - fixed - Fraction(15, 100) - Fraction(4 * 10000, HANDS)


@given(wager=st.sampled_from([D(1), D(2), D(5)]), meter=st.integers(0, 10**7))
def test_a_bigger_wager_for_the_same_awards_returns_less_per_unit(wager, meter):
    one = side_bet_sheet(US_SCHEDULE, wager=D(1)).return_at(D(meter))
    assert side_bet_sheet(US_SCHEDULE, wager=wager).return_at(D(meter)) == one / Fraction(wager)


def test_a_schedule_with_no_meter_award_never_breaks_even_by_the_meter():
    sheet = side_bet_sheet({"flush": AwardRule(fixed=D(50))}, wager=D(1))
    assert sheet.break_even_meter is None


def test_a_wager_of_nothing_is_refused():
    with pytest.raises(ValueError, match="more than 0"):
        side_bet_sheet(US_SCHEDULE, wager=D(0))
