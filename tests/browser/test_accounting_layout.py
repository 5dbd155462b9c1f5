"""Table accounting's pages on a tablet, both ways up (768x1024, 1024x768): nothing
scrolls sideways, every control in the page and the top bar is 44x44 px or more, and
axe-core finds no serious or critical violation; the chips forms add up as they are typed.

The floor is tests/accounting/conftest.py's ``accounting_floor``: CS-1's first shift
played, closed and counted (a variance open), its second shift open with a fill issued
and a credit requested. ``ACCOUNTING_SHOTS=<folder>`` keeps a screenshot of each page."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.accounting import conftest as accounting
from tests.browser.conftest import CONTROLS, MEASURE, TABLETS, on_tablets

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("ACCOUNTING_SHOTS", "")
# The accounting floor's fixtures (tests/accounting/conftest.py is not a conftest of here).
accounting_floor, played_shift = accounting.accounting_floor, accounting.played_shift
cage, counters, sign_both = accounting.cage, accounting.counters, accounting.sign_both
inventory_here = accounting.inventory_here


@pytest.fixture(params=list(TABLETS))
def browser_context_args(request, browser_context_args):
    return on_tablets(browser_context_args, request.param)


@pytest.fixture
def addresses(accounting_floor) -> dict[str, list[str]]:
    """Each role's pages on the floor."""
    ids = accounting_floor["ids"]
    table, count = ids["table"], ids["count"]
    return {
        "sam_supervisor": [
            "/pit/", "/pit/chips/", f"/pit/tables/{table}/chips/opener/",
            f"/pit/tables/{table}/chips/fill/", f"/pit/tables/{table}/chips/closer/",
            f"/pit/casinos/{ids['casino']}/accounting-rules/", "/pit/variances/",
            f"/pit/variances/{ids['variance']}/", f"/cage/slips/{ids['slip']}/",
            f"/count/counts/{count}/"],
        "dana_dealer": ["/dealer/"],
        "cleo_cage": ["/cage/", f"/cage/slips/{ids['slip']}/"],
        "carl_count": ["/count/?day=2026-11-30", f"/count/boxes/{table}/2026-11-30/2/",
                       f"/count/counts/{count}/", f"/count/counts/{count}/correct/"],
    }


def log_in(page: Page, base: str, user: str) -> None:
    page.goto(f"{base}/login/")
    page.get_by_label("User name").fill(user)
    page.get_by_label("Password").fill(f"{user}-password-1")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def problems_of_page(page: Page, axe, name: str) -> list[str]:
    """What does not fit a tablet or fails axe on the page shown."""
    # Measured once its stylesheet is in: a page opened by a button measured earlier lays
    # out without it (every control tiny).
    page.wait_for_load_state("load")
    measured = page.evaluate(MEASURE, CONTROLS)
    problems = list(measured["small"])
    if measured["wide"] > measured["viewport"]:
        problems.insert(0, f"{measured['wide']} px wide on {measured['viewport']} px")
    problems += axe()
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        size = f"{page.viewport_size['width']}x{page.viewport_size['height']}"
        page.screenshot(path=f"{SHOTS}/{name}-{size}.png", full_page=True)
    return problems


def shot_name(user: str, address: str) -> str:
    parts = ["n" if p.isdigit() else p for p in address.split("?")[0].split("/") if p]
    return "-".join([user.split("_")[1], *parts]) or user


@pytest.mark.parametrize("user", ["sam_supervisor", "dana_dealer", "cleo_cage", "carl_count"])
def test_every_accounting_page_fits_the_tablet_and_passes_axe(live_server, page: Page,
                                                              addresses, axe, user):
    log_in(page, live_server.url, user)
    found = {}
    for address in addresses[user]:
        response = page.goto(live_server.url + address)
        assert response.status == 200, address
        problems = problems_of_page(page, axe, shot_name(user, address))
        if problems:
            found[address] = problems

    assert found == {}


def test_a_refused_count_fits_the_tablet_with_its_problems(live_server, page: Page,
                                                           accounting_floor, axe):
    log_in(page, live_server.url, "carl_count")
    page.goto(f"{live_server.url}/count/boxes/{accounting_floor['ids']['table']}/2026-11-30/2/")

    page.get_by_label("Cash of 20").fill("3o")
    page.get_by_label("Chips of 2.50").fill("12")
    page.get_by_label("Second member's user name").fill("carl_count")
    page.get_by_role("button", name="Record the count").click()

    expect(page.get_by_role("heading", name="Not counted: nothing was stored")).to_be_visible()
    expect(page.get_by_label("Cash of 20")).to_have_value("3o")
    assert problems_of_page(page, axe, "count-box-refused") == []


def test_the_chips_form_adds_up_as_it_is_typed(live_server, page: Page, accounting_floor):
    log_in(page, live_server.url, "sam_supervisor")
    page.goto(f"{live_server.url}/pit/tables/{accounting_floor['ids']['table']}/chips/fill/")

    page.get_by_label("Chips of 25", exact=True).fill("4")
    page.get_by_label("Chips of 2.50").fill("3")

    expect(page.locator("output[data-worth-of=id_chips_25]")).to_have_text("100.00")
    expect(page.locator("output[data-total-of=chips]")).to_have_text("107.50")
    page.get_by_role("button", name="Request the fill").click()
    expect(page.get_by_text("The fill of $107.50 for CS-1 is requested")).to_be_visible()
