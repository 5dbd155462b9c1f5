"""The accountant filters a report, sees its chart, downloads the CSV and an XLSX that a
worker prepares while the page shows its progress."""

import csv
import datetime as dt
import io
from decimal import Decimal as D

import openpyxl
import pytest
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import Page, expect

from casino.house.models import Casino
from tables.floor.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo():
    call_command("load_demo", debug_off_ok=True, history_days=7)
    return Casino.objects.get(currency="USD")


def log_in(page: Page, base: str) -> None:
    page.goto(f"{base}/login/")
    page.get_by_label("User name").fill("accountant")
    page.get_by_label("Password").fill("count-chips-demo")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{base}/accounting/")


def test_the_accountant_filters_the_rake_report_sees_the_chart_and_downloads_the_csv(
        live_server, page: Page, demo):
    log_in(page, live_server.url)
    page.get_by_role("navigation", name="Reports").get_by_role("link", name="Rake").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Rake report")

    # The seven days of the demo's history: today has the rotation's hands of its last
    # three hours, which may begin on the day before (before 09:00 on the casino's clock).
    today = demo.gaming_day(timezone.now())
    page.get_by_label("From", exact=True).fill((today - dt.timedelta(days=7)).isoformat())
    page.get_by_label("To", exact=True).fill((today - dt.timedelta(days=1)).isoformat())
    page.get_by_label("Table").select_option(label="HE-1 (Harbor Lights Casino)")
    page.get_by_role("button", name="Show").click()

    expect(page.locator("#rows tbody tr")).to_have_count(7)
    expect(page.locator("#rows tbody")).not_to_contain_text("NL-1")
    chart = page.locator("canvas.report-chart").first
    expect(chart).to_have_attribute("data-drawn", "1")
    assert chart.bounding_box()["height"] > 100
    shown_total = page.locator("#totals tr", has_text="rake").first.locator("td").inner_text()

    with page.expect_download() as download:
        page.get_by_role("link", name="Download CSV").click()
    with open(download.value.path(), encoding="utf-8") as file:
        lines = list(csv.DictReader(file))
    assert [line["line"] for line in lines].count("day") == 7
    assert {line["table_label"] for line in lines if line["line"] == "day"} == {"HE-1"}
    assert lines[-1]["line"] == "total"
    assert lines[-1]["rake"] == shown_total
    he1 = Table.objects.get(label="HE-1")
    recorded = sum((h.rake for h in he1.poker_hands.filter(
        gaming_day__range=(today - dt.timedelta(days=7), today - dt.timedelta(days=1)),
        correction__isnull=True)), D(0))
    assert D(shown_total) == recorded


def test_an_xlsx_is_prepared_with_a_progress_bar_and_then_downloaded(live_server,
                                                                     page: Page, demo):
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/accounting/reports/stud/")
    page.get_by_role("button", name="Prepare XLSX").click()

    expect(page.locator("#export-progress")).to_have_attribute("value", "100")
    link = page.get_by_role("link", name="Download XLSX")
    expect(link).to_be_visible()
    with page.expect_download() as download:
        link.click()
    assert download.value.suggested_filename.endswith(".xlsx")
    with open(download.value.path(), "rb") as file:
        sheet = openpyxl.load_workbook(io.BytesIO(file.read())).active
    assert sheet.cell(row=sheet.max_row, column=1).value == "total"
