"""Many tables on one meter at once; settlement through a real worker; faults.

These tests commit for real (transactional database), so the meter row locks, the
after-commit task and the worker all behave as in production.
"""

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

import pytest
from django.db import connection
from django.db.models import Sum

from payouts.jackpots import settlement
from payouts.jackpots.models import HitStatus, JackpotHit, MeterEntry, Progressive
from tables.stud.services import stud_round_record
from tests.helpers import (
    DEALER,
    FLOOR_TABLES,
    ROYAL,
    deal_at_once,
    linked_floor,
    reconciles,
)

pytestmark = pytest.mark.django_db(transaction=True)

D = Decimal
TABLES, ROUNDS_PER_TABLE = FLOOR_TABLES, 50


@pytest.fixture
def floor():
    """One meter linked to four open stud tables, a dealer at each."""
    return linked_floor()



def test_many_tables_recording_on_one_meter_lose_nothing(floor):
    meter, tables = floor

    started = time.perf_counter()
    deal_at_once(tables, ROUNDS_PER_TABLE)
    elapsed = time.perf_counter() - started

    meter = reconciles(meter.pk)
    contributions = MeterEntry.objects.filter(progressive=meter, kind="contribution",
                                              meter="meter")
    assert contributions.count() == TABLES * ROUNDS_PER_TABLE
    assert contributions.aggregate(w=Sum("wagers"))["w"] == D(TABLES * ROUNDS_PER_TABLE * 7)
    assert not JackpotHit.objects.filter(status=HitStatus.PENDING).exists()
    print(f"\n{TABLES} tables x {ROUNDS_PER_TABLE} rounds x 7 side wagers on one meter: "
          f"{elapsed:.2f} s, {JackpotHit.objects.count()} hits, meter {meter.amount}")


def test_two_royals_at_two_tables_at_once_only_one_takes_the_full_meter(floor):
    meter, tables = floor
    barrier = threading.Barrier(2)

    def royal(table_and_dealer, suit):
        table, dealer = table_and_dealer
        barrier.wait()
        try:
            stud_round_record(actor=dealer, table=table, dealer_cards=DEALER,
                              seats=[{"seat": 1, "ante": D(10), "decision": "raise",
                                      "progressive": True,
                                      "cards": [r + suit for r in "AKQJT"]}])
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(royal, tables[:2], ["s", "h"]))

    # Settled in the order the meter's lock was taken, which need not be the order of the
    # round numbers: a round numbered later can commit (and be paid) first.
    first, second = JackpotHit.objects.order_by("settled_at", "id")
    # The hit settled first takes the whole meter it found: the seed plus one or both
    # rounds' contributions, depending on which commit came first.
    assert first.amount == first.meter_before
    assert first.meter_before in (D("10000.70"), D("10001.40"))
    # The other is paid from the meter after the reset to seed, not from the same money.
    assert second.amount == second.meter_before
    assert second.meter_before == D("10000.00") + (D("10001.40") - first.meter_before)
    assert {first.status, second.status} == {HitStatus.PAID}
    reconciles(meter.pk)


def test_a_settlement_that_crashes_midway_leaves_nothing_and_the_rerun_pays_once(floor,
                                                                                 monkeypatch):
    meter, tables = floor
    table, dealer = tables[0]
    from payouts.jackpots import tasks

    monkeypatch.setattr(tasks.settle_progressive, "apply_async",
                        lambda *a, **k: None)  # the message is lost
    stud_round_record(actor=dealer, table=table, dealer_cards=DEALER, seats=[ROYAL])

    def crash(*args, **kwargs):
        raise RuntimeError("worker killed")

    with monkeypatch.context() as patch:
        patch.setattr(settlement, "_round_movements", crash)  # the hits saved, no entry yet
        with pytest.raises(RuntimeError):
            settlement.settle_pending_hits(meter.pk)
    assert JackpotHit.objects.get().status == HitStatus.PENDING  # rolled back whole
    assert Progressive.objects.get().amount == D("10000.70")

    assert tasks.sweep_pending_hits() == 1
    assert tasks.settle_progressive(meter.pk) == 0               # delivered again: no effect
    assert JackpotHit.objects.get().amount == D("10000.70")
    reconciles(meter.pk)


@pytest.mark.redis
def test_a_hit_is_settled_by_a_real_worker_through_redis_and_a_repeat_changes_nothing(
        floor, celery_worker):
    from payouts.jackpots.tasks import settle_progressive

    meter, tables = floor
    table, dealer = tables[0]
    stud_round_record(actor=dealer, table=table, dealer_cards=DEALER, seats=[ROYAL])

    deadline = time.monotonic() + 30
    while JackpotHit.objects.get().status == HitStatus.PENDING and time.monotonic() < deadline:
        time.sleep(0.2)
    hit = JackpotHit.objects.get()
    assert (hit.status, hit.amount) == (HitStatus.PAID, D("10000.70"))

    # The same message delivered again (a retry or a duplicate) settles nothing more.
    assert settle_progressive.delay(meter.pk).get(timeout=30) == 0
    assert settle_progressive.delay(meter.pk).get(timeout=30) == 0
    assert JackpotHit.objects.get().amount == D("10000.70")
    reconciles(meter.pk)


def test_a_round_recorded_while_the_broker_is_down_is_settled_by_the_sweep(floor, monkeypatch,
                                                                           caplog):
    from kombu.exceptions import OperationalError

    from payouts.jackpots import tasks

    meter, tables = floor
    table, dealer = tables[0]

    def broker_down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    with monkeypatch.context() as patch:
        patch.setattr(tasks.settle_progressive, "apply_async", broker_down)
        round_, created = stud_round_record(actor=dealer, table=table, dealer_cards=DEALER,
                                            seats=[ROYAL])
    assert created  # the round is recorded all the same
    assert JackpotHit.objects.get(round=round_).status == HitStatus.PENDING
    assert "the minute's sweep settles the hits instead" in caplog.text

    assert tasks.sweep_pending_hits() == 1  # beat runs it every minute
    assert JackpotHit.objects.get(round=round_).status == HitStatus.PAID
    reconciles(meter.pk)
