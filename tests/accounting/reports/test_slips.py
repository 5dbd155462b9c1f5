"""The fill and credit slips report accounts for every number of a casino's series: each
slip issued or void (with its reason and both people), and each number no slip carries,
whether the database's owner deleted the slip or the series was moved past it."""

from __future__ import annotations

import pytest
from django.db.models import F

from tables.chips.models import ChipSlip, SignerRole, SlipSeries
from tables.chips.services import slip_sign
from tests.accounting.reports.conftest import report, void
from tests.played import at

pytestmark = pytest.mark.django_db

REASON = "Requested for CS-1 by mistake; the chips never left the cage."


@pytest.fixture
def slips(played_shift, fill_slip, cage, accountant, dealer):
    """Slips 1 (the fill) and 2 (the credit) of shift 1, both signed; in shift 2, slip 3
    voided by the cage with the accountant as witness, slip 4 signed by the dealer."""
    third = fill_slip()
    void(third, cage=cage, witness=accountant, reason=REASON)
    fourth = fill_slip()
    slip_sign(actor=dealer, slip=fourth, role=SignerRole.DEALER)
    return [*ChipSlip.objects.order_by("number")]


def statuses(body: dict) -> list[tuple[int, str]]:
    return [(line["number"], line["status"]) for line in body["rows"]]


def test_an_unbroken_series_shows_every_number_issued_or_void_and_none_missing(
        api, accountant, slips):
    body = report(api, accountant, "slips")

    assert statuses(body) == [(1, "issued"), (2, "issued"), (3, "void"), (4, "issued")]
    first = body["rows"][0]
    assert {k: first[k] for k in ("casino", "kind", "table_label", "gaming_day", "shift",
                                  "total", "fills", "credits", "issued_by", "issued_at",
                                  "carried_by", "signed_by_dealer",
                                  "signed_by_supervisor")} == {
        "casino": "Test Harbor", "kind": "fill", "table_label": "CS-1",
        "gaming_day": "2026-11-30", "shift": 1, "total": "1000.00", "fills": "1000.00",
        "credits": None, "issued_by": "cleo_cage", "issued_at": "2026-11-30T08:00:00-05:00",
        "carried_by": "Officer Reyes", "signed_by_dealer": "dana_dealer",
        "signed_by_supervisor": "sam_supervisor"}
    assert (body["rows"][1]["kind"], body["rows"][1]["credits"]) == ("credit", "500.00")
    assert (body["rows"][3]["signed_by_dealer"], body["rows"][3]["signed_by_supervisor"]) == (
        "dana_dealer", None)
    assert body["totals"] == {"status": "3 issued, 1 void, 0 missing", "issued": 3, "void": 1,
                              "missing": 0, "fills": "2000.00", "credits": "500.00", "state": ""}


def test_a_void_slip_shows_its_reason_and_both_people_and_moved_nothing(api, accountant,
                                                                         slips):
    voided = report(api, accountant, "slips")["rows"][2]

    assert {k: voided[k] for k in ("status", "kind", "total", "fills", "credits",
                                   "void_reason", "voided_by", "witnessed_by")} == {
        "status": "void", "kind": "fill", "total": "1000.00", "fills": None, "credits": None,
        "void_reason": REASON, "voided_by": "cleo_cage", "witnessed_by": "alice_accountant"}


def test_a_number_the_series_skipped_shows_as_missing(api, accountant, played_shift,
                                                      fill_slip):
    SlipSeries.objects.filter(casino=played_shift["table"].casino).update(
        last_number=F("last_number") + 1)   # number 3 taken by no slip
    fill_slip()

    body = report(api, accountant, "slips")

    assert statuses(body) == [(1, "issued"), (2, "issued"), (3, "missing"), (4, "issued")]
    assert body["rows"][2] == {
        "casino": "Test Harbor", "number": 3, "status": "missing", "kind": None,
        "table": None, "table_label": None, "gaming_day": None, "shift": None, "total": None,
        "fills": None, "credits": None, "issued_by": None, "issued_at": None,
        "carried_by": None, "signed_by_dealer": None, "signed_by_supervisor": None,
        "void_reason": None, "voided_by": None, "witnessed_by": None, "currency": "USD"}
    assert (body["totals"]["missing"], body["totals"]["status"]) == (
        1, "3 issued, 0 void, 1 missing")


def test_numbers_taken_after_the_last_slip_show_once_the_span_reaches_today(
        api, accountant, played_shift, travel):
    SlipSeries.objects.filter(casino=played_shift["table"].casino).update(
        last_number=F("last_number") + 2)
    travel(at(2026, 12, 1, 9))  # the current gaming day is 2026-12-01

    past = report(api, accountant, "slips")
    today = report(api, accountant, "slips", to="2026-12-01")

    assert statuses(past) == [(1, "issued"), (2, "issued")]  # the next span reports them
    assert statuses(today) == [(1, "issued"), (2, "issued"), (3, "missing"), (4, "missing")]


def test_a_span_accounts_from_the_last_number_issued_before_it(api, accountant, slips, travel):
    travel(at(2026, 12, 1, 9))
    assert report(api, accountant, "slips", **{"from": "2026-12-01", "to": "2026-12-01"})[
        "rows"] == []


def test_a_table_or_shift_filter_narrows_the_slips_but_not_the_missing_numbers(
        api, accountant, played_shift, fill_slip):
    SlipSeries.objects.filter(casino=played_shift["table"].casino).update(
        last_number=F("last_number") + 1)
    fill_slip()

    assert statuses(report(api, accountant, "slips", shift=2)) == [(3, "missing"),
                                                                   (4, "issued")]


@pytest.mark.django_db(transaction=True)
def test_a_slip_the_database_owner_deleted_shows_as_missing(api, accountant, slips,
                                                            owner_sql):
    credit = slips[1]
    for table, where in (("tables_chipslipsignature", "slip_id"), ("tables_chipslip", "id")):
        triggers = [name for (name,) in owner_sql(
            "SELECT tgname FROM pg_trigger WHERE tgrelid = %s::regclass AND NOT tgisinternal",
            [table])]
        owner_sql(f"SET pgtrigger.ignore = '{{{','.join(triggers)}}}'")
        owner_sql(f"DELETE FROM {table} WHERE {where} = %s", [credit.pk])
    owner_sql("RESET pgtrigger.ignore")

    body = report(api, accountant, "slips")

    assert statuses(body) == [(1, "issued"), (2, "missing"), (3, "void"), (4, "issued")]
    assert body["totals"] == {"status": "2 issued, 1 void, 1 missing", "issued": 2, "void": 1,
                              "missing": 1, "fills": "2000.00", "credits": "0.00", "state": ""}


def test_the_signatures_are_read_in_one_query_however_many_slips(api, accountant, slips,
                                                                 fill_slip, dealer,
                                                                 supervisor):
    """A year of a floor is tens of thousands of slips: their signatures come in one
    query with the signers' names, not one per slip (docs/benchmarks.md, issue 17)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as four:
        report(api, accountant, "slips")
    for _ in range(3):
        slip = fill_slip()
        slip_sign(actor=dealer, slip=slip, role=SignerRole.DEALER)
        slip_sign(actor=supervisor, slip=slip, role=SignerRole.SUPERVISOR)
    with CaptureQueriesContext(connection) as seven:
        body = report(api, accountant, "slips")

    assert len(seven) == len(four)
    assert [(line["number"], line["signed_by_dealer"], line["signed_by_supervisor"])
            for line in body["rows"][4:]] == [
        (n, "dana_dealer", "sam_supervisor") for n in (5, 6, 7)]
