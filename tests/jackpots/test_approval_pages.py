"""The approval of a jackpot award through the API's approve action and the pages: the
pit's unpaid jackpots, the approval form; the TIN shown masked and kept out of the audit
trail and the logs."""

from __future__ import annotations

import logging

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from payouts.jackpots.models import HitApproval, HitStatus, JackpotHit, W2GPlayer
from tests.conftest import make_user
from tests.jackpots.conftest import W2G_PLAYER, nothing_stored, play

pytestmark = pytest.mark.django_db

WITNESS = {"witness": "wendy_witness", "witness_password": "wendy_witness-password-1"}
TIN_DIGITS = ("234567891", "234-56-7891")


def approve_url(hit) -> str:
    return f"/api/v1/jackpot-hits/{hit.pk}/approve/"


# --- The API ---------------------------------------------------------------------------


def test_the_approve_action_takes_a_witness_and_the_player_and_shows_the_tin_masked(
        api, supervisor, witness, w2g_hit):
    answer = api.as_user(supervisor).post(approve_url(w2g_hit),
                                          {**WITNESS, "player": W2G_PLAYER}, format="json")

    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert (body["status"], body["approved_by"], body["witnessed_by"]) == (
        "paid", supervisor.pk, witness.pk)
    assert body["witnessed_at"]
    assert body["approved_at"]
    assert body["player"]["tin"] == "XXX-XX-7891"
    assert (body["player"]["tin_kind"], body["player"]["full_name"]) == ("ssn", "Pat Q. Player")
    again = api.get(f"/api/v1/jackpot-hits/{w2g_hit.pk}/")
    listed = api.get("/api/v1/jackpot-hits/")
    for shown in (answer, again, listed):
        assert not any(tin in shown.content.decode() for tin in TIN_DIGITS)
    assert again.json()["player"]["tin"] == "XXX-XX-7891"


def test_a_hit_without_an_approval_shows_no_witness_nor_player(api, accountant, plain_hit):
    body = api.as_user(accountant).get(f"/api/v1/jackpot-hits/{plain_hit.pk}/").json()

    assert (body["witnessed_by"], body["witnessed_at"], body["player"]) == (None, None, None)


def test_the_approve_action_names_every_missing_field(api, supervisor, w2g_hit):
    answer = api.as_user(supervisor).post(approve_url(w2g_hit), {}, format="json")

    assert answer.status_code == 400
    body = answer.json()
    assert body["witness"][0].startswith("Name the witness")
    assert sorted(body["player"]) == sorted(W2G_PLAYER)
    assert body["player"]["date_of_birth"] == ["The date of birth is needed for the W-2G."]
    nothing_stored(w2g_hit)


@pytest.mark.parametrize(("body", "expected"), [
    ({**WITNESS, "witness_password": "nope", "player": W2G_PLAYER},
     {"witness_password": ["That is not wendy_witness's password."]}),
    ({**WITNESS, "player": "Pat"},
     {"player": ["Give the player's details as an object: full_name, street, city, region, "
                 "postal_code, country, tin, id_kind, id_number, date_of_birth."]}),
    ({**WITNESS, "player": {**W2G_PLAYER, "tin": "12-345"}},
     {"player": {"tin": ["An SSN or ITIN has 9 digits, such as 123-45-6789; this one has 5 "
                         "digits."]}}),
    ({"witness": "sam_supervisor", "witness_password": "x", "player": W2G_PLAYER},
     {"witness": ["sam_supervisor is approving: the witness is a second person."]}),
])
def test_the_approve_action_refuses_by_field(api, supervisor, witness, w2g_hit, body, expected):
    answer = api.as_user(supervisor).post(approve_url(w2g_hit), body, format="json")

    assert (answer.status_code, answer.json()) == (400, expected)
    nothing_stored(w2g_hit)


def test_the_approve_action_refuses_w2g_details_for_a_hit_without_one(api, supervisor, witness,
                                                                      plain_hit):
    answer = api.as_user(supervisor).post(approve_url(plain_hit),
                                          {**WITNESS, "player": W2G_PLAYER}, format="json")
    plain = api.post(approve_url(plain_hit), WITNESS, format="json")

    assert answer.json() == {"player": ["This award needs no W-2G: leave the player's details "
                                        "out."]}
    assert (plain.status_code, plain.json()["status"], plain.json()["player"]) == (
        200, "paid", None)


def test_the_tin_and_the_password_stay_out_of_the_audit_trail_and_the_logs(
        api, client, supervisor, witness, w2g_hit, caplog):
    from axes.models import AccessAttempt
    from pghistory.models import Events

    client.force_login(supervisor)
    with caplog.at_level(logging.DEBUG):
        client.post(f"/pit/jackpot-hits/{w2g_hit.pk}/approve/", {
            **W2G_PLAYER, "witness": "wendy_witness", "witness_password": "wrong-guess",
            "confirmed": "on"})
        api.as_user(supervisor).post(approve_url(w2g_hit), {**WITNESS, "player": W2G_PLAYER},
                                     format="json")

    assert JackpotHit.objects.get().status == HitStatus.PAID
    kept = [caplog.text, *(str(e.pgh_data) + str(e.pgh_diff) + str(e.pgh_context)
                           for e in Events.objects.tracks(w2g_hit))]
    kept += list(AccessAttempt.objects.values_list("post_data", flat=True))
    assert AccessAttempt.objects.exists()  # the wrong guess was counted
    for text in kept:
        for secret in (*TIN_DIGITS, "wrong-guess", "wendy_witness-password-1", "Las Vegas Blvd"):
            assert secret not in text


# --- The pit -------------------------------------------------------------------------


def test_the_pit_shows_unpaid_jackpots_first_in_words_and_the_casinos_time(
        client, supervisor, w2g_hit, jackpot_table):
    play(jackpot_table, "9h 8h 7h 6h 5h", seat=4)  # not settled: no worker in this test
    client.force_login(supervisor)

    page = client.get("/pit/").content.decode()

    section = page[page.index("Jackpots not paid yet"):page.index("</section>")]
    assert section.index("$50,000.70") < section.index("known once settled")
    assert "Awaiting a supervisor&#x27;s approval · W-2G" in section
    assert "Being settled: the meter pays it within a minute" in section
    assert "straight flush" in section
    assert "royal flush" in section
    local = w2g_hit.recorded_at.astimezone(jackpot_table.casino.zone)
    assert f"{local:%Y-%m-%d %H:%M} {local.tzname()}" in section
    assert f'href="/pit/jackpot-hits/{w2g_hit.pk}/approve/"' in section
    assert section.count("/approve/") == 1  # a pending hit cannot be approved yet
    assert page.index("Jackpots not paid yet") < page.index("Test Harbor")


def test_the_pit_reads_its_jackpots_in_one_query_however_many(client, supervisor, w2g_hit,
                                                             jackpot_table, time_machine):
    import datetime as dt

    # The clock stands still: a minute ending between two reads would have the board
    # keep one more minute.
    time_machine.move_to(dt.datetime.now(dt.UTC), tick=False)
    client.force_login(supervisor)

    def statements() -> int:
        with CaptureQueriesContext(connection) as queries:
            client.get("/pit/")
        return len(queries)

    statements()  # the live board atop the page keeps the hours' whole minutes read here
    one = statements()
    for seat in (2, 3, 4):
        play(jackpot_table, "9h 8h 7h 6h 5h", seat=seat)
    assert JackpotHit.objects.count() == 4
    assert statements() == one


def test_the_pit_shows_no_jackpot_of_another_casino(client, w2g_hit):
    from casino.house.models import Casino

    mayfair = Casino.objects.create(name="Mayfair", currency="GBP", timezone="Europe/London")
    client.force_login(make_user("mo_mayfair", "supervisor", at=[mayfair]))

    page = client.get("/pit/").content.decode()

    assert "Jackpots not paid yet" not in page
    assert client.get(f"/pit/jackpot-hits/{w2g_hit.pk}/approve/").status_code == 404


# --- The approval page ---------------------------------------------------------------


def test_the_approval_page_pays_with_a_witness_and_shows_the_tin_masked(
        client, supervisor, witness, w2g_hit):
    client.force_login(supervisor)
    url = f"/pit/jackpot-hits/{w2g_hit.pk}/approve/"
    form = client.get(url).content.decode()
    assert ("Approve $50,000.70 for seat 1 at CS-1: the award is paid from the meter and "
            "cannot be undone") in form
    assert "The player's details for the W-2G" in form

    done = client.post(url, {**WITNESS, **W2G_PLAYER, "confirmed": "on"}, follow=True)

    page = done.content.decode()
    assert done.redirect_chain == [(url, 302)]
    assert ("Paid: $50,000.70 at CS-1, seat 1, approved by sam_supervisor and witnessed by "
            "wendy_witness.") in page
    assert "XXX-XX-7891" in page
    assert "Pat Q. Player" in page
    assert not any(tin in page for tin in TIN_DIGITS)
    assert HitApproval.objects.get().witnessed_by == witness


def test_without_the_confirmation_nothing_is_paid(client, supervisor, witness, w2g_hit):
    client.force_login(supervisor)

    page = client.post(f"/pit/jackpot-hits/{w2g_hit.pk}/approve/",
                       {**WITNESS, **W2G_PLAYER}).content.decode()

    assert "Tick the box to confirm: Approve $50,000.70 for seat 1 at CS-1" in page
    nothing_stored(w2g_hit)


def test_a_refused_approval_names_each_field_and_never_shows_the_tin_back(
        client, supervisor, witness, w2g_hit):
    client.force_login(supervisor)

    page = client.post(f"/pit/jackpot-hits/{w2g_hit.pk}/approve/", {
        **W2G_PLAYER, "witness": "wendy_witness", "witness_password": "nope",
        "postal_code": "8910", "confirmed": "on"}).content.decode()

    assert "Not approved: nothing was stored" in page
    assert "Witness&#x27;s password: That is not wendy_witness&#x27;s password." in page
    assert "Postal code: &#x27;8910&#x27; is not a ZIP code" in page
    assert 'value="Pat Q. Player"' in page  # kept for the second try
    assert not any(tin in page for tin in TIN_DIGITS)
    assert "This field" not in page
    nothing_stored(w2g_hit)


def test_an_award_without_a_w2g_asks_only_for_the_witness(client, supervisor, witness,
                                                          plain_hit):
    client.force_login(supervisor)
    url = f"/pit/jackpot-hits/{plain_hit.pk}/approve/"

    form = client.get(url).content.decode()
    client.post(url, {**WITNESS, "confirmed": "on"})

    assert "W-2G" not in form
    assert "SSN" not in form
    assert "the fixed award is paid and cannot be undone" in form
    plain_hit.refresh_from_db()
    assert plain_hit.status == HitStatus.PAID
    assert not W2GPlayer.objects.exists()


def test_a_paid_hit_has_no_form_but_its_approval(client, supervisor, witness, plain_hit):
    client.force_login(supervisor)
    url = f"/pit/jackpot-hits/{plain_hit.pk}/approve/"
    client.post(url, {**WITNESS, "confirmed": "on"})

    page = client.get(url).content.decode()
    again = client.post(url, {**WITNESS, "confirmed": "on"})

    assert "approval-form" not in page
    assert "Witnessed by" in page
    assert "wendy_witness" in page
    assert again.status_code == 200
    assert HitApproval.objects.count() == 1
