"""Issue 33: what a dealer's tablet queued and the service refused is held, and resolved
once: corrected and sent by its dealer, entered late by a supervisor, or discarded with a
reason; each a record with who and when."""

import datetime as dt

import pytest

from tables.offline.models import HeldEntry, HeldResolution
from tables.stud.models import StudRound
from tests.helpers import CONTRACT_ROUND
from tests.offline.conftest import HELD
from tests.played import at

pytestmark = pytest.mark.django_db


def test_a_refused_round_is_held_once_with_the_services_words(api, dealer, refused):
    held, body = refused
    assert held["refusal"] == {"seats": {"0": {"ante": [
        "Seat 1: an ante of 150.00 is outside this table's limits (5.00 to 100.00)."]}}}
    assert held["dealt_at"] == "2026-11-30T09:00:00-05:00"
    assert held["correct_url"].endswith("/round/")
    again = api.post(HELD, {"table": held["table"], "kind": "stud_round", "body": body,
                            "refusal": held["refusal"]}, format="json",
                     HTTP_IDEMPOTENCY_KEY="tab-1")
    assert again.status_code == 200
    assert again.json()["id"] == held["id"]
    assert HeldEntry.objects.count() == 1
    assert [row["id"] for row in api.get(f"{HELD}?open=1").json()["results"]] == [held["id"]]


def test_the_dealer_corrects_and_sends_it_once(api, dealer, refused):
    held, body = refused
    fixed = {**body, "seats": [{**body["seats"][0], "ante": "100.00"}]}
    sent = api.as_user(dealer).post(f"{HELD}{held['id']}/send/", {"body": fixed},
                                    format="json")
    assert sent.status_code == 201, sent.json()
    again = api.post(f"{HELD}{held['id']}/send/", {"body": fixed}, format="json")
    assert again.status_code == 200
    assert again.json()["id"] == sent.json()["id"]
    round_ = StudRound.objects.get()
    assert (round_.idempotency_key, round_.dealt_at) == ("tab-1", at(2026, 11, 30, 9, 0))
    resolution = HeldResolution.objects.get()
    assert (resolution.outcome, resolution.stud_round, resolution.by) == (
        "recorded", round_, dealer)
    assert api.get(f"{HELD}?open=1").json()["results"] == []


def test_a_correction_still_wrong_is_refused_and_stays_held(api, dealer, refused):
    held, body = refused
    answer = api.as_user(dealer).post(f"{HELD}{held['id']}/send/", {"body": body},
                                      format="json")
    assert answer.status_code == 400
    assert "outside this table's limits" in str(answer.json())
    assert not HeldResolution.objects.exists()


def test_a_supervisor_discards_it_saying_why_on_the_pit(client, api, supervisor, refused):
    held, _ = refused
    client.force_login(supervisor)
    page = client.get("/pit/").content.decode()
    assert "Refused when the tablet sent it: 1 to resolve" in page
    assert "an ante of 150.00 is outside this table&#x27;s limits" in page

    nothing = client.post(f"/pit/held/{held['id']}/discard/", {"reason": "  "}, follow=True)
    assert "Not done: Reason: Say why it is discarded" in nothing.content.decode()
    done = client.post(f"/pit/held/{held['id']}/discard/", {"reason": "dealt again at 100"},
                       follow=True)
    assert "is discarded; the reason is kept with it" in done.content.decode()
    resolution = HeldResolution.objects.get()
    assert (resolution.outcome, resolution.reason, resolution.by) == (
        "discarded", "dealt again at 100", supervisor)
    assert "to resolve" not in client.get("/pit/").content.decode()
    twice = api.as_user(supervisor).post(f"{HELD}{held['id']}/discard/", {"reason": "again"},
                                         format="json")
    assert twice.status_code == 400
    assert twice.json() == {"held": [
        f"This stud round was discarded already by {supervisor.username}."]}


def test_a_supervisor_enters_late_what_its_shift_closed_on(api, dealer, supervisor,
                                                             closed_day_held):
    held, _ = closed_day_held

    refused = api.as_user(dealer).post(f"{HELD}{held['id']}/enter-late/")
    assert refused.status_code == 403
    entered = api.as_user(supervisor).post(f"{HELD}{held['id']}/enter-late/")
    assert entered.status_code == 201, entered.json()
    round_ = StudRound.objects.get()
    assert (round_.dealer, round_.gaming_day, round_.dealt_at) == (
        dealer, dt.date(2026, 12, 1), at(2026, 12, 1, 5, 40))
    assert HeldResolution.objects.get().outcome == "late_entry"


def test_another_casinos_supervisor_sees_nothing_and_resolves_nothing(api, refused):
    from casino.house.models import Casino
    from tests.conftest import make_user

    held, _ = refused
    mayfair = Casino.objects.create(name="Mayfair", currency="GBP", timezone="Europe/London")
    stranger = make_user("sam_mayfair", "supervisor", at=[mayfair])
    api.as_user(stranger)
    assert api.get(HELD).json()["results"] == []
    assert api.post(f"{HELD}{held['id']}/discard/", {"reason": "x"},
                    format="json").status_code == 404


def test_holding_is_refused_in_words_for_a_table_not_his_or_a_body_that_is_not_a_round(
        api, dealer, live_table):
    from casino.house.models import Casino
    from tables.floor.models import Table

    body = {**CONTRACT_ROUND, "dealt_at": "2026-11-30T14:00:00Z"}
    api.as_user(dealer)

    def hold(table, sent, key="tab-x"):
        return api.post(HELD, {"table": table, "kind": "stud_round", "body": sent,
                               "refusal": {}}, format="json", HTTP_IDEMPOTENCY_KEY=key)

    mayfair = Casino.objects.create(name="Mayfair", currency="GBP", timezone="Europe/London")
    theirs = Table.objects.create(casino=mayfair, label="CSP-1", game="caribbean_stud", seats=7)
    assert hold(theirs.pk, body).status_code == 403   # a table of his casinos not his
    mayfair.staff.remove(dealer)
    assert hold(theirs.pk, body).status_code == 404   # another casino's: none here
    assert hold(99999, body).status_code == 404
    assert hold(live_table.pk, {**body, "dealt_at": None}).json() == {
        "dealt_at": ["A held entry says when it was dealt."]}
    assert hold(live_table.pk, body, key="").json() == {"idempotency_key": [
        "A held entry keeps the Idempotency-Key it was queued with: send it as the header."]}
    assert "seats" in hold(live_table.pk, {**body, "seats": "all of them"}).json()
    assert not HeldEntry.objects.exists()
