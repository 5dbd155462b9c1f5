"""/api/v1/casinos/ and /api/v1/tables/: who may do what, and what bad input gets."""

import pytest
from pghistory.models import Events

from casino.house.models import Casino
from tables.floor.models import Table

pytestmark = pytest.mark.django_db

NEW_CASINO = {"name": "Riverboat", "currency": "USD", "timezone": "America/Chicago"}


def test_a_token_is_issued_for_a_username_and_password(api, dealer):
    response = api.post("/api/v1/auth/token/",
                        {"username": dealer.username, "password": "dana_dealer-password-1"},
                        format="json")

    assert response.status_code == 200
    token = response.json()["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.get("/api/v1/casinos/").status_code == 200


def test_a_wrong_password_gets_no_token(api, dealer):
    response = api.post("/api/v1/auth/token/", {"username": dealer.username, "password": "x"},
                        format="json")

    assert response.status_code == 400
    assert "token" not in response.json()


def test_anonymous_callers_are_refused_with_401(api):
    assert api.get("/api/v1/tables/").status_code == 401


def test_a_supervisor_creates_a_casino(api, supervisor):
    response = api.as_user(supervisor).post("/api/v1/casinos/", NEW_CASINO, format="json")

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["currency"] == "USD"
    assert body["gaming_day_start"] == "06:00"
    assert Casino.objects.get(pk=body["id"]).timezone == "America/Chicago"


@pytest.mark.parametrize("persona", ["dealer", "accountant", "outsider"])
def test_only_supervisors_create_casinos(api, request, persona):
    response = api.as_user(request.getfixturevalue(persona)).post(
        "/api/v1/casinos/", NEW_CASINO, format="json")

    assert response.status_code == 403
    assert not Casino.objects.filter(name="Riverboat").exists()


@pytest.mark.parametrize("persona", ["supervisor", "dealer", "accountant"])
def test_every_role_reads_casinos(api, request, us_casino, persona):
    response = api.as_user(request.getfixturevalue(persona)).get("/api/v1/casinos/")

    assert response.status_code == 200
    assert [c["name"] for c in response.json()["results"]] == ["Test Harbor"]


def test_a_user_without_a_role_reads_nothing(api, outsider, us_casino):
    assert api.as_user(outsider).get("/api/v1/casinos/").status_code == 403
    assert api.as_user(outsider).get("/api/v1/tables/").status_code == 403


@pytest.mark.parametrize(("field", "value", "words"), [
    ("currency", "XYZ", '"XYZ" is not a valid choice'),
    ("timezone", "Mars/Olympus", "'Mars/Olympus' is not a known time zone"),
    ("gaming_day_start", "06:30", "starts on the hour"),
    ("gaming_day_start", "25:00", "Time has wrong format"),
])
def test_bad_casino_fields_are_refused_by_name(api, supervisor, field, value, words):
    response = api.as_user(supervisor).post(
        "/api/v1/casinos/", {**NEW_CASINO, field: value}, format="json")

    assert response.status_code == 400
    assert words in " ".join(response.json()[field])
    assert not Casino.objects.filter(name="Riverboat").exists()


def test_a_casino_with_tables_keeps_its_currency(api, supervisor, stud_table):
    response = api.as_user(supervisor).patch(
        f"/api/v1/casinos/{stud_table.casino_id}/", {"currency": "EUR"}, format="json")

    assert response.status_code == 400
    assert "its books stay in USD" in response.json()["currency"][0]


def test_a_supervisor_creates_a_table_with_default_seats(api, supervisor, us_casino, dealer):
    response = api.as_user(supervisor).post("/api/v1/tables/", {
        "casino": us_casino.pk, "label": "CS-9", "game": "caribbean_stud",
        "dealers": [dealer.pk]}, format="json")

    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["seats"], body["status"], body["dealers"]) == (7, "closed", [dealer.pk])


def test_a_poker_table_gets_nine_seats_by_default(api, supervisor, us_casino):
    response = api.as_user(supervisor).post("/api/v1/tables/", {
        "casino": us_casino.pk, "label": "HE-1", "game": "holdem"}, format="json")

    assert response.json()["seats"] == 9


def test_table_labels_are_unique_within_a_casino(api, supervisor, stud_table):
    response = api.as_user(supervisor).post("/api/v1/tables/", {
        "casino": stud_table.casino_id, "label": "CS-1", "game": "caribbean_stud"},
        format="json")

    assert response.status_code == 400
    assert "already exists" in str(response.json())


@pytest.mark.parametrize(("payload", "field", "words"), [
    ({"game": "blackjack"}, "game", '"blackjack" is not a valid choice'),
    ({"seats": 11}, "seats", "less than or equal to 10"),
    ({"status": "paused"}, "status", '"paused" is not a valid choice'),
    ({"casino": 999999}, "casino", 'Invalid pk "999999"'),
    ({"dealers": [999999]}, "dealers", 'Invalid pk "999999"'),
])
def test_bad_table_fields_are_refused_by_name(api, supervisor, us_casino, payload, field, words):
    body = {"casino": us_casino.pk, "label": "T-1", "game": "holdem", **payload}

    response = api.as_user(supervisor).post("/api/v1/tables/", body, format="json")

    assert response.status_code == 400
    assert words in " ".join(map(str, response.json()[field]))
    assert not Table.objects.filter(label="T-1").exists()


def test_only_dealers_can_be_assigned_to_deal(api, supervisor, us_casino, accountant):
    response = api.as_user(supervisor).post("/api/v1/tables/", {
        "casino": us_casino.pk, "label": "T-2", "game": "holdem",
        "dealers": [accountant.pk]}, format="json")

    assert response.status_code == 400
    assert response.json()["dealers"] == [
        f"alice_accountant (id {accountant.pk}) is not in the dealer group."]


def test_a_table_never_changes_game(api, supervisor, stud_table):
    response = api.as_user(supervisor).patch(
        f"/api/v1/tables/{stud_table.pk}/", {"game": "holdem"}, format="json")

    assert response.status_code == 400
    assert "is a Caribbean Stud / Casino Stud table" in response.json()["game"][0]


@pytest.mark.parametrize("raw", ["[]", '"x"', '{"seats": "many"}', '{"dealers": "dana"}',
                                 "null", "{", '{"label": null}', '{"seats": 1e999}'])
def test_garbage_bodies_get_400_not_500(api, supervisor, stud_table, raw):
    response = api.as_user(supervisor).patch(
        f"/api/v1/tables/{stud_table.pk}/", raw, content_type="application/json")

    assert response.status_code == 400


def test_a_dealer_sees_only_the_tables_he_deals(api, dealer, stud_table, other_table):
    response = api.as_user(dealer).get("/api/v1/tables/")

    assert [t["label"] for t in response.json()["results"]] == ["CS-1"]
    assert api.get(f"/api/v1/tables/{other_table.pk}/").status_code == 404


def test_an_accountant_sees_every_table(api, accountant, stud_table, other_table):
    response = api.as_user(accountant).get("/api/v1/tables/")

    assert [t["label"] for t in response.json()["results"]] == ["CS-1", "CS-2"]


@pytest.mark.parametrize("persona", ["dealer", "accountant"])
def test_only_supervisors_change_tables(api, request, stud_table, persona):
    response = api.as_user(request.getfixturevalue(persona)).patch(
        f"/api/v1/tables/{stud_table.pk}/", {"status": "closed"}, format="json")

    assert response.status_code == 403
    stud_table.refresh_from_db()
    assert stud_table.status == "open"


def test_tables_filter_by_game_and_status(api, supervisor, stud_table, us_casino):
    from tables.floor.services import table_create

    table_create(actor=supervisor, casino=us_casino, label="HE-1", game="holdem")

    response = api.as_user(supervisor).get("/api/v1/tables/?game=holdem&status=closed")

    assert [t["label"] for t in response.json()["results"]] == ["HE-1"]


def test_an_unknown_filter_value_is_a_400(api, supervisor, stud_table):
    response = api.as_user(supervisor).get("/api/v1/tables/?game=blackjack")

    assert response.status_code == 400
    assert "game" in response.json()


def test_table_changes_land_in_the_audit_trail_with_who(api, supervisor, stud_table,
                                                        other_dealer):
    api.as_user(supervisor).patch(f"/api/v1/tables/{stud_table.pk}/",
                                  {"status": "closed", "dealers": [other_dealer.pk]},
                                  format="json")

    events = Events.objects.tracks(stud_table).order_by("pgh_id")
    labels = [e.pgh_label for e in events]
    assert labels == ["insert", "update"]
    update = events.last()
    assert update.pgh_context["user"] == supervisor.pk
    assert update.pgh_diff["status"] == ["open", "closed"]
    assignments = Events.objects.references(stud_table).filter(
        pgh_model="floor.TableDealerEvent").order_by("pgh_id")
    assert [e.pgh_label for e in assignments] == ["assigned", "unassigned", "assigned"]


def test_the_audit_trail_records_changes_that_bypass_the_services(stud_table):
    Table.objects.filter(pk=stud_table.pk).update(seats=5)

    events = Events.objects.tracks(stud_table).order_by("pgh_id")
    assert events.last().pgh_diff == {"seats": [7, 5]}
