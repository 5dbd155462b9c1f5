"""A stud round's up card (issue 29): optional on the API, one of the dealer's cards; on
the dealer's form the first dealer card typed unless he marks another; sealed with its
round (a round without one is sealed as before)."""

from __future__ import annotations

import pytest
from django.db import connection

from casino.common.chains import breaks
from tables.stud.models import StudRound
from tests.helpers import CONTRACT_ROUND

pytestmark = pytest.mark.django_db


def post(api, dealer, table, **extra):
    return api.as_user(dealer).post(f"/api/v1/tables/{table.pk}/stud-rounds/",
                                    {**CONTRACT_ROUND, **extra}, format="json")


def test_the_api_takes_an_up_card_among_the_dealers_cards(api, dealer, live_table):
    recorded = post(api, dealer, live_table, up_card="kd")
    assert recorded.status_code == 201, recorded.content
    assert recorded.json()["dealer"]["up_card"] == "Kd"
    assert post(api, dealer, live_table).json()["dealer"]["up_card"] is None  # optional

    refused = {card: post(api, dealer, live_table, up_card=card).json()["up_card"]
               for card in ("Qh", "zz")}
    assert refused["Qh"] == ["'Qh' is not one of the dealer's cards (As Kd 7c 4h 2s)."]
    assert refused["zz"][0].startswith("'zz' is not a card")
    void = api.as_user(dealer).post(f"/api/v1/tables/{live_table.pk}/stud-rounds/", {
        "void": "misdeal", "seats": CONTRACT_ROUND["seats"], "up_card": "As"}, format="json")
    assert void.json()["up_card"] == ["A void round has no up card."]
    assert list(StudRound.objects.values_list("up_card", flat=True).order_by("id")) == [
        "Kd", ""]


def test_the_form_takes_the_first_dealer_card_unless_another_is_marked(client, dealer,
                                                                       live_table):
    client.force_login(dealer)
    seat = {"seat1_ante": "10", "seat1_decision": "raise", "seat1_cards": "Qh Qs 9d 5c 3h"}
    client.post(f"/dealer/tables/{live_table.pk}/round/",
                {"dealer_cards": "AsKd7c4h2s", **seat})
    client.post(f"/dealer/tables/{live_table.pk}/round/",
                {"dealer_cards": "As Kd 7c 4h 2s", "up_card": "7c", **seat})
    wrong = client.post(f"/dealer/tables/{live_table.pk}/round/",
                        {"dealer_cards": "As Kd 7c 4h 2s", "up_card": "9h", **seat})

    assert list(StudRound.objects.order_by("id").values_list("up_card", flat=True)) == [
        "As", "7c"]
    assert wrong.status_code == 400
    assert ("Up card: &#x27;9h&#x27; is not one of the dealer&#x27;s cards (As Kd 7c 4h 2s)."
            in wrong.content.decode())
    assert 'id="up_card-error"' in wrong.content.decode()


def test_the_up_card_is_sealed_with_its_round(api, dealer, live_table, as_owner):
    with_card = post(api, dealer, live_table, up_card="Kd").json()["id"]
    post(api, dealer, live_table)
    with connection.cursor() as cursor:  # what COMMIT does to the deferred sealing
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        cursor.execute("SELECT tables_record_content('stud_round', %s)", [with_card])
        assert cursor.fetchone()[0].endswith(', "Kd"]')
    assert breaks() == []

    as_owner("UPDATE tables_studround SET up_card = '7c' WHERE id = %s", [with_card],
             table="tables_studround")

    assert [b["broken"] for b in breaks()] == ["content"]
