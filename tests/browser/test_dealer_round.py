import pytest
from playwright.sync_api import Page, expect

from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def dealer_at_live_table(db):
    from payouts.terms import services as payouts
    from tables.floor.services import casino_create, table_assign_paytable, table_create

    supervisor = make_user("pit_boss", "supervisor")
    dealer = make_user("deb_dealer", "dealer")
    casino = casino_create(actor=supervisor, name="Browser Casino", currency="USD",
                                    timezone="America/New_York")
    table = table_create(actor=supervisor, casino=casino, label="CS-7",
                                  game="caribbean_stud", status="open", dealers=[dealer])
    paytable = payouts.paytable_publish(
        actor=supervisor,
        paytable=payouts.paytable_create(actor=supervisor, name="US", variant="us"))
    table_assign_paytable(actor=supervisor, table=table, paytable=paytable)
    return table


def log_in(page: Page, base: str):
    page.goto(f"{base}/login/")
    page.get_by_label("User name").fill("deb_dealer")
    page.get_by_label("Password").fill("deb_dealer-password-1")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{base}/dealer/")


def fill_seat(page: Page, seat: int, ante: str, play: str, cards: str = ""):
    page.get_by_label(f"Seat {seat} ante").fill(ante)
    page.get_by_label(f"Seat {seat} {play}").check()
    if cards:
        page.get_by_label(f"Seat {seat} cards").fill(cards)


def test_a_dealer_types_a_four_seat_round_and_sees_what_to_pay(live_server, page: Page,
                                                                 dealer_at_live_table):
    log_in(page, live_server.url)
    page.get_by_role("link", name="Record a round").click()

    page.get_by_label("Dealer's cards").fill("as kd 7c 4h 2s")
    fill_seat(page, 1, "10", "raise", "Qh Qs 9d 5c 3h")   # pair beats ace-king: bet 1:1
    fill_seat(page, 3, "10", "raise", "9h 8h 7h 6h 5h")   # straight flush: 50:1 on 20
    fill_seat(page, 5, "5", "fold")
    fill_seat(page, 6, "25", "raise", "Ks Kc 4d 3c 2d")   # kings beat ace-king
    page.get_by_role("button", name="Settle round").click()

    instructions = page.locator(".instructions")
    expect(instructions).to_contain_text("Pay seat 1: 20.00 on the bet, 10.00 on the ante.")
    expect(instructions).to_contain_text("Pay seat 3: 1000.00 on the bet, 10.00 on the ante.")
    expect(instructions).to_contain_text("Take seat 5's ante.")
    expect(instructions).to_contain_text("Pay seat 6: 50.00 on the bet, 25.00 on the ante.")
    expect(page.get_by_role("link", name="Next round")).to_be_visible()


def test_a_duplicated_card_is_named_and_nothing_is_recorded(live_server, page: Page,
                                                            dealer_at_live_table):
    from tables.stud.models import StudRound

    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/dealer/tables/{dealer_at_live_table.pk}/round/")
    page.get_by_label("Dealer's cards").fill("As Kd 7c 4h 2s")
    fill_seat(page, 1, "10", "raise", "Qh Qs 9d 5c 3h")
    fill_seat(page, 2, "10", "raise", "Kd 8s 8d 5d 3d")
    page.get_by_role("button", name="Settle round").click()

    alert = page.get_by_role("alert", name="Problems")
    expect(alert).to_contain_text("Nothing was recorded")
    expect(alert).to_contain_text("Seat 2, cards: Kd appears more than once")
    # What the dealer typed is still there to correct.
    expect(page.get_by_label("Seat 1 cards")).to_have_value("Qh Qs 9d 5c 3h")
    assert StudRound.objects.count() == 0


def test_cards_can_be_picked_with_taps(live_server, page: Page, dealer_at_live_table):
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/dealer/tables/{dealer_at_live_table.pk}/round/")
    page.get_by_label("Seat 4 cards").click()
    for card in ("As", "Kh", "Qd"):
        page.locator(f"button.pick[data-card='{card}']").click()

    expect(page.get_by_label("Seat 4 cards")).to_have_value("As Kh Qd")
