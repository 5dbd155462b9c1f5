"""Card-room hands through the API: quick and full mode, refusals, kills, time
collection and the bad-beat fund (RULES.md section 4, API.md "Recording a poker hand")."""

import json
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import DatabaseError, connection, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payouts.terms import services as terms
from tables.floor.services import casino_create, table_set_poker_settings
from tables.poker.models import BadBeatEntry, BadBeatFund, PokerHand
from tables.poker.selectors import current_period
from tables.reports.selectors import card_room_day
from tests.card_room import SIDE_POT_HAND, nothing_stored, poker_table, record

pytestmark = pytest.mark.django_db
D = Decimal

# --- Quick mode --------------------------------------------------------------------------


def test_api_contract_quick_hand_pot_85_with_a_flop_rakes_5(api, dealer, holdem):
    response = record(api, holdem, {"pot": "85.00", "flop_dealt": True}, dealer)

    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["pot"], body["rake"], body["mode"]) == ("85.00", "5.00", "quick")
    hand = PokerHand.objects.get(pk=body["id"])
    assert (hand.rake, hand.rake_schedule.version, hand.settings_version) == (D(5), 1, 1)
    assert hand.stakes["small_bet"] == "20.00"
    assert hand.stakes["big_bet"] == "40.00"


def test_rules_4_ten_percent_capped_at_five_below_and_above_the_cap(api, dealer, holdem):
    small = record(api, holdem, {"pot": "37.00", "flop_dealt": True}, dealer).json()
    large = record(api, holdem, {"pot": "400.00", "flop_dealt": True}, dealer).json()

    assert (small["rake"], large["rake"]) == ("3.70", "5.00")


def test_rules_4_no_flop_no_drop_in_quick_mode(api, supervisor, dealer, us_casino, controller):
    draft = terms.schedule_create(actor=controller, name="NFND", percent=D(10),
                                           cap=D(5), no_flop_no_drop=True)
    table = poker_table(supervisor, dealer, us_casino,
                        terms.schedule_publish(actor=controller, schedule=draft))

    assert record(api, table, {"pot": "30.00", "flop_dealt": False}, dealer).json()["rake"] \
        == "0.00"
    assert record(api, table, {"pot": "30.00", "flop_dealt": True}, dealer).json()["rake"] \
        == "3.00"


@pytest.mark.parametrize(("body", "field"), [
    ({"pot": "abc", "flop_dealt": True}, "pot"),
    ({"pot": "12.345", "flop_dealt": True}, "pot"),
    ({"pot": "-5.00", "flop_dealt": True}, "pot"),
    ({"pot": "85.00"}, "flop_dealt"),
    ({"flop_dealt": True}, "pot"),
    ({"pot": "85.00", "flop_dealt": True, "players_dealt": 11}, "players_dealt"),
    ({"pot": "85.00", "flop_dealt": True, "winner": 10}, "winner"),
])
def test_a_bad_quick_hand_is_refused_naming_the_field_and_nothing_is_stored(
        api, dealer, holdem, body, field):
    response = record(api, holdem, body, dealer)

    assert response.status_code == 400
    assert field in response.json(), response.json()
    assert nothing_stored()


def test_caps_by_players_need_the_number_of_players(api, supervisor, dealer, us_casino, controller):
    draft = terms.schedule_create(
        actor=controller, name="By players", percent=D(10),
        caps_by_players={"2": "1.00", "3": "2.00", "5": "5.00"})
    table = poker_table(supervisor, dealer, us_casino,
                        terms.schedule_publish(actor=controller, schedule=draft))

    refused = record(api, table, {"pot": "100.00", "flop_dealt": True}, dealer)
    heads_up = record(api, table, {"pot": "100.00", "flop_dealt": True, "players_dealt": 2},
                      dealer)
    four = record(api, table, {"pot": "100.00", "flop_dealt": True, "players_dealt": 4}, dealer)

    assert refused.status_code == 400
    assert "players_dealt" in refused.json()
    assert (heads_up.json()["rake"], four.json()["rake"]) == ("1.00", "2.00")


# --- Full mode -------------------------------------------------------------------------------


def test_rules_4_the_side_pot_example_recorded_in_full(api, dealer, holdem):
    response = record(api, holdem, SIDE_POT_HAND, dealer)

    assert response.status_code == 201, response.json()
    body = response.json()
    main, side = body["pots"]
    assert (main["amount"], main["eligible"]) == ("15.00", [1, 2, 3])
    assert (side["amount"], side["eligible"]) == ("30.00", [1, 3])
    # 10% of 45 is 4.50, taken from the main pot first.
    assert (body["pot"], body["rake"], main["rake"], side["rake"]) == (
        "45.00", "4.50", "4.50", "0.00")
    assert main["high_winners"] == [1]
    assert side["high_winners"] == [1]
    seats = {s["seat"]: s for s in body["seats"]}
    assert seats[1]["collects"] == "40.50"
    assert seats[1]["shown_hand"].startswith("pair of aces")
    assert (seats[2]["net"], seats[3]["net"]) == ("-5.00", "-20.00")
    total_in = sum(D(s["put_in"]) for s in body["seats"])
    assert sum(D(s["collects"]) for s in body["seats"]) + D(body["rake"]) == total_in


def test_the_short_stack_wins_only_the_main_pot(api, dealer, holdem):
    body = {**SIDE_POT_HAND, "seats": [
        {"seat": 1, "put_in": "20.00", "cards": ["Qs", "Qc"]},
        {"seat": 2, "put_in": "5.00", "all_in": True, "cards": ["As", "Ad"]},
        {"seat": 3, "put_in": "20.00", "cards": ["Kh", "Kd"]},
    ]}
    seats = {s["seat"]: s for s in record(api, holdem, body, dealer).json()["seats"]}

    assert (seats[2]["collects"], seats[3]["collects"], seats[1]["collects"]) == (
        "10.50", "30.00", "0.00")


def test_a_tie_splits_and_the_odd_chip_goes_to_the_first_seat_left_of_the_button(
        api, supervisor, dealer, us_casino, controller):
    draft = terms.schedule_create(actor=controller, name="Drop 1", method="fixed_drop",
                                           fixed_drop=D("1.00"))
    table = poker_table(supervisor, dealer, us_casino,
                        terms.schedule_publish(actor=controller, schedule=draft))
    body = {"board": ["As", "Ks", "Qd", "Jc", "Th"], "button": 4, "seats": [
        {"seat": 2, "put_in": "10.00", "cards": ["2c", "3d"]},
        {"seat": 5, "put_in": "10.00", "cards": ["4c", "5d"]},
        {"seat": 7, "put_in": "5.01", "folded": True},
    ]}
    response = record(api, table, body, dealer)

    assert response.status_code == 201, response.json()
    seats = {s["seat"]: s["collects"] for s in response.json()["seats"]}
    # 25.01 - 1.00 drop = 24.01: seat 5 sits first after the button at 4 and takes the cent.
    assert seats == {2: "12.00", 5: "12.01", 7: "0.00"}


def test_omaha_hi_lo_halves_the_pot_with_the_eight_or_better_low(api, supervisor, dealer,
                                                                 us_casino, schedule):
    table = poker_table(supervisor, dealer, us_casino, schedule, label="OM-1",
                        game="omaha_hi_lo", structure="pot_limit", small_blind=D(1),
                        big_blind=D(2))
    body = {"board": ["2h", "5d", "8c", "Kd", "Ks"], "seats": [
        {"seat": 1, "put_in": "30.00", "cards": ["Kh", "Kc", "Qs", "Js"]},
        {"seat": 2, "put_in": "30.00", "cards": ["Ah", "3c", "9d", "9s"]},
    ]}
    response = record(api, table, body, dealer)

    assert response.status_code == 201, response.json()
    pot = response.json()["pots"][0]
    assert (pot["high_winners"], pot["low_winners"]) == ([1], [2])
    assert pot["shares"] == {"1": "27.50", "2": "27.50"}  # 60 - 5 rake, halved


@pytest.mark.parametrize(("change", "field", "words"), [
    ({"board": ["As", "7d", "9h", "Js", "4c"]}, "seats", "As appears twice"),
    ({"seats": [{"seat": 1, "put_in": "20.00", "cards": ["As", "Ad", "Ac"]}]}, "seats",
     "hold'em hand has 2 cards"),
    ({"board": ["2c", "7d"]}, "board", "3, 4 or 5 cards"),
    ({"winners": [2], "seats": [{"seat": 2, "put_in": "5.00", "folded": True}]}, "winners",
     "folded and cannot win"),
    ({"seats": [{"seat": 3, "put_in": "20.00", "cards": ["Qh", "Qd"], "collected": "45.00"},
                {"seat": 1, "put_in": "20.00", "cards": ["As", "Ad"], "collected": "40.50"}]},
     "seats", "More chips awarded (85.50) than put in (45.00)"),
    ({"seats": [{"seat": 2, "put_in": "5.00", "cards": ["Kh", "Kd"]}]}, "seats",
     "mark it all in or folded"),
    ({"seats": [{"seat": 3, "put_in": "20.00"}]}, "seats", "record the cards"),
    ({"seats": [{"seat": 3, "put_in": "20.00", "cards": ["Qh", "Zz"]}]}, "seats", "Zz"),
    ({"pot": "50.00"}, "pot", "make a pot of 45.00, not 50.00"),
])
def test_an_invalid_full_hand_is_refused_with_the_problem_named(api, dealer, holdem, change,
                                                                field, words):
    body = {**SIDE_POT_HAND, "seats": [dict(s) for s in SIDE_POT_HAND["seats"]]}
    for replacement in change.pop("seats", []) if "seats" in change else []:
        body["seats"] = [replacement if s["seat"] == replacement["seat"] else s
                         for s in body["seats"]]
    body.update(change)
    response = record(api, holdem, body, dealer)

    assert response.status_code == 400
    assert field in response.json()
    assert words in str(response.json()), response.json()
    assert nothing_stored()


def test_a_razz_hand_is_won_by_the_best_low(api, supervisor, dealer, us_casino, schedule):
    table = poker_table(supervisor, dealer, us_casino, schedule, label="RZ-1", game="razz",
                        structure="fixed_limit", small_bet=D(4), big_bet=D(8), ante=D(1))
    body = {"seats": [
        {"seat": 1, "put_in": "20.00", "cards": ["Ah", "2c", "3d", "4s", "6h", "Kc", "Kd"]},
        {"seat": 2, "put_in": "20.00", "cards": ["Ac", "2d", "3s", "4h", "7c", "8d", "9s"]},
    ]}
    body_out = record(api, table, body, dealer).json()

    assert body_out["pots"][0]["high_winners"] == [1]
    assert body_out["seats"][0]["shown_hand"].startswith("six-four")


def test_a_hand_everyone_folded_to_needs_no_cards_and_returns_the_uncalled_bet(api, dealer,
                                                                             holdem):
    body = {"seats": [{"seat": 1, "put_in": "10.00", "folded": True},
                      {"seat": 2, "put_in": "60.00"}]}
    response = record(api, holdem, body, dealer).json()

    # Only 10 was called: the pot is 20, no flop was dealt, the 50 goes back.
    assert (response["pot"], response["flop_dealt"]) == ("20.00", False)
    assert response["seats"][1]["collects"] == "68.00"  # 20 - 2 rake + 50 returned


def test_a_repeated_idempotency_key_records_one_hand(api, dealer, holdem):
    api.as_user(dealer)
    first = api.post(f"/api/v1/tables/{holdem.pk}/poker-hands/", SIDE_POT_HAND, format="json",
                     HTTP_IDEMPOTENCY_KEY="hand-77")
    again = api.post(f"/api/v1/tables/{holdem.pk}/poker-hands/", SIDE_POT_HAND, format="json",
                     HTTP_IDEMPOTENCY_KEY="hand-77")

    assert (first.status_code, again.status_code) == (201, 200)
    assert PokerHand.objects.count() == 1


def test_a_reused_idempotency_key_with_another_hand_is_refused(api, dealer, holdem):
    api.as_user(dealer)
    url = f"/api/v1/tables/{holdem.pk}/poker-hands/"
    api.post(url, {"pot": "85.00", "flop_dealt": True}, format="json",
             HTTP_IDEMPOTENCY_KEY="hand-78")
    reused = api.post(url, {"pot": "40.00", "flop_dealt": True}, format="json",
                      HTTP_IDEMPOTENCY_KEY="hand-78")

    assert reused.status_code == 409
    assert "'hand-78' was already used for another hand" in reused.json()["idempotency_key"][0]
    assert list(PokerHand.objects.values_list("pot", flat=True)) == [Decimal("85.00")]


# --- Who may record -------------------------------------------------------------------------


def test_only_the_tables_dealers_record_hands(api, holdem, other_dealer, accountant, outsider,
                                             supervisor):
    for user in (other_dealer, accountant, outsider, supervisor):
        assert record(api, holdem, {"pot": "10.00", "flop_dealt": True}, user).status_code \
            == 403
    assert nothing_stored()


def test_a_stud_table_takes_no_poker_hands(api, dealer, stud_table):
    response = record(api, stud_table, {"pot": "10.00", "flop_dealt": True}, dealer)

    assert response.status_code == 400
    assert "stud table" in str(response.json())


def test_recorded_hands_are_never_changed_or_deleted(api, dealer, holdem):
    record(api, holdem, SIDE_POT_HAND, dealer)
    for sql in ("UPDATE tables_pokerhand SET rake = 0", "DELETE FROM tables_pokerpot",
                "UPDATE tables_pokerseat SET collects = 0"):
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cur:
            cur.execute(sql)


def test_a_supervisor_voids_a_hand_with_a_reason(api, dealer, supervisor, holdem):
    hand_id = record(api, holdem, {"pot": "85.00", "flop_dealt": True}, dealer).json()["id"]
    api.as_user(dealer)
    assert api.post(f"/api/v1/poker-hands/{hand_id}/void/", {"reason": "x"}).status_code == 403
    api.as_user(supervisor)
    response = api.post(f"/api/v1/poker-hands/{hand_id}/void/", {"reason": "wrong table"})

    assert response.status_code == 201
    assert response.json()["voided"]["reason"] == "wrong table"
    assert PokerHand.objects.get(pk=hand_id).rake == 5  # the record itself stays


# --- Bad-beat fund and time collection -------------------------------------------------------


def test_rules_4_the_bad_beat_drop_goes_to_its_own_fund_and_ledger(api, supervisor, dealer,
                                                                  us_casino, controller):
    draft = terms.schedule_create(actor=controller, name="BB", percent=D(10), cap=D(5),
                                           bad_beat_drop=D(1), bad_beat_min_pot=D(20))
    table = poker_table(supervisor, dealer, us_casino,
                        terms.schedule_publish(actor=controller, schedule=draft))
    small = record(api, table, {"pot": "15.00", "flop_dealt": True}, dealer).json()
    big = record(api, table, {"pot": "85.00", "flop_dealt": True}, dealer).json()

    assert (small["bad_beat_drop"], big["bad_beat_drop"], big["rake"]) == ("0.00", "1.00",
                                                                           "5.00")
    fund = BadBeatFund.objects.get(casino=us_casino)
    assert fund.balance == D("1.00")
    api.as_user(supervisor)
    api.post(f"/api/v1/poker-hands/{big['id']}/void/", {"reason": "misdeal"})
    paid = api.post(f"/api/v1/bad-beat-funds/{fund.pk}/payout/",
                    {"amount": "5.00", "note": "too much"})
    assert paid.status_code == 400
    assert "amount" in paid.json()
    fund.refresh_from_db()
    assert fund.balance == 0
    assert [(e.kind, e.amount) for e in BadBeatEntry.objects.order_by("id")] == [
        ("drop", D(1)), ("void", D(-1))]
    entries = api.get(f"/api/v1/bad-beat-funds/{fund.pk}/entries/").json()["results"]
    assert sum(D(e["amount"]) for e in entries) == fund.balance


def test_time_collection_charges_each_occupied_seat_once_per_period(api, supervisor, dealer,
                                                                    us_casino, controller):
    draft = terms.schedule_create(actor=controller, name="Time", method="time",
                                           time_fee=D(6), time_period_minutes=30)
    table = poker_table(supervisor, dealer, us_casino,
                        terms.schedule_publish(actor=controller, schedule=draft),
                        structure="no_limit", small_blind=D(1), big_blind=D(2))
    api.as_user(dealer)
    url = f"/api/v1/tables/{table.pk}/time-collections/"
    first = api.post(url, {"seats": [1, 2, 5]}, format="json")
    again = api.post(url, {"seats": [3]}, format="json")
    bad_seat = api.post(url, {"seats": [11]}, format="json")
    previous = current_period(table, 30) - timedelta(minutes=30)
    odd_time = api.post(url, {"seats": [1], "period_start": (
        previous + timedelta(minutes=10)).isoformat()}, format="json")
    earlier = api.post(url, {"seats": [1, 2], "period_start": previous.isoformat()},
                       format="json")

    assert first.status_code == 201, first.json()
    assert (first.json()["amount"], first.json()["seats"]) == ("18.00", [1, 2, 5])
    assert again.status_code == 400
    assert "already collected" in str(again.json())
    assert bad_seat.status_code == 400
    assert odd_time.status_code == 400
    assert "not the start of a 30-minute period" in str(
        odd_time.json())
    assert earlier.status_code == 201
    ledger = api.get("/api/v1/time-collections/", {"table": table.pk}).json()["results"]
    assert sorted(D(r["amount"]) for r in ledger) == [D(12), D(18)]
    quick = record(api, table, {"pot": "85.00", "flop_dealt": True}, dealer).json()
    assert quick["rake"] == "0.00"  # time collection rakes no pot


def test_time_collection_is_refused_at_a_raked_table(api, dealer, holdem):
    response = api.as_user(dealer).post(f"/api/v1/tables/{holdem.pk}/time-collections/",
                                        {"seats": [1]}, format="json")

    assert response.status_code == 400
    assert "not by time" in str(response.json())


# --- Fuzz ------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8),
                                                                      children, max_size=4),
    max_leaves=12)
card_texts = st.sampled_from(["As", "Kd", "7c", "10h", "Qx", "", "A♠", "jk", "2S", "Ad", "9s"])
amounts = st.one_of(st.decimals(allow_nan=False, allow_infinity=False, places=3).map(str),
                    st.sampled_from(["20.00", "5.00", "0", "-1", "1e9", "abc"]), st.integers(),
                    st.none())
seat_bodies = st.fixed_dictionaries({}, optional={
    "seat": st.one_of(st.integers(-2, 12), st.text(max_size=3)),
    "put_in": amounts,
    "folded": st.one_of(st.booleans(), st.text(max_size=3)),
    "all_in": st.one_of(st.booleans(), st.none()),
    "cards": st.one_of(st.lists(card_texts, max_size=8), st.text(max_size=10), st.none()),
    "collected": amounts,
})
hand_bodies = st.fixed_dictionaries({}, optional={
    "pot": amounts,
    "flop_dealt": st.one_of(st.booleans(), json_values),
    "players_dealt": st.one_of(st.integers(-1, 12), json_values),
    "winner": st.one_of(st.integers(-1, 12), st.none()),
    "seats": st.one_of(st.lists(seat_bodies, max_size=8), json_values),
    "board": st.one_of(st.lists(card_texts, max_size=6), json_values),
    "button": st.one_of(st.integers(-1, 12), st.none()),
    "winners": st.one_of(st.lists(st.integers(-1, 12), max_size=4), json_values),
})


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.one_of(hand_bodies, json_values))
def test_whatever_the_body_the_answer_is_201_or_400_never_a_500(api, dealer, holdem, body):
    before = PokerHand.objects.count()
    raw = json.dumps(body, allow_nan=True)
    response = api.as_user(dealer).post(f"/api/v1/tables/{holdem.pk}/poker-hands/", raw,
                                        content_type="application/json")

    assert response.status_code in (201, 400), (body, response.content[:300])
    if response.status_code == 400:
        assert PokerHand.objects.count() == before


def test_an_absurd_amount_is_refused_not_overflowed(api, dealer, holdem):
    seats = [{"seat": n, "put_in": "99999999999.00", "cards": None, "folded": n > 1}
             for n in range(1, 11)]
    response = record(api, holdem, {"seats": seats}, dealer)

    assert response.status_code == 400
    assert "seats" in response.json()


# --- Found in review ---------------------------------------------------------------------------


def test_a_bad_seat_on_the_time_page_is_a_message_not_a_crash(client, supervisor, dealer,
                                                               us_casino, controller):
    draft = terms.schedule_create(actor=controller, name="T", method="time",
                                           time_fee=D(6))
    table = poker_table(supervisor, dealer, us_casino,
                        terms.schedule_publish(actor=controller, schedule=draft),
                        structure="no_limit", big_blind=D(2))
    client.force_login(dealer)
    page = client.post(f"/dealer/tables/{table.pk}/poker/time/", {"seats": ["12"]},
                       follow=True)

    assert page.status_code == 200
    assert "Seat 12 is not at HE-1, which has seats 1 to 9" in page.content.decode()


def test_the_poker_pages_send_a_stud_table_to_its_round_form(client, dealer, stud_table):
    client.force_login(dealer)

    for url in (f"/dealer/tables/{stud_table.pk}/poker/",
                f"/dealer/tables/{stud_table.pk}/poker/full/"):
        response = client.get(url)
        assert response.status_code == 403
        assert "stud table" in response.content.decode()


def test_turning_kills_off_cancels_a_kill_already_called(api, supervisor, dealer, kill_table):
    record(api, kill_table, {"pot": "440.00", "flop_dealt": True, "winner": 3}, dealer)
    table_set_poker_settings(actor=supervisor, table=kill_table, kill="off")

    assert api.get(f"/api/v1/tables/{kill_table.pk}/next-hand/").json()["kill"] is False
    hand = record(api, kill_table, {"pot": "100.00", "flop_dealt": True}, dealer).json()
    assert hand["kill_hand"] is False
    assert hand["stakes"]["big_bet"] == "40.00"


def test_a_kill_blind_follows_the_stakes_in_force(api, supervisor, dealer, kill_table):
    record(api, kill_table, {"pot": "440.00", "flop_dealt": True, "winner": 3}, dealer)
    table_set_poker_settings(actor=supervisor, table=kill_table,
                                            small_bet=D(30), big_bet=D(60), small_blind=D(15),
                                            big_blind=D(30))

    upcoming = api.get(f"/api/v1/tables/{kill_table.pk}/next-hand/").json()
    assert (upcoming["kill_blind"], upcoming["stakes"]["big_bet"]) == ("60.00", "120.00")


@pytest.fixture
def yen_table(supervisor, dealer, controller):
    casino = casino_create(actor=supervisor, name="Tokyo Room", currency="JPY",
                                    timezone="Asia/Tokyo")
    draft = terms.schedule_create(actor=controller, name="Five", percent=D(5), currency="JPY")
    return poker_table(supervisor, dealer, casino,
                       terms.schedule_publish(actor=controller, schedule=draft),
                       structure="no_limit", small_blind=D(100), big_blind=D(200))


def test_the_rake_is_never_finer_than_the_currency(api, dealer, yen_table):
    quick = record(api, yen_table, {"pot": "85", "flop_dealt": True}, dealer).json()
    full = record(api, yen_table, {"board": ["2c", "7d", "9h", "Js", "4c"], "seats": [
        {"seat": 1, "put_in": "85", "cards": ["As", "Ad"]},
        {"seat": 2, "put_in": "85", "cards": ["Kh", "Kd"]}]}, dealer).json()

    assert quick["rake"] == "4.00"
    assert (full["rake"], full["seats"][0]["collects"]) == ("8.00", "162.00")


def test_a_schedule_in_cents_cannot_go_to_a_yen_table(supervisor, yen_table, controller):
    draft = terms.schedule_create(actor=controller, name="Cents", percent=D(5),
                                  cap=D("2.50"), currency="JPY")
    cents = terms.schedule_publish(actor=controller, schedule=draft)

    with pytest.raises(ValidationError, match=r"cap 2\.50 is not a whole amount of JPY"):
        table_set_poker_settings(actor=supervisor, table=yen_table,
                                                rake_schedule=cents)


def test_stud_and_draw_games_have_no_flop_to_dodge_the_rake(api, supervisor, dealer, us_casino,
                                                            controller):
    draft = terms.schedule_create(actor=controller, name="NFND", percent=D(10),
                                           cap=D(5), no_flop_no_drop=True)
    table = poker_table(supervisor, dealer, us_casino,
                        terms.schedule_publish(actor=controller, schedule=draft),
                        label="RZ-2", game="razz", structure="fixed_limit", small_bet=D(4),
                        big_bet=D(8), ante=D(1))

    dodged = record(api, table, {"pot": "40.00", "flop_dealt": False}, dealer)
    raked = record(api, table, {"pot": "40.00"}, dealer)

    assert dodged.status_code == 400
    assert "Razz has no flop" in str(dodged.json())
    assert raked.json()["rake"] == "4.00"


def test_players_dealt_counts_seats_that_folded_without_a_chip(api, supervisor, dealer,
                                                              us_casino, controller):
    draft = terms.schedule_create(actor=controller, name="By players", percent=D(10),
                                           caps_by_players={"2": "1.00", "5": "5.00"})
    table = poker_table(supervisor, dealer, us_casino,
                        terms.schedule_publish(actor=controller, schedule=draft))
    body = {**SIDE_POT_HAND, "players_dealt": 6}
    too_few = record(api, table, {**SIDE_POT_HAND, "players_dealt": 2}, dealer)

    assert record(api, table, body, dealer).json()["rake"] == "4.50"   # capped at 5, not 1
    assert too_few.status_code == 400
    assert "players_dealt" in too_few.json()


def test_time_is_collected_as_it_falls_due_and_a_mistake_is_voided(api, supervisor, dealer,
                                                                   us_casino, controller):
    draft = terms.schedule_create(actor=controller, name="T", method="time",
                                           time_fee=D(6))
    table = poker_table(supervisor, dealer, us_casino,
                        terms.schedule_publish(actor=controller, schedule=draft),
                        structure="no_limit", big_blind=D(2))
    api.as_user(dealer)
    url = f"/api/v1/tables/{table.pk}/time-collections/"
    future = api.post(url, {"seats": [1], "period_start": "2035-01-01T10:00:00-05:00"},
                      format="json")
    ancient = api.post(url, {"seats": [1], "period_start": "2001-01-01T10:00:00-05:00"},
                       format="json")
    row = api.post(url, {"seats": [1, 2]}, format="json").json()

    assert future.status_code == 400
    assert "as it falls due" in str(future.json())
    assert ancient.status_code == 400
    assert api.post(f"/api/v1/time-collections/{row['id']}/void/",
                    {"reason": "x"}).status_code == 403
    api.as_user(supervisor)
    voided = api.post(f"/api/v1/time-collections/{row['id']}/void/", {"reason": "wrong table"})
    assert voided.status_code == 201
    assert voided.json()["voided"]["reason"] == "wrong table"
    drop = card_room_day(us_casino, date.fromisoformat(row["gaming_day"]))
    assert drop["totals"]["time_collection"] == "0.00"


def test_a_hand_can_be_voided_after_its_bad_beat_drop_was_paid_out(api, supervisor, dealer,
                                                                  us_casino, controller):
    draft = terms.schedule_create(actor=controller, name="BB", percent=D(10),
                                           cap=D(5), bad_beat_drop=D(1))
    table = poker_table(supervisor, dealer, us_casino,
                        terms.schedule_publish(actor=controller, schedule=draft))
    hand = record(api, table, {"pot": "100.00", "flop_dealt": True}, dealer).json()
    fund = BadBeatFund.objects.get(casino=us_casino)
    api.as_user(supervisor)
    assert api.post(f"/api/v1/bad-beat-funds/{fund.pk}/payout/",
                    {"amount": "1.00", "note": "seat 4, quads beaten"}).status_code == 201

    assert api.post(f"/api/v1/poker-hands/{hand['id']}/void/",
                    {"reason": "misdeal"}).status_code == 201
    fund.refresh_from_db()
    assert fund.balance == D("-1.00")   # the house owes the fund the drop it returned
    assert sum(e.amount for e in fund.entries.all()) == fund.balance


@pytest.mark.parametrize(("body", "words"), [
    ({"board": ["2c", "2c", "9h", "Js", "4c"]}, "2c appears twice (on the board)"),
    ({"winners": [1, 1]}, "A winner is listed twice"),
    ({"winner": 12}, "Seat 12 is not at HE-1, which has seats 1 to 9"),
])
def test_review_refusals_read_well(api, dealer, holdem, body, words):
    response = record(api, holdem, {**SIDE_POT_HAND, **body}, dealer)

    assert response.status_code == 400
    assert words in str(response.json())


def test_the_hour_repeated_when_clocks_go_back_has_its_own_periods(supervisor, dealer,
                                                                     us_casino, holdem):
    first = datetime(2026, 11, 1, 5, 40, tzinfo=UTC)    # 01:40 EDT
    second = datetime(2026, 11, 1, 6, 40, tzinfo=UTC)   # 01:40 EST, an hour later

    starts = [current_period(holdem, 30, moment) for moment in (first, second)]

    assert [s.strftime("%H:%M") for s in starts] == ["01:30", "01:30"]
    assert starts[1].astimezone(UTC) - starts[0].astimezone(UTC) == timedelta(hours=1)
    assert [s.astimezone(UTC).hour for s in starts] == [5, 6]
