"""Users and the login throttle in the admin (issue 26): a supervisor sees his casinos'
staff, changes only those all of whose casinos are his, through the accounts' services;
flags and permissions are a superuser's; the throttle's records are his casinos' user
names only; role groups and tokens are not in the admin at all."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from pghistory.models import Events

from casino.house.models import Casino
from tests.conftest import make_user
from tests.helpers import post_change_form, throttle_records

pytestmark = pytest.mark.django_db
GOOD_PASSWORD = "felt-and-chips-42"


@pytest.fixture
def mayfair(us_casino):
    casino = Casino.objects.create(name="Mayfair", currency="GBP", timezone="Europe/London")
    casino.staff.clear()
    return casino


def change_url(user) -> str:
    return f"/admin/auth/user/{user.pk}/change/"


def test_the_user_list_holds_only_the_supervisors_casinos_staff(client, supervisor, dealer,
                                                                mayfair):
    make_user("meg_mayfair", "dealer", at=[mayfair])
    client.force_login(supervisor)

    listing = client.get("/admin/auth/user/").content.decode()

    assert "dana_dealer" in listing
    assert "meg_mayfair" not in listing
    assert client.get(change_url(User.objects.get(username="meg_mayfair"))).status_code == 404


def test_a_user_of_two_casinos_is_changed_only_by_a_supervisor_of_both(client, supervisor,
                                                                       us_casino, mayfair):
    both = make_user("bo_both", "dealer", at=[us_casino, mayfair])
    client.force_login(supervisor)

    page = client.get(change_url(both))
    assert page.status_code == 200  # seen, read only
    assert "new_password" not in page.content.decode()
    refused = client.post(change_url(both), {"username": "bo_both", "first_name": "Bo",
                                             "is_active": "on", "role_names": ["dealer"],
                                             "casino_list": [str(us_casino.pk)]})
    assert refused.status_code == 403
    assert set(both.casinos.all()) == {us_casino, mayfair}

    boss_of_both = make_user("bea_both", "supervisor", at=[us_casino, mayfair])
    client.force_login(boss_of_both)
    answer = post_change_form(client, change_url(both), first_name="Bo")
    assert answer.status_code == 302
    assert User.objects.get(pk=both.pk).first_name == "Bo"


def test_a_user_is_deactivated_in_the_admin_through_the_service(client, supervisor,
                                                               stud_table, dealer):
    client.force_login(supervisor)

    answer = post_change_form(client, change_url(dealer), is_active="")

    assert answer.status_code == 302
    dealer.refresh_from_db()
    assert not dealer.is_active
    assert not dealer.dealt_tables.exists()
    event = Events.objects.references(dealer).filter(pgh_label="account changed").get()
    assert event.pgh_context["reason"] == "user dana_dealer deactivated"


def test_only_a_superuser_grants_the_superuser_or_staff_flag_or_permissions(
        client, supervisor, dealer, us_casino):
    from django.contrib.auth.models import Permission

    from tables.floor.accounts import user_update

    client.force_login(supervisor)
    page = client.get(change_url(dealer)).content.decode()
    assert "is_superuser" not in page
    assert "user_permissions" not in page
    post_change_form(client, change_url(dealer), is_superuser="on", is_staff="on")
    dealer.refresh_from_db()
    assert not dealer.is_superuser
    assert not dealer.is_staff
    for privilege in ({"is_superuser": True}, {"is_staff": True},
                      {"permissions": [Permission.objects.first()]}):
        with pytest.raises(ValidationError) as refused:
            user_update(actor=supervisor, user=dealer, **privilege)
        assert refused.value.messages == [
            "Only a superuser grants the superuser or staff flag or permissions."]

    root = User.objects.create_superuser("root", password="root-password-1")
    client.force_login(root)
    assert post_change_form(client, change_url(dealer), is_staff="on").status_code == 302
    assert User.objects.get(pk=dealer.pk).is_staff


def test_a_supervisor_does_not_change_a_superusers_account(client, supervisor, us_casino):
    root = User.objects.create_superuser("root", password="root-password-1")
    us_casino.staff.add(root)
    client.force_login(supervisor)

    answer = client.post(change_url(root), {"username": "root", "is_active": "on",
                                            "new_password": GOOD_PASSWORD,
                                            "casino_list": [str(us_casino.pk)]})

    assert answer.status_code == 403
    assert User.objects.get(pk=root.pk).check_password("root-password-1")


def test_an_account_with_a_role_the_supervisor_may_not_grant_is_not_his(
        client, supervisor, us_casino, monkeypatch):
    from casino.common import roles
    from tables.admin import accounts as admin_accounts
    from tables.floor import accounts

    def not_count(actor):
        return roles.grantable_roles(actor) - {"count"}

    monkeypatch.setattr(accounts, "grantable_roles", not_count)
    monkeypatch.setattr(admin_accounts, "grantable_roles", not_count)
    counter = make_user("cy_count", "count", at=[us_casino])
    client.force_login(supervisor)

    assert client.post(change_url(counter), {"username": "cy_count"}).status_code == 403
    assert 'value="count"' not in client.get("/admin/auth/user/add/").content.decode()
    with pytest.raises(ValidationError) as refused:
        accounts.user_create(actor=supervisor, username="new_count", password=GOOD_PASSWORD,
                             roles=["count"], casinos=[us_casino])
    assert refused.value.message_dict == {"roles": ["You may not grant the count role."]}


def test_a_user_added_in_the_admin_is_opened_by_the_service(client, supervisor, us_casino,
                                                            mayfair):
    client.force_login(supervisor)
    form = {"username": "nia_new", "first_name": "Nia", "is_active": "on",
            "role_names": ["dealer", "accountant"], "casino_list": [str(us_casino.pk)],
            "new_password": GOOD_PASSWORD}

    elsewhere = client.post("/admin/auth/user/add/", {**form, "casino_list": [str(mayfair.pk)]})
    assert elsewhere.status_code == 200
    assert f"Select a valid choice. {mayfair.pk}" in elsewhere.content.decode()
    weak = client.post("/admin/auth/user/add/", {**form, "new_password": "nia_new1"})
    assert weak.status_code == 200
    assert "too similar to the username" in weak.content.decode()
    assert not User.objects.filter(username="nia_new").exists()

    assert client.post("/admin/auth/user/add/", form).status_code == 302
    user = User.objects.get(username="nia_new")
    assert user.check_password(GOOD_PASSWORD)
    assert sorted(user.groups.values_list("name", flat=True)) == ["accountant", "dealer"]
    assert list(user.casinos.all()) == [us_casino]
    opened = Events.objects.references(user).filter(pgh_label="account opened").get()
    assert opened.pgh_context["reason"] == "user nia_new opened at Test Harbor as dealer, " \
                                           "accountant"


def test_a_supervisor_sees_and_deletes_only_his_casinos_users_attempts(
        client, supervisor, dealer, us_casino, mayfair):
    meg = make_user("meg_mayfair", "dealer", at=[mayfair])
    harbor = throttle_records(dealer.username)["attempt"]
    other = throttle_records(meg.username)["attempt"]
    nobody = throttle_records("no_such_user")["attempt"]
    client.force_login(supervisor)

    listing = client.get("/admin/axes/accessattempt/").content.decode()
    assert "dana_dealer" in listing
    assert "meg_mayfair" not in listing
    assert "no_such_user" not in listing
    assert client.get(f"/admin/axes/accessattempt/{other}/change/").status_code == 404
    assert client.post(f"/admin/axes/accessattempt/{other}/delete/",
                       {"post": "yes"}).status_code == 404
    client.post("/admin/axes/accessattempt/", {
        "action": "delete_selected", "_selected_action": [harbor, other, nobody],
        "post": "yes"})
    assert set(AccessAttempt.objects.values_list("pk", flat=True)) == {other, nobody}

    client.force_login(User.objects.create_superuser("root", password="root-password-1"))
    listing = client.get("/admin/axes/accessattempt/").content.decode()
    assert "meg_mayfair" in listing
    assert "no_such_user" in listing


def test_failures_of_another_casinos_users_are_not_shown(client, supervisor, dealer,
                                                         us_casino, mayfair):
    meg = make_user("meg_mayfair", "dealer", at=[mayfair])
    throttle_records(dealer.username)
    throttle_records(meg.username.upper())  # user names are matched ignoring case
    client.force_login(meg)  # not a supervisor: no admin at all
    assert client.get("/admin/axes/accessfailurelog/").status_code == 403
    client.force_login(supervisor)

    listing = client.get("/admin/axes/accessfailurelog/").content.decode()

    assert "dana_dealer" in listing
    assert "MEG_MAYFAIR" not in listing


@pytest.mark.parametrize("address", ["/admin/auth/group/", "/admin/knox/authtoken/",
                                     "/admin/authtoken/tokenproxy/"])
def test_role_groups_and_tokens_are_not_in_the_admin(client, address):
    client.force_login(User.objects.create_superuser("root", password="root-password-1"))

    assert client.get(address).status_code == 404
    assert client.get(f"{address}add/").status_code == 404
