"""The admin never writes around a service: what the services refuse, it cannot change."""

import pytest

from tables.floor.models import Casino, Table
from tables.floor.services import casino_create

pytestmark = pytest.mark.django_db


def post_change_form(client, url: str, **changes):
    """Submit the admin's change form as the page shows it, with ``changes`` typed in."""
    page = client.get(url)
    assert page.status_code == 200
    data = {}
    for form in [page.context["adminform"].form,
                 *(f for inline in page.context["inline_admin_formsets"]
                   for f in [inline.formset.management_form, *inline.formset.forms])]:
        for name in form.fields:
            value = form[name].value()
            if value is None or value is False:
                continue
            data[form.add_prefix(name)] = value
    data.update(changes)
    return client.post(url, data)


def test_a_casinos_currency_is_read_only_once_it_has_tables(client, supervisor, stud_table,
                                                            us_casino):
    client.force_login(supervisor)
    url = f"/admin/tables/casino/{us_casino.pk}/change/"

    response = post_change_form(client, url, currency="GBP", name="Renamed Harbor")

    assert response.status_code == 302
    us_casino.refresh_from_db()
    assert (us_casino.name, us_casino.currency) == ("Renamed Harbor", "USD")


def test_a_casino_without_tables_may_still_change_its_currency(client, supervisor):
    casino = casino_create(actor=supervisor, name="Empty", currency="USD",
                                    timezone="Europe/London")
    client.force_login(supervisor)

    post_change_form(client, f"/admin/tables/casino/{casino.pk}/change/", currency="GBP")

    assert Casino.objects.get(pk=casino.pk).currency == "GBP"


def test_a_tables_casino_and_game_are_read_only(client, supervisor, stud_table):
    other = casino_create(actor=supervisor, name="Elsewhere", currency="USD",
                                   timezone="America/Chicago")
    client.force_login(supervisor)
    url = f"/admin/tables/table/{stud_table.pk}/change/"

    response = post_change_form(client, url, casino=str(other.pk), game="holdem", seats="6")

    assert response.status_code == 302
    table = Table.objects.get(pk=stud_table.pk)
    assert (table.casino_id, table.game, table.seats) == (stud_table.casino_id,
                                                          "caribbean_stud", 6)


def test_a_table_added_in_the_admin_is_made_by_the_service_with_its_dealers(
        client, supervisor, dealer, us_casino):
    from pghistory.models import Events

    client.force_login(supervisor)
    response = client.post("/admin/tables/table/add/", {
        "casino": str(us_casino.pk), "label": "CS-9", "game": "caribbean_stud",
        "status": "closed", "seats": "7",
        "tabledealer_set-TOTAL_FORMS": "1", "tabledealer_set-INITIAL_FORMS": "0",
        "tabledealer_set-0-dealer": str(dealer.pk)})

    assert response.status_code == 302
    table = Table.objects.get(label="CS-9")
    assert list(table.dealers.all()) == [dealer]
    created = Events.objects.tracks(table).filter(pgh_label="insert").get()
    assert created.pgh_context["reason"] == "table created"  # the service's audit context
