"""/api/v1/users/ (the contract's /users/, issue 26): supervisors open, read and change the
accounts of their casinos' staff through tables.floor.accounts; users are deactivated,
never deleted; other roles get 403, another casino's users 404."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from pghistory.models import Events

from casino.house.models import Casino
from tests.conftest import make_user

pytestmark = pytest.mark.django_db
GOOD_PASSWORD = "felt-and-chips-42"
USERS = "/api/v1/users/"


@pytest.fixture
def mayfair(us_casino):
    casino = Casino.objects.create(name="Mayfair", currency="GBP", timezone="Europe/London")
    casino.staff.clear()
    return casino


def new_user(**extra) -> dict:
    return {"username": "nia_new", "password": GOOD_PASSWORD, "role": "dealer", **extra}


def test_a_supervisor_opens_an_account_at_his_casino(api, supervisor, us_casino):
    answer = api.as_user(supervisor).post(USERS, new_user(casinos=[us_casino.pk],
                                                          first_name="Nia"), format="json")

    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body == {"id": body["id"], "username": "nia_new", "first_name": "Nia",
                    "last_name": "", "role": "dealer", "roles": ["dealer"],
                    "casinos": [us_casino.pk], "is_active": True}
    user = User.objects.get(username="nia_new")
    assert user.check_password(GOOD_PASSWORD)
    assert api.as_user(user).get("/api/v1/tables/").status_code == 200
    opened = Events.objects.references(user).filter(pgh_label="account opened").get()
    assert opened.pgh_context["reason"] == "user nia_new opened at Test Harbor as dealer"
    assert opened.pgh_context["user"] == supervisor.pk


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"password": "nia_new1"}, "password", "too similar to the username"),
    ({"password": "12345678901"}, "password", "entirely numeric"),
    ({"username": "SAM_SUPERVISOR"}, "username", "The user name 'SAM_SUPERVISOR' is taken"),
    ({"username": "nia new"}, "username", "'nia new' cannot be a user name"),
    ({"role": "croupier"}, "role", '"croupier" is not a valid choice.'),
    ({"roles": ["dealer", "dealer"]}, "roles", "A role is listed twice."),
    ({"role": "accountant", "roles": ["dealer"]}, "role", "'accountant' is not among the roles"),
    ({"casinos": []}, "casinos", "Name the casino (at least one)"),
    ({"casinos": [999999]}, "casinos", "sam_supervisor is not on the staff of casino 999999."),
], ids=["similar password", "numeric password", "name taken", "space", "no such role",
        "role twice", "role not among roles", "no casino", "no such casino"])
def test_a_bad_account_is_refused_by_field_and_nothing_is_stored(api, supervisor, us_casino,
                                                                 body, field, words):
    before = User.objects.count()
    answer = api.as_user(supervisor).post(USERS, {**new_user(casinos=[us_casino.pk]), **body},
                                          format="json")

    assert answer.status_code == 400, answer.content
    assert words in " ".join(answer.json()[field])
    assert User.objects.count() == before


def test_an_account_is_opened_only_at_the_actors_casinos(api, us_casino, mayfair):
    boss = make_user("mo_mayfair", "supervisor", at=[mayfair])

    answer = api.as_user(boss).post(USERS, new_user(casinos=[mayfair.pk, us_casino.pk]),
                                    format="json")

    assert answer.status_code == 400
    assert answer.json() == {"casinos": [f"mo_mayfair is not on the staff of casino "
                                         f"{us_casino.pk}."]}


def test_creating_needs_a_password_a_role_and_casinos(api, supervisor, us_casino):
    answer = api.as_user(supervisor).post(USERS, {"username": "nia_new"}, format="json")

    assert answer.status_code == 400
    assert set(answer.json()) == {"password", "casinos"}
    no_role = api.as_user(supervisor).post(USERS, new_user(casinos=[us_casino.pk], role=None),
                                           format="json")
    assert no_role.status_code == 201  # said: an account with no role (403 everywhere)
    assert no_role.json()["roles"] == []
    missing = {k: v for k, v in new_user(casinos=[us_casino.pk]).items() if k != "role"}
    missing["username"] = "nia_other"
    answer = api.as_user(supervisor).post(USERS, missing, format="json")
    assert answer.json() == {"role": ["Give the user's role (or roles)."]}


def test_a_user_of_several_roles_reads_as_the_first_with_every_role_beside_it(
        api, supervisor, us_casino):
    both = make_user("sid_both", "dealer", "supervisor", at=[us_casino])

    body = api.as_user(supervisor).get(f"{USERS}{both.pk}/").json()

    assert (body["role"], body["roles"]) == ("supervisor", ["supervisor", "dealer"])


def test_the_list_holds_the_staff_of_the_readers_casinos_only(api, supervisor, dealer,
                                                              us_casino, mayfair):
    meg = make_user("meg_mayfair", "dealer", at=[mayfair])
    both = make_user("bo_both", "dealer", at=[us_casino, mayfair])

    rows = api.as_user(supervisor).get(USERS).json()["results"]

    names = {row["username"]: row for row in rows}
    assert "meg_mayfair" not in names
    assert {"dana_dealer", "bo_both"} <= set(names)
    assert names["bo_both"]["casinos"] == [us_casino.pk]  # Mayfair's id is not his to see
    assert api.as_user(supervisor).get(f"{USERS}{meg.pk}/").status_code == 404
    assert api.as_user(supervisor).patch(f"{USERS}{meg.pk}/", {"first_name": "M"},
                                         format="json").status_code == 404
    assert User.objects.get(pk=both.pk).first_name == ""


@pytest.mark.parametrize("persona", ["dealer", "accountant", "outsider"])
def test_other_roles_get_403(api, request, us_casino, persona, supervisor):
    user = request.getfixturevalue(persona)
    client = api.as_user(user)

    assert client.get(USERS).status_code == 403
    assert client.get(f"{USERS}{supervisor.pk}/").status_code == 403
    assert client.post(USERS, new_user(casinos=[us_casino.pk]), format="json").status_code \
        == 403
    assert client.patch(f"{USERS}{user.pk}/", {"role": "supervisor"},
                        format="json").status_code == 403
    assert not User.objects.filter(username="nia_new").exists()


def test_deactivating_takes_the_dealer_off_his_tables_and_nothing_is_deleted(
        api, supervisor, stud_table, dealer):
    from knox.models import AuthToken

    token = AuthToken.objects.create(dealer)[1]
    answer = api.as_user(supervisor).patch(f"{USERS}{dealer.pk}/", {"is_active": False},
                                           format="json")

    assert answer.status_code == 200, answer.content
    assert answer.json()["is_active"] is False
    assert not stud_table.dealers.exists()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.get("/api/v1/tables/").status_code == 401

    deleted = api.as_user(supervisor).delete(f"{USERS}{dealer.pk}/")
    assert deleted.status_code == 405
    assert "Users are never deleted" in deleted.json()["detail"]
    assert api.as_user(dealer).delete(f"{USERS}{dealer.pk}/").status_code in (401, 403)
    assert User.objects.filter(pk=dealer.pk).exists()


def test_a_supervisor_cannot_deactivate_himself(api, supervisor, us_casino):
    answer = api.as_user(supervisor).patch(f"{USERS}{supervisor.pk}/", {"is_active": False},
                                           format="json")

    assert answer.status_code == 400
    assert answer.json() == {"is_active": ["You cannot deactivate your own account: ask "
                                           "another supervisor."]}


def test_a_new_password_passes_the_validators_and_ends_the_users_tokens(
        api, supervisor, dealer, us_casino):
    from knox.models import AuthToken

    token = AuthToken.objects.create(dealer)[1]
    weak = api.as_user(supervisor).patch(f"{USERS}{dealer.pk}/", {"password": "dana_dealer"},
                                         format="json")
    assert weak.status_code == 400
    assert "too similar to the username" in " ".join(weak.json()["password"])

    answer = api.as_user(supervisor).patch(f"{USERS}{dealer.pk}/", {"password": GOOD_PASSWORD},
                                           format="json")

    assert answer.status_code == 200
    assert User.objects.get(pk=dealer.pk).check_password(GOOD_PASSWORD)
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.get("/api/v1/tables/").status_code == 401


def test_a_user_of_another_casino_too_is_changed_only_by_a_supervisor_of_both(
        api, supervisor, us_casino, mayfair, stud_table):
    both = make_user("bo_both", "dealer", at=[us_casino, mayfair])

    refused = api.as_user(supervisor).patch(f"{USERS}{both.pk}/", {"roles": ["accountant"]},
                                            format="json")
    assert refused.status_code == 403
    assert "bo_both also works at Mayfair" in refused.json()["detail"]

    boss = make_user("bea_both", "supervisor", at=[us_casino, mayfair])
    moved = api.as_user(boss).patch(f"{USERS}{both.pk}/", {"casinos": [mayfair.pk],
                                                           "roles": ["dealer", "count"]},
                                    format="json")
    assert moved.status_code == 200, moved.content
    assert (moved.json()["casinos"], moved.json()["roles"]) == ([mayfair.pk],
                                                                ["dealer", "count"])


def test_leaving_a_casino_or_the_dealer_role_takes_the_user_off_its_tables(
        api, supervisor, us_casino, stud_table, dealer):
    answer = api.as_user(supervisor).patch(f"{USERS}{dealer.pk}/", {"role": "accountant"},
                                           format="json")

    assert answer.status_code == 200
    assert not stud_table.dealers.exists()
    assert answer.json()["roles"] == ["accountant"]


def test_no_privilege_is_granted_through_the_api(api, supervisor, dealer, us_casino):
    answer = api.as_user(supervisor).patch(f"{USERS}{dealer.pk}/", {
        "is_superuser": True, "is_staff": True, "first_name": "Dana"}, format="json")

    assert answer.status_code == 200
    dealer.refresh_from_db()
    assert (dealer.first_name, dealer.is_superuser, dealer.is_staff) == ("Dana", False, False)


def test_a_superusers_account_is_not_a_supervisors_to_change(api, supervisor, us_casino):
    root = User.objects.create_superuser("root", password="root-password-1")
    us_casino.staff.add(root)

    answer = api.as_user(supervisor).patch(f"{USERS}{root.pk}/", {"password": GOOD_PASSWORD},
                                           format="json")

    assert answer.status_code == 403
    assert "only a superuser changes that account" in answer.json()["detail"]


def test_roles_given_and_taken_and_the_flags_are_in_the_audit_trail(api, supervisor, dealer,
                                                                    us_casino):
    from django.apps import apps
    from django.contrib.auth.models import Group, Permission

    from tables.floor.accounts import user_update

    api.as_user(supervisor).patch(f"{USERS}{dealer.pk}/", {"roles": ["accountant"]},
                                  format="json")
    grants = apps.get_model("house", "RoleGrantEvent").objects.filter(user=dealer)
    assert sorted((e.pgh_label, Group.objects.get(pk=e.group_id).name,
                   e.pgh_context.metadata["user"], e.pgh_context.metadata["reason"])
                  for e in grants.exclude(pgh_label="role granted", group__name="dealer")) == [
        ("role granted", "accountant", supervisor.pk, "user dana_dealer changed: roles"),
        ("role taken", "dealer", supervisor.pk, "user dana_dealer changed: roles")]

    root = User.objects.create_superuser("root", password="root-password-1")
    permission = Permission.objects.get(codename="view_casino")
    user_update(actor=root, user=dealer, is_staff=True, permissions=[permission])
    flagged = apps.get_model("house", "StaffAccountEvent").objects.filter(
        pgh_obj=dealer.pk, pgh_label="account changed").latest("pgh_id")
    assert (flagged.is_staff, flagged.pgh_context.metadata["user"]) == (True, root.pk)
    given = apps.get_model("house", "PermissionGrantEvent").objects.get(user=dealer)
    assert (given.pgh_label, given.permission_id) == ("permission granted", permission.pk)
