"""A supervisor on a tablet, both ways up: a jackpot over the approval threshold shows on
the pit, and is approved with a witness and the W-2G details after the confirmation."""

from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import TABLETS, on_tablets
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYER = {"Player's full name": "Pat Q. Player", "Street address": "3570 Las Vegas Blvd S",
          "City": "Las Vegas", "State or province": "NV", "Postal code": "89109",
          "SSN or ITIN": "234-56-7891", "Identification number": "NV1234567"}
CONSEQUENCE = ("Approve $50,000.70 for seat 1 at CS-7: the award is paid from the meter and "
               "cannot be undone")


@pytest.fixture(params=list(TABLETS))
def browser_context_args(request, browser_context_args):
    return on_tablets(browser_context_args, request.param)


@pytest.fixture
def waiting_hit(db):
    """CS-7's royal flush on a $50,000 meter: awaiting approval, with a W-2G."""
    from payouts.jackpots import services as jackpots
    from payouts.jackpots.models import JackpotHit
    from payouts.jackpots.settlement import settle_pending_hits
    from payouts.terms import services as terms
    from tables.floor.services import (
        casino_create,
        table_assign_paytable,
        table_create,
        table_link_progressive,
    )
    from tables.stud.services import stud_round_record

    supervisor = make_user("pit_boss", "supervisor")
    make_user("wendy_witness", "accountant")
    dealer = make_user("deb_dealer", "dealer")
    casino = casino_create(actor=supervisor, name="Browser Casino", currency="USD",
                           timezone="America/New_York")
    table = table_create(actor=supervisor, casino=casino, label="CS-7",
                         game="caribbean_stud", status="open", dealers=[dealer])
    table_assign_paytable(actor=supervisor, table=table, paytable=terms.paytable_publish(
        actor=supervisor, paytable=terms.paytable_create(actor=supervisor, name="US",
                                                         variant="us", casino=casino)))
    meter = jackpots.progressive_create(
        actor=supervisor, name="Browser Jackpot", currency="USD", seed=Decimal("50000.00"),
        contribution_rate=Decimal("0.70"), approval_threshold=Decimal("20000.00"),
        casino=casino)
    table = table_link_progressive(actor=supervisor, table=table, progressive=meter)
    stud_round_record(actor=dealer, table=table, dealer_cards=["As", "Kd", "7c", "4h", "2s"],
                      seats=[{"seat": 1, "ante": "10.00", "decision": "raise",
                              "progressive": True, "cards": ["Ah", "Kh", "Qh", "Jh", "Th"]}])
    settle_pending_hits(meter.pk)
    return JackpotHit.objects.get(status="awaiting_approval")


def log_in(page: Page, base: str):
    page.goto(f"{base}/login/")
    page.get_by_label("User name").fill("pit_boss")
    page.get_by_label("Password").fill("pit_boss-password-1")
    page.get_by_role("button", name="Log in").click()


def fits_and_reads_well(page: Page, axe):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.evaluate("window.innerWidth"), f"the page scrolls sideways: {width} px"
    assert axe() == []


def small_controls(page: Page) -> list[str]:
    return page.evaluate("""() => Array.from(document.querySelectorAll(
        'main input:not([type=hidden]), main select, main button, main a.button'))
      .filter(e => e.offsetParent !== null)
      .map(e => [e.name || e.textContent.trim(), e.getBoundingClientRect()])
      .filter(([, r]) => r.width < 44 || r.height < 44)
      .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)""")


def fill_approval(page: Page):
    page.get_by_label("Witness's user name").fill("wendy_witness")
    page.get_by_label("Witness's password").fill("wendy_witness-password-1")
    for label, value in PLAYER.items():
        page.get_by_label(label, exact=True).fill(value)
    page.get_by_label("Identification shown").select_option("drivers_license")
    page.get_by_label("Date of birth").fill("1970-05-31")


def test_the_supervisor_approves_a_jackpot_with_a_witness_after_confirming(
        live_server, page: Page, waiting_hit, axe):
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/pit/")
    jackpots = page.get_by_role("region", name="Jackpots not paid yet")
    expect(jackpots).to_contain_text("$50,000.70")
    expect(jackpots).to_contain_text("Awaiting a supervisor's approval")
    fits_and_reads_well(page, axe)
    assert jackpots.locator(".scroll").evaluate("e => e.scrollWidth <= e.clientWidth"), \
        "the jackpots' table is cut off"

    jackpots.get_by_role("link", name="Approve seat 1 at CS-7").click()
    expect(page.get_by_role("heading", name="Jackpot at CS-7, seat 1")).to_be_visible()
    fits_and_reads_well(page, axe)
    assert small_controls(page) == []
    fill_approval(page)
    page.get_by_role("button", name="Approve and pay $50,000.70").click()

    dialog = page.get_by_role("dialog", name="Approve this award?")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(CONSEQUENCE)
    assert axe() == []
    dialog.get_by_role("button", name="Yes, approve and pay").click()

    expect(page.locator(".messages")).to_contain_text(
        "Paid: $50,000.70 at CS-7, seat 1, approved by pit_boss and witnessed by wendy_witness.")
    approval = page.get_by_role("region", name="Approval")
    expect(approval).to_contain_text("wendy_witness")
    expect(approval).to_contain_text("XXX-XX-7891")
    expect(page.locator("main")).not_to_contain_text("234-56-7891")
    fits_and_reads_well(page, axe)
    waiting_hit.refresh_from_db()
    assert waiting_hit.status == "paid"
    page.goto(f"{live_server.url}/pit/")
    expect(page.get_by_text("Jackpots not paid yet")).to_have_count(0)


def test_going_back_from_the_confirmation_pays_nothing(live_server, page: Page, waiting_hit):
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/pit/jackpot-hits/{waiting_hit.pk}/approve/")
    fill_approval(page)
    page.get_by_role("button", name="Approve and pay $50,000.70").click()

    dialog = page.get_by_role("dialog", name="Approve this award?")
    expect(dialog.get_by_role("button", name="Back to the form")).to_be_focused()
    dialog.get_by_role("button", name="Back to the form").click()

    expect(dialog).to_be_hidden()
    expect(page.get_by_label("Witness's user name")).to_have_value("wendy_witness")
    waiting_hit.refresh_from_db()
    assert waiting_hit.status == "awaiting_approval"


def test_a_wrong_witness_password_is_named_and_focused(live_server, page: Page, waiting_hit):
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/pit/jackpot-hits/{waiting_hit.pk}/approve/")
    fill_approval(page)
    page.get_by_label("Witness's password").fill("not-hers")
    page.get_by_role("button", name="Approve and pay $50,000.70").click()
    page.get_by_role("button", name="Yes, approve and pay").click()

    problems = page.get_by_role("region", name="Not approved: nothing was stored")
    expect(problems).to_contain_text("Witness's password: That is not wendy_witness's password.")
    expect(page.get_by_label("Witness's password")).to_be_focused()
    expect(page.get_by_label("SSN or ITIN")).to_have_value("")  # never written back
    expect(page.get_by_label("City")).to_have_value("Las Vegas")
    waiting_hit.refresh_from_db()
    assert waiting_hit.status == "awaiting_approval"
