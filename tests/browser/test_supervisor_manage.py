"""A supervisor on a tablet, both ways up, sets up the floor from the pages alone: creates
a progressive (a refusal first, next to its field), changes it after reading what the
change does, links it to a stud table, adds a dealer and assigns him to the table; the
dealer then finds the table on his page. Every new page fits the width, keeps its
controls at 44 px, and axe finds nothing serious on it."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import TABLETS, on_tablets, top_bar
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEALER_PASSWORD = "felt-and-chips-42"
CONTROLS = "button, select, textarea, summary, a.button, input:not([type=hidden])"


@pytest.fixture(params=list(TABLETS))
def browser_context_args(request, browser_context_args):
    return on_tablets(browser_context_args, request.param)


@pytest.fixture
def stud_floor(db):
    from payouts.terms import services as terms
    from tables.floor.services import casino_create, table_assign_paytable, table_create

    boss = make_user("pit_boss", "supervisor")
    casino = casino_create(actor=boss, name="Browser Casino", currency="USD",
                           timezone="America/New_York")
    table = table_create(actor=boss, casino=casino, label="CS-7", game="caribbean_stud",
                         status="open")
    paytable = terms.paytable_publish(actor=boss, paytable=terms.paytable_create(
        actor=boss, name="US", variant="us", casino=casino))
    return table_assign_paytable(actor=boss, table=table, paytable=paytable)


def log_in(page: Page, base: str, user: str, password: str):
    page.goto(f"{base}/login/")
    page.get_by_label("User name").fill(user)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()


def fits_the_tablet(page: Page, axe) -> None:
    """No sideways scroll, no control under 44 px, nothing serious for axe."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), \
        page.url
    small = page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
        .filter(e => e.offsetParent !== null)
        .map(e => [e, e.getBoundingClientRect()])
        .filter(([e, r]) => r.width < 44 || r.height < 44)
        .map(([e, r]) => e.outerHTML.slice(0, 80) + ' ' + r.width + 'x' + r.height)""",
                          CONTROLS)
    assert small == [], small
    assert axe() == [], page.url


def test_a_supervisor_sets_up_a_jackpot_and_a_dealer_who_then_deals_there(
        live_server, page: Page, axe, stud_floor):
    base = live_server.url
    log_in(page, base, "pit_boss", "pit_boss-password-1")

    top_bar(page, "Jackpots")
    page.get_by_role("link", name="New progressive").click()
    expect(page.get_by_label("Seed")).to_be_visible()  # the new page, before measuring it
    fits_the_tablet(page, axe)
    page.get_by_label("Name", exact=True).fill("Floor Jackpot")
    page.get_by_label("Seed").fill("5000.00")
    page.get_by_label("Contribution rate").fill("700")
    page.get_by_role("button", name="Create the progressive").click()
    expect(page.locator("#id_contribution_rate_error")).to_have_text(  # said once
        "700 is not a percent from 0 to 100.")
    expect(page.get_by_label("Contribution rate")).to_have_attribute("aria-invalid", "true")
    fits_the_tablet(page, axe)

    page.get_by_label("Contribution rate").fill("25")
    page.get_by_role("button", name="Create the progressive").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Floor Jackpot")

    page.get_by_role("link", name="Change parameters").click()
    expect(page.get_by_role("button", name="Check the changes")).to_be_visible()
    fits_the_tablet(page, axe)
    page.get_by_label("Seed").fill("6000.00")
    page.get_by_role("button", name="Check the changes").click()
    expect(page.locator(".confirm")).to_contain_text(
        "The seed becomes $6,000.00 (was $5,000.00)")
    fits_the_tablet(page, axe)
    page.get_by_role("button", name="Save these changes").click()
    expect(page.locator(".messages")).to_contain_text("Floor Jackpot changed")
    expect(page.locator("main")).to_contain_text("Seed $6,000.00")

    page.get_by_role("link", name="Link or unlink tables").click()
    expect(page.get_by_label("Stud table")).to_be_visible()
    fits_the_tablet(page, axe)
    page.get_by_label("Stud table").select_option(label="CS-7 · Browser Casino, USD")
    page.get_by_role("button", name="Link the table").click()
    expect(page.locator(".messages")).to_contain_text(
        "CS-7 feeds Floor Jackpot from its next round.")
    expect(page.get_by_role("button", name="Unlink CS-7")).to_be_visible()

    page.goto(f"{base}/pit/progressives/")
    page.get_by_role("link", name="Floor Jackpot", exact=True).click()
    page.get_by_role("link", name="Correct a meter").click()
    expect(page).to_have_url(re.compile(r"/pit/progressives/\d+/correct/$"))
    fits_the_tablet(page, axe)

    top_bar(page, "Dealers")
    expect(page).to_have_url(f"{base}/pit/dealers/")
    page.get_by_text("Add a dealer").click()
    fits_the_tablet(page, axe)
    page.get_by_label("User name").fill("nina.new")
    page.get_by_label("First name").fill("Nina")
    page.get_by_label("Initial password").fill("short")
    page.get_by_label("Password again").fill("short")
    page.get_by_role("button", name="Add the dealer").click()
    expect(page.locator("#id_password_error")).to_contain_text("This password is too short.")
    fits_the_tablet(page, axe)
    page.get_by_label("Initial password").fill(DEALER_PASSWORD)
    page.get_by_label("Password again").fill(DEALER_PASSWORD)
    page.get_by_role("button", name="Add the dealer").click()
    expect(page.locator(".messages")).to_contain_text("nina.new can now log in as a dealer")

    page.get_by_label("Table for nina.new").select_option(label="CS-7 · Caribbean Stud / "
                                                               "Casino Stud")
    page.get_by_role("button", name="Assign: nina.new").click()
    expect(page.locator(".messages")).to_contain_text("nina.new deals at CS-7")
    expect(page.get_by_role("button", name="Take off CS-7: nina.new")).to_be_visible()
    fits_the_tablet(page, axe)
    page.get_by_role("link", name="Deactivate nina.new…").click()
    expect(page.locator(".confirm")).to_contain_text("nina.new is taken off CS-7.")
    fits_the_tablet(page, axe)

    page.get_by_role("button", name="Log out").click()
    log_in(page, base, "nina.new", DEALER_PASSWORD)
    expect(page).to_have_url(f"{base}/dealer/")
    expect(page.locator("main")).to_contain_text("CS-7")
