"""Paytables: standard terms per variant, drafts, publishing, versions, audit, assignment.
The group's paytables (no casino) are the group supervisor's (the controller) to make."""

from decimal import Decimal

import pytest
from django.db import DatabaseError, connection, transaction
from pghistory.models import Events

from payouts.terms import services
from payouts.terms.models import Paytable

pytestmark = pytest.mark.django_db


def test_a_new_us_paytable_starts_from_the_standard_terms(api, controller):
    response = api.as_user(controller).post("/api/v1/paytables/",
                                            {"name": "Main pit", "variant": "us"}, format="json")

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["odds"]["royal_flush"] == 100
    assert body["odds"]["one_pair"] == 1
    assert (body["max_payout"], body["dealer_qualifier"], body["status"], body["version"]) == (
        "5000.00", "AK", "draft", 1)


def test_a_new_uk_paytable_pays_fifty_on_a_royal_with_uk_limits(api, controller):
    body = api.as_user(controller).post("/api/v1/paytables/", {"name": "Mayfair",
                                        "variant": "uk"}, format="json").json()

    assert body["odds"]["royal_flush"] == 50
    assert (body["max_ante"], body["max_payout"]) == ("100.00", "10000.00")


@pytest.mark.parametrize(("payload", "field", "words"), [
    ({"variant": "eu"}, "variant", '"eu" is not a valid choice'),
    ({"odds": {"royal_flush": 100}}, "odds", "The odds for straight_flush are missing"),
    ({"dealer_qualifier": "A9"}, "dealer_qualifier", "'A9' is not a dealer qualifier"),
    ({"min_ante": "50.00", "max_ante": "10.00"}, "max_ante", "below the minimum ante 50.00"),
    ({"max_payout": "-1"}, "max_payout", "must be more than 0"),
])
def test_bad_paytable_terms_are_refused_by_field(api, controller, payload, field, words):
    response = api.as_user(controller).post(
        "/api/v1/paytables/", {"name": "Bad", "variant": "us", **payload}, format="json")

    assert response.status_code == 400
    assert words in " ".join(map(str, response.json()[field]))
    assert not Paytable.objects.filter(name="Bad").exists()


def test_unknown_odds_categories_are_refused(api, controller):
    odds = {"royal_flush": 100, "straight_flush": 50, "four_of_a_kind": 20, "full_house": 7,
            "flush": 5, "straight": 4, "three_of_a_kind": 3, "two_pair": 2, "one_pair": 1,
            "high_card": 1, "five_aces": 500}
    response = api.as_user(controller).post("/api/v1/paytables/",
                                            {"name": "X", "variant": "us", "odds": odds},
                                            format="json")
    assert response.status_code == 400
    assert "'five_aces' is not a hand category" in response.json()["odds"][0]


def test_a_draft_can_change_and_be_published(api, controller):
    created = api.as_user(controller).post("/api/v1/paytables/", {"name": "Main",
                                           "variant": "us"}, format="json").json()
    changed = api.patch(f"/api/v1/paytables/{created['id']}/", {"max_payout": "10000.00"},
                        format="json")
    published = api.post(f"/api/v1/paytables/{created['id']}/publish/")

    assert changed.json()["max_payout"] == "10000.00"
    assert published.status_code == 200
    assert published.json()["status"] == "published"


def test_a_published_paytable_never_changes(api, controller, us_paytable):
    response = api.as_user(controller).patch(f"/api/v1/paytables/{us_paytable.pk}/",
                                             {"max_payout": "1.00"}, format="json")

    assert response.status_code == 400
    assert "can no longer change; make a new version" in response.json()["status"][0]
    us_paytable.refresh_from_db()
    assert us_paytable.max_payout == Decimal("5000.00")


def test_the_database_refuses_to_edit_a_published_paytable_even_bypassing_the_code(us_paytable):
    with pytest.raises(DatabaseError, match="Cannot update rows from payouts_paytable"), \
            transaction.atomic():
        Paytable.objects.filter(pk=us_paytable.pk).update(max_payout=Decimal(1))
    with pytest.raises(DatabaseError, match="permission denied for table payouts_paytable"), \
            transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("DELETE FROM payouts_paytable WHERE id = %s", [us_paytable.pk])


def test_a_new_version_is_a_draft_in_the_same_family(api, controller, us_paytable):
    response = api.as_user(controller).post(f"/api/v1/paytables/{us_paytable.pk}/new-version/")

    assert response.status_code == 201
    body = response.json()
    assert (body["family"], body["version"], body["status"]) == (us_paytable.pk, 2, "draft")
    assert body["odds"] == us_paytable.odds


def test_retiring_a_paytable_in_use_is_refused_naming_the_tables(api, controller, live_table):
    response = api.as_user(controller).post(f"/api/v1/paytables/{live_table.paytable_id}/retire/")

    assert response.status_code == 400
    assert "in use at CS-1" in response.json()["status"][0]


def test_a_paytable_no_table_uses_can_be_retired(api, controller, us_paytable):
    response = api.as_user(controller).post(f"/api/v1/paytables/{us_paytable.pk}/retire/")

    assert response.json()["status"] == "retired"


@pytest.mark.parametrize("persona", ["dealer", "accountant"])
def test_only_supervisors_change_paytables(api, request, persona, us_paytable):
    user = request.getfixturevalue(persona)
    assert api.as_user(user).get(f"/api/v1/paytables/{us_paytable.pk}/").status_code == 200
    assert api.post("/api/v1/paytables/", {"name": "x", "variant": "us"},
                    format="json").status_code == 403
    assert api.post(f"/api/v1/paytables/{us_paytable.pk}/new-version/").status_code == 403


def test_every_paytable_change_is_in_the_audit_trail_with_who(controller):
    draft = services.paytable_create(actor=controller, name="Audited", variant="us")
    services.paytable_update(actor=controller, paytable=draft, max_payout=Decimal(7000))
    services.paytable_publish(actor=controller, paytable=draft)

    events = list(Events.objects.tracks(draft).order_by("pgh_id"))
    assert [e.pgh_context["reason"] for e in events] == [
        "paytable created", "paytable created", "paytable draft edited", "paytable published"]
    assert all(e.pgh_context["user"] == controller.pk for e in events)
    assert events[2].pgh_diff["max_payout"] == [5000.0, 7000.0]


def test_assigning_a_paytable_to_a_table_through_the_api(api, supervisor, stud_table,
                                                         us_paytable):
    response = api.as_user(supervisor).patch(
        f"/api/v1/tables/{stud_table.pk}/",
        {"paytable": us_paytable.pk, "min_ante": "10.00", "max_ante": "50.00"}, format="json")

    assert response.status_code == 200, response.json()
    assert (response.json()["paytable"], response.json()["min_ante"]) == (us_paytable.pk, "10.00")


def test_a_draft_cannot_be_assigned(api, supervisor, stud_table):
    draft = services.paytable_create(actor=supervisor, name="Draft", variant="us",
                                     casino=stud_table.casino)

    response = api.as_user(supervisor).patch(f"/api/v1/tables/{stud_table.pk}/",
                                             {"paytable": draft.pk}, format="json")

    assert response.status_code == 400
    assert "is not published" in response.json()["paytable"][0]


def test_table_ante_limits_must_lie_within_the_paytables(api, supervisor, stud_table,
                                                        us_paytable):
    response = api.as_user(supervisor).patch(
        f"/api/v1/tables/{stud_table.pk}/",
        {"paytable": us_paytable.pk, "max_ante": "500.00"}, format="json")

    assert response.status_code == 400
    assert response.json() == {"max_ante": ["500.00 is above the paytable's 100.00."]}
