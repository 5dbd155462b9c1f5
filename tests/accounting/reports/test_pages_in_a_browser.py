"""The accountant reads the table-accounting reports in Chromium: the master games chart
of win per pit is drawn and the shift filter narrows the rows; the slips report says
why it has no chart; the count report draws the difference per shift. A page that breaks
the Content-Security-Policy fails (the browser tests' watcher)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import _no_policy_violations  # noqa: F401  (autouse)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page: Page, base: str) -> None:
    page.goto(f"{base}/login/")
    page.get_by_label("User name").fill("alice_accountant")
    page.get_by_label("Password").fill("alice_accountant-password-1")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{base}/accounting/")


def show(page: Page, report: str, **choices: str) -> None:
    page.get_by_role("navigation", name="Reports").get_by_role("link", name=report).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"{report} report")
    page.get_by_label("From", exact=True).fill("2026-11-30")
    page.get_by_label("To", exact=True).fill("2026-11-30")
    for label, value in choices.items():
        page.get_by_label(label).select_option(value)
    page.get_by_role("button", name="Show").click()


def test_the_accountant_reads_each_table_accounting_report_with_its_chart(
        live_server, page: Page, day, accountant):
    log_in(page, live_server.url)

    show(page, "Master games", Shift="1")
    expect(page.locator("#rows tbody tr")).to_have_count(2)
    expect(page.locator("#rows tbody tr").first).to_contain_text("-17.80%")  # the hold
    expect(page.locator("canvas.report-chart").first).to_have_attribute("data-drawn", "1")
    expect(page.locator("#by_pit")).to_contain_text("Card room")

    show(page, "Fill and credit slips")
    expect(page.locator("#rows tbody tr")).to_have_count(4)
    expect(page.locator("#no-chart")).to_contain_text("No chart")
    expect(page.locator("#totals")).to_contain_text("3 issued, 1 void, 0 missing")

    show(page, "Recorded against counted")
    expect(page.locator("#rows tbody tr").first).to_contain_text("explained")
    expect(page.locator("canvas.report-chart").first).to_have_attribute("data-drawn", "1")
