"""The dealer's stud round form on a tablet, both ways up: typed, tapped, refused."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import CARDS, SEEN_WHEN_SCROLLED_TO, TABLETS, log_in, on_tablets

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOLDS = (3, 6)
JACKPOT_SEATS = (1, 2, 4, 5, 7)
FOLD_HANDS = {3: "Ah Ad Kh Qd 2h", 6: "Tc Td 7s 5s 2c"}   # shown when a fold plays the jackpot


@pytest.fixture(params=list(TABLETS))
def browser_context_args(request, browser_context_args):
    return on_tablets(browser_context_args, request.param)


def play_last_round(table, jackpots=JACKPOT_SEATS):
    """The round before: seven players at 10, ``jackpots`` on the jackpot."""
    from tables.stud.services import stud_round_record

    stud_round_record(
        actor=table.dealers.get(), table=table, void="misdeal",
        seats=[{"seat": n, "ante": "10.00", "decision": None,
                "progressive": n in jackpots} for n in range(1, 8)])


def open_form(page: Page, base: str, table):
    log_in(page, base)
    page.goto(f"{base}/dealer/tables/{table.pk}/round/")


def fill_seat(page: Page, seat: int, ante: str, play: str, cards: str = ""):
    page.get_by_label(f"Seat {seat} ante").fill(ante)
    page.get_by_label(f"Seat {seat} {play}").check()
    if cards:
        page.get_by_label(f"Seat {seat} cards").fill(cards)


def keyed_round(page: Page, jackpots, seat_keys, seat_ready) -> int:
    """The typical round typed: the dealer's cards, then at each seat, once
    ``seat_ready(seat)`` holds, ``seat_keys(seat)`` and the hand it shows (a fold on the
    jackpot shows its hand too). Returns the keys pressed, Settle's Enter not yet."""
    keys = 0

    def typed(text: str):
        nonlocal keys
        page.keyboard.type(text)
        keys += len(text)

    expect(page.get_by_label("Dealer's cards")).to_be_focused()
    typed(CARDS["dealer"].replace(" ", ""))
    for seat in range(1, 8):
        seat_ready(seat)
        typed(seat_keys(seat))
        hand = CARDS.get(seat) or (FOLD_HANDS[seat] if seat in jackpots else None)
        if hand:
            expect(page.get_by_label(f"Seat {seat} cards")).to_be_focused()
            typed(hand.replace(" ", ""))
    return keys


def last_round(table):
    from tables.stud.models import StudRound

    return StudRound.objects.filter(table=table).order_by("-pk").prefetch_related("seats")[0]


def assert_typical_round_recorded(table):
    """The round the tests enter: FOLDS folded, the others' cards, JACKPOT_SEATS on it."""
    round_ = last_round(table)
    seats = {s.seat: s for s in round_.seats.all()}
    assert round_.dealer_cards == CARDS["dealer"].split()
    assert sorted(seats) == list(range(1, 8))
    assert all(s.ante == 10 for s in seats.values())
    assert {n for n, s in seats.items() if s.decision == "fold"} == set(FOLDS)
    assert {n for n, s in seats.items() if s.progressive} == set(JACKPOT_SEATS)
    assert all(seats[n].cards == CARDS[n].split() for n in CARDS if n != "dealer")


def test_a_dealer_types_a_four_seat_round_and_sees_what_to_pay(live_server, page: Page,
                                                                 dealer_at_live_table):
    log_in(page, live_server.url)
    page.get_by_role("link", name="Record a round").click()

    page.get_by_label("Dealer's cards").fill("as kd 7c 4h 2s")
    fill_seat(page, 1, "10", "raise", "Qh Qs 9d 5c 3h")   # pair beats ace-king: bet 1:1
    fill_seat(page, 3, "10", "raise", "9h8h7h6h5h")       # straight flush: 50:1 on 20
    fill_seat(page, 5, "5", "fold")
    fill_seat(page, 6, "25", "raise", "KsKc4d3c2d")       # kings beat ace-king
    page.get_by_role("button", name="Settle round").click()

    instructions = page.locator(".instructions")
    expect(instructions).to_contain_text("Pay seat 1: $20.00 on the bet, $10.00 on the ante.")
    expect(instructions).to_contain_text("Pay seat 3: $1,000.00 on the bet, $10.00 on the ante.")
    expect(instructions).to_contain_text("Take seat 5's ante.")
    expect(instructions).to_contain_text("Pay seat 6: $50.00 on the bet, $25.00 on the ante.")
    expect(page.locator("table.grid")).not_to_contain_text("None")
    expect(page.get_by_role("link", name="Next round")).to_be_visible()


@pytest.mark.parametrize("jackpots", [JACKPOT_SEATS, tuple(range(1, 8))],
                         ids=["jackpot-on-raises", "jackpot-on-all"])
def test_a_typical_seven_seat_round_takes_at_most_110_keystrokes(live_server, page: Page,
                                                                 dealer_at_live_table, jackpots):
    play_last_round(dealer_at_live_table, jackpots)
    open_form(page, live_server.url, dealer_at_live_table)

    keys = keyed_round(  # each seat's ante carried over: r or f
        page, jackpots, lambda seat: "f" if seat in FOLDS else "r",
        lambda seat: expect(page.get_by_label(f"Seat {seat} ante")).to_have_value("10.00"))
    expect(page.get_by_role("button", name="Settle round")).to_be_focused()
    page.keyboard.press("Enter")
    keys += 1

    expect(page.locator(".instructions")).to_contain_text("Pay seat 2:")
    recorded = last_round(dealer_at_live_table).seats.all()
    assert {s.seat for s in recorded if s.progressive} == set(jackpots)
    assert {s.seat for s in recorded if s.decision == "fold"} == set(FOLDS)
    print(f"\n7-seat round by keyboard, {len(jackpots)} on the jackpot: {keys} keystrokes")
    assert keys <= 110


@pytest.mark.parametrize(("jackpots", "most"), [(JACKPOT_SEATS, 80), (tuple(range(1, 8)), 100)],
                         ids=["jackpot-on-raises", "jackpot-on-all"])
def test_the_first_round_of_a_day_takes_at_most_80_keystrokes(live_server, page: Page,
                                                              dealer_at_live_table, jackpots,
                                                              most):
    """No antes to carry: typing goes to each seat's ante; the first ante is typed, the
    others taken from the seat before by r or f; j puts a seat on the jackpot. The typical
    round in at most 80 keys; with the two folds on the jackpot their hands are typed too
    (20 keys more, as when antes carry)."""
    open_form(page, live_server.url, dealer_at_live_table)

    keys = keyed_round(
        page, jackpots, lambda seat: ("10" if seat == 1 else "")
        + ("j" if seat in jackpots else "") + ("f" if seat in FOLDS else "r"),
        lambda seat: expect(page.get_by_label(f"Seat {seat} ante")).to_be_focused())
    settle = page.get_by_role("button", name="Settle round")
    expect(settle).to_be_focused()
    ring = settle.evaluate("b => ['outlineStyle', 'outlineWidth', 'outlineColor']"
                           ".map(p => getComputedStyle(b)[p])")
    assert ring == ["solid", "3px", "rgb(240, 180, 0)"]
    page.keyboard.press("Enter")
    keys += 1

    expect(page.locator(".instructions")).to_contain_text("Pay seat 2:")
    recorded = {s.seat: s for s in last_round(dealer_at_live_table).seats.all()}
    assert sorted(recorded) == list(range(1, 8))
    assert all(s.ante == 10 for s in recorded.values())
    assert {n for n, s in recorded.items() if s.progressive} == set(jackpots)
    assert {n for n, s in recorded.items() if s.decision == "fold"} == set(FOLDS)
    assert all(recorded[n].cards == CARDS[n].split() for n in CARDS if n != "dealer")
    print(f"\nfirst round of the day, 7 seats, {len(jackpots)} on the jackpot: {keys} keystrokes")
    assert keys <= most


def test_enter_in_an_empty_ante_passes_the_seat_by(live_server, page: Page,
                                                   dealer_at_live_table):
    open_form(page, live_server.url, dealer_at_live_table)
    page.keyboard.type(CARDS["dealer"].replace(" ", ""))
    page.keyboard.type("25r" + CARDS[1].replace(" ", ""))
    page.keyboard.press("Enter")  # seat 2 is empty
    expect(page.get_by_label("Seat 3 ante")).to_be_focused()
    page.keyboard.type("f")
    for _ in range(4):  # seats 4 to 7 are empty
        page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Settle round")).to_be_focused()
    page.keyboard.press("Enter")

    expect(page.locator(".instructions")).to_contain_text("Take seat 3's ante.")
    seats = {s.seat: s for s in last_round(dealer_at_live_table).seats.all()}
    assert sorted(seats) == [1, 3]
    assert seats[1].ante == seats[3].ante == 25
    assert seats[3].decision == "fold"


def test_a_refused_round_leaves_void_and_settle_in_sight_of_the_card_picker(
        live_server, page: Page, dealer_at_live_table):
    """Error rows make the form taller than a portrait screen: what the dealer scrolls to
    stops above the card picker at the foot of the screen, never behind it."""
    open_form(page, live_server.url, dealer_at_live_table)
    page.get_by_label("Dealer's cards").fill(CARDS["dealer"])
    for seat in range(1, 8):
        fill_seat(page, seat, "abc" if seat % 2 else "10", "raise")
    page.get_by_role("button", name="Settle round").click()
    expect(page.get_by_role("alert", name="Problems")).to_contain_text("Seat 7, ante")

    for control in (page.get_by_label("took a fifth card"), page.get_by_label("Void:"),
                    page.get_by_role("button", name="Settle round"),
                    page.get_by_label("Seat 7 cards")):
        assert control.evaluate(SEEN_WHEN_SCROLLED_TO), control
    page.get_by_label("Seat 7 ante").focus()
    page.keyboard.press("Tab")
    expect(page.get_by_label("Seat 7 raise")).to_be_focused()
    assert page.get_by_label("Seat 7 raise").evaluate(SEEN_WHEN_SCROLLED_TO)


def test_a_typical_seven_seat_round_by_touch_needs_no_scroll_and_no_keyboard(
        live_server, page: Page, dealer_at_live_table):
    play_last_round(dealer_at_live_table)
    open_form(page, live_server.url, dealer_at_live_table)
    page.evaluate("document.activeElement.blur()")
    taps = 0

    def tap(locator, final=False):
        nonlocal taps
        assert page.evaluate("window.scrollY") == 0
        box, view = locator.bounding_box(), page.viewport_size
        assert box["y"] >= 0, "needs a scroll up"
        assert box["y"] + box["height"] <= view["height"], "needs a scroll down"
        locator.tap()
        taps += 1
        if final:
            return
        # No cards box took the focus: a real tablet would open its keyboard over the picker.
        assert page.evaluate("document.activeElement.tagName") != "INPUT" or \
            page.evaluate("document.activeElement.type") == "radio"

    def pick(cards: str):
        for card in cards.split():
            tap(page.locator(f"button.pick[data-card='{card}']"))

    pick(CARDS["dealer"])
    for seat in range(1, 8):
        if seat in FOLDS:
            tap(page.get_by_label(f"Seat {seat} fold"))
        else:
            tap(page.get_by_label(f"Seat {seat} raise"))
            pick(CARDS[seat])   # the picker moved on to this seat by itself
    tap(page.get_by_role("button", name="Settle round"), final=True)

    expect(page.locator(".instructions")).to_contain_text("Pay seat 2:")
    assert_typical_round_recorded(dealer_at_live_table)
    print(f"\n7-seat round by touch: {taps} taps, 0 scrolls")


def test_the_form_fits_the_tablet_and_every_control_is_big_enough(live_server, page: Page,
                                                                   dealer_at_live_table, axe):
    open_form(page, live_server.url, dealer_at_live_table)

    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page scrolls sideways: {width} px"
    small = page.evaluate("""() => Array.from(document.querySelectorAll(
        'main input:not([type=hidden]), main select, main button, .topbar a, .topbar button'))
      .map(e => [e.getAttribute('aria-label') || e.name || e.textContent.trim(),
                 e.getBoundingClientRect()])
      .filter(([, r]) => r.width < 44 || r.height < 44)
      .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)""")
    assert small == []
    picker = page.get_by_role("complementary", name="Card picker")
    page.mouse.wheel(0, 400)
    expect(picker).to_be_in_viewport()
    assert axe() == []


def test_every_problem_is_shown_at_once_next_to_its_field(live_server, page: Page,
                                                         dealer_at_live_table):
    from tables.stud.models import StudRound

    open_form(page, live_server.url, dealer_at_live_table)
    page.get_by_label("Dealer's cards").fill("As Kd 7c 4h 2s")
    fill_seat(page, 1, "10", "raise", "Qh Qs 9c 5c 3d")
    fill_seat(page, 2, "10", "raise", "3d 4d 7h 9s Jc")
    fill_seat(page, 3, "1", "raise", "QhQs")
    page.get_by_label("Seat 4 ante").fill("10")
    page.get_by_label("Seat 4 cards").fill("QxJs")
    page.get_by_role("button", name="Settle round").click()

    alert = page.get_by_role("alert", name="Problems")
    expect(alert).to_contain_text("Nothing was recorded")
    duplicate = "3d appears more than once: in seat 1's cards and seat 2's cards"
    expect(alert).to_contain_text(f"Seat 2, cards: {duplicate}")
    expect(alert).to_contain_text("Seat 3, ante: an ante of 1.00 is outside this table's limits")
    expect(alert).to_contain_text("Seat 4, raise or fold: choose raise or fold.")
    expect(alert).to_contain_text("Seat 4, cards: 'QxJs' is not a card")
    expect(alert).to_contain_text("Seat 3 has 2 cards (Qh Qs)")
    expect(alert).to_contain_text("Qh, Qs appear more than once: in seat 1's cards and "
                                  "seat 3's cards")
    expect(page.locator("#seat2_cards-error")).to_contain_text(duplicate)
    expect(page.locator("#seat3_ante-error")).to_contain_text("outside this table's limits")
    expect(page.get_by_label("Seat 2 cards")).to_be_focused()   # the first problem
    for framework in ("This field", "Ensure this field", "may not be null", "Seat 3: ",
                      "valid choice"):
        expect(page.locator("main")).not_to_contain_text(framework)
    expect(page.get_by_label("Seat 1 cards")).to_have_value("Qh Qs 9c 5c 3d")
    assert StudRound.objects.count() == 0


def test_a_void_round_asks_for_no_raise_or_fold(live_server, page: Page, dealer_at_live_table):
    play_last_round(dealer_at_live_table)
    open_form(page, live_server.url, dealer_at_live_table)
    page.get_by_label("Void:").select_option(label="hole card exposed")
    expect(page.get_by_label("Seat 1 raise")).to_be_hidden()
    page.get_by_role("button", name="Settle round").click()

    expect(page.locator("main")).to_contain_text("The round is void (hole card exposed)")
    expect(page.locator(".instructions")).to_contain_text("Return seat 7's wagers")
    expect(page.locator(".instructions")).to_contain_text("Return seat 1's side wager.")
    expect(page.locator("table.grid")).to_contain_text("void round")


def test_a_jackpot_hit_stands_out_with_what_to_do(live_server, page: Page,
                                                 dealer_at_live_table):
    open_form(page, live_server.url, dealer_at_live_table)
    page.get_by_label("Dealer's cards").fill("As Kd 7c 4h 2s")
    fill_seat(page, 2, "10", "raise", "Ah Kh Qh Jh Th")
    page.get_by_label("Seat 2 jackpot").check()
    page.get_by_role("button", name="Settle round").click()

    jackpot = page.get_by_role("alert", name="Jackpot")
    expect(jackpot).to_contain_text("Seat 2 hit the jackpot with a royal flush")
    expect(jackpot).to_contain_text("Keep the cards face up on the table and call the "
                                    "supervisor")
    expect(page.locator(".instructions")).to_contain_text(
        "Collect the side wagers ($1.00 each) of seat 2.")


def test_cards_can_be_picked_with_taps_without_moving_the_page(live_server, page: Page,
                                                             dealer_at_live_table):
    open_form(page, live_server.url, dealer_at_live_table)
    page.get_by_label("Seat 4 ante").fill("10")
    page.evaluate("document.activeElement.blur()")
    page.get_by_role("rowheader", name="4").tap()      # the seat's number: no keyboard
    for card in ("As", "Kh", "Qd"):
        page.locator(f"button.pick[data-card='{card}']").tap()
    page.locator("button[data-pick-back]").tap()

    expect(page.get_by_label("Seat 4 cards")).to_have_value("As Kh")
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate("document.activeElement.tagName") != "INPUT"


def test_a_supervisor_voids_a_round_from_its_page(live_server, page: Page,
                                                  dealer_at_live_table):
    from tables.stud.models import StudRoundVoid
    from tables.stud.services import stud_round_record

    round_, _ = stud_round_record(
        actor=dealer_at_live_table.dealers.get(), table=dealer_at_live_table,
        dealer_cards=CARDS["dealer"].split(),
        seats=[{"seat": 1, "ante": "10.00", "decision": "raise", "cards": CARDS[1].split()}])
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("User name").fill("pit_boss")
    page.get_by_label("Password").fill("pit_boss-password-1")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/rounds/{round_.pk}/")

    page.get_by_role("button", name=f"Void round {round_.pk}").click()   # no reason yet
    assert not StudRoundVoid.objects.exists()                           # the browser asks
    page.get_by_label("Why is it voided?").fill("seat 1's cards were recorded wrongly")
    page.get_by_role("button", name=f"Void round {round_.pk}").click()

    expect(page.locator(".messages")).to_contain_text(f"Round {round_.pk} is voided")
    expect(page.get_by_role("alert")).to_contain_text(
        "Voided by pit_boss at")
    expect(page.get_by_role("button", name=f"Void round {round_.pk}")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert StudRoundVoid.objects.get().reason == "seat 1's cards were recorded wrongly"


def test_a_card_already_in_the_round_is_greyed_out_on_the_picker(live_server, page: Page,
                                                                 dealer_at_live_table):
    """Issue 44, point 11: a card is dealt once a round. Tapped or typed into any box of
    the form, it is greyed out on the picker and a tap on it adds nothing; removed, it is
    back."""
    open_form(page, live_server.url, dealer_at_live_table)
    page.evaluate("document.activeElement.blur()")
    ace = page.locator("button.pick[data-card='As']")
    expect(ace).to_be_enabled()
    ace.tap()                                                 # into the dealer's cards
    expect(ace).to_be_disabled()
    assert ace.evaluate("b => getComputedStyle(b).opacity") != "1"  # it looks taken
    page.get_by_label("Seat 4 ante").fill("10")
    page.get_by_label("Seat 4 cards").fill("Kd 10h ah")         # typed, as dealers type
    for card in ("Kd", "Th"):
        expect(page.locator(f"button.pick[data-card='{card}']")).to_be_disabled()
    page.evaluate("document.activeElement.blur()")
    page.get_by_role("rowheader", name="4").tap()
    ace.tap(force=True)                                       # a tap on a taken card
    expect(page.get_by_label("Seat 4 cards")).to_have_value("Kd 10h ah")
    page.get_by_label("Seat 4 cards").fill("Kd")
    expect(page.locator("button.pick[data-card='Th']")).to_be_enabled()
    expect(page.get_by_label("Dealer's cards")).to_have_value("As")
    expect(page.locator("button.pick.used")).to_have_count(2)  # As and Kd
