"""A supervisor voids a round, a hand or a time collection from its page, with the reason;
nobody else can, and a void without a reason changes nothing."""

from decimal import Decimal as D

import pytest

from payouts.terms import services as terms
from tables.poker.models import PokerHandVoid, TimeCollectionVoid
from tables.poker.services import poker_hand_record, time_collection_record
from tables.stud.models import StudRoundVoid
from tables.stud.services import stud_round_record
from tests.card_room import poker_table

pytestmark = pytest.mark.django_db

ROUND = {"dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
         "seats": [{"seat": 1, "ante": "10.00", "decision": "fold"}]}


@pytest.fixture
def round_(dealer, live_table):
    return stud_round_record(actor=dealer, table=live_table, **ROUND)[0]


def test_a_supervisor_voids_a_round_from_its_page_with_the_reason(client, supervisor, round_):
    client.force_login(supervisor)
    page = client.get(f"/rounds/{round_.pk}/").content.decode()
    assert f"Void round {round_.pk}" in page

    done = client.post(f"/rounds/{round_.pk}/void/", {"reason": "seat 1 was not in play"},
                       follow=True).content.decode()

    void = StudRoundVoid.objects.get(round=round_)
    assert (void.reason, void.voided_by) == ("seat 1 was not in play", supervisor)
    assert f"Round {round_.pk} is voided" in done
    assert f"Voided by {supervisor.get_username()}" in done
    assert f"Void round {round_.pk}</button>" not in done   # once only


def test_a_void_without_a_reason_changes_nothing_and_says_why(client, supervisor, round_):
    client.force_login(supervisor)
    done = client.post(f"/rounds/{round_.pk}/void/", {"reason": "  "}, follow=True)

    assert "Say why the round is voided." in done.content.decode()
    assert not StudRoundVoid.objects.exists()


def test_only_a_supervisor_voids(client, dealer, accountant, round_):
    for user in (dealer, accountant):
        client.force_login(user)
        assert client.post(f"/rounds/{round_.pk}/void/", {"reason": "x"}).status_code == 403
        assert f"Void round {round_.pk}" not in client.get(f"/rounds/{round_.pk}/").content \
            .decode()
    assert not StudRoundVoid.objects.exists()


def test_another_casinos_round_is_not_found(client, round_):
    from tests.conftest import make_user

    elsewhere = make_user("far_boss", "supervisor", at=[])
    client.force_login(elsewhere)
    assert client.post(f"/rounds/{round_.pk}/void/", {"reason": "x"}).status_code == 404


@pytest.fixture
def time_table(supervisor, dealer, us_casino, controller):
    draft = terms.schedule_create(actor=controller, name="Time", method="time", time_fee=D(6))
    return poker_table(supervisor, dealer, us_casino,
                       terms.schedule_publish(actor=controller, schedule=draft), label="NL-1",
                       structure="no_limit", small_blind=D(1), big_blind=D(2))


def test_a_supervisor_voids_a_hand_and_a_time_collection(client, supervisor, dealer, holdem,
                                                         time_table):
    hand = poker_hand_record(actor=dealer, table=holdem, pot=D(85), flop_dealt=True)[0]
    collection = time_collection_record(actor=dealer, table=time_table, seats=[1, 4])
    client.force_login(supervisor)

    client.post(f"/poker-hands/{hand.pk}/void/", {"reason": "pot miscounted"})
    listing = client.get(f"/pit/tables/{time_table.pk}/time-collections/").content.decode()
    assert f"Void time collection {collection.pk}" in listing
    client.post(f"/time-collections/{collection.pk}/void/", {"reason": "seat 4 was empty"})

    assert PokerHandVoid.objects.get(hand=hand).reason == "pot miscounted"
    assert TimeCollectionVoid.objects.get(collection=collection).reason == "seat 4 was empty"
    listing = client.get(f"/pit/tables/{time_table.pk}/time-collections/").content.decode()
    assert "seat 4 was empty" in listing
