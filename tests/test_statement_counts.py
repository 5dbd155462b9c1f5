"""How many SQL statements each recording costs (issue 15): behaviour, counted the way
Django's assertNumQueries counts, so a change that adds a round trip to the floor's
busiest requests shows here. The figures under load are in docs/benchmarks.md.

In a test the service's transaction is a savepoint inside the test's (SAVEPOINT and
RELEASE SAVEPOINT stand where BEGIN and COMMIT go in operation)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.card_room import SIDE_POT_HAND, poker_table

SEVEN_SEATS = {
    "dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
    "seats": [{"seat": n, "ante": "10.00", "decision": "raise", "progressive": True,
               "cards": cards.split()} for n, cards in enumerate(
        ["Qh Qs 9d 5c 3h", "9h 8h 6h Th 2c", "Ks Kc 4d 3c 2d", "Jd Jc 8s 6d 5s",
         "Td 9c 8d 6c 3s", "Ah Ac 5d 4c 3d", "Js Ts 9s 8c 6s"], start=1)]}


def dealing(dealer, table):
    """The dealer on the table as the floor has it (after his first recording there, or a
    relief): a recording then asks the floor once whether he is."""
    from tables.pit.services import dealer_clock_in, dealer_relieve

    dealer_clock_in(actor=dealer, casino=table.casino, dealer=dealer)
    dealer_relieve(actor=dealer, table=table, relief=dealer)
    return table


def statements(send) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        response = send()
    assert response.status_code in (201, 302), response.content[:500]
    return [" ".join(q["sql"].split())[:400] for q in captured.captured_queries]


@pytest.fixture
def dealer_api(api, dealer):
    return api.as_user(dealer)


def test_a_seven_seat_jackpot_round_by_api_costs_ten_statements(dealer_api, dealer,
                                                               jackpot_table):
    dealing(dealer, jackpot_table)
    sent = statements(lambda: dealer_api.post(
        f"/api/v1/tables/{jackpot_table.pk}/stud-rounds/", SEVEN_SEATS, format="json",
        HTTP_IDEMPOTENCY_KEY="count-1"))
    # token, roles and permissions, [savepoint], table locked with its terms and the
    # dealer's assignment, round, seats, whether the floor has him on the table, seal,
    # meter fed with its ledger entries, [release]
    assert len(sent) == 10, sent
    assert 'FROM "tables_dealermove"' in sent[6], sent


def test_a_jackpot_hit_adds_one_statement(dealer_api, dealer, jackpot_table):
    dealing(dealer, jackpot_table)
    flush = {**SEVEN_SEATS, "seats": [
        {**SEVEN_SEATS["seats"][0], "cards": ["9h", "8h", "6h", "Th", "2h"]},
        *SEVEN_SEATS["seats"][1:]]}
    flush["seats"][1] = {**flush["seats"][1], "cards": ["Qh", "Qs", "9d", "5c", "3h"]}
    sent = statements(lambda: dealer_api.post(
        f"/api/v1/tables/{jackpot_table.pk}/stud-rounds/", flush, format="json",
        HTTP_IDEMPOTENCY_KEY="count-5"))
    # the hit, written in its own audit context (one statement: the context rides with it)
    assert len(sent) == 11, sent
    assert 'INSERT INTO "payouts_jackpothit"' in sent[-2], sent


def test_a_seven_seat_jackpot_round_by_the_dealer_form_costs_eleven(client, dealer,
                                                                   jackpot_table):
    dealing(dealer, jackpot_table)
    client.force_login(dealer)
    form = {"dealer_cards": "As Kd 7c 4h 2s", "idempotency_key": "count-2"}
    for seat in SEVEN_SEATS["seats"]:
        number = seat["seat"]
        form |= {f"seat{number}_ante": "10", f"seat{number}_decision": "raise",
                 f"seat{number}_progressive": "on",
                 f"seat{number}_cards": " ".join(seat["cards"])}
    sent = statements(lambda: client.post(f"/dealer/tables/{jackpot_table.pk}/round/", form))
    # the session and its user, then the same as the API but the token
    assert len(sent) == 11, sent


def test_a_quick_poker_hand_costs_eight(dealer_api, supervisor, dealer, us_casino, schedule):
    table = dealing(dealer, poker_table(supervisor, dealer, us_casino, schedule))
    sent = statements(lambda: dealer_api.post(
        f"/api/v1/tables/{table.pk}/poker-hands/", {"pot": "85.00", "flop_dealt": True},
        format="json", HTTP_IDEMPOTENCY_KEY="count-3"))
    assert len(sent) == 8, sent


def test_a_full_poker_hand_costs_ten(dealer_api, supervisor, dealer, us_casino, schedule):
    table = dealing(dealer, poker_table(supervisor, dealer, us_casino, schedule))
    sent = statements(lambda: dealer_api.post(
        f"/api/v1/tables/{table.pk}/poker-hands/", SIDE_POT_HAND, format="json",
        HTTP_IDEMPOTENCY_KEY="count-4"))
    assert len(sent) == 10, sent
