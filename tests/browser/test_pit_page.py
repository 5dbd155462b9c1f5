"""The Pit overview and the top bar on the demo (issue 44, points 7 and 8), as a pit boss
reads them on a tablet both ways up: the live board first, a table a row, each table
listed once, what waits for him a count that opens; every page a role works from one tap
from the top bar, behind a Menu button where the tablet is held upright."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command
from django.urls import resolve
from playwright.sync_api import Page, expect

from tables.floor.models import Table
from tests.browser.conftest import TABLETS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROLES = {"dealer": "deal-cards-demo", "supervisor": "pit-boss-demo",
         "controller": "group-terms-demo", "host": "comp-players-demo",
         "cage": "issue-slips-demo", "counter": "count-boxes-demo",
         "accountant": "count-chips-demo"}
# The Pit overview's height on the demo before issue 44 (point 8), at each size.
OLD_HEIGHT = {"1024x768": 3750, "768x1024": 5054}
# Not pages of a role: leaving, Django's own admin, the API, files, streams.
NOT_PAGES = re.compile(r"^/(logout|admin|api|static)/|/events$|\.(pdf|json|js|csv|xlsx)$")


def _log_in(page: Page, base: str, user: str) -> str:
    page.context.clear_cookies()
    page.goto(f"{base}/login/")
    page.get_by_label("User name").fill(user)
    page.get_by_label("Password").fill(ROLES[user])
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    return urlsplit(page.url).path


def _hrefs(page: Page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "links => links.map(a => a.getAttribute('href'))")


def _a_page_of_its_own(href: str) -> str | None:
    """The URL name of a page a link opens, where it is a page a role works from: not an
    anchor, not one record's page (a round, a slip: reached from its list), not a file."""
    path = urlsplit(href).path
    if not path.startswith("/") or NOT_PAGES.search(path):
        return None
    match = resolve(path)
    return None if any(isinstance(v, int) for v in match.kwargs.values()) else match.url_name


def test_every_page_a_roles_home_links_to_is_in_its_top_bar(live_server, page: Page):
    call_command("load_demo", debug_off_ok=True, history_days=3)
    missing, refused, browser = [], [], page.context.browser
    for user in ROLES:
        # Each role on a tablet of his own: the dealer's keeps his forms in the background
        # (its service worker), and a fetch of those landing after the next log-in page
        # came would set the dealer's CSRF cookie back under it.
        page = browser.new_context().new_page()
        page.on("console", lambda message: refused.append(message.text)
                if "Content Security Policy" in message.text else None)
        page.set_viewport_size({"width": 1024, "height": 768})
        home = _log_in(page, live_server.url, user)
        bar = {resolve(urlsplit(h).path).url_name for h in _hrefs(page, "header nav a[href]")}
        linked = {_a_page_of_its_own(h) for h in _hrefs(page, "main a[href]")} - {None}
        missing += [f"{user} ({home}): {name}" for name in sorted(linked - bar)]
        assert resolve(home).url_name in bar, f"{user}'s home is not in his top bar"
        # Upright, the bar's pages wait behind one Menu button, and nothing scrolls sideways.
        page.set_viewport_size({"width": 768, "height": 1024})
        page.reload()
        menu = page.get_by_role("banner").locator("details[data-menu]")
        links = page.get_by_role("banner").get_by_role("navigation", name="Your pages")
        expect(links.get_by_role("link").first).to_be_hidden()
        menu.locator("summary").click()
        for link in links.get_by_role("link").all():
            expect(link).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 768, user
        page.context.close()
    assert not refused, refused
    assert not missing, "linked from a role's home but not in its top bar:\n" + "\n".join(missing)


def test_the_pit_opens_on_the_board_each_table_once(live_server, page: Page):
    call_command("load_demo", debug_off_ok=True, history_days=3)
    labels = list(Table.objects.values_list("label", flat=True))
    _log_in(page, live_server.url, "supervisor")
    for size, (width, height) in TABLETS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server.url}/pit/")
        first = page.locator("[data-board] tr[data-table]").first
        box = first.bounding_box()
        assert box is not None, f"{size}: no table on the board"
        assert box["y"] + box["height"] <= height, \
            f"{size}: the board's first table ends at {box['y'] + box['height']} px"
        for label in labels:  # one row a table: the board's (its settings: /pit/tables/)
            rows = page.locator("main tr").filter(
                has=page.locator("td:first-child strong", has_text=re.compile(f"^{label}$")))
            expect(rows).to_have_count(1)
        tall, wide = page.evaluate("[document.documentElement.scrollHeight, "
                                   "document.documentElement.scrollWidth]")
        assert tall <= OLD_HEIGHT[size] / 2, f"{size}: {tall} px tall"
        assert wide <= width, f"{size}: {wide} px wide"
        # The held round: a count, its panel closed until he opens it.
        held = page.locator(".held-entries details")
        expect(held.locator("summary")).to_contain_text("Refused when the tablet sent it: 1")
        expect(held.get_by_role("button", name="Discard")).to_be_hidden()
        held.locator("summary").click()
        expect(held.get_by_role("button", name="Discard")).to_be_visible()
