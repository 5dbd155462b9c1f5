"""The rotation on a tablet, both ways up: the pit boss opens /pit/rotation/ an hour after
Deb took CS-7, reads the relief the rotation proposes (Cal, back from nothing, may deal
stud), confirms it with one tap, and reads Deb on her break; the page fits the tablet,
has no control too small for a finger, and axe finds nothing serious."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import TABLETS, fits, log_in, on_tablets

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(params=list(TABLETS))
def browser_context_args(request, browser_context_args):
    return on_tablets(browser_context_args, request.param)


def test_the_pit_boss_confirms_a_relief_with_one_tap(live_server, page, axe, an_hour_on):
    base = live_server.url
    log_in(page, base, "pit_boss", lands_on="/pit/")
    page.get_by_role("link", name="Rotation").click()
    expect(page.get_by_role("heading", name="Rotation · Browser Casino")).to_be_visible()
    proposed = "cal_dealer relieves deb_dealer at CS-7; deb_dealer goes on a break."
    expect(page.get_by_text(proposed)).to_be_visible()
    expect(page.get_by_text("dealing CS-7 since")).to_be_visible()
    assert fits(page) == []
    assert axe() == []
    page.get_by_role("button", name="Confirm the relief at CS-7").click()
    expect(page.get_by_text(f"Done: {proposed}")).to_be_visible()
    expect(page.get_by_text("No relief is due in the next 20 minutes.")).to_be_visible()
    expect(page.get_by_text("dealing CS-7 since")).to_have_count(1)
    expect(page.get_by_text("on a break until")).to_be_visible()
    assert fits(page) == []
    assert axe() == []
