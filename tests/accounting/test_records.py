"""Slips, counts and variances are records: the service's database role may add them and
never change or remove one; a casino's slip series only counts up."""

from __future__ import annotations

import pytest
from django.db import DatabaseError

from tables.chips.models import SlipSeries
from tests.helpers import attempt

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("sql", [
    "UPDATE tables_chipslip SET number = number + 100",
    "DELETE FROM tables_chipslip",
    "UPDATE tables_chiprequest SET total = 1",
    "UPDATE tables_inventoryslip SET total = total + 100",
    "DELETE FROM tables_chipslipvoid",
    "UPDATE tables_boxcount SET drop = drop + 100, cash_total = cash_total + 100",
    "DELETE FROM tables_countcorrection",
    "UPDATE tables_variance SET threshold = 1000",
    "DELETE FROM tables_varianceexplanation",
    "UPDATE tables_discrepancy SET level = 'noted'",
    "DELETE FROM tables_slipseries",
    "UPDATE tables_slipseries SET casino_id = casino_id",
])
def test_the_records_of_the_cage_and_the_count_cannot_be_altered(accounting_floor, sql):
    with pytest.raises(DatabaseError, match="permission denied"):
        attempt(sql)


def test_the_series_counts_up_under_the_service(accounting_floor):
    before = dict(SlipSeries.objects.values_list("pk", "last_number"))
    assert before, "the floor has a slip series"

    attempt("UPDATE tables_slipseries SET last_number = last_number + 1")

    after = dict(SlipSeries.objects.values_list("pk", "last_number"))
    assert after == {pk: number + 1 for pk, number in before.items()}


def test_the_series_never_counts_back(accounting_floor):
    with pytest.raises(DatabaseError, match="Cannot update rows"):
        attempt("UPDATE tables_slipseries SET last_number = last_number - 1")
