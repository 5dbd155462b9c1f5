"""The count room through the services: a box counted once by two members of the team,
refusals by field with nothing stored, a card room's rake box set against the recorded
rake, and a supervisor's explanation of a variance."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from casino.common import credentials
from casino.common.witness import Device
from tables.count import services as count
from tables.count.models import BoxCount, Variance
from tables.count.selectors import boxes_to_count, shift_result
from tables.count.wording import variance_words
from tests.conftest import make_user
from tests.played import at

pytestmark = pytest.mark.django_db


def counted(table, day, shift, counters, *, witness=None, password=None, **figures):
    first, second = counters
    figures = {"cash": {}, "chips": {}, **figures}
    return count.box_count(actor=first, table=table, gaming_day=day, shift=shift,
                           witness=second.username if witness is None else witness,
                           witness_password=password or f"{second.username}-password-1",
                           device=Device(address=None, path="/count/"), **figures)


def problems(refused) -> dict:
    return refused.value.detail


def test_a_box_is_counted_after_its_closer(live_table, supervisor, counters, travel):
    from tables.chips import services as chips
    from tests.accounting.conftest import OPENER

    travel(at(2026, 11, 30, 6, 5))
    chips.inventory_open(actor=supervisor, table=live_table, shift=1, chips=OPENER,
                         gaming_day=at(2026, 11, 30, 6).date())

    with pytest.raises(ValidationError) as refused:
        counted(live_table, at(2026, 11, 30, 6).date(), 1, counters, cash={"20": "3"})

    assert problems(refused) == {"shift": [
        "CS-1 has no closer for 2026-11-30 shift 1: its box is counted after the supervisor "
        "records the closer."]}
    assert not BoxCount.objects.exists()


def test_every_problem_of_a_count_is_named_at_once(played_shift, counters, travel):
    travel(at(2026, 11, 30, 15))
    with pytest.raises(ValidationError) as refused:
        counted(played_shift["table"], played_shift["day"], 1, counters, witness="",
                cash={"20": "x", "3": "1"}, chips={"25": "1.5"}, markers="12,50",
                promotional="-5")

    assert problems(refused) == {
        "cash": {"20": ["'x' is not a number of notes or coins."],
                 "3": ["3 is not a note or coin of this casino; its notes or coins are "
                       "0.01, 0.05, 0.10, 0.25, 0.50, 1, 2, 5, 10, 20, 50, 100."]},
        "chips": {"25": ["'1.5' is not a number of chips."]},
        "markers": ["'12,50' is not an amount: write a plain decimal such as 12.50."],
        "promotional": ["-5 is below zero: an amount here is 0 or more."],
        "witness": ["Name the second member of the count team: they confirm with their own "
                    "password (Test Harbor)."]}
    assert not BoxCount.objects.exists()


def test_the_second_member_is_on_the_count_team_and_types_their_password(
        played_shift, counters, travel, supervisor):
    travel(at(2026, 11, 30, 15))
    day = played_shift["day"]
    with pytest.raises(ValidationError) as not_team:
        counted(played_shift["table"], day, 1, counters, witness="sam_supervisor",
                password="sam_supervisor-password-1")
    with pytest.raises(ValidationError) as wrong:
        counted(played_shift["table"], day, 1, counters, password="not-it")
    with pytest.raises(PermissionDenied):
        count.box_count(actor=supervisor, table=played_shift["table"], gaming_day=day, shift=1,
                        cash={}, chips={})

    assert problems(not_team) == {"witness": ["sam_supervisor is not on the count team."]}
    assert problems(wrong) == {"witness_password": ["That is not cora_count's password."]}


def test_markers_and_chips_count_in_the_drop_and_promotional_coupons_apart(
        played_shift, counters, travel):
    travel(at(2026, 11, 30, 15))

    box = counted(played_shift["table"], played_shift["day"], 1, counters,
                  cash={"100": "2", "20": "10"}, chips={"25": "4"}, markers="100.00",
                  promotional="50")

    assert (box.cash_total, box.chips_total, box.markers, box.promotional, box.drop) == (
        D("400.00"), D("100.00"), D("100.00"), D("50.00"), D("600.00"))
    assert box.cash == {"20": 10, "100": 2}
    assert shift_result(played_shift["table"], played_shift["day"], 1).counted == D("11.00")


def test_a_rake_box_is_counted_after_the_shift_and_set_against_the_recorded_rake(
        holdem, play_hand, counters, travel):
    play_hand(holdem, at(2026, 11, 30, 7), pot="85.00")    # rake 5.00
    play_hand(holdem, at(2026, 11, 30, 8), pot="20.00")    # rake 2.00
    day = at(2026, 11, 30, 7).date()
    travel(at(2026, 11, 30, 13))
    with pytest.raises(ValidationError) as early:
        counted(holdem, day, 1, counters, chips={"1": "7"})
    assert boxes_to_count([holdem], day) == []

    travel(at(2026, 11, 30, 14, 1))
    assert boxes_to_count([holdem], day) == [(holdem, 1)]
    counted(holdem, day, 1, counters, chips={"1": "7"})
    result = shift_result(holdem, day, 1)

    assert "runs until 2026-11-30 14:00: its box is counted after the shift." in \
        str(early.value)
    assert (result.recorded, result.counted, result.difference) == (D("7.00"), D("7.00"),
                                                                     D("0.00"))
    assert boxes_to_count([holdem], day) == []
    assert not Variance.objects.exists()


def test_a_short_rake_box_opens_a_rake_variance_in_words(holdem, play_hand, counters,
                                                          travel):
    for hour in range(7, 13):
        play_hand(holdem, at(2026, 11, 30, hour), pot="85.00")    # 6 x 5.00 = 30.00
    travel(at(2026, 11, 30, 14, 5))

    counted(holdem, at(2026, 11, 30, 7).date(), 1, counters, cash={"1": "4"})

    variance = Variance.objects.get()
    assert variance.kind == "rake"
    assert variance_words(variance) == (
        "HE-1 2026-11-30 shift 1: counted rake $4.00 against $30.00 recorded, $26.00 short "
        "(more than $25.00).")


def test_a_supervisor_explains_a_variance_once(accounting_floor, supervisor, accountant):
    variance = Variance.objects.get()
    with pytest.raises(ValidationError) as empty:
        count.variance_explain(actor=supervisor, variance=variance, found="  ")
    with pytest.raises(PermissionDenied):
        count.variance_explain(actor=accountant, variance=variance, found="looked")

    explained = count.variance_explain(
        actor=supervisor, variance=variance,
        found="Five 20s were found under the count room's table; counted again.")
    with pytest.raises(ValidationError) as twice:
        count.variance_explain(actor=make_user("second_boss", "supervisor"), variance=variance,
                               found="again")

    assert problems_of_plain(empty) == {"found": [
        "Say what was found: where the difference came from, or what was done about it."]}
    assert explained.explained_by == supervisor
    assert "This variance was explained by sam_supervisor at " in str(twice.value)


def problems_of_plain(refused) -> dict:
    return refused.value.message_dict


def test_a_correction_by_a_team_member_that_still_differs_opens_its_own_variance(
        accounting_floor, counters):
    box = BoxCount.objects.get()
    first, second = counters

    correction = count.count_correct(
        actor=second, count=box, reason="recounted the 20s", cash={"20": "26"}, chips={},
        witness=first.username, witness_password="carl_count-password-1",
        device=Device(address=None, path="/count/"))
    # Both counts keep by which version of her log-in the second member was proven.
    assert box.witness_credential == credentials.proven(box.witnessed_by)[0]
    assert correction.witness_credential == credentials.proven(first)[0]

    assert [(v.correction is not None, v.difference) for v in
            Variance.objects.order_by("id")] == [(False, D("-100.00")), (True, D("-80.00"))]
