"""Every format read back: CSV with the csv module, XLSX with openpyxl, PDF with pypdf;
the totals are there to the cent and a formula in a cell is never run."""

import csv
import html
import io
from decimal import Decimal as D

import openpyxl
import pytest
from pypdf import PdfReader

from tables.floor.services import table_update
from tests.reports.conftest import at

pytestmark = pytest.mark.django_db

SPAN = {"from": "2026-03-03", "to": "2026-03-04"}


@pytest.fixture
def floor(supervisor, holdem, live_table, play_hand, play_round):
    table_update(actor=supervisor, table=holdem, label="=HYPERLINK(1)")
    play_hand(holdem, at(2026, 3, 3, 9), pot="85.00")
    play_hand(holdem, at(2026, 3, 4, 9), pot="30.00")
    play_round(live_table, at(2026, 3, 3, 9))
    return holdem


def download(api, user, name, fmt, **query):
    response = api.as_user(user).get(f"/api/v1/reports/{name}/", {**SPAN, **query,
                                                                  "format": fmt})
    assert response.status_code == 200, response.content[:300]
    assert f".{fmt}" in response["Content-Disposition"]
    if response.streaming:
        return b"".join(response.streaming_content)
    return response.content


def test_the_rake_csv_streams_rows_and_totals_with_formulas_neutralised(api, accountant,
                                                                        floor):
    text = download(api, accountant, "rake", "csv").decode()
    lines = list(csv.DictReader(io.StringIO(text)))
    assert [line["line"] for line in lines] == ["day", "day", "total"]
    assert lines[0]["table_label"] == "'=HYPERLINK(1)"
    assert (lines[-1]["rake"], lines[-1]["hands"]) == ("8.00", "2")
    assert lines[-1]["pot_total"] == "115.00"


def test_negative_amounts_stay_numbers_in_the_csv(api, accountant, floor):
    lines = list(csv.DictReader(io.StringIO(download(api, accountant, "stud", "csv").decode())))
    assert lines[-1]["win"] == "-25.00"


def test_the_xlsx_holds_numbers_with_two_decimals_and_a_totals_row(api, accountant, floor):
    book = openpyxl.load_workbook(io.BytesIO(download(api, accountant, "rake", "xlsx")))
    sheet = book.active
    header = [c.value for c in sheet[1]]
    rows = [dict(zip(header, (c.value for c in row), strict=True))
            for row in sheet.iter_rows(min_row=2)]
    assert rows[-1]["Line"] == "total"
    assert rows[-1]["Rake"] == 8.0
    assert isinstance(rows[0]["Pot total"], int | float)  # a number, not text
    assert sheet.cell(row=2, column=header.index("Rake") + 1).number_format == "#,##0.00"
    assert rows[0]["Table"] == "'=HYPERLINK(1)"


def test_the_stud_xlsx_shows_hold_as_a_percentage(api, accountant, floor):
    sheet = openpyxl.load_workbook(io.BytesIO(download(api, accountant, "stud", "xlsx"))).active
    header = [c.value for c in sheet[1]]
    hold = sheet.cell(row=2, column=header.index("Hold") + 1)
    assert (round(hold.value, 4), hold.number_format) == (-0.7143, "0.00%")


@pytest.mark.parametrize("name", ["rake", "jackpots", "stud"])
def test_the_signed_reports_print_as_pdf_with_who_when_pages_and_signatures(
        api, accountant, floor, name):
    reader = PdfReader(io.BytesIO(download(api, accountant, name, "pdf")))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "Test Harbor" in text
    assert "Run by alice_accountant" in text
    assert "Page 1 of" in text
    assert "Prepared by" in text and "Approved by" in text  # noqa: PT018
    if name == "rake":
        assert "8.00" in text  # the total rake
    if name == "stud":
        assert "-25.00" in text  # the stud tables' win


def test_the_seat_results_csv_comes_straight_from_copy(api, accountant, floor, supervisor,
                                                       live_table):
    table_update(actor=supervisor, table=live_table, label="+CS-1")
    text = download(api, accountant, "stud/seats", "csv").decode()
    seats = list(csv.DictReader(io.StringIO(text)))
    assert len(seats) == 2
    assert {s["table_label"] for s in seats} == {"'+CS-1"}
    assert sum(D(s["ante_result"]) + D(s["bet_result"]) for s in seats) == D("25.00")
    assert [s["seat"] for s in seats] == ["1", "3"]


def test_an_export_job_writes_the_file_and_reports_its_progress(client, accountant, floor,
                                                                django_capture_on_commit_callbacks):
    client.force_login(accountant)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/accounting/reports/rake/export/", {**SPAN, "format": "xlsx"})
    assert response.status_code == 302
    state = client.get(response["Location"] + "state.json").json()
    assert (state["status"], state["progress"]) == ("done", 100)
    file = client.get(state["download"])
    assert file["Content-Disposition"].endswith('.xlsx"')
    sheet = openpyxl.load_workbook(io.BytesIO(file.content)).active
    assert sheet.cell(row=sheet.max_row, column=1).value == "total"


def test_an_export_of_a_bad_selection_is_refused_in_words(client, accountant, floor):
    client.force_login(accountant)
    response = client.post("/accounting/reports/rake/export/",
                           {"from": "yesterday", "to": "2026-03-04", "format": "xlsx"})
    assert response.status_code == 400
    assert "'yesterday' is not a date" in html.unescape(response.content.decode())
