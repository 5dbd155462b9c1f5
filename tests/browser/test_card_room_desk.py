"""The card room desk on a tablet, both ways up, and the room's public board on a
1920x1080 screen (issue 44, point 9): the brush seats a waiting player by tapping an open
seat on the table's seat map (a taken seat says who holds it); a control that cannot be
used looks it; each waiting player is one row, his buttons beside him; a game's
estimated wait is read from the room's own seatings and the page says how. The public
board fills the screen, its type sized for the far side of the room. Screenshots for
the lead in /work/helpers/shots/ when that folder exists."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal as D
from pathlib import Path

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import expect

from tables.cardroom import services
from tables.cardroom.models import SeatTaken
from tests.browser.conftest import TABLETS, axe_violations, fits, on_tablets
from tests.browser.test_board import signed_in
from tests.card_room import poker_table
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/work/helpers/shots")
WAITING = ["Ann Kowalski", "Bo Lee", "Cy Diaz", "Di Ng", "Ed Oh", "Flo Reyes", "Gus Tam"]
# Three players seated from the list earlier, after 10, 20 and 30 minutes: the median, 20.
EARLIER = [("Max Roy", 2, 10), ("Nia Poe", 3, 20), ("Oz Kahn", 5, 30)]


def _shot(page, name: str) -> None:
    if SHOTS.is_dir():
        page.screenshot(path=str(SHOTS / name), full_page=True)


@pytest.fixture
def room(db):
    from payouts.terms import services as terms
    from tables.floor.services import casino_create

    boss = make_user("pit_boss", "supervisor")
    dealer = make_user("deb_dealer", "dealer")
    controller = make_user("group_controller", "group_supervisor", at=[])
    casino = casino_create(actor=boss, name="Desk Casino", currency="USD",
                           timezone="America/New_York")
    schedule = terms.schedule_publish(actor=controller, schedule=terms.schedule_create(
        actor=controller, name="Ten capped at five", percent=D(10), cap=D(5)))
    table = poker_table(boss, dealer, casino, schedule)
    waitlist = services.waitlist_open(actor=boss, casino=casino, game="holdem",
                                      structure="fixed_limit", small=D(20), big=D(40))
    wanted = services.waitlist_open(actor=boss, casino=casino, game="omaha",
                                    structure="pot_limit", small=D(2), big=D(5))
    services.entry_join(actor=boss, waitlist=wanted, name="Hal Moss")  # no table: no seat
    start = timezone.now() - dt.timedelta(hours=3)
    for n, (name, seat, waited) in enumerate(EARLIER):
        joined = start + dt.timedelta(minutes=40 * n)
        with time_machine.travel(joined, tick=False):
            entry, _ = services.entry_join(actor=boss, waitlist=waitlist, name=name)
        with time_machine.travel(joined + dt.timedelta(minutes=waited), tick=False):
            services.entry_seat(actor=boss, entry=entry, table=table, seat=seat)
    services.seat_take(actor=boss, table=table, seat=4, name="Kim")
    for name in WAITING:
        services.entry_join(actor=boss, waitlist=waitlist, name=name)
    return casino, table


@pytest.mark.parametrize("size", list(TABLETS))
def test_the_brush_seats_a_player_by_tapping_an_open_seat(live_server, browser, room, size):
    _, table = room
    context = browser.new_context(**on_tablets({}, size))
    page = context.new_page()
    page.add_init_script(path=str(Path(__file__).parent / "vendor" / "axe.min.js"))
    signed_in(page, live_server.url, "pit_boss")
    page.goto(f"{live_server.url}/pit/cardroom/")
    width = TABLETS[size][0]

    expect(page.locator("p.hint").first).to_contain_text("the median of its last 10 waits")
    expect(page.locator(".room-list").first.locator("p.wait")).to_contain_text(
        "Estimated wait: about 20 min (the median of its last 3 seatings)")
    rows = page.locator(".room-list").first.locator("li.waiting-row")
    expect(rows).to_have_count(len(WAITING))
    for n in range(len(WAITING)):  # one row a player, his buttons beside his name
        box = rows.nth(n).bounding_box()
        assert box["height"] < 110, (n, box)
        call = rows.nth(n).get_by_role("button", name="Call").bounding_box()
        assert call["width"] < width / 4
        assert abs(call["y"] - box["y"]) < 40  # on his row, not under it
    disabled = page.locator("button:disabled").first
    expect(disabled).to_be_disabled()
    style = disabled.evaluate("e => [getComputedStyle(e).opacity, getComputedStyle(e).cursor]")
    assert float(style[0]) <= 0.5
    assert style[1] == "not-allowed"
    _shot(page, f"desk-{size}.png")
    assert fits(page) == []
    assert axe_violations(page) == []

    ann = rows.first
    ann.locator("summary", has_text="Seat").click()
    seat_map = ann.locator("form.seat-map")
    taken = seat_map.locator(".seat.taken", has_text="Kim")
    expect(taken).to_have_attribute("title", "seat 4 of HE-1 is taken by Kim")
    expect(seat_map.get_by_role("button", name="Seat Ann Kowalski at seat 4 of HE-1")
           ).to_have_count(0)
    _shot(page, f"desk-seat-map-{size}.png")
    seat_map.get_by_role("button", name="Seat Ann Kowalski at seat 6 of HE-1").click()
    expect(page.locator(".messages")).to_contain_text("Ann Kowalski sits at seat 6 of HE-1.")
    assert SeatTaken.objects.filter(table=table, seat=6, name="Ann Kowalski").exists()
    expect(page.locator('.room-table[data-table="HE-1"] li[data-seat="6"]')).to_contain_text(
        "Ann Kowalski")
    expect(page.locator(".room-list").first.locator("li.waiting-row")).to_have_count(
        len(WAITING) - 1)
    assert fits(page) == []
    context.close()


def test_the_public_board_fills_a_1920_by_1080_screen(live_server, browser, room):
    casino, _ = room
    screen = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    screen.goto(f"{live_server.url}/cardroom/{casino.pk}/board/")
    expect(screen.locator("article.game")).to_have_count(2)
    measured = screen.evaluate("""() => {
      const px = (sel) => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize);
      const games = document.querySelector(".games").getBoundingClientRect();
      return {bottom: games.bottom, top: games.top, scroll: document.documentElement.scrollHeight,
              h1: px(".room h1"), h2: px(".game h2"), tables: px(".tables"),
              waiting: px(".waiting li")};
    }""")
    _shot(screen, "public-board-1920x1080.png")
    assert measured["scroll"] <= 1080  # the screen, not a page to scroll
    assert measured["bottom"] >= 0.9 * 1080  # the games take the height, not its top 440 px
    assert measured["top"] < 0.2 * 1080
    assert measured["h1"] >= 56
    assert measured["h2"] >= 40
    assert measured["waiting"] >= 44
    assert measured["tables"] >= 32
    screen.context.close()
