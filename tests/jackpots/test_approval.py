"""Approving a jackpot award: a witness who confirms by their own password, the player's
W-2G details when one applies, both kept as records; the API's approve action; the pit's
list of unpaid jackpots and the approval page."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction

from casino.common import credentials
from payouts.jackpots import services as jackpots
from payouts.jackpots.fieldcrypt import decrypted
from payouts.jackpots.models import HitApproval, HitStatus, W2GPlayer
from tests.conftest import make_user
from tests.jackpots.conftest import (
    PASSWORD,
    W2G_PLAYER,
    approve,
    nothing_stored,
    refusal,
    typed_in,
    w2g_hit_committed,
)

pytestmark = pytest.mark.django_db


# --- The witness --------------------------------------------------------------------


def test_an_approval_records_the_supervisor_and_the_witness_each_with_the_time(
        supervisor, witness, plain_hit):
    paid = approve(supervisor, plain_hit)

    approval = HitApproval.objects.get()
    assert paid.status == HitStatus.PAID
    assert (approval.hit, approval.approved_by, approval.witnessed_by) == (
        plain_hit, supervisor, witness)
    assert approval.witnessed_at <= approval.approved_at
    # And by which version of the witness's log-in her password proved her.
    assert approval.witness_credential == credentials.proven(witness)[0]
    assert not W2GPlayer.objects.exists()  # no W-2G for $500


def test_a_second_supervisor_may_witness(supervisor, plain_hit):
    second = make_user("sue_second", "supervisor")

    approve(supervisor, plain_hit, "sue_second")

    assert HitApproval.objects.get().witnessed_by == second


@pytest.mark.parametrize(("name", "field", "said"), [
    ("", "witness", "Name the witness: a second supervisor or an accountant of Test Harbor"),
    ("nobody_here", "witness", "There is no user named 'nobody_here'."),
    ("sam_supervisor", "witness", "sam_supervisor is approving: the witness is a second person."),
    ("otto_dealer", "witness", "otto_dealer is not a supervisor or an accountant"),
    ("dana_dealer", "witness", "dana_dealer is not a supervisor or an accountant"),
    ("gone_witness", "witness", "gone_witness's account is deactivated"),
    ("mo_mayfair", "witness", "mo_mayfair does not work at Test Harbor."),
])
def test_the_witness_is_refused_by_name_and_nothing_is_stored(
        supervisor, other_dealer, witness, plain_hit, name, field, said):
    from casino.house.models import Casino

    gone = make_user("gone_witness", "accountant")
    gone.is_active = False
    gone.save()
    mayfair = Casino.objects.create(name="Mayfair", currency="GBP", timezone="Europe/London")
    make_user("mo_mayfair", "accountant", "supervisor", at=[mayfair])

    detail = refusal(lambda: approve(supervisor, plain_hit, name))

    assert list(detail) == [field]
    assert said in detail[field][0], detail
    nothing_stored(plain_hit)


def test_the_dealer_of_the_round_cannot_witness_even_as_a_supervisor(supervisor, plain_hit):
    dealer = plain_hit.round.dealer
    from django.contrib.auth.models import Group

    dealer.groups.add(Group.objects.get(name="supervisor"))

    detail = refusal(lambda: approve(supervisor, plain_hit, dealer.username))

    assert detail == {"witness": [f"{dealer.username} dealt this round: the witness is "
                                  "someone away from the table."]}
    nothing_stored(plain_hit)


def test_a_wrong_or_missing_witness_password_is_refused_and_nothing_is_stored(
        supervisor, witness, plain_hit):
    wrong = refusal(lambda: approve(supervisor, plain_hit, password="not-her-password"))
    missing = refusal(lambda: jackpots.hit_approve(
        actor=supervisor, hit=plain_hit, device=typed_in(), witness="wendy_witness"))

    assert wrong == {"witness_password": ["That is not wendy_witness's password."]}
    assert missing == {"witness_password": ["wendy_witness types their own password to "
                                            "confirm."]}
    nothing_stored(plain_hit)


def test_wrong_witness_passwords_throttle_the_witness_on_that_device_not_their_logins(
        client, supervisor, witness, plain_hit):
    from axes.models import AccessAttempt

    answers = [refusal(lambda: approve(supervisor, plain_hit, password="guess"))
               for _ in range(5)]
    locked = refusal(lambda: approve(supervisor, plain_hit))  # the right one, too late

    assert answers[3] == {"witness_password": ["That is not wendy_witness's password."]}
    for answer in (answers[4], locked):  # the fifth failure stops her confirming here
        assert ("wendy_witness cannot confirm from it for 30 minutes (wendy_witness's own "
                "logins still work)") in answer["witness_password"][0]
    kept = AccessAttempt.objects.get()
    assert (kept.username, kept.failures_since_start) == ("wendy_witness (as witness)", 6)
    nothing_stored(plain_hit)
    # Her own log-in, from the tablet the guesses were typed on (typed_in's address):
    assert client.post("/login/", {"username": "wendy_witness",
                                   "password": PASSWORD.format("wendy_witness")},
                       REMOTE_ADDR="10.0.0.9").status_code == 302


def test_only_a_supervisor_approves(witness, dealer, plain_hit):
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        approve(dealer, plain_hit)
    nothing_stored(plain_hit)


def test_an_award_is_approved_once(supervisor, witness, plain_hit):
    approve(supervisor, plain_hit)

    again = refusal(lambda: approve(supervisor, plain_hit))

    assert again == {"status": ["This award is paid, not awaiting approval."]}
    assert HitApproval.objects.count() == 1


# --- The W-2G details -----------------------------------------------------------------


def test_a_w2g_approval_keeps_the_players_details_and_shows_the_tin_masked(
        supervisor, witness, w2g_hit):
    approve(supervisor, w2g_hit, player=W2G_PLAYER)

    player = W2GPlayer.objects.get()
    assert player.approval == HitApproval.objects.get(hit=w2g_hit)
    assert (player.full_name, player.postal_code, decrypted(player.tin_token),
            player.tin_kind) == ("Pat Q. Player", "89109", "234567891", "ssn")
    assert str(player.date_of_birth) == "1970-05-31"
    assert player.tin_masked == "XXX-XX-7891"
    assert "7891" in str(player)
    assert "23456" not in str(player)


def test_every_w2g_detail_is_required_when_a_w2g_applies(supervisor, witness, w2g_hit):
    detail = refusal(lambda: approve(supervisor, w2g_hit))

    assert sorted(detail["player"]) == sorted(W2G_PLAYER)
    assert detail["player"]["tin"] == ["The SSN or ITIN is needed for the W-2G."]
    nothing_stored(w2g_hit)


def test_no_w2g_details_are_taken_when_none_applies(supervisor, witness, plain_hit):
    detail = refusal(lambda: approve(supervisor, plain_hit, player=W2G_PLAYER))

    assert detail == {"player": ["This award needs no W-2G: leave the player's details out."]}
    nothing_stored(plain_hit)


@pytest.mark.parametrize(("tin", "said"), [
    ("12345678", "this one has 8 digits."),
    ("1234567890", "this one has 10 digits."),
    ("123-45-678x", "this one has 8 digits and other characters."),
    ("000-12-3456", "No SSN starts with 000 or 666"),
    ("666-12-3456", "No SSN starts with 000 or 666"),
    ("123-00-4567", "has 00 as its 4th and 5th digits"),
    ("123-45-0000", "ends in 0000"),
    ("912-34-5678", "An ITIN starts with 9 and its 4th and 5th digits are 50-65"),
])
def test_a_bad_ssn_or_itin_is_refused_without_repeating_it(supervisor, witness, w2g_hit, tin,
                                                           said):
    detail = refusal(lambda: approve(supervisor, w2g_hit, player={**W2G_PLAYER, "tin": tin}))

    assert list(detail) == ["player"]
    assert list(detail["player"]) == ["tin"]
    assert said in detail["player"]["tin"][0]
    assert tin not in detail["player"]["tin"][0]
    nothing_stored(w2g_hit)


def test_an_itin_is_kept_as_one(supervisor, witness, w2g_hit):
    approve(supervisor, w2g_hit, player={**W2G_PLAYER, "tin": "912 70 1234"})

    player = W2GPlayer.objects.get()
    assert (decrypted(player.tin_token), player.tin_kind) == ("912701234", "itin")


@pytest.mark.parametrize(("field", "value", "said"), [
    ("postal_code", "8910", "'8910' is not a ZIP code"),
    ("date_of_birth", "31/05/1970", "is not a date: write it as year-month-day"),
    ("date_of_birth", "2099-01-01", "cannot be the player's date of birth"),
    ("date_of_birth", "2020-01-01", "is under 18"),
    ("id_kind", "library_card", "'library_card' is not a kind of identification"),
    ("id_number", "#1", "is not an identification number"),
    ("full_name", "x" * 121, "longer than 120 characters"),
    ("city", 12, "Give the city as text."),
    ("nickname", "Lucky", "'nickname' is not one of the W-2G details."),
])
def test_each_w2g_detail_is_checked_by_its_name(supervisor, witness, w2g_hit, field, value,
                                                said):
    detail = refusal(lambda: approve(supervisor, w2g_hit, player={**W2G_PLAYER, field: value}))

    assert list(detail["player"]) == [field]
    assert said in detail["player"][field][0], detail
    nothing_stored(w2g_hit)


def test_a_foreign_postal_code_is_not_read_as_a_zip(supervisor, witness, w2g_hit):
    approve(supervisor, w2g_hit, player={**W2G_PLAYER, "country": "Canada",
                                         "region": "Ontario", "postal_code": "M5V 2T6"})

    assert W2GPlayer.objects.get().postal_code == "M5V 2T6"


def test_the_witness_and_the_players_details_are_refused_in_one_pass(supervisor, witness,
                                                                    w2g_hit):
    detail = refusal(lambda: approve(supervisor, w2g_hit, password="wrong",
                                     player={**W2G_PLAYER, "tin": "123"}))

    assert detail["witness_password"] == ["That is not wendy_witness's password."]
    assert list(detail["player"]) == ["tin"]
    nothing_stored(w2g_hit)


# --- Records ------------------------------------------------------------------------


def attempt(sql: str, params=()) -> None:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, params)


@pytest.mark.parametrize("table", ["payouts_hitapproval", "payouts_w2gplayer"])
def test_the_application_role_may_only_add_approvals_and_w2g_details(
        supervisor, witness, w2g_hit, table):
    approve(supervisor, w2g_hit, player=W2G_PLAYER)
    for sql in (f"UPDATE {table} SET id = id", f"DELETE FROM {table}"):
        with pytest.raises(DatabaseError, match=f"permission denied for table {table}"):
            attempt(sql)
    assert HitApproval.objects.count() == W2GPlayer.objects.count() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("table", "change"), [
    ("payouts_hitapproval", "witnessed_by_id = approved_by_id + 0"),
    ("payouts_w2gplayer", "tin_last4 = '4321'"),
])
def test_even_the_owner_cannot_change_or_delete_them(owner_sql, table, change):
    supervisor = make_user("sam_supervisor", "supervisor")
    make_user("wendy_witness", "accountant")
    approve(supervisor, w2g_hit_committed(supervisor), player=W2G_PLAYER)

    with pytest.raises(Exception, match=f"Cannot update rows from {table}"):
        owner_sql(f"UPDATE {table} SET {change}")
    with pytest.raises(Exception, match=f"Cannot delete rows from {table}"):
        owner_sql(f"DELETE FROM {table}")
    assert decrypted(W2GPlayer.objects.get().tin_token) == "234567891"

