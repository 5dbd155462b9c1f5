"""The jackpot report keeps the contract's sign (API.md, issue 26 point 19): ``awards`` is
what the meter paid, a positive amount, and each row reads opening + contributions -
awards + resets (+ corrections) = closing: on an open day, on a closed day's stored
figures and in the files alike."""

import csv
import io
from decimal import Decimal as D

import pytest

from payouts.jackpots import services as progressives
from payouts.jackpots.settlement import settle_pending_hits
from tables.floor.services import table_link_progressive
from tables.reports import closing
from tests.reports.conftest import at

pytestmark = pytest.mark.django_db

ROYAL_ROUND = {"dealer_cards": ["2h", "3d", "8c", "9h", "Jd"], "seats": [
    {"seat": 1, "ante": "10.00", "decision": "raise", "progressive": True,
     "cards": ["As", "Ks", "Qs", "Js", "Ts"]}]}
DAY = {"from": "2026-03-03", "to": "2026-03-03"}


@pytest.fixture
def royal_day(supervisor, us_casino, live_table, play_round, travel):
    """A meter of 500.00 fed 0.30 by the royal's own wager, which then takes it all:
    500.30 paid, the meter reset to its seed."""
    travel(at(2026, 3, 2, 8))
    meter = progressives.progressive_create(
        actor=supervisor, name="Harbor Royal", currency="USD", seed=D("500.00"),
        contribution_rate=D("0.30"), casino=us_casino, approval_threshold=D("100000.00"))
    table_link_progressive(actor=supervisor, table=live_table, progressive=meter)
    play_round(live_table, at(2026, 3, 3, 9), body=ROYAL_ROUND)
    settle_pending_hits(meter.pk)
    return meter


def _the_row(body, meter):
    [row] = [r for r in body["rows"] if r["progressive"] == meter.pk]
    return row


def _reconciles(row) -> bool:
    return D(row["opening"]) + D(row["contributions"]) - D(row["awards"]) \
        + D(row["resets"]) + D(row["corrections"]) == D(row["closing"])


def test_a_day_with_an_award_shows_it_paid_as_a_positive_amount_that_is_subtracted(
        api, accountant, royal_day):
    body = api.as_user(accountant).get("/api/v1/reports/jackpots/", DAY).json()

    row = _the_row(body, royal_day)
    assert (row["opening"], row["contributions"], row["awards"], row["resets"],
            row["closing"]) == ("500.00", "0.30", "500.30", "500.00", "500.00")
    assert D(row["awards"]) > 0
    assert _reconciles(row)
    assert row["balanced"] is True
    assert body["totals"]["awards"] == "500.30"


def test_a_closed_days_stored_figures_answer_with_the_same_sign(api, accountant, royal_day,
                                                                 travel):
    travel(at(2026, 3, 5, 7))
    closing.close_ended_days()

    body = api.as_user(accountant).get("/api/v1/reports/jackpots/", DAY).json()

    assert "2026-03-03" in body["closed_days"]
    row = _the_row(body, royal_day)
    assert row["awards"] == "500.30"
    assert _reconciles(row) and row["balanced"] is True  # noqa: PT018


def test_a_day_without_an_award_shows_none_not_a_negative_zero(api, accountant, royal_day):
    body = api.as_user(accountant).get(
        "/api/v1/reports/jackpots/", {"from": "2026-03-02", "to": "2026-03-02"}).json()

    assert _the_row(body, royal_day)["awards"] == "0.00"


def test_the_csv_carries_the_contracts_sign(api, accountant, royal_day):
    response = api.as_user(accountant).get("/api/v1/reports/jackpots/",
                                           {**DAY, "format": "csv"})
    text = b"".join(response.streaming_content) if response.streaming else response.content

    lines = list(csv.DictReader(io.StringIO(text.decode())))
    assert [(line["line"], line["awards"]) for line in lines] == [("day", "500.30"),
                                                                  ("total", "500.30")]
