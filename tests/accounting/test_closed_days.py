"""Issue 26, point 5, the count room's side: openers, closers, fills and credits, their
slips and signatures, box counts, corrections and explanations are read live by the
accounting reports, never stored with a closed day's figures. They land on their shift's
day, closed or not: a box is counted the morning after its day closed, and a shift still
open when its day closes takes its fills and its closer. The closed day's figures stay as
they closed."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from casino.common.witness import Device
from tables.chips import services as chips
from tables.chips.models import SignerRole
from tables.count import services as count
from tables.count.models import BoxCount
from tables.reports import closing
from tables.reports.models import ClosedDay
from tables.reports.verification import check_closed_days
from tests.accounting.conftest import CLOSER, FILL, OPENER
from tests.played import WINNING_ROUND, at

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 11, 30)


def count_box(table, day, shift, counters, cash):
    first, second = counters
    return count.box_count(actor=first, table=table, gaming_day=day, shift=shift, cash=cash,
                           chips={}, witness=second.username,
                           witness_password=f"{second.username}-password-1",
                           device=Device(address=None, path="/count/"))


def test_a_box_is_counted_the_morning_after_its_day_closed(api, played_shift, counters,
                                                           accountant, supervisor, travel):
    travel(at(2026, 12, 1, 6, 15))
    closing.close_ended_days()
    closed = ClosedDay.objects.get(gaming_day=DAY)

    travel(at(2026, 12, 1, 9))
    box = count_box(played_shift["table"], DAY, 1, counters, {"20": "25"})
    first, second = counters
    correction = count.count_correct(
        actor=first, count=box, reason="a note stuck to the box", cash={"20": "26"}, chips={},
        witness=second.username, witness_password=f"{second.username}-password-1",
        device=Device(address=None, path="/count/"))

    variance = box.variances.order_by("id").first()          # the first count, 100 short
    explained = count.variance_explain(actor=supervisor, variance=variance,
                                       found="a fill slip was entered twice")

    assert BoxCount.objects.get().gaming_day == DAY          # on the closed day, by design
    assert (variance.gaming_day, explained.variance_id) == (DAY, variance.pk)
    assert correction.count_id == box.pk
    report = api.as_user(accountant).get("/api/v1/reports/count/", {
        "from": "2026-11-30", "to": "2026-11-30"}).json()
    assert [row["count_ref"] for row in report["rows"]] == [
        f"count {box.pk}, correction {correction.pk}"]
    assert closing.verify_day(closed)                        # its figures are as they closed
    assert check_closed_days().intact


def test_a_shift_open_when_its_day_closes_takes_its_fills_and_closer(
        api, jackpot_table, inventory_here, supervisor, dealer, cage, counters, play_round,
        sign_both, travel):
    travel(at(2026, 11, 30, 22, 5))
    opener = chips.inventory_open(actor=supervisor, table=jackpot_table, gaming_day=DAY,
                                  shift=3, chips=OPENER)
    chips.inventory_sign(actor=dealer, slip=opener, role=SignerRole.DEALER)
    play_round(jackpot_table, at(2026, 11, 30, 23), WINNING_ROUND)
    travel(at(2026, 12, 1, 6, 15))
    closing.close_ended_days()                               # 30 November closed

    travel(at(2026, 12, 1, 6, 20))
    fill = chips.chips_request(actor=supervisor, table=jackpot_table, kind="fill", chips=FILL)
    sign_both(chips.slip_issue(actor=cage, carried_by="Officer Reyes", chip_request=fill))
    with pytest.raises(ValidationError) as refused:         # no round of 1 December in it
        play_round(jackpot_table, at(2026, 12, 1, 6, 25), WINNING_ROUND)
    assert "open shift is 2026-11-30 shift 3" in refused.value.message_dict["table"][0]
    travel(at(2026, 12, 1, 6, 30))
    closer = chips.inventory_close(actor=supervisor, table=jackpot_table, chips=CLOSER)
    travel(at(2026, 12, 1, 9))
    count_box(jackpot_table, DAY, 3, counters, {"20": "25"})

    assert (fill.gaming_day, fill.shift, closer.gaming_day, closer.shift) == (DAY, 3, DAY, 3)
    master = api.as_user(supervisor).get("/api/v1/reports/master-games/", {
        "from": "2026-11-30", "to": "2026-11-30"}).json()
    [row] = master["rows"]
    assert (row["shift"], row["fills"], row["closer"]) == (3, "1000.00", "3411.00")
    assert check_closed_days().intact
