"""Every report on a tablet, both ways up, over the demo's two casinos (dollars and
pounds): no table runs out of its card and the page never scrolls sideways; the main
columns come first and "Show every column" brings the rest; the Totals box gives each
casino's (or meter's) money in its own currency; the rows come fifty a page."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import Page, expect

from casino.house.models import Casino
from tables.reports.catalog import REPORTS
from tests.browser.conftest import TABLETS, on_tablets

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each table of the page wider than the box it sits in: [its id or heading, widths].
OVERFLOWING = """() => [...document.querySelectorAll('table.grid')]
  .filter(t => t.offsetParent !== null)
  .map(t => [t.id || t.closest('section').querySelector('h2').textContent.trim(),
             t.scrollWidth, (t.closest('.scroll') || t.parentElement).clientWidth])
  .filter(([name, wide, room]) => wide > room + 1)"""
# Two casinos of two currencies in every report but the jackpots' (one meter, dollars).
EACH_BOOK = {"rake": "Each casino", "stud": "Each casino", "master-games": "Each casino",
             "slips": "Each casino", "count": "Each casino", "hold": "Each casino"}


@pytest.fixture(params=list(TABLETS))
def browser_context_args(request, browser_context_args):
    return on_tablets(browser_context_args, request.param)


@pytest.fixture
def demo():
    call_command("load_demo", debug_off_ok=True, history_days=7)
    return Casino.objects.get(currency="USD")


def test_every_report_fits_the_tablet_and_totals_each_casino_apart(live_server, page: Page,
                                                                   demo):
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("User name").fill("accountant")
    page.get_by_label("Password").fill("count-chips-demo")
    page.get_by_role("button", name="Log in").click()
    today = demo.gaming_day(timezone.now())
    span = f"from={today - dt.timedelta(days=7):%Y-%m-%d}&to={today:%Y-%m-%d}"
    found = {}
    for name in REPORTS:
        page.goto(f"{live_server.url}/accounting/reports/{name}/?{span}")
        wide = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        overflowing = page.evaluate(OVERFLOWING)
        if overflowing or wide[0] > wide[1]:
            found[name] = (wide, overflowing)
        shown = page.locator("#rows thead th:visible").count()
        page.get_by_label("Show every column").check()
        assert page.locator("#rows thead th:visible").count() > shown, name
        page.get_by_label("Show every column").uncheck()
        totals = page.get_by_role("region", name="Totals")
        if name in EACH_BOOK:
            expect(totals).to_contain_text(f"{EACH_BOOK[name]}, in its own currency")
            expect(totals.locator("table").nth(1)).to_contain_text("GBP")
            expect(totals.locator("table").nth(1)).to_contain_text("USD")

    assert found == {}
    page.goto(f"{live_server.url}/accounting/reports/master-games/?{span}")
    expect(page.locator("#rows tbody tr")).to_have_count(50)
    expect(page.get_by_role("navigation", name="Pages", exact=True)).to_contain_text("Page 1 of")
    page.get_by_role("link", name="Later").click()
    expect(page.get_by_role("navigation", name="Pages", exact=True)).to_contain_text("Page 2 of")
    expect(page.get_by_label("From", exact=True)).to_have_value(
        f"{today - dt.timedelta(days=7):%Y-%m-%d}")
