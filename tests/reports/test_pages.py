"""The accountant's report pages: who may open them, what a bad filter says, and that a
page shows the figures the API gives."""

import html

import pytest

from tests.reports.conftest import at

pytestmark = pytest.mark.django_db

SPAN = {"from": "2026-03-03", "to": "2026-03-03"}


@pytest.mark.parametrize("path", ["/accounting/reports/rake/", "/accounting/reports/stud/",
                                  "/accounting/reports/jackpots/", "/accounting/closed-days/"])
def test_report_pages_are_for_accountants_and_supervisors(client, path, accountant,
                                                          supervisor, dealer):
    assert client.get(path).status_code == 302  # to the login page
    client.force_login(dealer)
    assert client.get(path).status_code == 403
    for reader in (accountant, supervisor):
        client.force_login(reader)
        assert client.get(path).status_code == 200


def test_the_page_shows_the_rows_totals_and_downloads(client, accountant, holdem, play_hand):
    play_hand(holdem, at(2026, 3, 3, 9), pot="85.00")
    client.force_login(accountant)
    page = client.get("/accounting/reports/rake/", SPAN).content.decode()
    assert "HE-1" in page
    assert "5.00" in page
    assert "format=csv" in page
    assert "Prepare PDF" in page
    assert 'id="report-series"' in page
    assert "<th>Table</th>" in page  # its label, headed in words
    assert "<th>Pot total</th>" in page
    assert "table_label" not in page.split("report-series")[0]  # no column's code as a head
    assert page.count("<th>Table</th>") == 1  # the id is the files' (for joining), not the page's


def test_a_bad_filter_is_said_in_words_and_nothing_is_computed(client, accountant):
    client.force_login(accountant)
    response = client.get("/accounting/reports/stud/", {"from": "2026-03-05", "to": "2026-03-03"})
    assert response.status_code == 400
    assert "The last day 2026-03-03 comes before the first 2026-03-05" in html.unescape(
        response.content.decode())


def test_an_unknown_report_is_not_found(client, accountant):
    client.force_login(accountant)
    assert client.get("/accounting/reports/payroll/").status_code == 404


def test_the_stud_report_is_printed_for_signing_too(client, accountant):
    client.force_login(accountant)
    page = client.get("/accounting/reports/stud/", SPAN).content.decode()
    assert "Prepare PDF" in page
    response = client.post("/accounting/reports/stud/export/", {**SPAN, "format": "doc"})
    assert response.status_code == 400
    assert "csv, xlsx, pdf, not &#x27;doc&#x27;" in response.content.decode()


def test_someone_elses_export_is_not_found(client, accountant, supervisor):
    from tables.reports.services import request_export

    job = request_export(actor=supervisor, report="rake", fmt="xlsx", query=SPAN)
    client.force_login(accountant)
    assert client.get(f"/accounting/exports/{job.pk}/").status_code == 404
    assert client.get(f"/accounting/exports/{job.pk}/download/").status_code == 404


def test_an_export_says_when_it_was_asked_on_the_casinos_clock(client, accountant, us_casino,
                                                               travel):
    from tables.reports.services import request_export

    travel(at(2026, 3, 3, 10))  # 15:00 UTC, the server's clock
    job = request_export(actor=accountant, report="rake", fmt="xlsx", query=SPAN)
    client.force_login(accountant)
    page = client.get(f"/accounting/exports/{job.pk}/").content.decode()
    assert "asked at 2026-03-03 10:00:00 (America/New_York)." in page


def test_a_hold_reads_as_a_percent_on_the_page_and_a_share_in_the_files(
        client, api, accountant, supervisor, live_table, play_round):
    play_round(live_table, at(2026, 3, 3, 9))
    play_round(live_table, at(2026, 3, 3, 10))
    client.force_login(accountant)

    page = client.get("/accounting/reports/stud/", {"from": "2026-03-03", "to": "2026-03-03"})
    body = api.as_user(accountant).get("/api/v1/reports/stud/",
                                       {"from": "2026-03-03", "to": "2026-03-03"}).json()

    assert body["rows"][0]["hold"] == "-0.7143"
    assert "<td>-71.43%</td>" in page.content.decode()
    assert "<th>Hold</th>" in page.content.decode()
