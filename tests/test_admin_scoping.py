"""The admin in the route matrix: every page and change of every model it shows, by each
kind of user, on Test Harbor's floor. Mayfair's supervisor (on its staff only) finds
nothing of Harbor (404) and lists only Mayfair's rows; other roles get 403; a visitor is
sent to the one log-in page. Each user asks in a savepoint rolled back afterwards, so
each answers from the same floor (one's change or deletion is not the next one's)."""

from __future__ import annotations

import pytest
from django.db import transaction

from tests.conftest import make_user
from tests.helpers import throttle_records

pytestmark = pytest.mark.django_db

WHO = ("anonymous", "no_role", "dealer", "accountant", "other_casino", "supervisor",
       "superuser")

# Form bodies as the admin's pages post them ({name}: an id of the floor below).
BODIES = {
    "empty": {},
    "confirm": {"post": "yes"},
    "casino": {"name": "Harbor Renamed", "timezone": "Pacific/Kiritimati",
               "gaming_day_start": "14:00"},
    "table": {"label": "CS-1", "status": "open", "seats": "6", "pit": "",
              "dealer_accounts": ["{dealer}"]},
    "user": {"username": "dana_dealer", "first_name": "Dana", "last_name": "", "is_active": "on",
             "role_names": ["dealer"], "casino_list": ["{casino}"], "new_password": ""},
}
C, T, U = "/admin/house/casino", "/admin/floor/table", "/admin/auth/user"
A, L, F = "/admin/axes/accessattempt", "/admin/axes/accesslog", "/admin/axes/accessfailurelog"
H = "/admin/casino/workerheartbeat"
# Lacking a permission is 403 before any lookup (the Mayfair supervisor gets it as
# Harbor's does); nothing is ever deleted but the throttle's records; casinos, tables,
# users and heartbeats have no delete page (403). The old address of an object
# (<id>/) redirects to its change page whatever the id, which then answers for itself.
MATRIX = {
    ("GET", "/admin/", None):                       (302, 403, 403, 403, 200, 200, 200),
    ("GET", "/admin/floor/", None):                 (302, 403, 403, 403, 200, 200, 200),
    ("GET", "/admin/login/", None):                 (302, 403, 403, 403, 302, 302, 302),
    ("POST", "/admin/logout/", "empty"):            (302, 403, 403, 403, 302, 302, 302),
    ("GET", "/admin/password_change/", None):       (302, 403, 403, 403, 200, 200, 200),
    ("GET", "/admin/password_change/done/", None):  (302, 403, 403, 403, 200, 200, 200),
    ("GET", "/admin/jsi18n/", None):                (302, 403, 403, 403, 200, 200, 200),
    ("GET", "/admin/autocomplete/?app_label=floor&model_name=table&field_name=casino",
     None):                                         (302, 403, 403, 403, 200, 200, 200),
    ("GET", "/admin/no-such-page/", None):          (302, 403, 403, 403, 404, 404, 404),
    # Casinos
    ("GET", f"{C}/", None):                         (302, 403, 403, 403, 200, 200, 200),
    ("GET", f"{C}/add/", None):                     (302, 403, 403, 403, 200, 200, 200),
    ("POST", f"{C}/add/", "empty"):                 (302, 403, 403, 403, 200, 200, 200),
    ("GET", f"{C}/{{casino}}/change/", None):       (302, 403, 403, 403, 404, 200, 200),
    ("POST", f"{C}/{{casino}}/change/", "casino"):  (302, 403, 403, 403, 404, 302, 302),
    ("GET", f"{C}/{{casino}}/history/", None):      (302, 403, 403, 403, 404, 200, 200),
    ("GET", f"{C}/{{casino}}/delete/", None):       (302, 403, 403, 403, 403, 403, 403),
    ("POST", f"{C}/{{casino}}/delete/", "confirm"): (302, 403, 403, 403, 403, 403, 403),
    ("GET", f"{C}/{{casino}}/", None):              (302, 403, 403, 403, 302, 302, 302),
    # Tables
    ("GET", f"{T}/", None):                         (302, 403, 403, 403, 200, 200, 200),
    ("GET", f"{T}/add/", None):                     (302, 403, 403, 403, 200, 200, 200),
    ("POST", f"{T}/add/", "empty"):                 (302, 403, 403, 403, 200, 200, 200),
    ("GET", f"{T}/{{table}}/change/", None):        (302, 403, 403, 403, 404, 200, 200),
    ("POST", f"{T}/{{table}}/change/", "table"):    (302, 403, 403, 403, 404, 302, 302),
    ("GET", f"{T}/{{table}}/history/", None):       (302, 403, 403, 403, 404, 200, 200),
    ("GET", f"{T}/{{table}}/delete/", None):        (302, 403, 403, 403, 403, 403, 403),
    ("POST", f"{T}/{{table}}/delete/", "confirm"):  (302, 403, 403, 403, 403, 403, 403),
    ("GET", f"{T}/{{table}}/", None):               (302, 403, 403, 403, 302, 302, 302),
    # Users' accounts
    ("GET", f"{U}/", None):                         (302, 403, 403, 403, 200, 200, 200),
    ("GET", f"{U}/add/", None):                     (302, 403, 403, 403, 200, 200, 200),
    ("POST", f"{U}/add/", "empty"):                 (302, 403, 403, 403, 200, 200, 200),
    ("GET", f"{U}/{{dealer}}/change/", None):       (302, 403, 403, 403, 404, 200, 200),
    ("POST", f"{U}/{{dealer}}/change/", "user"):    (302, 403, 403, 403, 404, 302, 302),
    ("GET", f"{U}/{{dealer}}/history/", None):      (302, 403, 403, 403, 404, 200, 200),
    ("GET", f"{U}/{{dealer}}/delete/", None):       (302, 403, 403, 403, 403, 403, 403),
    ("POST", f"{U}/{{dealer}}/delete/", "confirm"): (302, 403, 403, 403, 403, 403, 403),
    ("GET", f"{U}/{{dealer}}/", None):              (302, 403, 403, 403, 302, 302, 302),
    # The login throttle's records: supervisors read attempts and failures and delete
    # attempts (unlocking), of their casinos' user names
    ("GET", f"{A}/", None):                         (302, 403, 403, 403, 200, 200, 200),
    ("GET", f"{A}/add/", None):                     (302, 403, 403, 403, 403, 403, 403),
    ("POST", f"{A}/add/", "empty"):                 (302, 403, 403, 403, 403, 403, 403),
    ("GET", f"{A}/{{attempt}}/change/", None):      (302, 403, 403, 403, 404, 200, 200),
    ("POST", f"{A}/{{attempt}}/change/", "empty"):  (302, 403, 403, 403, 403, 403, 302),
    ("GET", f"{A}/{{attempt}}/history/", None):     (302, 403, 403, 403, 404, 200, 200),
    ("GET", f"{A}/{{attempt}}/delete/", None):      (302, 403, 403, 403, 404, 200, 200),
    ("POST", f"{A}/{{attempt}}/delete/", "confirm"):
                                                    (302, 403, 403, 403, 404, 302, 302),
    ("GET", f"{A}/{{attempt}}/", None):             (302, 403, 403, 403, 302, 302, 302),
    ("GET", f"{L}/", None):                         (302, 403, 403, 403, 403, 403, 200),
    ("GET", f"{L}/add/", None):                     (302, 403, 403, 403, 403, 403, 403),
    ("GET", f"{L}/{{log}}/change/", None):          (302, 403, 403, 403, 403, 403, 200),
    ("GET", f"{L}/{{log}}/history/", None):         (302, 403, 403, 403, 403, 403, 200),
    ("POST", f"{L}/{{log}}/delete/", "confirm"):    (302, 403, 403, 403, 403, 403, 302),
    ("GET", f"{L}/{{log}}/", None):                 (302, 403, 403, 403, 302, 302, 302),
    ("GET", f"{F}/", None):                         (302, 403, 403, 403, 200, 200, 200),
    ("GET", f"{F}/add/", None):                     (302, 403, 403, 403, 403, 403, 403),
    ("GET", f"{F}/{{failure}}/change/", None):      (302, 403, 403, 403, 404, 200, 200),
    ("GET", f"{F}/{{failure}}/history/", None):     (302, 403, 403, 403, 404, 200, 200),
    ("POST", f"{F}/{{failure}}/delete/", "confirm"):
                                                    (302, 403, 403, 403, 403, 403, 302),
    ("GET", f"{F}/{{failure}}/", None):             (302, 403, 403, 403, 302, 302, 302),
    # The workers' heartbeats: no casino's, read only
    ("GET", f"{H}/", None):                         (302, 403, 403, 403, 200, 200, 200),
    ("GET", f"{H}/add/", None):                     (302, 403, 403, 403, 403, 403, 403),
    ("GET", f"{H}/{{heartbeat}}/change/", None):    (302, 403, 403, 403, 200, 200, 200),
    ("POST", f"{H}/{{heartbeat}}/change/", "empty"):
                                                    (302, 403, 403, 403, 403, 403, 403),
    ("GET", f"{H}/{{heartbeat}}/history/", None):   (302, 403, 403, 403, 200, 200, 200),
    ("POST", f"{H}/{{heartbeat}}/delete/", "confirm"):
                                                    (302, 403, 403, 403, 403, 403, 403),
    ("GET", f"{H}/{{heartbeat}}/", None):           (302, 403, 403, 403, 302, 302, 302),
}
IDS = ("casino", "table", "dealer", "attempt", "log", "failure", "heartbeat")


@pytest.fixture
def admin_floor(us_casino, stud_table, supervisor, dealer, accountant, outsider):
    """Harbor (us_casino) with CS-1 dealt by dana_dealer and the throttle's records of
    dana_dealer; Mayfair with its supervisor only; a superuser at no casino."""
    from django.contrib.auth.models import User
    from django.utils import timezone

    from casino.house.models import Casino
    from casino.models import WorkerHeartbeat

    mayfair = Casino.objects.create(name="Mayfair", currency="GBP", timezone="Europe/London")
    mayfair.staff.clear()
    other = make_user("mo_mayfair", "supervisor", at=[mayfair])
    root = User.objects.create_superuser("root", password="root-password-1")
    beat = WorkerHeartbeat.objects.create(hostname="worker-1", seen_at=timezone.now())
    return {
        "people": {"anonymous": None, "no_role": outsider, "dealer": dealer,
                   "accountant": accountant, "other_casino": other, "supervisor": supervisor,
                   "superuser": root},
        "ids": {"casino": us_casino.pk, "table": stud_table.pk, "dealer": dealer.pk,
                "heartbeat": beat.pk, **throttle_records(dealer.username)},
        "mayfair": mayfair,
    }


def body_of(name: str, ids: dict) -> dict:
    def filled(value):
        if isinstance(value, list):
            return [filled(v) for v in value]
        return value.format(**ids) if isinstance(value, str) else value

    return {key: filled(value) for key, value in BODIES[name].items()}


def answer(client, user, method: str, address: str, body, ids: dict) -> int:
    """One user's answer, in a savepoint rolled back afterwards."""
    with transaction.atomic():
        client.logout()
        if user is not None:
            client.force_login(user)
        if method == "GET":
            status = client.get(address).status_code
        else:
            status = client.post(address, body_of(body, ids)).status_code
        transaction.set_rollback(True)
    return status


@pytest.mark.parametrize(("operation", "expected"), list(MATRIX.items()),
                         ids=[f"{m} {a.split('?')[0]}" for m, a, _ in MATRIX])
def test_admin_role_and_casino_matrix(admin_floor, client, operation, expected):
    method, address, body = operation
    address = address.format(**admin_floor["ids"])
    seen = [answer(client, admin_floor["people"][who], method, address, body,
                   admin_floor["ids"]) for who in WHO]
    assert expected is not None, f"{operation}: {tuple(seen)}"
    assert dict(zip(WHO, seen, strict=True)) == dict(zip(WHO, expected, strict=True))
