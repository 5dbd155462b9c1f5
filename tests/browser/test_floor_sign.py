from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import make_user
from tests.helpers import DEALER

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_floor_sign_follows_the_meter(live_server, page: Page):
    from payouts.jackpots import services as progressives
    from payouts.terms import services as payouts
    from tables.floor.services import (
        casino_create,
        table_assign_paytable,
        table_create,
        table_link_progressive,
    )
    from tables.stud.services import stud_round_record

    boss = make_user("boss", "supervisor")
    dealer = make_user("deal", "dealer")
    casino = casino_create(actor=boss, name="Sign Casino", currency="USD",
                                    timezone="America/New_York")
    table = table_create(actor=boss, casino=casino, label="CS-9",
                                  game="caribbean_stud", status="open", dealers=[dealer])
    table_assign_paytable(actor=boss, table=table, paytable=payouts.paytable_publish(
        actor=boss, paytable=payouts.paytable_create(actor=boss, name="US", variant="us",
                                                     casino=casino)))
    meter = progressives.progressive_create(actor=boss, name="Big Jackpot", currency="USD",
                                            seed=Decimal("25000.00"),
                                            contribution_rate=Decimal("0.70"),
                                            casino=casino)
    table_link_progressive(actor=boss, table=table, progressive=meter)

    page.goto(f"{live_server.url}/sign/{meter.pk}/")
    expect(page.locator("#amount")).to_have_text("USD 25,000.00")

    stud_round_record(actor=dealer, table=table, dealer_cards=DEALER,
                      seats=[{"seat": n, "ante": Decimal(10), "decision": "fold",
                              "progressive": True, "cards": cards.split()}
                             for n, cards in [(1, "Qh Qs 9d 5c 3h"), (2, "Jh Js 8d 6c 5s")]])

    # The sign asks every second; the wait is generous, for a busy machine (how fast the
    # sign follows is the floor bench's to measure, not a test's).
    expect(page.locator("#amount")).to_have_text("USD 25,001.40", timeout=30_000)
    expect(page.locator("#pending")).to_be_hidden()
