"""Every operation of the OpenAPI schema, fuzzed by schemathesis: bad input gets a 4xx,
never a 500, and every answer matches the schema the service publishes.

The caller is a supervisor who is also the dealer of a stud table and of a poker table
(with a published paytable, jackpot and rake schedule), so requests reach the
services rather than stopping at a 403; a round (a jackpot seat and a fold) and a hand
are recorded, so reads answer with records. Examples are derandomized: CI sees the same
requests every run. Answers the fuzzer rarely reaches (a recorded round, a meter's
reconciliation) are checked against the schema one by one below.

Each case goes as generated, or with its path's ids those of the floor's own records (so
it reaches the service rather than a 404: every operation of the recent endpoints, held
entries, waitlists, players, comps and ratings, is checked to have been reached), or with
text no field may hold (NUL, a lone surrogate) put into its body, its query or its path.
"""

import datetime as dt
import re
from urllib.parse import quote_from_bytes

import pytest
from django.core import signals
from django.db import close_old_connections
from django.test import TestCase
from django.utils import timezone
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from knox.models import AuthToken
from schemathesis.checks import not_a_server_error, response_schema_conformance

from tests.conftest import make_user
from tests.openapi import served_schema
from tests.unstorable import ON_THE_WIRE, UNSTORABLE_TEXT, spoiled, spoiled_everywhere

pytestmark = pytest.mark.django_db


schema = served_schema()
# The floor's records by the collection their path names (filled by fuzz_headers).
RECORDS: dict[str, list[int]] = {}
RECENT = ("held-entries", "waitlists", "players", "comps", "ratings")


def collection_of(path: str, parameter: str) -> str:
    """Whose id a path parameter is: /api/v1/waitlists/{id}/entries/{entry}/call/ ->
    'waitlists' for id, 'entries' for entry."""
    if parameter != "id":
        return re.search(rf"/([^/]+)/{{{parameter}}}/", path).group(1)
    return re.match(r"/api/v1/([^/]+)/", path).group(1)


@schema.hook
def flatmap_body(context, body):
    """The body as generated, or with text no field may hold in one of its strings or
    field names (or in place of a value), or added to all of its strings."""
    if not isinstance(body, dict | list):
        return st.just(body)
    bad = st.sampled_from(UNSTORABLE_TEXT)
    return st.one_of(st.just(body),
                     bad.flatmap(lambda text: spoiled(body, text)).map(lambda made: made[1]),
                     bad.map(lambda text: spoiled_everywhere(body, text)))


@schema.hook
def flatmap_query(context, query):
    """The query as generated, or with one parameter (a declared one, or the search a
    list may take) holding such text as a URL carries it."""
    names = sorted({*(p.name for p in context.operation.query), "search"})
    return st.one_of(st.just(query), st.tuples(st.sampled_from(names), st.sampled_from(
        UNSTORABLE_TEXT)).map(lambda put: {**(query or {}), put[0]: ON_THE_WIRE[put[1]]}))


@schema.hook
def flatmap_path_parameters(context, parameters):
    """The ids as generated, or those of the floor's records of the collection the path
    names (so the case reaches the service rather than a 404), or one holding such text
    as a URL carries it."""
    if not parameters:
        return st.just(parameters)
    path = context.operation.path
    known = {name: RECORDS.get(collection_of(path, name)) for name in parameters}
    choices = [st.just(parameters), st.tuples(
        st.sampled_from(sorted(parameters)), st.sampled_from(UNSTORABLE_TEXT)).map(
        lambda put: {**parameters, put[0]: quote_from_bytes(ON_THE_WIRE[put[1]], safe="")})]
    if all(known.values()):
        choices.append(st.fixed_dictionaries(
            {name: st.sampled_from(ids) for name, ids in known.items()}))
    return st.one_of(*choices)


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
    RECORDS.clear()
    RECORDS.update({"casinos": [casino.pk], "tables": [stud.pk, poker.pk],
                    "paytables": [paytable.pk], "progressives": [meter.pk],
                    "rake-schedules": [schedule.pk], "users": [user.pk],
                    **the_rooms_records(user, casino, stud)})
    return {"Authorization": f"Token {AuthToken.objects.create(user)[1]}"}


def the_rooms_records(user, casino, stud) -> dict[str, list[int]]:
    """A player rated at the stud table over a round (his rating closed, another open), a
    comp out of what he earned, a waiting list he is on, a round his dealer's tablet held:
    the records of the recent endpoints, by collection."""
    from decimal import Decimal

    from tables.cardroom.services import entry_join, waitlist_open
    from tables.comps.services import comp_give
    from tables.offline.services import held_keep
    from tables.players.figures import rating_figures
    from tables.players.services import player_create, rating_close, rating_open
    from tables.poker.models import PokerHand
    from tables.stud.models import StudRound
    from tables.stud.services import stud_round_record

    player = player_create(actor=user, card="F0001", name="Fay Fuzz", tier="gold")
    closed = rating_open(actor=user, table=stud, seat=2, player=player)
    stud_round_record(actor=user, table=stud, dealer_cards=["As", "Kd", "7c", "4h", "2s"],
                      seats=[{"seat": 2, "ante": Decimal(100), "decision": "raise",
                              "cards": ["Qh", "Qs", "9d", "5c", "3h"]}])
    with TestCase.captureOnCommitCallbacks(execute=True):
        rating_figures(closed)  # the paytable's edges worked out: the rating earns
    rating_close(actor=user, rating=closed)
    comp = comp_give(actor=user, player=player, casino=casino, amount=Decimal("0.01"),
                     kind="food", reason="coffee")
    waitlist = waitlist_open(actor=user, casino=casino, game="holdem", structure="no_limit",
                             small=Decimal(1), big=Decimal(2))
    entry, _ = entry_join(actor=user, waitlist=waitlist, name="Fay", card=player.card)
    dealt = (timezone.now() - dt.timedelta(minutes=1)).isoformat()
    held, _ = held_keep(actor=user, table=stud, kind="stud_round", idempotency_key="fuzz-held",
                        body={"dealer_cards": ["2h", "3h", "4d", "8s", "Jc"], "dealt_at": dealt,
                              "seats": [{"seat": 4, "ante": "500.00", "decision": "fold"}]})
    return {"players": [player.pk], "comps": [comp.pk], "waitlists": [waitlist.pk],
            "entries": [entry.pk], "held-entries": [held.pk],
            "ratings": [closed.pk, rating_open(actor=user, table=stud, seat=2,
                                               player=player).pk],
            "stud-rounds": list(StudRound.objects.values_list("pk", flat=True)),
            "poker-hands": list(PokerHand.objects.values_list("pk", flat=True))}


@schema.parametrize()
@settings(max_examples=15, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.filter_too_much, HealthCheck.too_slow])
def test_no_request_gets_a_server_error_and_every_answer_matches_the_schema(
        case, fuzz_headers, keep_connection, reached):
    response = case.call_and_validate(headers=fuzz_headers,
                                      checks=[not_a_server_error, response_schema_conformance])
    reached.append((case, response.status_code))


@pytest.fixture
def reached():
    """The answers of one operation's cases; once they are all sent, an operation of the
    recent endpoints must have answered a case on the floor's records with more than a 404
    (the fuzzer reached the service, not only the router)."""
    answers: list = []
    yield answers
    if not answers:
        return
    operation = answers[0][0].operation
    if "{" not in operation.path or not any(f"/{name}/" in operation.path for name in RECENT):
        return
    on_floor = [status for case, status in answers
                if case.method.upper() == operation.method.upper()
                and all(value in RECORDS.get(collection_of(case.path, name), ())
                        for name, value in case.path_parameters.items())]
    assert any(status != 404 for status in on_floor), (
        f"{operation.method.upper()} {operation.path} was never reached: {on_floor}")


def answer_checked(headers, method: str, path: str, **parts):
    """Call one operation with the given parts and check its answer against the schema."""
    case = schema[path][method].Case(headers=headers, **parts)
    response = case.call()
    case.validate_response(response, checks=[response_schema_conformance])
    return response


def test_a_recorded_round_matches_the_schema(fuzz_headers, keep_connection):
    from tables.stud.models import StudRound

    round_ = StudRound.objects.earliest("pk")  # the jackpot seat and the fold
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
