"""A banked table's shift from opener to count, through the services: the chips, the
records and the box agree to the cent, and a box that does not opens a variance."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from django.core.exceptions import ValidationError

from casino.common.witness import Device
from tables.chips.models import ChipSlip
from tables.count import services as count
from tables.count.models import Variance
from tables.count.selectors import shift_result
from tests.accounting.conftest import RECORDED
from tests.played import at

pytestmark = pytest.mark.django_db


def count_box(counters, shift, cash, travel, **extra):
    first, second = counters
    travel(at(2026, 11, 30, 15))
    return count.box_count(actor=first, table=shift["table"], gaming_day=shift["day"], shift=1,
                           cash=cash, chips={}, witness=second.username,
                           witness_password="cora_count-password-1",
                           device=Device(address=None, path="/count/"), **extra)


def test_the_shift_counted_as_recorded_gives_the_win_to_the_cent(played_shift, counters,
                                                                   travel):
    box = count_box(counters, played_shift, {"20": "30"}, travel)

    result = shift_result(played_shift["table"], played_shift["day"], 1)
    assert box.drop == D("600.00")
    assert (result.chips.opener, result.chips.closer) == (D("3500.00"), D("3411.00"))
    assert (result.chips.fills, result.chips.credits) == (D("1000.00"), D("500.00"))
    assert result.recorded == RECORDED
    # 600 drop + 500 credits - 1,000 fills + 3,411 closer - 3,500 opener
    assert result.counted == D("11.00")
    assert not Variance.objects.exists()
    assert [s.number for s in ChipSlip.objects.order_by("number")] == [1, 2]


def test_a_box_short_by_more_than_the_threshold_opens_a_variance(played_shift, counters,
                                                                 travel):
    count_box(counters, played_shift, {"20": "25"}, travel)  # 100.00 short

    variance = Variance.objects.get()
    assert (variance.recorded, variance.counted, variance.difference, variance.threshold) == (
        D("11.00"), D("-89.00"), D("-100.00"), D("25.00"))
    assert variance.kind == "win"


def test_a_difference_within_the_threshold_stays_quiet(played_shift, counters, travel):
    count_box(counters, played_shift, {"20": "29", "5": "1"}, travel)  # 15.00 short

    assert not Variance.objects.exists()


def test_a_box_is_counted_once_and_the_second_count_is_refused_by_name(played_shift, counters,
                                                                       travel):
    count_box(counters, played_shift, {"20": "30"}, travel)

    with pytest.raises(ValidationError) as refused:
        count_box(counters, played_shift, {"20": "31"}, travel)

    assert "CS-1's box for 2026-11-30 shift 1 was counted at 2026-11-30 15:00 by carl_count " \
           "and cora_count: a box is counted once." in str(refused.value)


def test_a_correction_replaces_the_figures_and_reviews_the_shift_again(played_shift, counters,
                                                                       travel):
    box = count_box(counters, played_shift, {"20": "25"}, travel)
    first, second = counters

    fixed = count.count_correct(actor=second, count=box, reason="a bundle of five 20s was "
                                "left in the counting machine", cash={"20": "30"}, chips={},
                                witness=first.username, witness_password="carl_count-password-1",
                                device=Device(address=None, path="/count/"))

    assert fixed.drop == D("600.00")
    assert shift_result(played_shift["table"], played_shift["day"], 1).counted == RECORDED
    assert Variance.objects.count() == 1  # the first count's; the corrected one agrees
