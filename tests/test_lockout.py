"""Login throttling behind the TLS proxy: failures lock out a user name from one device
(the pair), an address that guesses many names is locked out itself, a witness's wrong
passwords never lock the witness's own logins; on the pages and the token endpoint, and
a supervisor unlocks.

Every request here comes as the proxy passes it on: REMOTE_ADDR is the proxy's, the
client's own address is in X-Forwarded-For (TRUSTED_PROXY_COUNT=1)."""

import logging

import pytest
from django.core.management import call_command
from django.test import RequestFactory
from rest_framework.test import APIClient

from casino import config

pytestmark = pytest.mark.django_db
LIMIT = 5  # AXES_FAILURE_LIMIT
NAMES_LIMIT = 10  # AXES_ADDRESS_USERNAME_LIMIT
PROXY = "172.20.0.2"
TABLET_A, TABLET_B = "10.40.1.11", "10.40.1.12"


@pytest.fixture(autouse=True)
def behind_the_proxy(settings):
    (settings.AXES_IPWARE_META_PRECEDENCE_ORDER,
     settings.AXES_IPWARE_PROXY_COUNT) = config.client_address_source(1)


def from_device(address: str) -> dict:
    return {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": address}


def password_of(user) -> str:
    return f"{user.username}-password-1"


def page_login(client, username: str, password: str, device: str) -> int:
    return client.post("/login/", {"username": username, "password": password},
                       **from_device(device)).status_code


def token_login(client, username: str, password: str, device: str) -> int:
    return APIClient().post("/api/v1/auth/token/", {"username": username,
                                                    "password": password},
                            **from_device(device)).status_code


# A door: how it answers a right password, a wrong one, and a refusal.
DOORS = {"page": (page_login, 302, 200), "token": (token_login, 200, 400)}


@pytest.fixture(params=list(DOORS))
def door(request, client):
    log_in, right, wrong = DOORS[request.param]
    return (lambda *args: log_in(client, *args)), right, wrong


def test_guessed_names_from_one_device_never_refuse_a_right_password(door, dealer):
    log_in, right, wrong = door
    guesses = [log_in(f"guess{number}", "wrong", TABLET_A) for number in range(LIMIT)]

    assert guesses == [wrong] * LIMIT  # no name failed five times: nothing locked
    assert log_in(dealer.username, password_of(dealer), TABLET_B) == right
    assert log_in(dealer.username, password_of(dealer), TABLET_A) == right


def test_a_device_guessing_many_names_is_locked_out_itself_and_no_other(door, dealer):
    log_in, right, wrong = door
    guesses = [log_in(f"guess{number}", "wrong", TABLET_A) for number in range(NAMES_LIMIT)]

    assert guesses == [wrong] * (NAMES_LIMIT - 1) + [429]
    assert log_in(dealer.username, password_of(dealer), TABLET_A) == 429
    assert log_in(dealer.username, password_of(dealer), TABLET_B) == right


def test_failures_for_a_dealer_on_one_device_never_refuse_the_dealer_on_another(
        door, dealer, supervisor):
    log_in, right, wrong = door
    failures = [log_in(dealer.username, "wrong", TABLET_A) for _ in range(LIMIT)]

    assert failures == [wrong] * (LIMIT - 1) + [429]  # the failure that reaches the limit
    assert log_in(dealer.username, password_of(dealer), TABLET_A) == 429
    assert log_in(dealer.username, password_of(dealer), TABLET_B) == right
    assert log_in(supervisor.username, password_of(supervisor), TABLET_A) == right


def test_the_lockout_is_said_in_words_and_logged(client, dealer, caplog):
    with caplog.at_level(logging.WARNING):
        for _ in range(LIMIT):
            page_login(client, dealer.username, "wrong", TABLET_A)
    page = client.post("/login/", {"username": dealer.username,
                                   "password": password_of(dealer)}, **from_device(TABLET_A))
    token = APIClient().post("/api/v1/auth/token/", {
        "username": dealer.username, "password": password_of(dealer)},
        **from_device(TABLET_A))

    assert page.status_code == token.status_code == 429
    assert "Another device still works" in page.content.decode()
    assert token.json()["detail"].startswith("Too many failed logins for this user name "
                                             "from this device")
    assert "AXES" in caplog.text  # each failure and the lockout are logged


def test_the_failures_are_kept_by_the_client_address_not_the_proxys(client, dealer):
    from axes.models import AccessAttempt

    page_login(client, dealer.username, "wrong", TABLET_A)
    token_login(client, dealer.username, "wrong", TABLET_B)

    assert sorted(AccessAttempt.objects.values_list("ip_address", flat=True)) == [
        TABLET_A, TABLET_B]


def test_a_client_cannot_choose_its_address_through_the_header(client, dealer):
    """The proxy's entry is the last one: what a client wrote before it is passed over."""
    from axes.models import AccessAttempt

    client.post("/login/", {"username": dealer.username, "password": "wrong"},
                REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=f"{TABLET_B}, {TABLET_A}")

    assert AccessAttempt.objects.get().ip_address == TABLET_A


def test_a_supervisor_unlocks_a_locked_out_dealer_in_the_admin(client, dealer, supervisor,
                                                              us_casino):
    from axes.models import AccessAttempt

    for _ in range(LIMIT):
        page_login(client, dealer.username, "wrong", TABLET_A)
    attempts = list(AccessAttempt.objects.filter(username=dealer.username))
    assert attempts

    client.force_login(supervisor)
    listing = client.get("/admin/axes/accessattempt/")
    assert listing.status_code == 200
    assert dealer.username in listing.content.decode()
    client.post("/admin/axes/accessattempt/", {
        "action": "delete_selected", "_selected_action": [a.pk for a in attempts],
        "post": "yes"})
    client.logout()

    assert page_login(client, dealer.username, password_of(dealer), TABLET_A) == 302


# --- A second person's password (a jackpot's witness, a void slip's second signature,
# --- the count team's second member) -----------------------------------------------


def confirm(actor, person, password: str, device: str):
    from casino.common.witness import Device, second_person

    typed_on = RequestFactory().post("/pit/jackpot-hits/1/approve/", **from_device(device))
    return second_person(actor, person.username, password, Device.of(typed_on),
                         acting="approving",
                         refusal=lambda person: "", ask="Name the witness.")


def test_wrong_witness_passwords_never_lock_the_witness_out_of_logging_in(
        client, supervisor, accountant):
    refusals = [confirm(supervisor, accountant, "wrong", TABLET_A)[1] for _ in range(LIMIT)]
    late = confirm(supervisor, accountant, password_of(accountant), TABLET_A)

    assert refusals[0] == [(("witness_password",), "That is not alice_accountant's password.")]
    for _field, said in (refusals[-1][0], late[1][0]):  # the fifth failure, then the right one
        assert said.startswith("alice_accountant's password was wrong too many times on this "
                               "device: alice_accountant cannot confirm from it for 30 "
                               "minutes (alice_accountant's own logins still work).")
    assert confirm(supervisor, accountant, password_of(accountant), TABLET_B)[0] == accountant
    # The witness's own logins, on the very device the wrong passwords were typed on:
    assert page_login(client, accountant.username, password_of(accountant), TABLET_A) == 302
    assert token_login(client, accountant.username, password_of(accountant), TABLET_A) == 200


def test_a_supervisor_lifts_a_witness_throttle_by_its_name(supervisor, accountant):
    from axes.models import AccessAttempt

    for _ in range(LIMIT):
        confirm(supervisor, accountant, "wrong", TABLET_A)
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == [
        "alice_accountant (as witness)"]

    call_command("axes_reset_username", "alice_accountant (as witness)")

    assert confirm(supervisor, accountant, password_of(accountant), TABLET_A)[0] == accountant
