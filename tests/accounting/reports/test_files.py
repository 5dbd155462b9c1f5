"""The three table-accounting reports as files and pages: CSV read back with the csv
module (a formula in a cell never runs), XLSX with openpyxl (numbers as numbers), the
signed PDF with pypdf (who ran it, the figures, the signature lines), and each report's
page with its chart (or, for the slips, the words saying there is none)."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from pypdf import PdfReader

from casino.common.headings import heading
from tests.accounting.reports.conftest import DAY, INJECTED

pytestmark = pytest.mark.django_db

NAMES = ("master-games", "slips", "count")


def download(api, user, name: str, fmt: str) -> bytes:
    answer = api.as_user(user).get(f"/api/v1/reports/{name}/", {**DAY, "format": fmt})
    assert answer.status_code == 200, answer.content[:300]
    assert answer["Content-Disposition"].endswith(f'{name}-20261130-20261130.{fmt}"')
    if answer.streaming:
        return b"".join(answer.streaming_content)
    return answer.content


def csv_lines(api, user, name: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(download(api, user, name, "csv").decode())))


def test_the_master_games_csv_holds_each_shift_and_the_totals(api, accountant, day):
    lines = csv_lines(api, accountant, "master-games")

    assert [line["line"] for line in lines] == ["day", "day", "day", "total"]
    assert list(lines[0])[:5] == ["line", "gaming_day", "shift", "casino", "table"]
    assert "record" not in lines[0]  # no adjustments: immutable records, read live
    cs1 = lines[0]
    assert (cs1["drop"], cs1["win"], cs1["hold"], cs1["state"]) == (
        "500.00", "-89.00", "-0.1780", "")
    assert (lines[2]["win"], lines[2]["state"]) == ("", "no closer, box not counted")
    assert (lines[-1]["drop"], lines[-1]["win"], lines[-1]["fills"]) == (
        "505.00", "-84.00", "2000.00")  # the void fill moved nothing


def test_the_slips_csv_neutralises_a_formula_and_totals_each_status(api, accountant, day):
    lines = csv_lines(api, accountant, "slips")

    assert [(line["line"], line["number"], line["status"]) for line in lines] == [
        ("day", "1", "issued"), ("day", "2", "issued"), ("day", "3", "void"),
        ("day", "4", "issued"), ("total", "", "3 issued, 1 void, 0 missing")]
    assert lines[2]["void_reason"] == "'" + INJECTED
    assert (lines[-1]["fills"], lines[-1]["credits"]) == ("2000.00", "500.00")


def test_the_count_csv_writes_negative_differences_as_numbers(api, accountant, day):
    lines = csv_lines(api, accountant, "count")

    assert [(line["table_label"], line["kind"], line["difference"], line["variance"])
            for line in lines[:2]] == [("CS-1", "win", "-100.00", "explained"),
                                       ("HE-1", "rake", "0.00", "none")]
    assert lines[0]["found"] == "'+1 note stuck in the drop slot"
    assert (lines[-1]["line"], lines[-1]["difference"], lines[-1]["variance"]) == (
        "total", "-100.00", "0 open, 1 explained")


@pytest.mark.parametrize(("name", "column", "value"), [
    ("master-games", "win", -89.0), ("slips", "total", 1000.0), ("count", "difference", -100.0)])
def test_the_xlsx_holds_numbers_as_numbers_and_a_totals_row(api, accountant, day, name,
                                                            column, value):
    sheet = openpyxl.load_workbook(io.BytesIO(download(api, accountant, name, "xlsx"))).active
    header = [c.value for c in sheet[1]]
    rows = [dict(zip(header, (c.value for c in row), strict=True))
            for row in sheet.iter_rows(min_row=2)]

    assert rows[0][heading(column)] == value  # headed in words, as a person reads it
    assert sheet.cell(row=2, column=header.index(heading(column)) + 1).number_format == \
        "#,##0.00"
    assert rows[-1]["Line"] == "total"
    if name == "master-games":
        hold = sheet.cell(row=2, column=header.index("Hold") + 1)
        assert (round(hold.value, 4), hold.number_format) == (-0.178, "0.00%")
    if name == "slips":
        assert rows[2]["Void reason"] == "'" + INJECTED


@pytest.mark.parametrize(("name", "title", "figure"), [
    ("master-games", "Master games", "-89.00"),
    ("slips", "Fill and credit slips", "3 issued, 1 void, 0 missing"),
    ("count", "Recorded against counted", "-100.00"),
])
def test_each_prints_as_a_signed_pdf(api, accountant, day, name, title, figure):
    reader = PdfReader(io.BytesIO(download(api, accountant, name, "pdf")))
    # Cells wrap in a narrow column: read the text as words.
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())

    assert title in text
    assert "Test Harbor" in text
    assert "Run by alice_accountant" in text
    assert figure in text
    for line in ("Prepared by", "Reviewed by", "Approved by"):
        assert line in text
    if name == "master-games":
        assert "By pit" in text and "Card room" in text  # noqa: PT018


@pytest.mark.parametrize("name", NAMES)
def test_each_page_shows_rows_totals_downloads_and_its_chart(client, accountant, day, name):
    client.force_login(accountant)
    answer = client.get(f"/accounting/reports/{name}/", DAY)

    assert answer.status_code == 200
    page = answer.content.decode()
    assert f"/api/v1/reports/{name}/?from=2026-11-30" in page  # the CSV download
    assert "Prepare PDF" in page
    assert 'id="shift"' in page and 'id="dealer"' not in page  # noqa: PT018
    if name == "slips":
        assert 'id="no-chart"' in page and "report-chart" not in page  # noqa: PT018
    else:
        assert 'id="report-series"' in page and 'class="report-chart"' in page  # noqa: PT018
    if name == "master-games":
        assert answer.context["series"][0]["labels"] == ["Card room", "Pit 1"]
        assert answer.context["series"][0]["values"] == ["5.00", "-89.00"]
        assert 'id="by_pit"' in page and 'id="by_game"' in page  # noqa: PT018
    if name == "slips":
        assert ("missing", 0) in answer.context["totals"]


def test_the_accounting_page_links_to_each_report(client, accountant, us_casino):
    client.force_login(accountant)
    page = client.get("/accounting/").content.decode()

    for name in NAMES:  # in the reports' menu and in the list with what each holds
        assert page.count(f'href="/accounting/reports/{name}/"') == 2
    assert "Every number of each casino&#x27;s slip series: issued, void or missing." in page


def test_an_export_job_writes_the_signed_pdf(client, accountant, day,
                                            django_capture_on_commit_callbacks):
    client.force_login(accountant)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post("/accounting/reports/slips/export/",
                             {**DAY, "shift": "2", "format": "pdf"})
    assert answer.status_code == 302
    state = client.get(answer["Location"] + "state.json").json()
    assert (state["status"], state["progress"]) == ("done", 100), state
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(
        client.get(state["download"]).content)).pages)
    assert "shift 2" in text and "Approved by" in text  # noqa: PT018


def test_a_pdf_too_long_to_write_while_one_waits_is_sent_to_the_prepared_exports(
        api, accountant, day, monkeypatch):
    from tables.reports import exports

    monkeypatch.setattr(exports, "PDF_ROWS_WHILE_YOU_WAIT", 1)
    answer = api.as_user(accountant).get("/api/v1/reports/master-games/",
                                         {**DAY, "format": "pdf"})

    assert answer.status_code == 400
    [words] = answer.json()["format"]
    assert words.startswith("This PDF would hold ")
    assert "/accounting/reports/master-games/" in words
    assert api.as_user(accountant).get("/api/v1/reports/master-games/",
                                       {**DAY, "format": "csv"}).status_code == 200
