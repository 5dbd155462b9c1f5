from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def card_room(db):
    from tables.floor.services import casino_create, table_create

    boss = make_user("pit_boss", "supervisor")
    make_user("deb_dealer", "dealer")
    make_user("acc_accountant", "accountant")
    casino = casino_create(actor=boss, name="Setup Room", currency="USD",
                                    timezone="America/New_York")
    return table_create(actor=boss, casino=casino, label="NL-7", game="holdem",
                                 status="open", dealers=[])


def log_in(page: Page, base: str, user: str):
    page.goto(f"{base}/login/")
    page.get_by_label("User name").fill(user)
    page.get_by_label("Password").fill(f"{user}-password-1")
    page.get_by_role("button", name="Log in").click()


def test_a_supervisor_sets_up_time_collection_and_the_dealer_and_accountant_use_it(
        live_server, page: Page, card_room):
    from django.contrib.auth.models import User

    from tables.floor.services import table_update

    base = live_server.url
    log_in(page, base, "pit_boss")
    page.get_by_role("link", name="Rake").first.click()
    page.get_by_label("Name").fill("Half-hour time")
    page.get_by_label("Collection method").select_option("time")
    expect(page.get_by_label("Percent of the pot")).to_be_hidden()
    page.get_by_role("button", name="Create draft").click()
    expect(page.get_by_role("alert")).to_contain_text(
        "Time fee per seat: none given: a time collection needs it.")

    page.get_by_label("Time fee per seat").fill("6.00")
    page.get_by_role("button", name="Create draft").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Half-hour time v1")
    page.get_by_role("button", name="Publish…").click()
    page.get_by_role("button", name="Publish Half-hour time v1").click()
    expect(page.locator(".messages")).to_contain_text("published: it can no longer change")

    page.goto(f"{base}/pit/tables/{card_room.pk}/poker/")
    page.get_by_label("Rake schedule").select_option(label="Half-hour time v1")
    page.get_by_label("Structure").select_option("no_limit")
    page.get_by_label("Big blind").fill("2")
    page.get_by_label("Raise cap", exact=True).fill("4")   # not a no-limit setting: refused by name
    page.get_by_role("button", name="Save settings").click()
    expect(page.get_by_role("alert")).to_contain_text("Raise cap: Only fixed limit tables")
    page.get_by_label("Raise cap", exact=True).fill("")
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator(".consequences")).to_contain_text(
        "NL-7 will collect by Half-hour time v1 (time collection) from its next hand")
    page.get_by_role("button", name="Collect by Half-hour time v1 at NL-7").click()
    expect(page.locator(".messages")).to_contain_text("NL-7 settings saved")
    expect(page.get_by_role("heading", level=1)).to_contain_text("v1")
    expect(page.get_by_role("cell", name="poker settings v1")).to_be_visible()

    table_update(actor=User.objects.get(username="pit_boss"), table=card_room,
                          dealers=[User.objects.get(username="deb_dealer")])
    page.context.clear_cookies()
    log_in(page, base, "deb_dealer")
    page.get_by_role("link", name="Record hands").click()
    for seat in (1, 2, 5):
        page.locator(f"fieldset label.toggle:has(input[value='{seat}'])").click()
    page.get_by_role("button", name="Collect for the seats ticked").click()
    expect(page.locator(".messages")).to_contain_text("3 seats at 6.00 = 18.00")

    page.context.clear_cookies()
    log_in(page, base, "acc_accountant")
    drop = page.locator("section.card", has_text="Setup Room")
    expect(drop.get_by_role("row", name="NL-7")).to_contain_text("18.00")
    assert Decimal("18.00") == card_room.time_collections.get().amount
