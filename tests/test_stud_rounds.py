"""Recording Caribbean Stud rounds: the API contract, refusals, corrections, reads."""

import json
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.db import DatabaseError, connection, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payouts.terms import services as payouts
from tables.stud.models import StudRound, StudSeat
from tests.helpers import CONTRACT_ROUND

pytestmark = pytest.mark.django_db


def record(api, table, body, user=None):
    if user is not None:
        api.as_user(user)
    return api.post(f"/api/v1/tables/{table.pk}/stud-rounds/", body, format="json")


def with_seat(index, **changes):
    body = {**CONTRACT_ROUND, "seats": [dict(s) for s in CONTRACT_ROUND["seats"]]}
    body["seats"][index].update(changes)
    return body


def test_the_contract_example_is_settled_as_the_contract_shows(api, dealer, live_table):
    response = record(api, live_table, CONTRACT_ROUND, dealer)

    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["table"], body["paytable_version"]) == (live_table.pk, 1)
    assert body["dealer"]["cards"] == ["As", "Kd", "7c", "4h", "2s"]
    assert (body["dealer"]["category"], body["dealer"]["qualified"]) == ("high_card", True)
    seat1, seat3 = body["seats"]
    assert {k: seat1[k] for k in ("seat", "category", "outcome", "ante_result", "bet_result",
                                  "net", "progressive")} == {
        "seat": 1, "category": "one_pair", "outcome": "win", "ante_result": "10.00",
        "bet_result": "20.00", "net": "30.00", "progressive": None}
    assert {k: seat3[k] for k in ("seat", "outcome", "ante_result", "bet_result", "net")} == {
        "seat": 3, "outcome": "fold", "ante_result": "-5.00", "bet_result": "0.00",
        "net": "-5.00"}
    recorded = datetime.fromisoformat(body["recorded_at"])  # New York time, with its offset
    assert recorded.utcoffset() == recorded.astimezone(ZoneInfo("America/New_York")).utcoffset()
    assert body["recorded_at"][-6] in "+-"


def test_cards_are_stored_in_the_two_character_form(api, dealer, live_table):
    body = with_seat(0, cards=["q♥", "QS", "9d", "5c", "3h"])
    body["dealer_cards"] = ["A♠", "kd", "7C", "4h", "2s"]

    response = record(api, live_table, body, dealer)

    assert response.json()["dealer"]["cards"] == ["As", "Kd", "7c", "4h", "2s"]
    assert response.json()["seats"][0]["cards"] == ["Qh", "Qs", "9d", "5c", "3h"]


REFUSALS = [
    (with_seat(1, cards=["Kd", "8s", "8d", "5d", "3d"]), ("seats", 1, "cards"),
     "Kd appears more than once"),
    (with_seat(0, cards=["Qh", "Qx", "9d", "5c", "3h"]), ("seats", 0, "cards"),
     "'Qx' is not a card"),
    (with_seat(0, cards=["Qh", "Qs", "9d", "5c"]), ("seats", 0, "cards"), "Seat 1 has 4 cards"),
    (with_seat(0, ante="1.00"), ("seats", 0, "ante"),
     "Seat 1: an ante of 1.00 is outside this table's limits (5.00 to 100.00)"),
    (with_seat(0, ante="10.005"), ("seats", 0, "ante"), "decimal places"),
    (with_seat(1, seat=8), ("seats", 1, "seat"), "Seat 8 does not exist"),
    (with_seat(1, seat=1), ("seats", 1, "seat"), "Seat 1 is recorded twice"),
    (with_seat(0, cards=None), ("seats", 0, "cards"), "Seat 1 raised: record its five cards"),
    (with_seat(0, decision="call"), ("seats", 0, "decision"), "'call' is not raise or fold"),
    (with_seat(0, decision=None), ("seats", 0, "decision"), "Seat 1: choose raise or fold"),
    ({**CONTRACT_ROUND, "dealer_cards": ["As", "Kd", "7c", "4h"]}, ("dealer_cards",),
     "a dealer dealt four takes a fifth card"),
    ({**CONTRACT_ROUND, "dealer_cards": None}, ("dealer_cards",), "Record the dealer's five"),
    ({**CONTRACT_ROUND, "seats": []}, ("seats", "non_field_errors"),
     "Record at least one seat"),
]


def test_every_problem_of_a_round_is_answered_at_once(api, dealer, live_table):
    body = {"dealer_cards": ["As", "Kd", "7c", "4h", "2s"], "seats": [
        {"seat": 1, "ante": "1.00", "decision": "raise", "cards": ["Qh", "Qs", "9d", "5c", "3h"]},
        {"seat": 2, "ante": "500.00", "decision": "fold"},
        {"seat": 3, "ante": "10.00", "decision": "raise", "cards": ["3h", "4d", "7h", "9s", "Jc"]},
        {"seat": 4, "ante": "10.00", "cards": ["Kd", "8s", "8d", "5d", "Qx"]}]}

    response = record(api, live_table, body, dealer)

    assert response.status_code == 400
    seats = response.json()["seats"]
    assert "an ante of 1.00 is outside" in seats["0"]["ante"][0]
    assert "an ante of 500.00 is outside" in seats["1"]["ante"][0]
    assert seats["2"]["cards"] == [
        "3h appears more than once: in seat 1's cards and seat 3's cards; a deck has one of "
        "each card."]
    assert seats["3"]["decision"] == ["Seat 4: choose raise or fold."]
    assert "'Qx' is not a card" in seats["3"]["cards"][0]


def test_a_void_round_needs_no_raise_or_fold(api, dealer, live_table):
    body = {"void": "misdeal", "seats": [{"seat": 1, "ante": "10.00"},
                                         {"seat": 2, "ante": "5.00", "decision": None}]}

    response = record(api, live_table, body, dealer)

    assert response.status_code == 201, response.json()
    assert [(s["decision"], s["outcome"]) for s in response.json()["seats"]] == [
        (None, "void"), (None, "void")]


@pytest.mark.parametrize(("body", "path", "words"), REFUSALS)
def test_bad_rounds_are_refused_naming_seat_field_and_value(api, dealer, live_table, body, path,
                                                            words):
    response = record(api, live_table, body, dealer)

    assert response.status_code == 400
    error = response.json()
    for key in path:
        error = error[str(key)]  # JSON keys are strings: {"seats": {"1": {"cards": [...]}}}
    assert words in " ".join(map(str, error)), response.json()
    assert StudRound.objects.count() == 0
    assert StudSeat.objects.count() == 0


@pytest.mark.parametrize("raw", ["", "[]", "null", '"x"', "{", '{"seats": "all"}',
                                 '{"seats": [null]}', '{"seats": [{"seat": "one"}]}',
                                 '{"dealer_cards": [1, 2], "seats": [{}]}',
                                 '{"dealer_cards": "As Kd", "seats": []}'])
def test_any_body_gets_an_answer_never_a_500(api, dealer, live_table, raw):
    response = api.as_user(dealer).post(f"/api/v1/tables/{live_table.pk}/stud-rounds/", raw,
                                        content_type="application/json")

    assert response.status_code == 400
    assert StudRound.objects.count() == 0


def test_a_closed_table_records_nothing(api, dealer, supervisor, live_table):
    from tables.floor.services import table_update

    table_update(actor=supervisor, table=live_table, status="closed")

    response = record(api, live_table, CONTRACT_ROUND, dealer)

    assert response.status_code == 400
    assert response.json()["table"] == ["Table CS-1 is closed: open it before recording rounds."]


def test_a_dealer_not_assigned_to_the_table_is_refused(api, other_dealer, live_table):
    response = record(api, live_table, CONTRACT_ROUND, other_dealer)

    assert response.status_code == 403
    assert "otto_dealer is not assigned to deal at CS-1" in response.json()["detail"]


@pytest.mark.parametrize("persona", ["supervisor", "accountant", "outsider"])
def test_only_dealers_record_rounds(api, request, persona, live_table):
    response = record(api, live_table, CONTRACT_ROUND, request.getfixturevalue(persona))

    assert response.status_code == 403


def test_a_table_without_a_published_paytable_records_nothing(api, dealer, stud_table):
    response = record(api, stud_table, CONTRACT_ROUND, dealer)

    assert response.status_code == 400
    assert "has no published paytable" in response.json()["table"][0]


def test_a_void_round_returns_every_wager(api, dealer, live_table):
    response = record(api, live_table, {"void": "exposed_hole_card", "seats": [
        {"seat": 2, "ante": "25.00", "decision": "raise"}]}, dealer)

    assert response.status_code == 201, response.json()
    assert response.json()["void"] == "exposed_hole_card"
    assert [(s["outcome"], s["net"]) for s in response.json()["seats"]] == [("void", "0.00")]


def test_dead_hands_push_or_forfeit(api, dealer, live_table):
    body = {"dealer_cards": ["As", "Kd", "7c", "4h", "2s"], "seats": [
        {"seat": 1, "ante": "10.00", "decision": "raise", "cards": ["Qh", "Qs", "9d"],
         "irregularity": "misdeal"},
        {"seat": 2, "ante": "10.00", "decision": "raise", "cards": ["Jh", "Js", "9c", "5s", "3c"],
         "irregularity": "violation"}]}

    seats = record(api, live_table, body, dealer).json()["seats"]

    assert [(s["outcome"], s["net"]) for s in seats] == [("dead", "0.00"), ("dead", "-30.00")]


def test_the_same_idempotency_key_records_the_round_once(api, dealer, live_table):
    api.as_user(dealer)
    first = api.post(f"/api/v1/tables/{live_table.pk}/stud-rounds/", CONTRACT_ROUND,
                     format="json", HTTP_IDEMPOTENCY_KEY="tablet-7-round-1")
    again = api.post(f"/api/v1/tables/{live_table.pk}/stud-rounds/", CONTRACT_ROUND,
                     format="json", HTTP_IDEMPOTENCY_KEY="tablet-7-round-1")

    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["id"] == again.json()["id"]
    assert StudRound.objects.count() == 1


def test_a_reused_idempotency_key_with_another_round_is_refused(api, dealer, live_table):
    api.as_user(dealer)
    url = f"/api/v1/tables/{live_table.pk}/stud-rounds/"
    first = api.post(url, CONTRACT_ROUND, format="json", HTTP_IDEMPOTENCY_KEY="tablet-7-r1")
    second_round = with_seat(1, ante="25.00")
    reused = api.post(url, second_round, format="json", HTTP_IDEMPOTENCY_KEY="tablet-7-r1")

    assert reused.status_code == 409
    message = reused.json()["idempotency_key"][0]
    assert "'tablet-7-r1' was already used for another round" in message
    assert f"round {first.json()['id']}" in message
    assert StudRound.objects.count() == 1


def test_idempotency_keys_belong_to_the_user_who_sent_them(api, dealer, other_dealer,
                                                           supervisor, live_table):
    from tables.floor.services import table_update

    table_update(actor=supervisor, table=live_table, dealers=[dealer, other_dealer])
    url = f"/api/v1/tables/{live_table.pk}/stud-rounds/"
    mine = api.as_user(dealer).post(url, CONTRACT_ROUND, format="json",
                                    HTTP_IDEMPOTENCY_KEY="round-1")
    theirs = api.as_user(other_dealer).post(url, CONTRACT_ROUND, format="json",
                                            HTTP_IDEMPOTENCY_KEY="round-1")

    assert (mine.status_code, theirs.status_code) == (201, 201)
    assert StudRound.objects.count() == 2


def test_the_dealer_page_refuses_a_reused_key_with_another_round(client, dealer, live_table):
    client.force_login(dealer)
    url = f"/dealer/tables/{live_table.pk}/round/"
    form = {"dealer_cards": "As Kd 7c 4h 2s", "idempotency_key": "form-load-1",
            "seat1_ante": "10.00", "seat1_decision": "raise", "seat1_cards": "Qh Qs 9d 5c 3h"}
    assert client.post(url, form).status_code == 302

    page = client.post(url, {**form, "seat1_ante": "20.00"})

    assert page.status_code == 400
    assert "was already used for another round" in page.content.decode()
    assert StudRound.objects.count() == 1


def test_every_round_keeps_the_paytable_version_it_was_settled_under(api, dealer, supervisor,
                                                                     live_table, us_paytable,
                                                                     controller):
    first = record(api, live_table, CONTRACT_ROUND, dealer).json()
    draft = payouts.paytable_new_version(actor=controller, paytable=us_paytable)
    payouts.paytable_update(actor=controller, paytable=draft,
                            odds={**us_paytable.odds, "one_pair": 2})
    payouts.paytable_publish(actor=controller, paytable=draft)
    from tables.floor.services import table_assign_paytable

    table_assign_paytable(actor=supervisor, table=live_table, paytable=draft)

    second = record(api, live_table, CONTRACT_ROUND, dealer).json()

    assert (first["paytable_version"], second["paytable_version"]) == (1, 2)
    assert (first["seats"][0]["bet_result"], second["seats"][0]["bet_result"]) == (
        "20.00", "40.00")
    assert api.get(f"/api/v1/stud-rounds/{first['id']}/").json()["seats"][0]["bet_result"] \
        == "20.00"


def test_recorded_rounds_cannot_be_changed_or_deleted_even_bypassing_the_code(api, dealer,
                                                                             live_table):
    round_id = record(api, live_table, CONTRACT_ROUND, dealer).json()["id"]

    for statement in ("UPDATE tables_studseat SET bet_result = 0 WHERE round_id = %s",
                      "DELETE FROM tables_studseat WHERE round_id = %s",
                      "UPDATE tables_studround SET void = 'misdeal' WHERE id = %s"):
        with pytest.raises(DatabaseError, match=r"permission denied for table tables_stud"), \
                transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement, [round_id])
    assert StudSeat.objects.get(round_id=round_id, seat=1).bet_result == Decimal("20.00")


def test_a_supervisor_voids_a_round_with_a_reason_and_both_stay(api, dealer, supervisor,
                                                                live_table):
    round_id = record(api, live_table, CONTRACT_ROUND, dealer).json()["id"]

    response = api.as_user(supervisor).post(f"/api/v1/stud-rounds/{round_id}/void/",
                                            {"reason": "Cards were mis-keyed"}, format="json")

    assert response.status_code == 201
    body = response.json()
    assert body["voided"]["reason"] == "Cards were mis-keyed"
    assert body["voided"]["by"] == supervisor.pk
    assert body["seats"][0]["bet_result"] == "20.00"  # the original record is kept as it was
    again = api.post(f"/api/v1/stud-rounds/{round_id}/void/", {"reason": "twice"}, format="json")
    assert again.status_code == 400


def test_a_dealer_cannot_void_a_round(api, dealer, live_table):
    round_id = record(api, live_table, CONTRACT_ROUND, dealer).json()["id"]

    response = api.post(f"/api/v1/stud-rounds/{round_id}/void/", {"reason": "oops"},
                        format="json")

    assert response.status_code == 403


def test_rounds_are_listed_by_table_dealer_and_gaming_day(api, dealer, accountant, live_table):
    round_ = record(api, live_table, CONTRACT_ROUND, dealer).json()
    api.as_user(accountant)

    def ids(query):
        return [r["id"] for r in api.get(f"/api/v1/stud-rounds/?{query}").json()["results"]]

    assert ids(f"table={live_table.pk}") == [round_["id"]]
    assert ids(f"dealer={dealer.pk}") == [round_["id"]]
    assert ids(f"gaming_day={round_['gaming_day']}") == [round_["id"]]
    assert ids("gaming_day=2001-01-01") == []
    assert api.get("/api/v1/stud-rounds/?gaming_day=yesterday").status_code == 400


def test_a_dealer_reads_only_his_tables_rounds(api, dealer, other_dealer, live_table):
    record(api, live_table, CONTRACT_ROUND, dealer)

    assert api.as_user(other_dealer).get("/api/v1/stud-rounds/").json()["count"] == 0
    assert api.as_user(dealer).get("/api/v1/stud-rounds/").json()["count"] == 1


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8),
                                                                      children, max_size=4),
    max_leaves=12)
card_texts = st.sampled_from(["As", "Kd", "7c", "10h", "Qx", "", "A♠", "jk", "2S"])
seat_bodies = st.fixed_dictionaries({}, optional={
    "seat": st.one_of(st.integers(-2, 12), st.text(max_size=3)),
    "ante": st.one_of(st.decimals(allow_nan=False, allow_infinity=False, places=3).map(str),
                      st.text(max_size=5), st.integers(), st.none()),
    "decision": st.sampled_from(["raise", "fold", "call", "", None]),
    "progressive": st.one_of(st.booleans(), st.text(max_size=3)),
    "cards": st.one_of(st.lists(card_texts, max_size=7), st.text(max_size=10), st.none()),
    "irregularity": st.sampled_from(["misdeal", "violation", "other", None]),
})
round_bodies = st.fixed_dictionaries({}, optional={
    "dealer_cards": st.one_of(st.lists(card_texts, max_size=7), json_values),
    "seats": st.one_of(st.lists(seat_bodies, max_size=8), json_values),
    "void": st.sampled_from(["misdeal", "exposed_hole_card", "nope", None]),
    "dealer_took_fifth_card": json_values,
})


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.one_of(round_bodies, json_values))
def test_whatever_the_body_the_answer_is_201_or_400_never_a_500(api, dealer, live_table, body):
    api.as_user(dealer)
    raw = json.dumps(body, allow_nan=True)  # NaN and Infinity too: not JSON, still no 500
    response = api.post(f"/api/v1/tables/{live_table.pk}/stud-rounds/", raw,
                        content_type="application/json")

    assert response.status_code in (201, 400), (body, response.content[:300])


def test_a_key_that_loses_the_race_to_the_unique_constraint_is_refused_not_a_500(
        api, dealer, live_table):
    # No read before the insert: a reused key (or two requests with one key at once) meets
    # the constraint (dealer, key), and the refusal names the round that holds the key.
    from casino.common.errors import IdempotencyKeyReused
    from tables.stud.services import stud_round_record

    api.as_user(dealer).post(f"/api/v1/tables/{live_table.pk}/stud-rounds/", CONTRACT_ROUND,
                             format="json", HTTP_IDEMPOTENCY_KEY="k-race")
    earlier = StudRound.objects.get(idempotency_key="k-race")

    with pytest.raises(IdempotencyKeyReused, match=f"'k-race' was already used for another "
                                                   f"round \\(round {earlier.pk} at"):
        stud_round_record(actor=dealer, table=live_table, idempotency_key="k-race",
                          seats=[{"seat": 1, "ante": "10", "decision": "fold"}],
                          dealer_cards=["As", "Kd", "7c", "4h", "2s"])
    assert StudRound.objects.filter(idempotency_key="k-race").count() == 1
