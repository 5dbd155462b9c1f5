"""Rated play on a tablet, both ways up: the pit boss seats three players by card on the
table's seats page, the dealer records five rounds on his form, one player takes a break
for one of them; each player's page shows the rating the test works out from the rounds."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tables.players import services
from tests.browser.conftest import TABLETS, log_in, on_tablets
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEALER = "As Kd 7c 4h 2s"  # ace-king: he qualifies
# Seat -> (player's card, first name, what he holds each round: a pair of queens wins
# 10 + 20, jack high loses 10 + 20 on a raise, a fold loses 10).
PLAYERS = {1: ("10042", "Pat"), 2: ("10077", "Lee"), 3: ("10103", "Maria")}
HANDS = {1: ("raise", "Qh Qs 9d 5c 3h"), 2: ("raise", "Jh 9s 8d 6c 3d"), 3: ("fold", "")}


@pytest.fixture(params=list(TABLETS))
def browser_context_args(request, browser_context_args):
    return on_tablets(browser_context_args, request.param)


@pytest.fixture
def players(dealer_at_live_table):
    host = make_user("hana_host", "host")
    return {seat: services.player_create(actor=host, card=card, name=f"{name} Tester",
                                         tier="gold")
            for seat, (card, name) in PLAYERS.items()}


def record_round(page: Page, base: str, table, seats: dict[int, tuple[str, str]]):
    page.goto(f"{base}/dealer/tables/{table.pk}/round/")
    expect(page.locator("#rated-seats")).to_contain_text("seat 1 Pat (Gold)")
    page.get_by_label("Dealer's cards").fill(DEALER)
    for seat, (play, cards) in seats.items():
        page.get_by_label(f"Seat {seat} ante").fill("10")
        page.get_by_label(f"Seat {seat} {play}").check()
        if cards:
            page.get_by_label(f"Seat {seat} cards").fill(cards)
    page.get_by_role("button", name="Settle round").click()
    assert page.locator(".errors, .error").count() == 0, page.locator(
        ".errors, .error").first.inner_text()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Round")


def test_the_pit_seats_three_players_and_their_pages_show_their_ratings(
        live_server, browser, browser_context_args, dealer_at_live_table, players):
    table, base = dealer_at_live_table, live_server.url
    boss = browser.new_context(**browser_context_args).new_page()
    log_in(boss, base, "pit_boss", lands_on="/pit/")
    boss.get_by_role("link", name="CS-7 seats and rated players").click()
    for seat, (card, name) in PLAYERS.items():
        boss.get_by_label(f"Card number for seat {seat}").fill(card)
        boss.get_by_role("button", name=f"Seat at seat {seat}").click()
        expect(boss.get_by_text(f"{name} (Gold) is seated at seat {seat}")).to_be_visible()
    expect(boss.get_by_role("link", name="Maria Tester")).to_be_visible()

    dealer = browser.new_context(**browser_context_args).new_page()
    log_in(dealer, base)
    expect(dealer.get_by_role("link", name="Seats (3 rated) at CS-7")).to_be_visible()
    for number in range(5):
        if number == 2:  # Lee takes a break for the third round
            boss.get_by_role("button", name="Break at seat 2").click()
            expect(boss.get_by_text("on a break")).to_be_visible()
        if number == 3:
            boss.get_by_role("button", name="Back from break at seat 2").click()
        record_round(dealer, base, table, HANDS)

    # (hands, average bet, wagered, house won): worked out from the five rounds.
    expected = {1: (5, "$10.00", "$150.00", "-$150.00"),   # five raises won: 30 each
                2: (4, "$10.00", "$120.00", "$120.00"),    # four raises lost (one on break)
                3: (5, "$10.00", "$50.00", "$50.00")}      # five folds of 10
    for seat, player in players.items():
        boss.goto(f"{base}/players/{player.pk}/")
        ratings = boss.get_by_role("region", name="Ratings")
        hands, average, wagered, won = expected[seat]
        row = ratings.locator("tbody tr").first
        expect(row.locator("td[data-label=Hands]")).to_have_text(str(hands))
        expect(row.locator("td[data-label=Wagered]")).to_have_text(wagered)
        expect(row.locator("td[data-label='House won']")).to_have_text(won)
        expect(row.locator("td[data-label='Average bet']")).to_have_text(average)
