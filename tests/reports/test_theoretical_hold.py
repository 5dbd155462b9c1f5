"""The stud report sets the paytable's exact theoretical hold beside the table's hold."""

from decimal import Decimal as D

import pytest

from payouts.analysis import services as analysis
from payouts.analysis.models import ParAnalysis
from payouts.terms import services as terms
from tables.reports.tasks import analyse_paytables
from tests.reports.conftest import at

pytestmark = pytest.mark.django_db
QUERY = {"from": "2026-03-03", "to": "2026-03-03"}


def test_the_stud_report_sets_the_theoretical_hold_beside_the_hold(
        api, supervisor, live_table, play_round, us_paytable,
        django_capture_on_commit_callbacks):
    play_round(live_table, at(2026, 3, 3, 9))
    before = api.as_user(supervisor).get("/api/v1/reports/stud/", QUERY).json()
    assert before["rows"][0]["theoretical_hold"] is None  # not computed yet: no figure
    assert before["totals"]["theoretical_win"] is None
    assert not ParAnalysis.objects.exists()  # reading a report queues nothing

    with django_capture_on_commit_callbacks(execute=True):
        assert analyse_paytables() == 1  # the beat's quarter-hourly task
    after = api.as_user(supervisor).get("/api/v1/reports/stud/", QUERY).json()

    [row] = after["rows"]
    risk = D(ParAnalysis.objects.get(paytable=us_paytable).result["element_of_risk"])
    assert row["theoretical_win"] == f"{risk * D(row['handle']):.2f}"
    assert row["theoretical_hold"] == str(risk.quantize(D("0.0001")))
    assert after["totals"]["theoretical_win"] == row["theoretical_win"]


def test_figures_of_terms_a_draft_no_longer_has_are_never_used(
        api, supervisor, stud_table, play_round, django_capture_on_commit_callbacks, controller):
    from tables.floor.services import table_assign_paytable

    draft = terms.paytable_create(actor=controller, name="Trial", variant="us")
    with django_capture_on_commit_callbacks(execute=True):
        analysis.request_analysis(actor=None, paytable=draft)  # figures of the first terms
    terms.paytable_update(actor=controller, paytable=draft, odds={**draft.odds, "flush": 50})
    draft.refresh_from_db()
    published = terms.paytable_publish(actor=controller, paytable=draft)
    table = table_assign_paytable(actor=supervisor, table=stud_table, paytable=published)
    play_round(table, at(2026, 3, 3, 9))

    stale = api.as_user(supervisor).get("/api/v1/reports/stud/", QUERY).json()
    assert stale["rows"][0]["theoretical_hold"] is None

    with django_capture_on_commit_callbacks(execute=True):
        analyse_paytables()
    fresh = api.as_user(supervisor).get("/api/v1/reports/stud/", QUERY).json()
    assert D(fresh["rows"][0]["theoretical_hold"]) < D("0.02")  # flushes paying 50 to 1


def test_where_the_cap_binds_at_the_minimum_ante_the_figures_of_that_ante_are_used(
        api, supervisor, stud_table, play_round, django_capture_on_commit_callbacks, controller):
    from tables.floor.services import table_assign_paytable

    high = terms.paytable_create(actor=controller, name="High limit", variant="us",
                                 min_ante=D("30.00"), max_ante=D("100.00"))
    high = terms.paytable_publish(actor=controller, paytable=high)
    table = table_assign_paytable(actor=supervisor, table=stud_table, paytable=high)
    play_round(table, at(2026, 3, 3, 9), body={
        "dealer_cards": ["2h", "3d", "8c", "9h", "Jd"],
        "seats": [{"seat": 1, "ante": "30.00", "decision": "fold"}]})
    with django_capture_on_commit_callbacks(execute=True):
        analyse_paytables()

    assert ParAnalysis.objects.get(paytable=high).ante_key == "30.00"  # 2 x 30 x 100 > 5,000
    body = api.as_user(supervisor).get("/api/v1/reports/stud/", QUERY).json()
    assert body["rows"][0]["theoretical_hold"] is not None
