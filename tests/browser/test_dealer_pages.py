"""Every page a dealer uses, at both tablet sizes: nothing scrolls sideways, every control
is big enough to touch, and axe-core finds no serious accessibility problem."""

from decimal import Decimal

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import CARDS, TABLETS, log_in, on_tablets
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL_CONTROLS = """() => Array.from(document.querySelectorAll(
    'main input:not([type=hidden]), main select, main button, main textarea, main a,'
    + ' .topbar a, .topbar button'))
  .filter(e => e.offsetParent !== null || e.type === 'radio')
  .map(e => {
    const box = (e.type === 'radio' ? e.closest('label') : e).getBoundingClientRect();
    return [e.getAttribute('aria-label') || e.name || e.textContent.trim(), box];
  })
  .filter(([, r]) => r.width < 44 || r.height < 44)
  .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


@pytest.fixture(params=list(TABLETS))
def browser_context_args(request, browser_context_args):
    return on_tablets(browser_context_args, request.param)


@pytest.fixture
def dealer_pages(dealer_at_live_table):
    """The addresses of every dealer page, with a round and hands recorded to show."""
    from payouts.terms import services as terms
    from tables.floor.services import table_create, table_set_poker_settings
    from tables.poker.services import poker_hand_record, time_collection_record
    from tables.stud.services import stud_round_record

    stud = dealer_at_live_table
    dealer = stud.dealers.get()
    supervisor = make_user("floor_boss", "supervisor", at=[stud.casino])
    schedule = terms.schedule_publish(actor=supervisor, schedule=terms.schedule_create(
        actor=supervisor, name="Time", method="time", time_fee=Decimal(6),
        casino=stud.casino))
    poker = table_set_poker_settings(
        actor=supervisor, rake_schedule=schedule, structure="no_limit",
        small_blind=Decimal(1), big_blind=Decimal(2),
        table=table_create(actor=supervisor, casino=stud.casino, label="NL-2", game="holdem",
                           status="open", dealers=[dealer]))
    round_, _ = stud_round_record(
        actor=dealer, table=stud, dealer_cards=CARDS["dealer"].split(),
        seats=[{"seat": 1, "ante": "10.00", "decision": "raise", "cards": CARDS[1].split()},
               {"seat": 2, "ante": "10.00", "decision": "fold"}])
    hand, _ = poker_hand_record(actor=dealer, table=poker, pot=Decimal(85), flop_dealt=True)
    time_collection_record(actor=dealer, table=poker, seats=[1, 2])
    return ["/dealer/", "/dealer/slips/", "/rounds/", f"/dealer/tables/{stud.pk}/round/",
            f"/rounds/{round_.pk}/",
            f"/dealer/tables/{poker.pk}/poker/", f"/dealer/tables/{poker.pk}/poker/full/",
            f"/poker-hands/{hand.pk}/"]


def test_every_dealer_page_fits_the_tablet_and_passes_axe(live_server, page: Page,
                                                           dealer_pages, axe):
    log_in(page, live_server.url)
    for address in dealer_pages:
        page.goto(live_server.url + address)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"], f"{address} scrolls sideways: {width}px"
        assert page.evaluate(SMALL_CONTROLS) == [], address
        assert axe() == [], address
