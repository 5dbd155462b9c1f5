"""The supervisor's paytable pages: create, edit a draft, publish, compare, assign, history."""

import pytest

from payouts.terms import services
from payouts.terms.models import Paytable
from tests.helpers import terms_form

pytestmark = pytest.mark.django_db


def test_a_supervisor_creates_edits_and_publishes_a_paytable(client, supervisor, us_casino):
    client.force_login(supervisor)

    response = client.post("/pit/paytables/new/", {"name": "High roller", "variant": "us",
                                                   "owner": f"casino:{us_casino.pk}"})
    paytable = Paytable.objects.get(name="High roller")
    assert response["Location"] == f"/pit/paytables/{paytable.pk}/"

    client.post(f"/pit/paytables/{paytable.pk}/", terms_form(paytable, odds_flush="6"))
    paytable.refresh_from_db()
    client.post(f"/pit/paytables/{paytable.pk}/publish/", {**terms_form(paytable),
                                                          "confirm": "yes"})

    paytable.refresh_from_db()
    assert (paytable.odds["flush"], paytable.status) == (6, "published")
    page = client.get(f"/pit/paytables/{paytable.pk}/").content.decode()
    assert "A published paytable never changes" in page
    assert "Odds, flush: 5 → 6" in page  # the history shows before and after


def test_a_bad_draft_edit_is_explained_and_not_saved(client, controller):
    client.force_login(controller)
    draft = services.paytable_create(actor=controller, name="Draft", variant="us")

    response = client.post(f"/pit/paytables/{draft.pk}/",
                           terms_form(draft, dealer_qualifier="A9"))

    assert response.status_code == 400
    assert "&#x27;A9&#x27; is not a dealer qualifier" in response.content.decode()
    draft.refresh_from_db()
    assert draft.dealer_qualifier == "AK"


@pytest.mark.parametrize("amount", ["1E+4", "\u0661\u0660\u0660"],
                         ids=["exponent", "arabic-indic"])
def test_a_draft_amount_that_is_not_plain_decimal_is_refused(client, controller, amount):
    client.force_login(controller)
    draft = services.paytable_create(actor=controller, name="Draft", variant="us")

    response = client.post(f"/pit/paytables/{draft.pk}/", terms_form(draft, max_payout=amount))

    assert response.status_code == 400
    assert "is not an amount: write it like 12.50" in response.content.decode()
    draft.refresh_from_db()
    assert str(draft.max_payout) == "5000.00"


def test_posting_to_a_published_paytable_changes_nothing(client, supervisor, us_paytable):
    client.force_login(supervisor)

    client.post(f"/pit/paytables/{us_paytable.pk}/", terms_form(us_paytable, odds_flush="9"))

    us_paytable.refresh_from_db()
    assert us_paytable.odds["flush"] == 5


def test_two_versions_are_compared_side_by_side(client, controller, us_paytable):
    client.force_login(controller)
    v2 = services.paytable_new_version(actor=controller, paytable=us_paytable)
    services.paytable_update(actor=controller, paytable=v2,
                             odds={**us_paytable.odds, "royal_flush": 250})

    page = client.get(f"/pit/paytables/compare/?a={us_paytable.pk}&b={v2.pk}").content.decode()

    assert '<tr class="differs"><th scope="row">Royal flush (N:1)</th><td>100</td><td>250</td>' \
        in page
    assert '<tr class=""><th scope="row">Flush (N:1)</th><td>5</td><td>5</td>' in page


def test_a_supervisor_assigns_a_paytable_and_the_table_history_shows_it(client, supervisor,
                                                                        stud_table, us_paytable):
    client.force_login(supervisor)

    client.post(f"/pit/tables/{stud_table.pk}/paytable/", {"paytable": us_paytable.pk,
                                                           "confirm": "yes"})

    stud_table.refresh_from_db()
    assert stud_table.paytable == us_paytable
    history = client.get(f"/pit/tables/{stud_table.pk}/history/").content.decode()
    assert f"paytable {us_paytable} assigned" in history
    assert f"Paytable: none → {us_paytable.name} v{us_paytable.version}" in history
    assert "sam_supervisor" in history


def test_retiring_a_paytable_in_use_is_refused_with_the_reason(client, controller, live_table):
    client.force_login(controller)

    response = client.post(f"/pit/paytables/{live_table.paytable_id}/retire/",
                           {"confirm": "yes"}, follow=True)

    assert "is in use at CS-1: give those tables another paytable first" in \
        response.content.decode()


@pytest.mark.parametrize("url", ["/pit/paytables/", "/pit/paytables/compare/?a=1&b=2"])
def test_dealers_cannot_open_the_paytable_pages(client, dealer, url):
    client.force_login(dealer)

    assert client.get(url).status_code == 403
