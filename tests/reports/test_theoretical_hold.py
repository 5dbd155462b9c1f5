"""The stud report sets the paytable's exact theoretical hold beside the table's hold."""

from decimal import Decimal as D

import pytest

from payouts.analysis.models import ParAnalysis
from tests.reports.conftest import at

pytestmark = pytest.mark.django_db


def test_the_stud_report_sets_the_theoretical_hold_beside_the_hold(
        api, supervisor, live_table, play_round, us_paytable,
        django_capture_on_commit_callbacks):
    play_round(live_table, at(2026, 3, 3, 9))
    query = {"from": "2026-03-03", "to": "2026-03-03"}
    with django_capture_on_commit_callbacks(execute=True):
        before = api.as_user(supervisor).get("/api/v1/reports/stud/", query).json()
    after = api.as_user(supervisor).get("/api/v1/reports/stud/", query).json()

    assert before["rows"][0]["theoretical_hold"] is None  # asked for, not computed yet
    [row] = after["rows"]
    risk = D(ParAnalysis.objects.get(paytable=us_paytable).result["element_of_risk"])
    assert row["theoretical_win"] == f"{risk * D(row['handle']):.2f}"
    assert row["theoretical_hold"] == str(risk.quantize(D("0.0001")))
    assert after["totals"]["theoretical_win"] == row["theoretical_win"]
