"""A page session lasts a shift (TOKEN_HOURS, as an API token) however much it is used,
and ends after SESSION_IDLE_MINUTES without a request; the clock is moved, not waited
for."""

import datetime as dt

import pytest
from django.conf import settings
from django.utils import timezone

pytestmark = pytest.mark.django_db


def logged_in(client, user, time_machine):
    time_machine.move_to(timezone.now(), tick=False)
    answer = client.post("/login/", {"username": user.username,
                                     "password": f"{user.username}-password-1"})
    assert answer.status_code == 302
    return timezone.now()


def later(time_machine, start, **after):
    time_machine.move_to(start + dt.timedelta(**after), tick=False)


def test_a_session_in_use_ends_a_shift_after_its_log_in(client, dealer, time_machine):
    start = logged_in(client, dealer, time_machine)
    for minutes in range(20, 12 * 60, 20):  # a request every 20 minutes, all shift long
        later(time_machine, start, minutes=minutes)
        assert client.get("/dealer/").status_code == 200, minutes

    later(time_machine, start, hours=12)
    ended = client.get("/dealer/", follow=True)

    assert ended.redirect_chain[0][0].startswith("/login/")
    assert ("You were logged out 12 hours after logging in: please log in again."
            in ended.content.decode())


def test_a_session_left_idle_for_30_minutes_ends(client, dealer, time_machine):
    start = logged_in(client, dealer, time_machine)
    later(time_machine, start, minutes=29)
    assert client.get("/dealer/").status_code == 200

    later(time_machine, start, minutes=29 + 30)
    ended = client.get("/dealer/", follow=True)

    assert ended.redirect_chain[0][0].startswith("/login/")
    assert ("You were logged out after 30 minutes without use: please log in again."
            in ended.content.decode())
    assert client.get("/api/v1/tables/").status_code == 401  # its API calls too


def test_a_pages_own_polling_does_not_keep_a_session_alive(
        client, supervisor, progressive, time_machine):
    start = logged_in(client, supervisor, time_machine)
    for minutes in range(5, 35, 5):
        later(time_machine, start, minutes=minutes)
        assert client.get(f"/sign/{progressive.pk}/state.json").status_code == 200

    later(time_machine, start, minutes=31)

    assert client.get("/pit/").status_code == 302


def test_the_idle_time_is_configurable(client, dealer, time_machine, settings):
    settings.SESSION_IDLE_TIMEOUT = dt.timedelta(minutes=90)
    start = logged_in(client, dealer, time_machine)

    later(time_machine, start, minutes=89)
    assert client.get("/dealer/").status_code == 200
    later(time_machine, start, minutes=89 + 90)
    assert client.get("/dealer/").status_code == 302


def test_the_session_cookie_lasts_a_shift_like_a_token(client, dealer, time_machine):
    logged_in(client, dealer, time_machine)

    assert client.cookies[settings.SESSION_COOKIE_NAME]["max-age"] == 12 * 3600
    assert settings.REST_KNOX["TOKEN_TTL"] == dt.timedelta(hours=12) == settings.SHIFT


def test_a_session_from_before_the_rule_ends_at_its_next_request(client, dealer):
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    session = client.session
    session.update({SESSION_KEY: str(dealer.pk), BACKEND_SESSION_KEY: settings.
                    AUTHENTICATION_BACKENDS[-1], HASH_SESSION_KEY: dealer.
                    get_session_auth_hash()})
    session.save()

    assert client.get("/dealer/").status_code == 302
