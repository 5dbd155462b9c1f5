"""The rotation on a tablet, both ways up: the pit boss opens /pit/rotation/ an hour after
Deb took CS-7, reads the relief the rotation proposes (Cal, back from nothing, may deal
stud), overdue in words and in red, and the floor's last three hours as the pit recorded
them; confirms it with one tap, and reads Deb on her break, the relief now first in the
log; the page fits the tablet, has no control too small for a finger, and axe finds
nothing serious. ``ROTATION_SHOTS=<folder>`` keeps a screenshot of each size."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import TABLETS, fits, log_in, on_tablets, top_bar

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(params=list(TABLETS))
def browser_context_args(request, browser_context_args):
    return on_tablets(browser_context_args, request.param)


def test_the_pit_boss_confirms_a_relief_with_one_tap(live_server, page, axe, an_hour_on):
    base = live_server.url
    log_in(page, base, "pit_boss", lands_on="/pit/")
    top_bar(page, "Rotation")
    expect(page.get_by_role("heading", name="Rotation · Browser Casino")).to_be_visible()
    proposed = "cal_dealer relieves deb_dealer at CS-7; deb_dealer goes on a break."
    expect(page.get_by_text(proposed)).to_be_visible()
    expect(page.get_by_text("dealing CS-7 since")).to_be_visible()
    # Five minutes past its time: said in words, and in the red the page keeps for it.
    overdue = page.locator("form.relief strong.overdue")
    expect(overdue).to_have_text(re.compile(r"^Overdue since \d\d:\d\d$"))
    assert overdue.evaluate("e => getComputedStyle(e).color") == "rgb(176, 0, 32)"
    expect(page.locator("#tables-title ~ table tr.overdue")).to_contain_text(
        re.compile(r"overdue [5-9] min"))
    log = page.locator("ul.floor-log li")
    expect(log.first).to_contain_text("deb_dealer took CS-7, which had no dealer. Recorded "
                                      "by pit_boss.")
    expect(log).to_have_count(3)  # Deb's and Cal's clock-ins, Deb taking CS-7
    assert fits(page) == []
    assert axe() == []
    shoot(page, "due")
    page.get_by_role("button", name="Confirm the relief at CS-7").click()
    expect(page.get_by_text(f"Done: {proposed}")).to_be_visible()
    expect(page.get_by_text("No relief is due in the next 20 minutes.")).to_be_visible()
    expect(page.get_by_text("dealing CS-7 since")).to_have_count(1)
    expect(page.locator("td[data-label=Where]", has_text="on a break until")).to_be_visible()
    expect(log.first).to_contain_text(re.compile(
        r"cal_dealer relieved deb_dealer at CS-7; deb_dealer went on a break until \d\d:\d\d"))
    expect(page.locator("strong.overdue")).to_have_count(0)
    assert fits(page) == []
    assert axe() == []
    shoot(page, "confirmed")


def shoot(page, name: str) -> None:
    if folder := os.environ.get("ROTATION_SHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        width, height = page.viewport_size["width"], page.viewport_size["height"]
        page.screenshot(path=f"{folder}/rotation-{name}-{width}x{height}.png", full_page=True)
