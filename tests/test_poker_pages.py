"""The dealer's card-room pages: the one-line quick entry, its hint, time collection."""

from decimal import Decimal

import pytest

from payouts.terms import services as terms
from tables.poker.models import PokerHand
from tests.card_room import poker_table

pytestmark = pytest.mark.django_db
D = Decimal


# --- Dealer pages ------------------------------------------------------------------------------


@pytest.mark.parametrize(("line", "body"), [
    ("85", {"pot": "85", "flop_dealt": True}),
    ("12 nf", {"pot": "12", "flop_dealt": False}),
    ("440 W3 6P", {"pot": "440", "flop_dealt": True, "winner": 3, "players_dealt": 6}),
    ("85.50, noflop", {"pot": "85.50", "flop_dealt": False}),
    ("85 Split", {"pot": "85", "flop_dealt": True, "split": True}),
    ("120 w1 w2", {"pot": "120", "flop_dealt": True, "split": True}),  # high and low
    ("120 w2 w2", {"pot": "120", "flop_dealt": True, "winner": 2}),  # scooped
])
def test_the_one_line_quick_entry(line, body):
    from tables.poker.views import parse_quick_line

    assert parse_quick_line(line) == body


@pytest.mark.parametrize(("line", "words"), [
    ("", "Type the pot first"), ("pot 85", "'pot' is not a pot"),
    ("85 x3", "'x3' is not understood"), ("85 split w4", "'w4' says again"),
    ("85 nf f", "'f' says again"), ("85 w3 split", "'split' says again"),
    ("85 w1 w2 split", "'split' says again"),
])
def test_a_quick_line_that_makes_no_sense_says_why(line, words):
    from tables.poker.views import parse_quick_line

    with pytest.raises(ValueError, match=words):
        parse_quick_line(line)


def test_the_dealer_collects_time_from_the_hands_page(client, supervisor, dealer, us_casino,
                                                      controller):
    draft = terms.schedule_create(actor=controller, name="Time", method="time",
                                           time_fee=D(6))
    table = poker_table(supervisor, dealer, us_casino,
                        terms.schedule_publish(actor=controller, schedule=draft),
                        structure="no_limit", small_blind=D(1), big_blind=D(2))
    client.force_login(dealer)
    assert "Time collection" in client.get(f"/dealer/tables/{table.pk}/poker/").content.decode()

    first = client.post(f"/dealer/tables/{table.pk}/poker/time/", {"seats": ["1", "4", "9"]},
                        follow=True).content.decode()
    again = client.post(f"/dealer/tables/{table.pk}/poker/time/", {"seats": ["2"]},
                        follow=True).content.decode()

    assert "3 seats at 6.00 = 18.00" in first
    assert "already collected" in again
    hand = client.post(f"/dealer/tables/{table.pk}/poker/", {"line": "85 w3"}, follow=True)
    assert "No rake from the pot: time is collected at this table; push 85.00 to seat 3." \
        in hand.content.decode()


def test_a_dealer_of_another_table_cannot_open_its_forms(client, other_dealer, holdem):
    client.force_login(other_dealer)

    assert client.get(f"/dealer/tables/{holdem.pk}/poker/").status_code == 403
    assert client.get(f"/dealer/tables/{holdem.pk}/poker/full/").status_code == 403


def test_a_stud_game_full_form_has_no_board_and_settles_by_the_cards(client, supervisor, dealer,
                                                                     us_casino, schedule):
    table = poker_table(supervisor, dealer, us_casino, schedule, label="ST-1",
                        game="seven_card_stud", structure="fixed_limit", small_bet=D(4),
                        big_bet=D(8), ante=D(1))
    client.force_login(dealer)
    page = client.get(f"/dealer/tables/{table.pk}/poker/full/").content.decode()
    assert 'name="board"' not in page
    assert "A seven-card stud hand is 7 cards" in page

    response = client.post(f"/dealer/tables/{table.pk}/poker/full/", {
        "seat1_put_in": "30", "seat1_state": "in", "seat1_cards": "As Ad Ac 2c 3d 7h 9s",
        "seat2_put_in": "30", "seat2_state": "in", "seat2_cards": "Kh Ks Kd 4c 5d 8h Tc",
        "seat3_put_in": "6", "seat3_state": "fold"})

    hand = PokerHand.objects.get()
    assert response.url == f"/poker-hands/{hand.pk}/"
    assert hand.seats.get(seat=1).collects == D("61.00")  # 66 - 5 rake


def test_the_hands_list_gives_dates_a_page_at_a_time(client, dealer, holdem, travel):
    from tables.poker.services import poker_hand_record
    from tables.poker.views import HANDS_A_PAGE
    from tests.played import at

    travel(at(2026, 12, 1, 20))
    hands = [poker_hand_record(actor=dealer, table=holdem, pot=D(10), flop_dealt=True)[0]
             for _ in range(HANDS_A_PAGE + 2)]
    client.force_login(dealer)

    first = client.get(f"/dealer/tables/{holdem.pk}/poker/").content.decode()
    second = client.get(f"/dealer/tables/{holdem.pk}/poker/?page=2").content.decode()

    assert f"Page 1 of 2 · {HANDS_A_PAGE + 2} hands" in first
    assert "Newest first, times in America/New_York time." in first
    assert "<td>2026-12-01 20:00:00 EST</td>" in first
    assert f'href="/poker-hands/{hands[-1].pk}/"' in first
    assert f'href="/poker-hands/{hands[0].pk}/"' not in first
    assert f'href="/poker-hands/{hands[0].pk}/"' in second
    assert 'href="?page=1">Newer</a>' in second


def test_a_refused_line_never_shows_the_previous_hands_line(client, dealer, holdem, travel):
    """Issue 44, point 11: the form posts back to the address that showed the last hand
    (…/poker/?hand=N); a refused line answers "Nothing was recorded:" alone, never beside
    hand N's pot and rake as if it were this one's."""
    from tests.played import at

    travel(at(2026, 12, 1, 20))
    client.force_login(dealer)
    recorded = client.post(f"/dealer/tables/{holdem.pk}/poker/", {"line": "85"})
    hand = PokerHand.objects.get()
    assert recorded.url.endswith(f"?hand={hand.pk}")
    assert f"Hand {hand.pk}: pot" in client.get(recorded.url).content.decode()

    refused = client.post(recorded.url, {"line": "eighty"})

    text = refused.content.decode()
    assert refused.status_code == 400
    assert "Nothing was recorded:" in text
    assert f"Hand {hand.pk}: pot" not in text
    assert 'aria-label="Last hand"' not in text
    assert PokerHand.objects.count() == 1
