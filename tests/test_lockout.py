"""Login throttling: failures per user name and per address lock logins out (429) on the
pages and the token endpoint; a supervisor unlocks."""

import logging

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db
LIMIT = 5


def fail_page_logins(client, username: str, times: int):
    return [client.post("/login/", {"username": username, "password": "wrong-guess"})
            for _ in range(times)]


def test_five_failed_page_logins_lock_the_user_name_out_with_429(client, dealer, caplog):
    with caplog.at_level(logging.WARNING):
        answers = fail_page_logins(client, dealer.username, LIMIT)
    assert [a.status_code for a in answers] == [200] * (LIMIT - 1) + [429]
    locked = client.post("/login/", {"username": dealer.username,
                                     "password": f"{dealer.username}-password-1"})
    assert locked.status_code == 429
    assert "Too many failed logins" in locked.content.decode()
    assert "AXES" in caplog.text  # each failure and the lockout are logged


def test_the_token_endpoint_is_throttled_the_same_way(dealer):
    api = APIClient()
    answers = [api.post("/api/v1/auth/token/", {"username": dealer.username,
                                                "password": "wrong"}).status_code
               for _ in range(LIMIT)]
    assert answers == [400] * (LIMIT - 1) + [429]  # the failure that reaches the limit
    locked = api.post("/api/v1/auth/token/", {"username": dealer.username,
                                              "password": f"{dealer.username}-password-1"})
    assert locked.status_code == 429
    assert locked.json()["detail"].startswith("Too many failed logins")


def test_a_supervisor_unlocks_a_locked_out_dealer_in_the_admin(client, dealer, supervisor,
                                                              us_casino):
    from axes.models import AccessAttempt

    fail_page_logins(client, dealer.username, LIMIT)
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

    back = client.post("/login/", {"username": dealer.username,
                                   "password": f"{dealer.username}-password-1"})
    assert back.status_code == 302


def test_failures_from_one_address_lock_it_out_whatever_the_user_name(client, dealer):
    for number in range(LIMIT):
        client.post("/login/", {"username": f"guess{number}", "password": "wrong"})
    locked = client.post("/login/", {"username": dealer.username,
                                     "password": f"{dealer.username}-password-1"})
    assert locked.status_code == 429
