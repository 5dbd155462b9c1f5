"""The supervisor's safeguards on a tablet, both ways up: unsaved edits are named and
published with the draft after a confirmation, giving terms to a table asks and says what
changes, another casino's terms are neither offered nor accepted, and the rake form
shows only the chosen method's boxes. No page scrolls sideways; axe finds nothing
serious."""

from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import TABLETS, log_in, on_tablets
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(params=list(TABLETS))
def browser_context_args(request, browser_context_args):
    return on_tablets(browser_context_args, request.param)


@pytest.fixture
def floor(db):
    """Harbor Lights (USD): CS-1 on US Caribbean Stud v1 (a v2 draft waiting), High limit
    v1 published, HE-1 without a schedule; Mayfair Card Club (GBP) with its own terms."""
    from payouts.terms import services as terms
    from tables.floor.services import casino_create, table_assign_paytable, table_create

    boss = make_user("pit_boss", "supervisor")
    harbor = casino_create(actor=boss, name="Harbor Lights Casino", currency="USD",
                           timezone="America/New_York")
    mayfair = casino_create(actor=boss, name="Mayfair Card Club", currency="GBP",
                            timezone="Europe/London")

    def paytable(name, casino, variant="us"):
        return terms.paytable_publish(actor=boss, paytable=terms.paytable_create(
            actor=boss, name=name, variant=variant, casino=casino))

    def schedule(name, casino):
        return terms.schedule_publish(actor=boss, schedule=terms.schedule_create(
            actor=boss, name=name, percent=Decimal(10), cap=Decimal(5), casino=casino))

    us = paytable("US Caribbean Stud", harbor)
    cs1 = table_assign_paytable(actor=boss, table=table_create(
        actor=boss, casino=harbor, label="CS-1", game="caribbean_stud", status="open"),
        paytable=us)
    return {"cs1": cs1, "us": us, "draft": terms.paytable_new_version(actor=boss, paytable=us),
            "high": paytable("High limit", harbor), "uk": paytable("Mayfair Stud", mayfair, "uk"),
            "he1": table_create(actor=boss, casino=harbor, label="HE-1", game="holdem"),
            "ten": schedule("Harbor ten", harbor), "pounds": schedule("Mayfair ten", mayfair)}


def fits_and_reads(page: Page, axe) -> None:
    """The page shown does not scroll sideways and has no serious accessibility fault."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), \
        page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert axe() == []


def options_of(page: Page, label: str) -> list[str]:
    return page.get_by_label(label).locator("option").all_inner_texts()


def test_edits_not_yet_saved_are_named_and_published_with_the_draft(live_server, page: Page,
                                                                    axe, floor):
    draft = floor["draft"]
    log_in(page, live_server.url, "pit_boss", "/pit/")
    page.goto(f"{live_server.url}/pit/paytables/{draft.pk}/")
    fits_and_reads(page, axe)
    notice = page.get_by_text("You have unsaved changes")
    expect(notice).to_be_hidden()

    page.get_by_label("Flush pays N:1", exact=True).fill("6")
    expect(notice).to_be_visible()
    page.get_by_role("button", name="Publish…").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Publish US Caribbean Stud v2?")
    expect(page.locator(".consequences")).to_contain_text(
        "Publish US Caribbean Stud v2: it can no longer change, and tables can be assigned "
        "to it")
    expect(page.locator(".changes")).to_have_text("Flush pays N:1: 5 → 6")
    fits_and_reads(page, axe)
    page.get_by_role("button", name="Publish US Caribbean Stud v2").click()

    expect(page.locator(".messages")).to_contain_text("US Caribbean Stud v2 published")
    draft.refresh_from_db()
    assert (draft.status, draft.odds["flush"]) == ("published", 6)


def test_giving_a_table_a_paytable_asks_and_says_what_changes(live_server, page: Page, axe,
                                                              floor):
    cs1 = floor["cs1"]
    log_in(page, live_server.url, "pit_boss", "/pit/")
    page.goto(f"{live_server.url}/pit/tables/")  # each table's settings (issue 44, point 8)
    fits_and_reads(page, axe)

    page.get_by_label("CS-1 paytable").select_option(label="High limit v1")
    page.locator(f"form[action='/pit/tables/{cs1.pk}/paytable/']").get_by_role(
        "button", name="Assign…").click()

    expect(page.locator(".consequences")).to_contain_text(
        "CS-1 will pay by High limit v1 from its next round; rounds already recorded keep "
        "US Caribbean Stud v1.")
    fits_and_reads(page, axe)
    cs1.refresh_from_db()
    assert cs1.paytable == floor["us"]  # asked, not done
    page.get_by_role("button", name="Assign High limit v1 to CS-1").click()

    expect(page.locator(".messages")).to_contain_text("CS-1 will pay by High limit v1")
    cs1.refresh_from_db()
    assert cs1.paytable == floor["high"]


def test_another_casinos_paytable_is_not_offered_and_refused_if_posted(live_server,
                                                                       page: Page, floor):
    cs1, uk = floor["cs1"], floor["uk"]
    log_in(page, live_server.url, "pit_boss", "/pit/")
    page.goto(f"{live_server.url}/pit/tables/")

    assert "Mayfair Stud v1" not in options_of(page, "CS-1 paytable")
    page.get_by_label("CS-1 paytable").evaluate(  # as a stale page or a crafted post would
        "(select, pk) => { select.add(new Option('tampered', pk)); select.value = pk; }",
        str(uk.pk))
    page.locator(f"form[action='/pit/tables/{cs1.pk}/paytable/']").get_by_role(
        "button", name="Assign…").click()

    expect(page.locator(".messages")).to_contain_text(
        "Mayfair Stud v1 belongs to Mayfair Card Club (GBP); CS-1 is at Harbor Lights "
        "Casino (USD).")
    cs1.refresh_from_db()
    assert cs1.paytable == floor["us"]


def test_a_poker_tables_schedule_is_offered_from_its_casino_and_asked_for(live_server,
                                                                          page: Page, axe,
                                                                          floor):
    he1 = floor["he1"]
    log_in(page, live_server.url, "pit_boss", "/pit/")
    page.goto(f"{live_server.url}/pit/tables/{he1.pk}/poker/")
    fits_and_reads(page, axe)

    offered = options_of(page, "Rake schedule")
    assert "Harbor ten v1" in offered
    assert "Mayfair ten v1" not in offered
    page.get_by_label("Rake schedule").select_option(label="Harbor ten v1")
    page.get_by_label("Structure").select_option("no_limit")
    page.get_by_label("Small blind").fill("1")
    page.get_by_label("Big blind").fill("2")
    page.get_by_role("button", name="Save settings").click()

    expect(page.locator(".consequences")).to_contain_text(
        "HE-1 will collect by Harbor ten v1 (percentage rake) from its next hand")
    fits_and_reads(page, axe)
    page.get_by_role("button", name="Collect by Harbor ten v1 at HE-1").click()
    expect(page.locator(".messages")).to_contain_text("HE-1 settings saved")
    he1.refresh_from_db()
    assert he1.rake_schedule == floor["ten"]


def test_the_rake_form_shows_only_the_chosen_methods_boxes_and_a_fixed_drop_saves(
        live_server, page: Page, axe, floor):
    from payouts.terms.models import RakeSchedule

    log_in(page, live_server.url, "pit_boss", "/pit/")
    page.goto(f"{live_server.url}/pit/rake-schedules/")
    fits_and_reads(page, axe)
    expect(page.get_by_label("Percent of the pot")).to_be_visible()
    expect(page.get_by_label("Fixed drop per hand")).to_be_hidden()

    page.get_by_label("Name").fill("Drop a dollar")
    page.get_by_label("Collection method").select_option("fixed_drop")
    expect(page.get_by_label("Percent of the pot")).to_be_hidden()
    expect(page.get_by_label("Cap per hand")).to_be_hidden()
    expect(page.get_by_label("Time fee per seat")).to_be_hidden()
    expect(page.get_by_label("No rake below a pot of")).to_be_visible()
    page.get_by_label("Fixed drop per hand").fill("1.00")
    page.get_by_role("button", name="Create draft").click()

    expect(page.get_by_role("heading", level=1)).to_contain_text("Drop a dollar v1")
    expect(page.get_by_label("Fixed drop per hand")).to_have_value("1.00")
    expect(page.get_by_label("Percent of the pot")).to_be_hidden()
    fits_and_reads(page, axe)
    saved = RakeSchedule.objects.get(name="Drop a dollar")
    assert (saved.method, saved.fixed_drop, saved.percent, saved.cap) == (
        "fixed_drop", Decimal("1.00"), Decimal(0), None)


def test_a_percentage_out_of_range_is_refused_in_words(live_server, page: Page, floor):
    log_in(page, live_server.url, "pit_boss", "/pit/")
    page.goto(f"{live_server.url}/pit/rake-schedules/")

    page.get_by_label("Name").fill("Too much")
    page.get_by_label("Percent of the pot").fill("120")
    page.get_by_role("button", name="Create draft").click()

    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Percent of the pot: 120 is more than 100.")
    expect(alert).not_to_contain_text("Constraint")
