"""The supervisor's dealers page: the roster of his casinos, adding a dealer, assigning and
taking a dealer off a table, deactivating an account after being told what it does.
Refusals are in words beside what they concern; dealers and accountants get 403, another
casino's dealers and tables 404."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from casino.house.models import Casino
from tables.floor.services import table_create
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

PASSWORD = "felt-and-chips-42"


def new_dealer(casino, **changes) -> dict:
    return {"casino": casino.pk, "username": "dana.scully", "first_name": "Dana",
            "last_name": "Scully", "password": PASSWORD, "password_again": PASSWORD, **changes}


def text(response) -> str:
    return response.content.decode()


@pytest.fixture
def mayfair(db):
    casino = Casino.objects.create(name="Mayfair", currency="GBP", timezone="Europe/London")
    casino.staff.clear()
    return casino


def test_the_roster_shows_each_dealer_with_the_tables_dealt(client, supervisor, stud_table,
                                                            other_table):
    client.force_login(supervisor)
    page = text(client.get("/pit/dealers/"))
    # the table he deals, and beside it what the button does
    assert '<strong class="dealt-table">CS-1</strong> <button type="submit" class="secondary" ' \
        'aria-label="Take off CS-1: dana_dealer">Take off</button>' in page
    assert 'aria-label="Take off CS-2: otto_dealer">Take off</button>' in page
    assert 'aria-label="Table for dana_dealer"' in page
    assert "Deactivate dana_dealer" in page


def test_a_supervisor_adds_a_dealer_who_can_then_log_in(client, supervisor, us_casino):
    client.force_login(supervisor)

    response = client.post("/pit/dealers/", new_dealer(us_casino), follow=True)

    assert "dana.scully can now log in as a dealer at Test Harbor" in text(response)
    dealer = User.objects.get(username="dana.scully")
    assert (dealer.get_full_name(), dealer.groups.get().name) == ("Dana Scully", "dealer")
    client.logout()
    assert client.post("/login/", {"username": "dana.scully",
                                   "password": PASSWORD})["Location"] == "/"


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"password": "short1", "password_again": "short1"}, "password",
     "This password is too short."),
    ({"password_again": "something-else-7"}, "password_again",
     "The two passwords differ: type them again."),
    ({"username": "sam_supervisor"}, "username",
     "The user name &#x27;sam_supervisor&#x27; is taken; choose another."),
    ({"username": ""}, "username", "none given."),
], ids=["weak password", "passwords differ", "taken", "no name"])
def test_a_refused_dealer_is_explained_next_to_the_field(client, supervisor, us_casino,
                                                         changes, field, words):
    client.force_login(supervisor)

    response = client.post("/pit/dealers/", new_dealer(us_casino, **changes))

    assert response.status_code == 400
    page = text(response)
    assert f'id="id_{field}_error">{words}' in page
    assert "<details class=\"card add-dealer\" open>" in page
    assert not User.objects.filter(username="dana.scully").exists()


def test_every_problem_of_a_new_dealer_shows_at_once(client, supervisor, us_casino):
    client.force_login(supervisor)
    response = client.post("/pit/dealers/", new_dealer(
        us_casino, username="sam_supervisor", password="1234", password_again="4321"))
    page = text(response)
    assert 'id="id_password_again_error">The two passwords differ' in page
    assert 'id="id_username_error">The user name &#x27;sam_supervisor&#x27; is taken' in page
    assert 'id="id_password_error">This password is too short.' in page


def test_a_supervisor_assigns_and_takes_a_dealer_off_a_table(client, supervisor, stud_table,
                                                             other_table, dealer):
    client.force_login(supervisor)
    address = f"/pit/dealers/{dealer.pk}/tables/"

    response = client.post(address, {"action": "assign", "table": other_table.pk}, follow=True)
    assert "dana_dealer deals at CS-2" in text(response)
    assert set(dealer.dealt_tables.values_list("label", flat=True)) == {"CS-1", "CS-2"}

    client.post(address, {"action": "unassign", "table": stud_table.pk})
    assert list(dealer.dealt_tables.values_list("label", flat=True)) == ["CS-2"]


def test_an_assignment_refused_by_the_service_is_shown_on_the_dealers_row(
        client, supervisor, us_casino, mayfair, dealer):
    mayfair.staff.add(supervisor)
    mayfair.staff.remove(dealer)
    table = table_create(actor=supervisor, casino=mayfair, label="CSP-1",
                         game="caribbean_stud")
    client.force_login(supervisor)

    response = client.post(f"/pit/dealers/{dealer.pk}/tables/",
                           {"action": "assign", "table": table.pk, "casino": mayfair.pk})

    assert response.status_code == 400
    page = text(response)
    # dana works at Mayfair no more, so there is no row of hers there: the problem stands on top
    assert (f'<li>dana_dealer (id {dealer.pk}) is not on the staff of Mayfair.</li>') in page
    assert not table.dealers.exists()


def test_deactivating_says_what_it_will_do_then_does_it(client, supervisor, stud_table,
                                                        dealer):
    client.force_login(supervisor)
    address = f"/pit/dealers/{dealer.pk}/active/"

    page = text(client.get(address))
    assert "dana_dealer can no longer log in" in page
    assert "dana_dealer is taken off CS-1." in page
    dealer.refresh_from_db()
    assert dealer.is_active

    client.post(address, {"active": "no"})
    dealer.refresh_from_db()
    assert not dealer.is_active
    assert not stud_table.dealers.exists()
    assert "deactivated" in text(client.get("/pit/dealers/"))

    assert "dana_dealer can log in again" in text(client.get(address))
    client.post(address, {"active": "yes"})
    dealer.refresh_from_db()
    assert dealer.is_active


def test_a_refused_deactivation_is_explained_and_changes_nothing(client, supervisor,
                                                                 us_casino, mayfair):
    both = make_user("bo_both", "dealer", at=[us_casino, mayfair])
    client.force_login(supervisor)
    response = client.post(f"/pit/dealers/{both.pk}/active/", {"active": "no"})
    assert response.status_code == 400
    assert "bo_both also works at Mayfair, where you are not on the staff" in text(response)
    both.refresh_from_db()
    assert both.is_active


PAGES = [("GET", "/pit/dealers/"), ("POST", "/pit/dealers/"),
         ("POST", "/pit/dealers/{dealer}/tables/"), ("GET", "/pit/dealers/{dealer}/active/"),
         ("POST", "/pit/dealers/{dealer}/active/")]


@pytest.mark.parametrize(("method", "page"), PAGES)
def test_dealers_and_accountants_may_not_manage_dealers(client, dealer, accountant, method,
                                                        page):
    for user in (dealer, accountant):
        client.force_login(user)
        answer = getattr(client, method.lower())(page.format(dealer=dealer.pk))
        assert answer.status_code == 403
    dealer.refresh_from_db()
    assert dealer.is_active


@pytest.mark.parametrize(("method", "page"), PAGES[2:])
def test_another_casinos_dealer_is_not_found(client, supervisor, mayfair, method, page):
    stranger = make_user("mo_mayfair", "dealer", at=[mayfair])
    client.force_login(supervisor)
    answer = getattr(client, method.lower())(page.format(dealer=stranger.pk), {"active": "no"})
    assert answer.status_code == 404
    stranger.refresh_from_db()
    assert stranger.is_active


def test_another_casinos_table_is_not_found(client, supervisor, us_casino, mayfair, dealer):
    boss = make_user("mo_boss", "supervisor", at=[mayfair])
    theirs = table_create(actor=boss, casino=mayfair, label="CSP-1", game="caribbean_stud")
    client.force_login(supervisor)
    answer = client.post(f"/pit/dealers/{dealer.pk}/tables/",
                         {"action": "assign", "table": theirs.pk})
    assert answer.status_code == 404
    assert not theirs.dealers.exists()


def test_the_pit_and_the_top_bar_lead_to_the_dealers(client, supervisor, us_casino):
    client.force_login(supervisor)
    page = text(client.get("/pit/"))
    assert page.count('href="/pit/dealers/"') == 1  # the top bar's (the pit lists its pages there)
