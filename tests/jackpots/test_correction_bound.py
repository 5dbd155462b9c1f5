"""A meter correction's plausibility bound (issue 26, point 11): a correction may set a
balance up to the meter's ``correction_bound`` on one supervisor's word; above it a second
supervisor who may correct the meter confirms by their own password, on the API and the
page alike, refused in words without them, and the confirmation is kept."""

from __future__ import annotations

import html
import re
from decimal import Decimal as D

import pytest
from pghistory.models import Events

from payouts.jackpots import services as jackpots
from payouts.jackpots.models import CorrectionConfirmation, MeterEntry, MeterKind, Progressive
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

HUGE = "999999999999.00"


@pytest.fixture
def meter(supervisor, us_casino):
    """Harbor's own meter, seeded at 10,000: its bound is a hundred seeds, 1,000,000."""
    return jackpots.progressive_create(
        actor=supervisor, name="Harbor Meter", currency="USD", seed=D("10000.00"),
        contribution_rate=D("0.70"), casino=us_casino)


@pytest.fixture
def second(us_casino):
    return make_user("sue_second", "supervisor", at=[us_casino])


def correct(api, user, meter, new_balance, **more):
    return api.as_user(user).post(f"/api/v1/progressives/{meter.pk}/correct/", {
        "meter": "meter", "new_balance": new_balance, "reason": "count sheet 41", **more},
        format="json")


def unchanged(meter) -> bool:
    return (Progressive.objects.get(pk=meter.pk).amount == D("10000.00")
            and not MeterEntry.objects.filter(progressive=meter,
                                              kind=MeterKind.CORRECTION).exists())


def test_a_new_meter_is_bounded_by_a_hundred_seeds_or_its_limit_or_its_threshold(
        supervisor, us_casino, meter):
    limited = jackpots.progressive_create(
        actor=supervisor, name="Limited", currency="USD", seed=D("1000.00"),
        contribution_rate=D("0.5"), casino=us_casino, limit=D("25000.00"))
    unseeded = jackpots.progressive_create(
        actor=supervisor, name="Unseeded", currency="USD", seed=D("0.00"),
        contribution_rate=D("0.5"), casino=us_casino, approval_threshold=D("5000.00"))
    named = jackpots.progressive_create(
        actor=supervisor, name="Named", currency="USD", seed=D("100.00"),
        contribution_rate=D("0.5"), casino=us_casino, correction_bound=D("750.00"))

    assert [m.correction_bound for m in (meter, limited, unseeded, named)] == [
        D("1000000.00"), D("25000.00"), D("5000.00"), D("750.00")]


def test_a_correction_to_an_implausible_balance_is_refused_without_a_second_supervisor(
        api, supervisor, meter):
    answer = correct(api, supervisor, meter, HUGE)

    assert answer.status_code == 400, answer.content
    assert answer.json()["witness"] == [
        "$999,999,999,999.00 is above Harbor Meter's correction bound of $1,000,000.00: a "
        "second supervisor confirms it with their own password."]
    assert unchanged(meter)


def test_a_wrong_password_or_someone_who_may_not_correct_is_refused_in_words(
        api, supervisor, meter, second, dealer, us_casino):
    from tables.floor.services import casino_create

    elsewhere = make_user("mo_mayfair", "supervisor", at=[])
    casino_create(actor=elsewhere, name="Mayfair", currency="GBP", timezone="Europe/London")

    wrong = correct(api, supervisor, meter, HUGE, witness="sue_second",
                    witness_password="not-hers")
    no_password = correct(api, supervisor, meter, HUGE, witness="sue_second")
    a_dealer = correct(api, supervisor, meter, HUGE, witness="dana_dealer",
                       witness_password="dana_dealer-password-1")
    another_casino = correct(api, supervisor, meter, HUGE, witness="mo_mayfair",
                             witness_password="mo_mayfair-password-1")
    alone = correct(api, supervisor, meter, HUGE, witness="sam_supervisor",
                    witness_password="sam_supervisor-password-1")

    assert wrong.json() == {"witness_password": ["That is not sue_second's password."]}
    assert no_password.json() == {"witness_password": [
        "sue_second types their own password to confirm."]}
    assert a_dealer.json()["witness"] == [
        "dana_dealer does not govern Harbor Meter: the second person is another supervisor "
        "who may correct it."]
    assert "mo_mayfair does not govern Harbor Meter" in another_casino.json()["witness"][0]
    assert "the witness is a second person" in alone.json()["witness"][0]
    assert {a.status_code for a in (wrong, no_password, a_dealer, another_casino, alone)} == {
        400}
    assert unchanged(meter)


def test_a_second_supervisors_password_lets_it_through_and_is_kept(api, supervisor, meter,
                                                                  second):
    answer = correct(api, supervisor, meter, "2500000.00", witness="sue_second",
                     witness_password="sue_second-password-1")

    assert answer.status_code == 201, answer.content
    assert answer.json()["amount"] == "2500000.00"
    entry = MeterEntry.objects.get(progressive=meter, kind=MeterKind.CORRECTION)
    confirmation = CorrectionConfirmation.objects.get(entry=entry)
    assert (entry.created_by, confirmation.confirmed_by, confirmation.bound) == (
        supervisor, second, D("1000000.00"))


def test_a_correction_within_the_bound_needs_one_supervisor_as_before(api, supervisor,
                                                                     meter):
    answer = correct(api, supervisor, meter, "1000000.00")

    assert answer.status_code == 201, answer.content
    assert not CorrectionConfirmation.objects.exists()


def test_the_bound_is_a_parameter_changed_and_audited_like_the_others(api, supervisor,
                                                                      meter):
    answer = api.as_user(supervisor).patch(f"/api/v1/progressives/{meter.pk}/",
                                           {"correction_bound": "50000.00"}, format="json")

    assert answer.status_code == 200, answer.content
    assert answer.json()["correction_bound"] == "50000.00"
    changes = [e.pgh_diff for e in Events.objects.tracks(meter).filter(pgh_label="update")]
    assert {"correction_bound": [D("1000000"), D("50000")]} in [
        {k: [D(str(v)) for v in pair] for k, pair in diff.items()} for diff in changes]
    assert correct(api, supervisor, meter, "60000.00").status_code == 400


def text_of(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", response.content.decode()))


def test_the_page_asks_for_the_second_supervisor_and_never_shows_a_password(
        client, supervisor, meter, second):
    client.force_login(supervisor)
    address = f"/pit/progressives/{meter.pk}/correct/"
    form = {"meter": "meter", "new_balance": HUGE, "reason": "count sheet 41"}

    asked = client.post(address, form)
    unconfirmed = client.post(address, {**form, "confirm": "yes"})
    wrong = client.post(address, {**form, "confirm": "yes", "witness": "sue_second",
                                  "witness_password": "typed-wrong-9"})

    assert "is above the meter's correction bound of $1,000,000.00: a second supervisor " \
           "confirms it with their own password" in text_of(asked)
    assert 'name="witness_password"' in asked.content.decode()
    assert unconfirmed.status_code == 400
    assert "a second supervisor confirms it with their own password" in text_of(unconfirmed)
    assert wrong.status_code == 400
    assert "That is not sue_second's password." in text_of(wrong)
    assert "typed-wrong-9" not in wrong.content.decode()
    assert unchanged(meter)

    done = client.post(address, {**form, "confirm": "yes", "witness": "sue_second",
                                 "witness_password": "sue_second-password-1"})

    assert done.status_code == 302
    assert CorrectionConfirmation.objects.get().confirmed_by == second
