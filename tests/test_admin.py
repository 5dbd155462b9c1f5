"""The admin never writes around a service: what the services refuse, it cannot change."""

import pytest

from casino.house.models import Casino
from tables.floor.models import Table
from tables.floor.services import casino_create
from tests.helpers import post_change_form

pytestmark = pytest.mark.django_db


def test_a_casinos_currency_is_read_only_once_it_has_tables(client, supervisor, stud_table,
                                                            us_casino):
    client.force_login(supervisor)
    url = f"/admin/house/casino/{us_casino.pk}/change/"

    response = post_change_form(client, url, currency="GBP", name="Renamed Harbor")

    assert response.status_code == 302
    us_casino.refresh_from_db()
    assert (us_casino.name, us_casino.currency) == ("Renamed Harbor", "USD")


def test_a_casino_without_tables_may_still_change_its_currency(client, supervisor):
    casino = casino_create(actor=supervisor, name="Empty", currency="USD",
                                    timezone="Europe/London")
    client.force_login(supervisor)

    post_change_form(client, f"/admin/house/casino/{casino.pk}/change/", currency="GBP")

    assert Casino.objects.get(pk=casino.pk).currency == "GBP"


def test_a_tables_casino_and_game_are_read_only(client, supervisor, stud_table):
    other = casino_create(actor=supervisor, name="Elsewhere", currency="USD",
                                   timezone="America/Chicago")
    client.force_login(supervisor)
    url = f"/admin/floor/table/{stud_table.pk}/change/"

    response = post_change_form(client, url, casino=str(other.pk), game="holdem", seats="6")

    assert response.status_code == 302
    table = Table.objects.get(pk=stud_table.pk)
    assert (table.casino_id, table.game, table.seats) == (stud_table.casino_id,
                                                          "caribbean_stud", 6)


def test_a_table_added_in_the_admin_is_made_by_the_service_with_its_dealers(
        client, supervisor, dealer, us_casino):
    from pghistory.models import Events

    client.force_login(supervisor)
    response = client.post("/admin/floor/table/add/", {
        "casino": str(us_casino.pk), "label": "CS-9", "game": "caribbean_stud",
        "status": "closed", "seats": "7", "dealer_accounts": [str(dealer.pk)]})

    assert response.status_code == 302
    table = Table.objects.get(label="CS-9")
    assert list(table.dealers.all()) == [dealer]
    created = Events.objects.tracks(table).filter(pgh_label="insert").get()
    assert created.pgh_context["reason"] == "table created"  # the service's audit context


# --- Scoped to the user's casinos (issue 26) -------------------------------------------


@pytest.fixture
def mayfair(db):
    """Mayfair with its own supervisor and dealer, and a table the dealer deals at."""
    from tables.floor.services import table_create
    from tests.conftest import make_user

    casino = Casino.objects.create(name="Mayfair", currency="GBP", timezone="Europe/London")
    casino.staff.clear()
    boss = make_user("mo_mayfair", "supervisor", at=[casino])
    dealer = make_user("meg_mayfair", "dealer", at=[casino])
    table = table_create(actor=boss, casino=casino, label="MF-1", game="caribbean_stud",
                         dealers=[dealer])
    return {"casino": casino, "boss": boss, "dealer": dealer, "table": table}


def test_a_supervisor_cannot_change_another_casino_in_the_admin(client, supervisor, us_casino,
                                                                mayfair):
    client.force_login(supervisor)
    url = f"/admin/house/casino/{mayfair['casino'].pk}/change/"

    assert client.get(url).status_code == 404
    answer = client.post(url, {"name": "Taken over", "timezone": "Pacific/Kiritimati",
                               "gaming_day_start": "14:00"})

    assert answer.status_code == 404
    casino = Casino.objects.get(pk=mayfair["casino"].pk)
    assert (casino.name, casino.timezone, casino.gaming_day_start.hour) == (
        "Mayfair", "Europe/London", 6)
    assert "Mayfair" not in client.get("/admin/house/casino/").content.decode()


def test_a_supervisor_cannot_restaff_another_casinos_table_in_the_admin(
        client, supervisor, dealer, us_casino, mayfair):
    client.force_login(supervisor)
    url = f"/admin/floor/table/{mayfair['table'].pk}/change/"

    answer = client.post(url, {"label": "MF-1", "status": "open", "seats": "7", "pit": "",
                               "dealer_accounts": [str(dealer.pk)]})

    assert answer.status_code == 404
    assert list(mayfair["table"].dealers.all()) == [mayfair["dealer"]]
    assert "MF-1" not in client.get("/admin/floor/table/").content.decode()


def test_a_table_is_given_only_active_dealers_of_its_casino(client, supervisor, stud_table,
                                                            dealer, mayfair):
    client.force_login(supervisor)
    url = f"/admin/floor/table/{stud_table.pk}/change/"

    answer = post_change_form(client, url, dealer_accounts=[str(mayfair["dealer"].pk)])

    assert answer.status_code == 200
    assert f"Select a valid choice. {mayfair['dealer'].pk}" in answer.content.decode()
    assert list(stud_table.dealers.all()) == [dealer]


def test_the_admin_assigns_and_unassigns_dealers_through_the_service(
        client, supervisor, stud_table, dealer, other_dealer):
    from pghistory.models import Events

    client.force_login(supervisor)
    url = f"/admin/floor/table/{stud_table.pk}/change/"

    answer = post_change_form(client, url, dealer_accounts=[str(other_dealer.pk)])

    assert answer.status_code == 302
    assert list(stud_table.dealers.all()) == [other_dealer]
    events = Events.objects.references(stud_table).filter(
        pgh_label__in=["assigned", "unassigned"]).exclude(pgh_context__reason="table created")
    assert sorted((e.pgh_label, e.pgh_data["dealer_id"], e.pgh_context["reason"],
                   e.pgh_context["user"]) for e in events) == [
        ("assigned", other_dealer.pk, "table changed", supervisor.pk),
        ("unassigned", dealer.pk, "table changed", supervisor.pk)]


def test_a_services_refusal_comes_back_in_words_and_nothing_is_saved(
        client, supervisor, stud_table, dealer, other_dealer, monkeypatch):
    from django.core.exceptions import ValidationError

    from tables.floor import services

    def refuse(**kwargs):
        raise ValidationError({"dealers": "otto_dealer was deactivated a moment ago."})

    monkeypatch.setattr(services, "table_update", refuse)
    client.force_login(supervisor)
    url = f"/admin/floor/table/{stud_table.pk}/change/"

    answer = post_change_form(client, url, seats="5", dealer_accounts=[str(other_dealer.pk)])

    assert answer.status_code == 302
    assert "Otto_dealer was deactivated a moment ago." in client.get(url).content.decode()
    table = Table.objects.get(pk=stud_table.pk)
    assert (table.seats, list(table.dealers.all())) == (7, [dealer])


def test_the_view_on_site_shortcut_is_not_there_to_find_another_casinos_rows(
        client, supervisor, us_casino, mayfair):
    from django.contrib.contenttypes.models import ContentType
    from django.urls import resolve

    client.force_login(supervisor)
    address = f"/admin/r/{ContentType.objects.get_for_model(Casino).pk}/{mayfair['casino'].pk}/"

    # Django's shortcut looked any row of any model up by type and id, outside the scope.
    assert resolve(address).url_name != "view_on_site"
    answer = client.get(address)
    assert answer.status_code == 404
    assert "Mayfair" not in answer.content.decode()


def test_the_admins_autocomplete_offers_only_the_users_casinos(client, us_casino, mayfair):
    client.force_login(mayfair["boss"])

    answer = client.get("/admin/autocomplete/", {
        "app_label": "floor", "model_name": "table", "field_name": "casino", "term": ""})

    assert [row["text"] for row in answer.json()["results"]] == ["Mayfair"]


def test_staff_of_other_roles_are_refused_with_403_at_once(client, dealer):
    client.force_login(dealer)

    answer = client.get("/admin/floor/table/")

    assert answer.status_code == 403
    assert b"The admin is for pit supervisors." in answer.content
