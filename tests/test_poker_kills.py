"""Kills and betting limits at a configured card-room table (RULES.md section 4)."""

from decimal import Decimal

import pytest

from tests.card_room import SIDE_POT_HAND, poker_table, record

pytestmark = pytest.mark.django_db
D = Decimal


# --- Kills ---------------------------------------------------------------------------------


def test_rules_4_the_kill_at_ten_big_bets_in_a_20_40_game(api, dealer, kill_table):
    at_400 = record(api, kill_table, {"pot": "400.00", "flop_dealt": True, "winner": 3},
                    dealer).json()
    assert at_400["next_hand"]["kill"] is False

    over = record(api, kill_table, {"pot": "440.00", "flop_dealt": True, "winner": 3},
                  dealer).json()
    assert over["next_hand"]["kill"] is True
    assert (over["next_hand"]["kill_blind_by"], over["next_hand"]["kill_blind"]) == (3, "40.00")
    stakes = over["next_hand"]["stakes"]
    assert (stakes["small_bet"], stakes["big_bet"]) == ("40.00", "80.00")
    # The blinds stay; the kill blind goes on top of them.
    assert (stakes["small_blind"], stakes["big_blind"]) == ("10.00", "20.00")
    assert api.get(f"/api/v1/tables/{kill_table.pk}/next-hand/").json()["kill"] is True

    killed = record(api, kill_table, {"pot": "100.00", "flop_dealt": True, "winner": 5},
                    dealer).json()
    assert killed["kill_hand"] is True
    assert killed["stakes"]["big_bet"] == "80.00"
    assert killed["next_hand"]["kill"] is False


def test_a_kill_game_needs_the_winner_in_quick_mode(api, dealer, kill_table):
    response = record(api, kill_table, {"pot": "440.00", "flop_dealt": True}, dealer)

    assert response.status_code == 400
    assert "winner" in response.json()


def test_a_split_pot_in_a_kill_game_is_said_and_calls_no_kill(api, dealer, kill_table):
    split = record(api, kill_table, {"pot": "440.00", "flop_dealt": True, "split": True},
                   dealer)
    assert split.status_code == 201, split.json()
    assert (split.json()["winner"], split.json()["next_hand"]["kill"]) == (None, False)

    both = record(api, kill_table, {"pot": "440.00", "flop_dealt": True, "split": True,
                                    "winner": 3}, dealer)
    assert both.status_code == 400
    assert "give seat 3 as the winner or say split, not both" in both.json()["winner"][0]


def test_the_quick_hint_matches_the_table(client, dealer, kill_table, holdem):
    client.force_login(dealer)
    kill = client.get(f"/dealer/tables/{kill_table.pk}/poker/").content.decode()
    plain = client.get(f"/dealer/tables/{holdem.pk}/poker/").content.decode()

    assert "Type the pot and the seat that won it, e.g. 85 w3, or the seats that shared it: " \
        "85 w1 w2, or 85 split" in kill
    assert "Type the pot, e.g. 85." in plain
    assert "split" not in plain


def test_two_pots_in_a_row_start_a_half_kill(api, supervisor, dealer, us_casino, schedule):
    table = poker_table(supervisor, dealer, us_casino, schedule, label="K-2",
                        structure="fixed_limit", small_bet=D(4), big_bet=D(8),
                        small_blind=D(2), big_blind=D(4), kill="half",
                        kill_trigger="two_in_a_row")
    first = record(api, table, SIDE_POT_HAND, dealer).json()
    second = record(api, table, SIDE_POT_HAND, dealer).json()

    assert first["winner"] == 1
    assert first["next_hand"]["kill"] is False
    assert second["next_hand"]["kill"] is True
    assert (second["next_hand"]["kill_blind_by"], second["next_hand"]["kill_blind"]) == (
        1, "6.00")
    assert second["next_hand"]["stakes"]["big_bet"] == "12.00"  # 4/8 plays 6/12


# --- Betting limits at a configured table ----------------------------------------------------


def test_rules_4_pot_limit_pot_10_bet_10_the_next_player_may_raise_to_40(
        api, supervisor, dealer, us_casino, schedule):
    table = poker_table(supervisor, dealer, us_casino, schedule, label="PL-1", game="omaha",
                        structure="pot_limit", small_blind=D(5), big_blind=D(10))
    response = api.as_user(dealer).get(f"/api/v1/tables/{table.pk}/raise-limits/", {
        "pot": "20.00", "current_bet": "10.00", "stack": "500.00"})

    assert response.status_code == 200, response.json()
    assert (response.json()["call_to"], response.json()["min_raise_to"],
            response.json()["max_raise_to"]) == ("10.00", "20.00", "40.00")


def test_a_kill_hand_raises_by_the_killed_stakes(api, dealer, kill_table):
    record(api, kill_table, {"pot": "440.00", "flop_dealt": True, "winner": 3}, dealer)
    limits = api.get(f"/api/v1/tables/{kill_table.pk}/raise-limits/", {
        "pot": "60.00", "current_bet": "40.00", "stack": "900.00", "bets_made": 1}).json()

    assert limits["kill"] is True
    assert (limits["call_to"], limits["min_raise_to"], limits["max_raise_to"]) == (
        "40.00", "80.00", "80.00")  # 20/40 killed plays 40/80: raise by 40


def test_bad_raise_limit_questions_are_refused(api, dealer, holdem, stud_table):
    api.as_user(dealer)
    bad = api.get(f"/api/v1/tables/{holdem.pk}/raise-limits/", {"pot": "x", "current_bet": "1"})
    assert bad.status_code == 400
    assert {"pot", "stack"} <= set(bad.json())
    stud = api.get(f"/api/v1/tables/{stud_table.pk}/raise-limits/",
                   {"pot": "1", "current_bet": "1", "stack": "1"})
    assert stud.status_code == 400


def test_the_accountant_sees_each_tables_drop_for_the_gaming_day(client, api, dealer,
                                                                 supervisor, accountant,
                                                                 holdem):
    first = record(api, holdem, {"pot": "85.00", "flop_dealt": True}, dealer).json()
    record(api, holdem, SIDE_POT_HAND, dealer)
    api.as_user(supervisor).post(f"/api/v1/poker-hands/{first['id']}/void/", {"reason": "x"})
    client.force_login(accountant)

    page = client.get("/accounting/", {"day": first["gaming_day"]})
    bad = client.get("/accounting/", {"day": "yesterday"})

    assert page.status_code == 200
    row = page.context["casinos"][0]["card_room"]["rows"][0]
    assert (row["hands"], row["pot_total"], row["rake"], row["voided"]) == (
        1, "45.00", "4.50", 1)
    assert "is not a date" in bad.content.decode()
