"""RULES.md section 3: progressive awards, resets, contributions and the W-2G flags."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.rules.progressive import (
    US_SCHEDULE,
    AwardRule,
    Hit,
    contribution,
    settle_hits,
    w2g_reportable,
    withholding_applies,
)
from tables.rules.side_wager import side_wager_sheet

D = Decimal
SEED = D("10000.00")
CENT, YEN = D("0.01"), D(1)


def pay(meter, *hits, reserve="0"):
    return settle_hits(D(meter), [Hit(s, c) for s, c in hits], US_SCHEDULE, seed=SEED,
                       reserve=D(reserve), unit=CENT)


def test_rules_3_the_us_schedule_pays_the_royal_the_whole_meter_and_resets_to_seed():
    result = pay("123456.78", (3, "royal_flush"))
    (award,) = result.awards
    assert (award.amount, award.meter_before, award.meter_after) == (
        D("123456.78"), D("123456.78"), D("0.00"))
    assert result.meter == SEED
    assert result.resets[0].amount == SEED


def test_rules_3_a_straight_flush_pays_ten_percent_of_the_meter():
    result = pay("50000.05", (1, "straight_flush"))
    assert result.awards[0].amount == D("5000.00")  # 5000.005 rounded down
    assert result.meter == D("45000.05")             # the odd half cent stays on


@pytest.mark.parametrize(("category", "amount"), [
    ("four_of_a_kind", "500.00"), ("full_house", "100.00"), ("flush", "50.00")])
def test_rules_3_fixed_awards_are_paid_by_the_house_and_leave_the_meter(category, amount):
    result = pay("80000.00", (2, category))
    assert result.awards[0].amount == D(amount)
    assert not result.awards[0].from_meter
    assert result.meter == D("80000.00")


def test_rules_3_several_royals_in_one_round_share_the_meter_value_of_the_first():
    result = pay("90000.05", (6, "royal_flush"), (2, "royal_flush"))
    assert [(a.seat, a.amount, a.shared_by) for a in result.awards] == [
        (2, D("45000.02"), 2), (6, D("45000.02"), 2)]
    # The odd cent stays on the meter, and the reset tops it up to the seed.
    assert result.resets[0].meter_before == D("0.01")
    assert result.resets[0].amount == D("9999.99")
    assert result.meter == SEED


def test_rules_3_awards_are_paid_in_seat_order_at_the_meter_of_their_turn():
    result = pay("100000.00", (7, "straight_flush"), (4, "royal_flush"), (1, "straight_flush"))
    assert [(a.seat, a.amount) for a in result.awards] == [
        (1, D("10000.00")), (4, D("90000.00")), (7, D("1000.00"))]
    assert result.meter == D("9000.00")


def test_rules_3_the_reset_comes_from_the_reserve_first():
    result = pay("20000.00", (1, "royal_flush"), reserve=D("2500.00"))
    (reset,) = result.resets
    assert (reset.from_reserve, reset.from_house, result.reserve) == (
        D("2500.00"), D("7500.00"), D(0))


@settings(max_examples=300)
@given(st.decimals(min_value=D("10000"), max_value=D("5000000"), places=2),
       st.lists(st.tuples(st.integers(1, 7), st.sampled_from(list(US_SCHEDULE))),
                max_size=7, unique_by=lambda h: h[0]))
def test_the_meter_reconciles_to_the_cent(meter, hits):
    result = pay(meter, *hits)
    resets = sum(r.amount for r in result.resets)
    assert meter - result.paid_from_meter + resets == result.meter
    assert all(a.amount >= 0 for a in result.awards)


def test_contributions_split_between_meter_reserve_and_house():
    part = contribution(D("7.00"), rate=D("0.70"), reserve_rate=D("0.05"), meter=D("1000.00"),
                        unit=CENT)
    assert (part.to_meter, part.to_reserve, part.to_house) == (D("4.90"), D("0.35"), D("1.75"))


def test_contributions_past_the_limit_go_to_the_overflow():
    part = contribution(D("10.00"), rate=D("0.50"), meter=D("99998.00"), limit=D("100000.00"),
                        unit=CENT)
    assert (part.to_meter, part.to_overflow) == (D("2.00"), D("3.00"))


def test_contribution_fractions_of_a_cent_are_house_revenue():
    part = contribution(D("1.00"), rate=D("0.705"), meter=D(0), unit=CENT)
    assert (part.to_meter, part.to_house) == (D("0.70"), D("0.30"))


@pytest.mark.parametrize(("amount", "wager", "reportable"), [
    ("600.00", "1.00", True), ("599.99", "1.00", False), ("600.00", "2.50", False),
    ("750.00", "2.50", True), ("500.00", "1.00", False)])
def test_rules_3_w2g_is_600_or_more_and_300_times_the_wager(amount, wager, reportable):
    assert w2g_reportable(D(amount), D(wager)) is reportable


def test_rules_3_withholding_applies_when_the_win_minus_the_wager_exceeds_5000():
    assert withholding_applies(D("5001.01"), D("1.00"))
    assert not withholding_applies(D("5001.00"), D("1.00"))


def test_rules_3_each_10000_of_meter_adds_about_2_92_percent_to_the_return():
    sheet = side_wager_sheet(US_SCHEDULE, wager=D(1))
    added = sheet.return_at(D(110000)) - sheet.return_at(D(100000))
    assert round(added * 100, 2) == D("2.92")


def test_rules_3_the_side_wager_breaks_even_near_a_218000_meter():
    sheet = side_wager_sheet(US_SCHEDULE, wager=D(1))
    meter = sheet.break_even_meter
    assert abs(meter - 218_000) < 500
    assert round(sheet.return_at(meter), 6) == 1


def test_an_award_is_a_percent_or_a_fixed_amount_not_both():
    with pytest.raises(ValueError, match="either a percent"):
        AwardRule(percent=D(10), fixed=D(5))


def test_a_yen_meter_pays_whole_yen():
    # 10% of 1,000,003 yen is 100,000.3 yen: the award is 100,000, the 0.3 stays on the meter.
    result = settle_hits(D(1_000_003), [Hit(2, "straight_flush")], US_SCHEDULE,
                         seed=D(1_000_000), unit=YEN)
    (award,) = result.awards
    assert (award.amount, result.meter) == (D(100_000), D(900_003))


def test_yen_contributions_are_whole_yen():
    part = contribution(D(700), rate=D("0.705"), meter=D(0), unit=YEN)
    assert (part.to_meter, part.to_house) == (D(493), D(207))  # 493.5 rounds down


def test_a_fixed_award_rounds_down_not_to_the_even_cent():
    schedule = {"flush": AwardRule(fixed=D("50.015"))}
    result = settle_hits(D(20000), [Hit(1, "flush")], schedule, seed=SEED, unit=CENT)
    assert result.awards[0].amount == D("50.01")


@given(st.decimals(min_value=D("10000"), max_value=D("5000000"), places=2),
       st.lists(st.tuples(st.integers(1, 7), st.sampled_from(list(US_SCHEDULE))), max_size=4),
       st.sampled_from([CENT, YEN]))
@settings(max_examples=300)
def test_every_award_and_contribution_is_a_whole_number_of_the_unit(meter, hits, unit):
    meter = meter.quantize(unit, rounding="ROUND_DOWN")
    result = settle_hits(meter, [Hit(s, c) for s, c in hits], US_SCHEDULE, seed=SEED, unit=unit)
    part = contribution(meter, rate=D("0.0703"), reserve_rate=D("0.011"), meter=meter,
                        unit=unit)
    paid = [a.amount for a in result.awards] + [part.to_meter, part.to_reserve, result.meter]
    assert all(amount % unit == 0 for amount in paid)
