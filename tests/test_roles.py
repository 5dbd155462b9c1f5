import pytest
from django.contrib.auth.models import Group

from tests.conftest import make_user

pytestmark = pytest.mark.django_db


def test_the_migration_creates_the_role_groups():
    assert set(Group.objects.values_list("name", flat=True)) >= {
        "supervisor", "dealer", "accountant", "cage", "count", "group_supervisor"}


def test_the_group_supervisor_may_change_terms_and_meters_and_nothing_of_the_floor():
    held = set(Group.objects.get(name="group_supervisor")
               .permissions.values_list("codename", flat=True))
    assert {"add_paytable", "change_paytable", "add_rakeschedule", "change_rakeschedule",
            "add_progressive", "change_progressive"} <= held
    assert not {c for c in held if c.endswith(("table", "casino", "round", "hand", "slip",
                                                "count", "jackpothit"))} - {
        "add_paytable", "change_paytable", "view_paytable"}


def test_only_supervisors_may_change_tables():
    perms = {g.name: set(g.permissions.values_list("codename", flat=True))
             for g in Group.objects.all()}
    assert {"add_table", "change_table"} <= perms["supervisor"]
    assert "change_table" not in perms["dealer"]
    assert "change_table" not in perms["accountant"]
    assert "view_table" in perms["dealer"] & perms["accountant"]


def test_nobody_may_delete_a_casino_or_a_table():
    codenames = set(Group.objects.values_list("permissions__codename", flat=True))
    assert not {"delete_casino", "delete_table"} & codenames


@pytest.mark.parametrize(("role", "landing"), [
    ("supervisor", "/pit/"), ("dealer", "/dealer/"), ("accountant", "/accounting/"),
    ("cage", "/cage/"), ("count", "/count/"), ("group_supervisor", "/pit/paytables/")])
def test_home_takes_each_role_to_its_work(client, role, landing):
    client.force_login(make_user("someone", role))

    response = client.get("/")

    assert response.status_code == 302
    assert response["Location"] == landing


@pytest.mark.parametrize(("role", "link"), [
    ("supervisor", '<a href="/pit/chips/">Chips</a>'), ("cage", '<a href="/cage/">Cage</a>'),
    ("count", '<a href="/count/">Count</a>'),
    ("group_supervisor", '<a href="/pit/progressives/">Jackpots</a>')])
def test_the_top_bar_leads_each_role_to_its_accounting_page(client, role, link):
    client.force_login(make_user("someone", role))

    page = client.get("/", follow=True).content.decode()

    assert link in page.replace(' aria-current="page"', "")  # the page he is on is marked


def test_home_tells_a_user_without_a_role_what_to_do(client, outsider):
    client.force_login(outsider)

    response = client.get("/")

    assert response.status_code == 403
    assert b"Ask a pit supervisor to give you a role" in response.content


def test_home_sends_anonymous_visitors_to_the_login_page(client):
    response = client.get("/")

    assert response.status_code == 302
    assert response["Location"] == "/login/?next=/"


@pytest.mark.parametrize("url", ["/pit/", "/pit/chips/", "/pit/dealers/", "/accounting/",
                                 "/admin/"])
def test_the_group_supervisor_has_no_page_of_a_casinos_floor(client, controller, url):
    client.force_login(controller)

    assert client.get(url, follow=True).status_code == 403


@pytest.mark.parametrize("url", ["/pit/", "/accounting/"])
def test_a_dealer_cannot_open_other_roles_pages(client, dealer, url):
    client.force_login(dealer)

    response = client.get(url)

    assert response.status_code == 403
    assert b"This page is for the" in response.content


def test_the_admin_is_open_to_supervisors(client, supervisor):
    client.force_login(supervisor)

    assert client.get("/admin/").status_code == 200
    assert client.get("/admin/floor/table/").status_code == 200


@pytest.mark.parametrize("persona", ["dealer", "accountant", "outsider"])
def test_the_admin_is_closed_to_everybody_else(client, request, persona):
    client.force_login(request.getfixturevalue(persona))

    response = client.get("/admin/", follow=True)

    assert response.status_code == 403
    assert b"The admin is for pit supervisors." in response.content


def test_the_admin_sends_anonymous_visitors_to_the_one_login_page(client):
    response = client.get("/admin/", follow=True)

    assert response.redirect_chain[-1][0] == "/login/?next=/admin/"


def test_the_login_page_renders(client):
    response = client.get("/login/")

    assert response.status_code == 200
    assert b'name="username"' in response.content


def test_logout_ends_the_session(client, accountant):
    client.force_login(accountant)

    response = client.post("/logout/")

    assert response.status_code == 302
    assert client.get("/accounting/").status_code == 302


def test_role_groups_match_the_code_after_migrate():
    from casino.common.roles import role_grants

    for role, perms in role_grants().items():
        group = Group.objects.get(name=role)
        held = {f"{p.content_type.app_label}.{p.codename}" for p in group.permissions.all()}
        assert held == set(perms), role
