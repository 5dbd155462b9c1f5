"""A supervisor's dealers: opening an account at a casino, deactivating it (never deleted),
assigning and unassigning tables; every refusal names who and what, and nothing is
stored on a refusal."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from pghistory.models import Events

from casino.house.models import Casino
from tables.floor.accounts import dealer_create, dealer_set_active
from tables.floor.models import TableDealer
from tables.floor.selectors import dealer_roster, dealers_at_casinos_of
from tables.floor.services import (
    table_create,
    table_dealer_assign,
    table_dealer_unassign,
)
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

GOOD_PASSWORD = "felt-and-chips-42"


def refusal(error: pytest.ExceptionInfo) -> dict[str, list[str]]:
    return error.value.message_dict


@pytest.fixture
def mayfair(db):
    casino = Casino.objects.create(name="Mayfair", currency="GBP", timezone="Europe/London")
    casino.staff.clear()
    return casino


def logs_in(client, username: str, password: str) -> bool:
    """Through the log-in page, as a dealer would (axes watches it)."""
    return client.post("/login/", {"username": username, "password": password}).status_code == 302


def account_events(user):
    """The audit events of a staff account (who opened, renamed, deactivated it)."""
    return apps.get_model("house", "StaffAccountEvent").objects.filter(pgh_obj=user.pk)


def new_dealer(supervisor, casino, username="dana.scully", **extra):
    return dealer_create(actor=supervisor, casino=casino, username=username,
                         password=GOOD_PASSWORD, first_name="Dana", last_name="Scully", **extra)


def test_a_new_dealer_logs_in_works_at_the_casino_and_deals_nowhere_yet(
        client, supervisor, us_casino):
    dealer = new_dealer(supervisor, us_casino)

    assert dealer.groups.get().name == "dealer"
    assert list(dealer.casinos.all()) == [us_casino]
    assert not dealer.dealt_tables.exists()
    assert dealer.check_password(GOOD_PASSWORD)
    assert logs_in(client, "dana.scully", GOOD_PASSWORD)
    assert client.get("/dealer/").status_code == 200


def test_opening_an_account_is_in_the_audit_trail_with_who_did_it(supervisor, us_casino):
    dealer = new_dealer(supervisor, us_casino)

    opened = account_events(dealer).get()
    joined = Events.objects.references(dealer).filter(pgh_label="joined").get()
    assert opened.pgh_context.metadata == joined.pgh_context == {
        "user": supervisor.pk, "reason": "dealer dana.scully added at Test Harbor"}
    assert opened.pgh_label == "account opened"


@pytest.mark.parametrize(("username", "password", "field", "words"), [
    ("", GOOD_PASSWORD, "username", "Give the dealer a user name"),
    ("dana scully", GOOD_PASSWORD, "username", "'dana scully' cannot be a user name"),
    ("SAM_SUPERVISOR", GOOD_PASSWORD, "username", "The user name 'SAM_SUPERVISOR' is taken"),
    ("dana.scully", "", "password", "Give the dealer an initial password."),
    ("dana.scully", "short1", "password", "This password is too short"),
    ("dana.scully", "12345678901", "password", "This password is entirely numeric."),
    ("dana.scully", "password123", "password", "This password is too common."),
    ("dana.scully", "dana.scully1", "password", "too similar to the username"),
], ids=["no name", "space", "duplicate ignoring case", "no password", "short", "digits",
        "common", "like the name"])
def test_a_bad_name_or_weak_password_is_refused_and_nothing_is_stored(
        supervisor, us_casino, username, password, field, words):
    before = User.objects.count()
    with pytest.raises(ValidationError) as refused:
        dealer_create(actor=supervisor, casino=us_casino, username=username, password=password)

    assert words in " ".join(refusal(refused)[field])
    assert User.objects.count() == before


def test_every_problem_of_a_new_account_is_reported_at_once(supervisor, us_casino):
    with pytest.raises(ValidationError) as refused:
        dealer_create(actor=supervisor, casino=us_casino, username="", password="1",
                      first_name="x" * 151)
    assert set(refusal(refused)) == {"username", "password", "first_name"}


def test_a_supervisor_adds_dealers_only_at_a_casino_he_works_at(supervisor, mayfair):
    with pytest.raises(ValidationError) as refused:
        new_dealer(supervisor, mayfair)
    assert "sam_supervisor is not on the staff of casino" in refusal(refused)["casino"][0]
    assert not User.objects.filter(username="dana.scully").exists()


def test_only_a_supervisor_adds_dealers(dealer, us_casino):
    with pytest.raises(PermissionDenied):
        new_dealer(dealer, us_casino)


def test_an_assigned_dealer_sees_the_table_and_the_assignment_is_audited(
        client, supervisor, us_casino):
    table = table_create(actor=supervisor, casino=us_casino, label="CS-5",
                         game="caribbean_stud", status="open")
    dealer = new_dealer(supervisor, us_casino)

    table_dealer_assign(actor=supervisor, table=table, dealer=dealer)

    client.force_login(dealer)
    assert "CS-5" in client.get("/dealer/").content.decode()
    event = Events.objects.references(table).filter(pgh_label="assigned").get()
    assert event.pgh_context["reason"] == "dealer dana.scully assigned"
    assert event.pgh_context["user"] == supervisor.pk

    table_dealer_unassign(actor=supervisor, table=table, dealer=dealer)
    assert "CS-5" not in client.get("/dealer/").content.decode()
    assert Events.objects.references(table).filter(pgh_label="unassigned").get().pgh_context[
        "reason"] == "dealer dana.scully unassigned"


def test_assignments_are_refused_by_name(supervisor, us_casino, mayfair, stud_table, dealer,
                                         accountant):
    stranger = make_user("mo_mayfair", "dealer", at=[mayfair])
    cases = [(stranger, "mo_mayfair (id {}) is not on the staff of Test Harbor."),
             (accountant, "alice_accountant (id {}) is not in the dealer group."),
             (dealer, "dana_dealer already deals at CS-1.")]
    for who, words in cases:
        with pytest.raises(ValidationError) as refused:
            table_dealer_assign(actor=supervisor, table=stud_table, dealer=who)
        assert refusal(refused)["dealers"] == [words.format(who.pk)]
    assert list(stud_table.dealers.all()) == [dealer]

    with pytest.raises(ValidationError) as refused:
        table_dealer_unassign(actor=supervisor, table=stud_table, dealer=accountant)
    assert refusal(refused)["dealers"] == ["alice_accountant does not deal at CS-1."]


def test_another_casinos_supervisor_cannot_assign_at_this_casino(stud_table, mayfair,
                                                                  other_dealer):
    boss = make_user("mo_boss", "supervisor", at=[mayfair])
    with pytest.raises(ValidationError) as refused:
        table_dealer_assign(actor=boss, table=stud_table, dealer=other_dealer)
    assert "mo_boss is not on the staff of casino" in refusal(refused)["casino"][0]


def test_a_deactivated_dealer_cannot_log_in_deals_nowhere_and_cannot_be_assigned(
        client, api, supervisor, stud_table, other_table, dealer):
    from knox.models import AuthToken

    table_dealer_assign(actor=supervisor, table=other_table, dealer=dealer)
    token = AuthToken.objects.create(dealer)[1]
    client.force_login(dealer)

    dealer_set_active(actor=supervisor, dealer=dealer, active=False)

    dealer.refresh_from_db()
    assert not dealer.is_active
    assert not TableDealer.objects.filter(dealer=dealer).exists()
    assert client.get("/dealer/").status_code == 302  # the tablet's session is over
    assert not logs_in(client, "dana_dealer", "dana_dealer-password-1")
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.get("/api/v1/tables/").status_code == 401
    with pytest.raises(ValidationError) as refused:
        table_dealer_assign(actor=supervisor, table=stud_table, dealer=dealer)
    assert refusal(refused)["dealers"] == [f"dana_dealer (id {dealer.pk}) is not an active "
                                           "user."]
    assert User.objects.filter(pk=dealer.pk).exists()  # kept: records name him


def test_deactivating_is_audited_and_reactivating_lets_the_dealer_back_in(
        client, supervisor, stud_table, dealer):
    dealer_set_active(actor=supervisor, dealer=dealer, active=False)
    dealer_set_active(actor=supervisor, dealer=dealer, active=True)

    changes = [(e.pgh_context.metadata["reason"], e.is_active) for e in account_events(dealer)
               .filter(pgh_label="account changed").order_by("pgh_id")]
    assert changes == [("dealer dana_dealer deactivated", False),
                       ("dealer dana_dealer reactivated", True)]
    unassigned = Events.objects.references(stud_table).filter(pgh_label="unassigned").get()
    assert unassigned.pgh_context["reason"] == "dealer dana_dealer deactivated"
    assert logs_in(client, "dana_dealer", "dana_dealer-password-1")
    assert not dealer.dealt_tables.exists()  # assigned again by hand


def test_only_a_dealer_working_only_at_the_supervisors_casinos_is_deactivated(
        supervisor, us_casino, mayfair, accountant):
    other_boss = make_user("sue_supervisor", "supervisor")
    both = make_user("bo_both", "dealer", at=[us_casino, mayfair])
    cases = [(other_boss, "sue_supervisor is a supervisor; supervisors' accounts are not "
                          "managed here."),
             (supervisor, "sam_supervisor is a supervisor; supervisors' accounts are not "
                          "managed here."),
             (accountant, "alice_accountant is not a dealer."),
             (both, "bo_both also works at Mayfair, where you are not on the staff; a "
                    "supervisor of every casino he works at may change his account.")]
    for who, words in cases:
        with pytest.raises(ValidationError) as refused:
            dealer_set_active(actor=supervisor, dealer=who, active=False)
        assert refusal(refused)["dealer"] == [words]
        who.refresh_from_db()
        assert who.is_active


def test_the_roster_holds_the_dealers_of_the_supervisors_casinos_only(
        supervisor, us_casino, mayfair, stud_table, other_table, dealer, other_dealer):
    mayfair.staff.remove(dealer, other_dealer)  # personas join every casino a test opens
    make_user("mo_mayfair", "dealer", at=[mayfair])
    make_user("nora_no_role", at=[us_casino])
    dealer_set_active(actor=supervisor, dealer=other_dealer, active=False)

    assert set(dealers_at_casinos_of(supervisor).values_list("username", flat=True)) == {
        "dana_dealer", "otto_dealer"}
    [harbor] = dealer_roster(supervisor)
    rows = {row["dealer"].username: row for row in harbor["dealers"]}
    assert [t.label for t in rows["dana_dealer"]["tables"]] == ["CS-1"]
    assert [t.label for t in rows["dana_dealer"]["open"]] == ["CS-2"]
    assert rows["otto_dealer"]["tables"] == []
