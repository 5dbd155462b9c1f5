"""The role matrix of the players' desk and API (issue 29): supervisors and hosts keep the
group's players; a dealer reads (through the API) only those seated at his tables, and
seats, pauses and closes there; the group's controller keeps them too (he lifts a
group-wide exclusion, issue 44 point 14) but reads no casino's ratings or comps;
accountants, the cage and the count read no one. Pages send the anonymous to log in
(302), the API answers 401."""

from __future__ import annotations

import pytest

from tables.players import services
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

WHO = ("anonymous", "no_role", "dealer", "supervisor", "accountant", "host", "cage", "count",
       "group_supervisor")
_ = None
MATRIX: dict[tuple[str, str, str | None], tuple[int, ...]] = {
    ("GET", "/players/", _):                   (302, 403, 403, 200, 403, 200, 403, 403, 200),
    ("GET", "/players/?q=10042", _):           (302, 403, 403, 200, 403, 200, 403, 403, 200),
    ("POST", "/players/", "empty"):            (302, 403, 403, 400, 403, 400, 403, 403, 400),
    ("GET", "/players/{player}/", _):          (302, 403, 403, 200, 403, 200, 403, 403, 200),
    ("POST", "/players/{player}/", "empty"):   (302, 403, 403, 400, 403, 400, 403, 403, 400),
    # A note: kept, or refused in words, then his page again (issue 44, point 12).
    ("POST", "/players/{player}/notes/", "empty"):
                                               (302, 403, 403, 302, 403, 302, 403, 403, 302),
    ("GET", "/api/v1/players/", _):            (401, 403, 200, 200, 403, 200, 403, 403, 200),
    ("POST", "/api/v1/players/", "empty"):     (401, 403, 403, 400, 403, 400, 403, 403, 400),
    # Pat is seated at the dealer's table: he reads Pat's first name and tier.
    ("GET", "/api/v1/players/{player}/", _):   (401, 403, 200, 200, 403, 200, 403, 403, 200),
    ("PATCH", "/api/v1/players/{player}/", "empty"):
                                               (401, 403, 403, 200, 403, 200, 403, 403, 200),
    # Ratings: the table's dealer seats first (201), then the seat is taken (400).
    ("POST", "/api/v1/tables/{table}/ratings/", "seat"):
                                               (401, 403, 201, 400, 403, 403, 403, 403, 403),
    ("GET", "/api/v1/ratings/", _):            (401, 403, 200, 200, 403, 200, 403, 403, 403),
    ("GET", "/api/v1/ratings/{rating}/", _):   (401, 403, 200, 200, 403, 200, 403, 403, 403),
    ("POST", "/api/v1/ratings/{rating}/pause/", "empty"):
                                               (401, 403, 200, 400, 403, 403, 403, 403, 403),
    ("POST", "/api/v1/ratings/{rating}/resume/", "empty"):
                                               (401, 403, 400, 400, 403, 403, 403, 403, 403),
    ("POST", "/api/v1/ratings/{rating}/close/", "empty"):
                                               (401, 403, 200, 400, 403, 403, 403, 403, 403),
    # A table's seats: the pit and its dealers (a refused action is said, then the page).
    ("GET", "/tables/{table}/seats/", _):      (302, 403, 200, 200, 403, 403, 403, 403, 403),
    ("POST", "/tables/{table}/seats/", "empty"):
                                               (302, 403, 302, 302, 403, 403, 403, 403, 403),
    # Comps: hosts and supervisors read and give; a supervisor decides one over its
    # giver's limit (Pat has earned nothing: approving is refused in words) and sets the
    # casino's comp rules.
    ("GET", "/players/{player}/comps/", _):    (302, 403, 403, 200, 403, 200, 403, 403, 403),
    ("POST", "/players/{player}/comps/", "empty"):
                                               (302, 403, 403, 400, 403, 400, 403, 403, 403),
    ("GET", "/api/v1/players/{player}/comps/", _):
                                               (401, 403, 403, 200, 403, 200, 403, 403, 403),
    ("POST", "/api/v1/players/{player}/comps/", "empty"):
                                               (401, 403, 403, 400, 403, 400, 403, 403, 403),
    ("GET", "/api/v1/comps/", _):              (401, 403, 403, 200, 403, 200, 403, 403, 403),
    ("GET", "/api/v1/comps/{comp}/", _):       (401, 403, 403, 200, 403, 200, 403, 403, 403),
    ("POST", "/api/v1/comps/{comp}/approve/", "empty"):
                                               (401, 403, 403, 400, 403, 403, 403, 403, 403),
    ("POST", "/api/v1/comps/{comp}/decline/", "empty"):
                                               (401, 403, 403, 400, 403, 403, 403, 403, 403),
    ("GET", "/pit/comps/", _):                 (302, 403, 403, 200, 403, 403, 403, 403, 403),
    ("POST", "/pit/comps/{comp}/", "empty"):   (302, 403, 403, 302, 403, 403, 403, 403, 403),
    ("GET", "/pit/casinos/{casino}/comp-rules/", _):
                                               (302, 403, 403, 200, 403, 403, 403, 403, 403),
    ("POST", "/pit/casinos/{casino}/comp-rules/", "empty"):
                                               (302, 403, 403, 400, 403, 403, 403, 403, 403),
}
BODIES = {"empty": {}, "seat": {"seat": 2, "card": "10077"}}


def waiting_comp(pat, casino, host):
    """A comp over its giver's limit, waiting (written as such: Pat has earned nothing)."""
    from tables.comps.models import Comp, CompAccount

    account = CompAccount.objects.create(player=pat, casino=casino)
    return Comp.objects.create(account=account, amount="50.00", kind="food", reason="dinner",
                               given_by=host, gaming_day="2026-03-03", needs_approval=True)


@pytest.fixture
def people(dealer, supervisor, accountant, outsider, controller):
    host = make_user("hana_host", "host")
    return {"anonymous": None, "no_role": outsider, "dealer": dealer,
            "supervisor": supervisor, "accountant": accountant, "host": host,
            "cage": make_user("cleo_cage", "cage"), "count": make_user("carl_count", "count"),
            "group_supervisor": controller}


@pytest.mark.parametrize(("operation", "expected"), list(MATRIX.items()),
                         ids=[f"{m} {a}" for m, a, _ in MATRIX])
def test_who_reaches_the_players(people, api, client, live_table, operation, expected):
    method, address, body = operation
    pat = services.player_create(actor=people["host"], card="10042", name="Pat Q. Player")
    services.player_create(actor=people["host"], card="10077", name="Lee Wu")
    rating = services.rating_open(actor=people["supervisor"], table=live_table, seat=1,
                                  player=pat)
    comp = waiting_comp(pat, live_table.casino, people["host"])
    address = address.format(player=pat.pk, table=live_table.pk, rating=rating.pk,
                             comp=comp.pk, casino=live_table.casino_id)
    answered = []
    for name in WHO:
        user = people[name]
        if address.startswith("/api/"):
            caller = api.as_user(user)
            call = getattr(caller, method.lower())
            response = (call(address, BODIES[body], format="json") if body else
                        call(address))
        else:
            client.logout()
            if user:
                client.force_login(user)
            response = (client.post(address, {}) if method == "POST" else client.get(address))
        answered.append(response.status_code)
    assert tuple(answered) == expected
