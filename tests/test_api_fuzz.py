"""Every operation of the OpenAPI schema, fuzzed by schemathesis: bad input gets a 4xx,
never a 500, and every answer matches the schema the service publishes.

The caller is a supervisor who is also the dealer of a stud table and of a poker table
(with a published paytable, jackpot and rake schedule), so requests reach the
services rather than stopping at a 403; a round (a jackpot seat and a fold) and a hand
are recorded, so reads answer with records. Examples are derandomized: CI sees the same
requests every run. Answers the fuzzer rarely reaches (a recorded round, a meter's
reconciliation) are checked against the schema one by one below.
"""

import pytest
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from knox.models import AuthToken
from schemathesis.checks import not_a_server_error, response_schema_conformance

from tests.conftest import make_user
from tests.openapi import served_schema

pytestmark = pytest.mark.django_db


schema = served_schema()


@pytest.fixture
def keep_connection(db):
    # Called straight through WSGI, a request would close the test's connection when it
    # ends (Django's test client switches that off the same way).
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def fuzz_headers(db):
    from decimal import Decimal

    from payouts.jackpots import services as progressives
    from payouts.terms import services as payouts
    from payouts.terms import services as terms
    from tables.floor.services import (
        casino_create,
        table_assign_paytable,
        table_create,
        table_link_progressive,
        table_set_poker_settings,
    )
    from tables.poker.services import poker_hand_record
    from tables.stud.services import stud_round_record

    user = make_user("fuzz_boss", "supervisor", "dealer", "group_supervisor")  # may do all
    casino = casino_create(actor=user, name="Fuzz", currency="USD",
                                    timezone="America/New_York")
    stud = table_create(actor=user, casino=casino, label="CS-F", status="open",
                                 game="caribbean_stud", dealers=[user])
    paytable = payouts.paytable_publish(
        actor=user, paytable=payouts.paytable_create(actor=user, name="US", variant="us"))
    table_assign_paytable(actor=user, table=stud, paytable=paytable)
    meter = progressives.progressive_create(actor=user, name="Fuzz jackpot", currency="USD",
                                            seed=Decimal(1000), contribution_rate=Decimal("0.7"))
    table_link_progressive(actor=user, table=stud, progressive=meter)
    poker = table_create(actor=user, casino=casino, label="HE-F", status="open",
                                  game="holdem", dealers=[user])
    schedule = terms.schedule_publish(actor=user, schedule=terms.
                                               schedule_create(actor=user, name="Ten",
                                                               percent=Decimal(10)))
    table_set_poker_settings(actor=user, table=poker, rake_schedule=schedule,
                                            structure="no_limit", big_blind=Decimal(2))
    stud_round_record(actor=user, table=stud, dealer_cards=["As", "Kd", "7c", "4h", "2s"],
                      seats=[{"seat": 1, "ante": Decimal(10), "decision": "raise",
                              "progressive": True, "cards": ["Qh", "Qs", "9d", "5c", "3h"]},
                             {"seat": 3, "ante": Decimal(5), "decision": "fold"}])
    poker_hand_record(actor=user, table=poker, pot=Decimal(85), flop_dealt=True)
    return {"Authorization": f"Token {AuthToken.objects.create(user)[1]}"}


@schema.parametrize()
@settings(max_examples=15, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.filter_too_much, HealthCheck.too_slow])
def test_no_request_gets_a_server_error_and_every_answer_matches_the_schema(
        case, fuzz_headers, keep_connection):
    case.call_and_validate(headers=fuzz_headers,
                           checks=[not_a_server_error, response_schema_conformance])


def answer_checked(headers, method: str, path: str, **parts):
    """Call one operation with the given parts and check its answer against the schema."""
    case = schema[path][method].Case(headers=headers, **parts)
    response = case.call()
    case.validate_response(response, checks=[response_schema_conformance])
    return response


def test_a_recorded_round_matches_the_schema(fuzz_headers, keep_connection):
    from tables.stud.models import StudRound

    round_ = StudRound.objects.get()
    response = answer_checked(fuzz_headers, "GET", "/api/v1/stud-rounds/{id}/",
                              path_parameters={"id": round_.pk})

    seats = response.json()["seats"]
    assert "category" not in seats[1]  # the fold: no category, and the schema allows that
    assert seats[1]["progressive"] is None
    assert seats[0]["progressive"]["wager"] == "1.00"


def test_a_round_just_recorded_matches_the_schema(fuzz_headers, keep_connection):
    from tables.floor.models import Table

    table = Table.objects.get(label="CS-F")
    response = answer_checked(
        fuzz_headers, "POST", "/api/v1/tables/{id}/stud-rounds/",
        path_parameters={"id": table.pk}, media_type="application/json",
        body={"dealer_cards": ["2h", "3h", "4d", "8s", "Jc"],
              "seats": [{"seat": 2, "ante": "5.00", "decision": "fold"}]})

    assert response.status_code == 201


def test_a_reconciliation_matches_the_schema(fuzz_headers, keep_connection):
    from payouts.jackpots.models import Progressive

    meter = Progressive.objects.get()
    response = answer_checked(fuzz_headers, "GET", "/api/v1/progressives/{id}/reconciliation/",
                              path_parameters={"id": meter.pk},
                              query={"start": "2020-01-01T00:00:00Z",
                                     "end": "2100-01-01T00:00:00Z"})

    assert [line["meter"] for line in response.json()] == ["meter", "reserve", "overflow"]


def test_a_casino_matches_the_schema(fuzz_headers, keep_connection):
    response = answer_checked(fuzz_headers, "GET", "/api/v1/casinos/")

    assert response.json()["results"][0]["gaming_day_start"] == "06:00"
