"""The card room on a tablet, both ways up, and its public board on a 1920x1080 screen,
served by the ASGI process as in production: the brush opens a list for 20/40 fixed-limit
hold'em and adds five players; the room's screen shows them by initials within 2 s of
each; the brush opens HE-1 and the screen shows the game playing with its open seats; the
brush calls and seats the five and the screen follows within 2 s of each. The desk fits the tablet
and axe finds nothing serious on it or on the board."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tables.cardroom.models import Entry
from tables.floor.services import table_update
from tests.browser.conftest import TABLETS, fits, on_tablets
from tests.browser.test_board import signed_in
from tests.card_room import poker_table

pytestmark = [pytest.mark.browser, pytest.mark.redis, pytest.mark.django_db(transaction=True)]
PUSHED = 2_000  # ms: "the board follows within 2 s"
PLAYERS = ["Ann Kowalski", "Bo Lee", "Cy Diaz", "Di Ng", "Ed Oh"]


@pytest.fixture(params=list(TABLETS))
def browser_context_args(request, browser_context_args):
    return on_tablets(browser_context_args, request.param)


@pytest.fixture
def room(dealer_at_live_table):
    from django.contrib.auth.models import User

    from payouts.terms import services as terms

    boss = User.objects.get(username="pit_boss")
    casino = dealer_at_live_table.casino
    schedule = terms.schedule_publish(actor=boss, schedule=terms.schedule_create(
        actor=boss, name="Ten capped at five", percent=10, cap=5, casino=casino))
    table = poker_table(boss, User.objects.get(username="deb_dealer"), casino, schedule)
    return casino, table_update(actor=boss, table=table, status="closed")


def test_the_brush_fills_a_list_and_seats_players_and_the_room_s_screen_follows(
        served, page, browser, axe, room):
    server, _ = served
    casino, _ = room  # HE-1, closed: the brush opens it
    base = f"http://127.0.0.1:{server.port}"
    screen = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    screen.goto(f"{base}/cardroom/{casino.pk}/board/")
    expect(screen.get_by_text("No games running. Ask at the desk.")).to_be_visible()

    signed_in(page, base, "pit_boss")
    page.goto(f"{base}/pit/cardroom/")
    opening = page.locator("#room-open-list").locator("xpath=..")
    opening.get_by_label("Game").select_option("holdem")
    opening.get_by_label("Betting").select_option("fixed_limit")
    opening.get_by_label("Small blind or bet").fill("20")
    opening.get_by_label("Big blind or bet").fill("40")
    opening.get_by_role("button", name="Open the list").click()
    expect(page.get_by_text("The list for 20/40 fixed-limit Texas hold'em is open.")
           ).to_be_visible()
    game = screen.locator("article.game")
    expect(game).to_contain_text("Starting soon", timeout=PUSHED)
    for name in PLAYERS:
        form = page.locator("form.join")
        form.get_by_label("Name or initials").fill(name)
        form.get_by_role("button", name="Add to 20/40").click()
        expect(page.get_by_text(f"{name} is on 20/40")).to_be_visible()
        initials = "".join(f"{part[0]}." for part in name.split())
        expect(game.locator("ol.waiting")).to_contain_text(initials, timeout=PUSHED)
    assert fits(page) == []
    assert axe() == []

    page.get_by_role("button", name="Open HE-1").click()
    expect(page.get_by_text("HE-1 is open.")).to_be_visible()
    expect(game).to_contain_text("Playing", timeout=PUSHED)
    expect(game.locator("ul.tables")).to_have_text("HE-1 9 open seats", timeout=PUSHED)
    screen.screenshot(path="/tmp/room-board-1920.png")  # the room as a player sees it

    for name, seat in zip(PLAYERS, ("3", "6", "1", "8", "5"), strict=True):
        entry = Entry.objects.get(name=name)
        row = page.locator(f'li[data-entry="{entry.pk}"]')
        row.get_by_role("button", name=f"Call {name}").click()
        expect(page.get_by_text(f"{name} is called")).to_be_visible()
        row = page.locator(f'li[data-entry="{entry.pk}"]')
        row.locator("summary", has_text="Seat").click()  # the table's seat map: tap a seat
        row.get_by_role("button", name=f"Seat {name} at seat {seat} of HE-1").click()
        expect(page.get_by_text(f"{name} sits at seat {seat} of HE-1.")).to_be_visible()
        expect(game).not_to_contain_text(
            "".join(f"{part[0]}." for part in name.split()), timeout=PUSHED)
    expect(game.locator("ul.tables")).to_have_text("HE-1 4 open seats", timeout=PUSHED)
    expect(game).to_contain_text("Nobody waiting: ask at the desk for a seat.")
    for secret in ("Kowalski", "Diaz"):
        assert secret not in screen.content()
    page.screenshot(path=f"/tmp/room-desk-{page.viewport_size['width']}.png", full_page=True)
    assert fits(page) == []
    assert axe() == []
    screen.context.close()
