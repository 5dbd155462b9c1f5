"""Bad input the API refuses by name, with nothing stored: amounts that are not plain
decimal strings, JSON nested past any real request, pages a user with no role asks for."""

import importlib
import json
from decimal import Decimal

import pytest
from rest_framework import serializers

from casino.common.amounts import DecimalStringField
from payouts.jackpots.models import Progressive
from payouts.terms.models import Paytable, RakeSchedule
from tables.floor.models import Table
from tables.stud.models import StudRound

pytestmark = pytest.mark.django_db

D = Decimal
NOT_PLAIN = ["\u0661\u0660", "1E+2", "NaN", "Infinity", 10, 10.5, "10.0.0", ""]
DEALER = ["As", "Kd", "7c", "4h", "2s"]


@pytest.mark.parametrize("ante", NOT_PLAIN, ids=repr)
def test_an_ante_that_is_not_a_plain_decimal_string_is_refused_by_name(api, dealer,
                                                                       live_table, ante):
    response = api.as_user(dealer).post(
        f"/api/v1/tables/{live_table.pk}/stud-rounds/",
        {"dealer_cards": DEALER, "seats": [{"seat": 1, "ante": ante, "decision": "fold"}]},
        format="json")

    assert response.status_code == 400
    message = response.json()["seats"]["0"]["ante"][0]
    assert repr(ante) in message or "may not be blank" in message or "valid number" in message
    assert not StudRound.objects.exists()


@pytest.mark.parametrize(("url", "body", "field"), [
    ("/api/v1/progressives/", {"name": "P", "currency": "USD", "contribution_rate": "0.7"},
     "seed"),
    ("/api/v1/paytables/", {"name": "T", "variant": "us"}, "max_payout"),
    ("/api/v1/rake-schedules/", {"name": "S"}, "percent"),
    ("/api/v1/progressives/", {"name": "P", "currency": "USD", "seed": "1000"},
     "contribution_rate"),
])
@pytest.mark.parametrize("value", ["1E+2", "\u0661\u0660"], ids=repr)
def test_every_amount_and_rate_of_the_terms_is_a_plain_decimal_string(api, supervisor, url,
                                                                      body, field, value):
    response = api.as_user(supervisor).post(url, {**body, field: value}, format="json")

    assert response.status_code == 400
    assert repr(value) in response.json()[field][0]
    assert not Progressive.objects.exists()
    assert not Paytable.objects.exists()
    assert not RakeSchedule.objects.exists()


def test_a_fixed_award_inside_the_awards_object_is_a_plain_decimal(api, controller):
    response = api.as_user(controller).post("/api/v1/progressives/", {
        "name": "P", "currency": "USD", "seed": "1000", "contribution_rate": "0.7",
        "awards": {"flush": {"fixed": "5E+1"}}}, format="json")

    assert response.status_code == 400
    assert "'5E+1'" in response.json()["awards"][0]


def test_plain_decimal_strings_are_still_amounts(api, dealer, live_table):
    response = api.as_user(dealer).post(
        f"/api/v1/tables/{live_table.pk}/stud-rounds/",
        {"dealer_cards": DEALER, "seats": [{"seat": 1, "ante": "10", "decision": "fold"},
                                           {"seat": 2, "ante": " 12.50 ", "decision": "fold"}]},
        format="json")

    assert response.status_code == 201, response.json()
    assert [s["ante"] for s in response.json()["seats"]] == ["10.00", "12.50"]


def _serializer_classes():
    for module in ("tables.floor.serializers", "tables.stud.serializers",
                   "tables.poker.serializers", "payouts.terms.serializers",
                   "payouts.jackpots.api"):
        for value in vars(importlib.import_module(module)).values():
            if isinstance(value, type) and issubclass(value, serializers.Serializer) and \
                    value.__module__ == module:
                yield value


def _writable_decimals(serializer, path=""):
    for name, field in serializer.fields.items():
        if isinstance(field, serializers.ListSerializer):
            field = field.child
        if isinstance(field, serializers.Serializer):
            yield from _writable_decimals(field, f"{path}{name}.")
        elif isinstance(field, serializers.DecimalField) and not field.read_only:
            yield f"{path}{name}", field


@pytest.mark.parametrize("serializer_class", list(_serializer_classes()),
                         ids=lambda c: c.__name__)
def test_every_decimal_the_api_reads_is_a_plain_decimal_string(serializer_class):
    loose = [path for path, field in _writable_decimals(serializer_class())
             if not isinstance(field, DecimalStringField)]

    assert loose == []


# --- JSON nested past any real request --------------------------------------------------


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [40, 1_000, 100_000])
def test_deeply_nested_json_is_refused_before_login(client, depth):
    response = client.post("/api/v1/auth/token/",
                           f'{{"username": {nested(depth)}, "password": "x"}}',
                           content_type="application/json")

    assert response.status_code == 400
    assert "nests deeper than 32 levels" in response.json()["detail"]


def test_deeply_nested_json_is_refused_by_every_endpoint(api, dealer, live_table):
    body = f'{{"dealer_cards": {json.dumps(DEALER)}, "seats": {nested(1_000)}}}'
    response = api.as_user(dealer).post(f"/api/v1/tables/{live_table.pk}/stud-rounds/", body,
                                        content_type="application/json")

    assert response.status_code == 400
    assert not StudRound.objects.exists()


def test_json_as_deep_as_a_real_request_is_read(api, supervisor):
    response = api.as_user(supervisor).post("/api/v1/auth/token/", {
        "username": "sam_supervisor", "password": "sam_supervisor-password-1"}, format="json")

    assert response.status_code == 200
    assert response.json()["token"]


# --- A user with no role ----------------------------------------------------------------


@pytest.fixture
def records(dealer, live_table, supervisor, us_casino, controller):
    from payouts.terms import services as terms
    from tables.floor.services import table_create, table_set_poker_settings
    from tables.poker.services import poker_hand_record
    from tables.stud.services import stud_round_record

    schedule = terms.schedule_publish(actor=controller, schedule=terms.
                                               schedule_create(actor=controller, name="Ten",
                                                               percent=D(10)))
    poker = table_create(actor=supervisor, casino=us_casino, label="HE-1",
                                  game="holdem", status="open", dealers=[dealer])
    table_set_poker_settings(actor=supervisor, table=poker,
                                            rake_schedule=schedule, structure="no_limit",
                                            big_blind=D(2))
    round_, _ = stud_round_record(actor=dealer, table=live_table, dealer_cards=DEALER,
                                  seats=[{"seat": 1, "ante": D(10), "decision": "fold"}])
    hand, _ = poker_hand_record(actor=dealer, table=poker, pot=D(85),
                                            flop_dealt=True)
    return {"poker": poker, "round": round_, "hand": hand}


@pytest.mark.parametrize(("method", "url"), [
    ("get", "/api/v1/tables/{poker}/next-hand/"),
    ("get", "/api/v1/tables/{poker}/raise-limits/"),
    ("post", "/api/v1/stud-rounds/{round}/void/"),
    ("post", "/api/v1/poker-hands/{hand}/void/"),
])
def test_a_user_with_no_role_gets_403_not_404(api, outsider, records, method, url):
    url = url.format(**{name: record.pk for name, record in records.items()})

    response = getattr(api.as_user(outsider), method)(url, {"reason": "x"}, format="json") \
        if method == "post" else api.as_user(outsider).get(url)

    assert response.status_code == 403
    assert "no role" in response.json()["detail"]
    assert Table.objects.get(pk=records["poker"].pk).is_open
