"""Slip numbers under concurrent requests: one unbroken series per casino, no gap and no
number twice, even when issues fail and roll back. These tests commit for real
(transactional database), so the series row's lock behaves as in production."""

from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, transaction

from tables.chips import services as chips
from tables.chips.models import ChipSlip, SlipSeries
from tables.floor.services import casino_create, table_create
from tests.accounting.conftest import OPENER
from tests.conftest import make_user

pytestmark = pytest.mark.django_db(transaction=True)

TABLES, REQUESTS_PER_TABLE = 4, 12


class RolledBack(Exception):
    """A failure after the number was taken: the issue's transaction rolls back."""


@pytest.fixture
def requests():
    boss = make_user("night_boss", "supervisor")
    clerks = [make_user(f"cage_{n}", "cage") for n in range(TABLES)]
    casinos = [casino_create(actor=boss, name=name, currency="USD", timezone="America/New_York")
               for name in ("North", "South")]
    waiting = {casino.pk: [] for casino in casinos}
    for casino in casinos:
        for n in range(TABLES):
            table = table_create(actor=boss, casino=casino, label=f"CS-{n}",
                                 game="caribbean_stud", status="open")
            chips.inventory_open(actor=boss, table=table, shift=casino.shift(table.created_at),
                                 gaming_day=casino.gaming_day(table.created_at), chips=OPENER)
            waiting[casino.pk].extend(
                chips.chips_request(actor=boss, table=table, kind="fill", chips={"25": "4"})
                for _ in range(REQUESTS_PER_TABLE))
    return clerks, waiting


def issue_all(clerks, waiting, fail_some: bool) -> int:
    """Every request issued from several threads at once; with ``fail_some`` about a third
    fail after taking their number. Returns how many failed."""
    jobs = [request for batch in waiting.values() for request in batch]
    random.Random(17).shuffle(jobs)
    start = threading.Barrier(len(clerks))
    failed = []

    def work(index: int) -> None:
        rng = random.Random(index)
        start.wait()
        try:
            for request in jobs[index::len(clerks)]:
                try:
                    with transaction.atomic():
                        chips.slip_issue(actor=clerks[index], carried_by="Officer Reyes",
                                         chip_request=request)
                        if fail_some and rng.random() < 0.33:
                            raise RolledBack
                except RolledBack:
                    failed.append(request.pk)
        finally:
            connection.close()

    with ThreadPoolExecutor(len(clerks)) as pool:
        list(pool.map(work, range(len(clerks))))
    return len(failed)


@pytest.mark.parametrize("fail_some", [False, True], ids=["all issued", "some rolled back"])
def test_concurrent_issues_number_each_casinos_slips_without_gap_or_repeat(requests,
                                                                           fail_some):
    clerks, waiting = requests

    failed = issue_all(clerks, waiting, fail_some)

    assert bool(failed) == fail_some
    for casino in waiting:
        numbers = sorted(ChipSlip.objects.filter(casino=casino).values_list("number",
                                                                            flat=True))
        assert numbers == list(range(1, len(numbers) + 1))
        assert SlipSeries.objects.get(casino=casino).last_number == len(numbers)
    assert ChipSlip.objects.count() == TABLES * REQUESTS_PER_TABLE * 2 - failed
