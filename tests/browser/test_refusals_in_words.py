"""Refusals on a tablet, both ways up (issue 44, points 10 and 18): the pit boss sets
CS-7's antes to 10 to 200 and is told the maximum is above the paytable's, then 500 to 100
and is told the minimum is above the maximum; a form posted with a NUL in a field gets a
page naming the field, never a server error. No page scrolls sideways; axe finds nothing
serious."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import TABLETS, fits, log_in, on_tablets

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(params=list(TABLETS))
def browser_context_args(request, browser_context_args):
    return on_tablets(browser_context_args, request.param)


def test_the_limits_form_names_the_limit_that_is_wrong(live_server, page, axe,
                                                       dealer_at_live_table):
    table = dealer_at_live_table
    log_in(page, live_server.url, "pit_boss", lands_on="/pit/")
    page.goto(f"{live_server.url}/pit/tables/{table.pk}/limits/")
    alert = page.get_by_role("alert")

    for low, high, said, not_said in [
            ("10", "200", "Maximum ante: 200.00 is above the paytable's 100.00.", "Minimum ante"),
            ("500", "100", "Minimum ante: 500.00 is above the maximum ante, 100.00.",
             "Maximum ante")]:
        page.get_by_label("Minimum ante").fill(low)
        page.get_by_label("Maximum ante").fill(high)
        page.get_by_role("button", name="Change the limits").click()
        expect(alert).to_contain_text(said)
        expect(alert).not_to_contain_text(not_said)
        assert fits(page) == []
        assert axe() == []
    page.screenshot(path=f"/tmp/limits-refused-{page.viewport_size['width']}.png",
                    full_page=True)


def test_a_nul_posted_in_a_field_gets_a_page_naming_it(live_server, page, axe,
                                                       dealer_at_live_table):
    table = dealer_at_live_table
    log_in(page, live_server.url, "pit_boss", lands_on="/pit/")
    page.goto(f"{live_server.url}/pit/tables/{table.pk}/limits/")
    page.get_by_label("Maximum ante").fill("50")
    # No keyboard types a NUL (nor does a number box take one): a script, or a crafted
    # request, puts it in the field.
    page.get_by_label("Minimum ante").evaluate(
        "field => { field.type = 'text'; field.value = '10\\u0000'; }")
    page.get_by_role("button", name="Change the limits").click()

    expect(page.get_by_role("heading", name="Not read")).to_be_visible()
    expect(page.get_by_role("alert")).to_contain_text(
        "min_ante: '10\\u0000' holds a NUL character (\\u0000): no text here may hold one.")
    assert fits(page) == []
    assert axe() == []
    page.screenshot(path=f"/tmp/nul-refused-{page.viewport_size['width']}.png",
                    full_page=True)
