"""API tokens: one per device, expiring after a shift, revoked on logout and when the
password changes."""

import datetime as dt

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def token_for(user) -> dict:
    response = APIClient().post("/api/v1/auth/token/", {
        "username": user.username, "password": f"{user.username}-password-1"}, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def client_with(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def test_a_dealer_holds_a_token_per_device_and_each_works(dealer):
    tablet, workstation = token_for(dealer), token_for(dealer)
    assert tablet["token"] != workstation["token"]
    for token in (tablet, workstation):
        assert client_with(token["token"]).get("/api/v1/tables/").status_code == 200


def test_a_token_expires_after_a_shift(dealer, time_machine):
    token = token_for(dealer)
    expiry = dt.datetime.fromisoformat(token["expiry"].replace("Z", "+00:00"))
    assert dt.timedelta(hours=11, minutes=59) < expiry - timezone.now() <= dt.timedelta(
        hours=12)
    time_machine.move_to(timezone.now() + dt.timedelta(hours=12, minutes=1))
    assert client_with(token["token"]).get("/api/v1/tables/").status_code == 401


def test_logging_out_revokes_that_device_only(dealer):
    tablet, workstation = token_for(dealer), token_for(dealer)
    assert client_with(tablet["token"]).post("/api/v1/auth/logout/").status_code == 204
    assert client_with(tablet["token"]).get("/api/v1/tables/").status_code == 401
    assert client_with(workstation["token"]).get("/api/v1/tables/").status_code == 200


def test_changing_the_password_revokes_every_token(dealer):
    tablet = token_for(dealer)
    dealer.set_password("a-brand-new-password-7")
    dealer.save()
    assert client_with(tablet["token"]).get("/api/v1/tables/").status_code == 401
    fresh = APIClient().post("/api/v1/auth/token/", {
        "username": dealer.username, "password": "a-brand-new-password-7"}, format="json")
    dealer.first_name = "Dana"
    dealer.save()  # any other change keeps the tokens
    assert client_with(fresh.json()["token"]).get("/api/v1/tables/").status_code == 200
