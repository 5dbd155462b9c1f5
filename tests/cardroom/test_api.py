"""/api/v1/waitlists/ and /api/v1/waitlists/{id}/entries/ (docs/api.md, "Waiting lists"):
a kiosk opens a list, players join (an Idempotency-Key replayed answers the first entry,
200), the entries in order with their state, call/, seat/ and remove/; refusals name the
field; another casino's lists are a 404; a dealer may not keep them."""

from __future__ import annotations

import pytest

from tables.cardroom.models import Entry
from tables.floor.services import casino_create
from tests.card_room import poker_table


@pytest.fixture
def kiosk(api, supervisor):
    return api.as_user(supervisor)


@pytest.fixture
def listed(kiosk, supervisor, dealer, us_casino, schedule):
    table = poker_table(supervisor, dealer, us_casino, schedule)
    made = kiosk.post("/api/v1/waitlists/", {"casino": us_casino.pk, "game": "holdem",
                                             "structure": "fixed_limit", "small": "20.00",
                                             "big": "40.00"}, format="json")
    assert made.status_code == 201, made.content
    return table, made.json()


def test_a_list_joined_in_order_called_seated_and_removed(kiosk, listed):
    table, waitlist = listed
    assert (waitlist["stakes"], waitlist["status"], waitlist["waiting"]) == (
        "20/40 fixed-limit Texas hold'em", "going", 0)
    base = f"/api/v1/waitlists/{waitlist['id']}/entries/"
    ids = []
    for name in ("Ann Kowalski", "Bo", "Cy"):
        joined = kiosk.post(base, {"name": name, "phone": "+1 702 555 0100"}, format="json",
                            HTTP_IDEMPOTENCY_KEY=f"join-{name}")
        assert joined.status_code == 201, joined.content
        ids.append(joined.json()["id"])
    again = kiosk.post(base, {"name": "Bo", "phone": "+1 702 555 0100"}, format="json",
                       HTTP_IDEMPOTENCY_KEY="join-Bo")
    assert (again.status_code, again.json()["id"]) == (200, ids[1])
    assert Entry.objects.count() == 3
    listed_now = kiosk.get(base).json()
    assert [(e["position"], e["initials"], e["state"]) for e in listed_now] == [
        (1, "A.K.", "waiting"), (2, "B.", "waiting"), (3, "C.", "waiting")]
    assert "phone" not in listed_now[0]
    called = kiosk.post(f"{base}{ids[0]}/call/", format="json")
    assert called.json()["state"] == "called"
    seated = kiosk.post(f"{base}{ids[0]}/seat/", {"table": table.pk, "seat": 3}, format="json")
    assert (seated.status_code, seated.json()["state"], seated.json()["position"]) == (
        201, "off the list", None)
    refused = kiosk.post(f"{base}{ids[1]}/remove/", {}, format="json")
    assert refused.status_code == 400
    assert refused.json()["reason"] == ["This field is required."]
    removed = kiosk.post(f"{base}{ids[1]}/remove/", {"reason": "went home"}, format="json")
    assert removed.json()["state"] == "off the list"
    assert kiosk.get(f"/api/v1/waitlists/{waitlist['id']}/").json()["waiting"] == 1


def test_a_key_reused_for_another_join_is_refused(kiosk, listed):
    _, waitlist = listed
    base = f"/api/v1/waitlists/{waitlist['id']}/entries/"
    kiosk.post(base, {"name": "Ann"}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    answer = kiosk.post(base, {"name": "Bo"}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert answer.status_code == 409


def test_a_seat_taken_is_refused_by_name(kiosk, listed):
    table, waitlist = listed
    base = f"/api/v1/waitlists/{waitlist['id']}/entries/"
    first = kiosk.post(base, {"name": "Ann"}, format="json").json()["id"]
    second = kiosk.post(base, {"name": "Bo"}, format="json").json()["id"]
    kiosk.post(f"{base}{first}/seat/", {"table": table.pk, "seat": 2}, format="json")
    answer = kiosk.post(f"{base}{second}/seat/", {"table": table.pk, "seat": 2}, format="json")
    assert answer.status_code == 400
    assert "seat 2 of HE-1 is taken by Ann" in str(answer.json())


def test_another_casino_s_list_is_not_found_and_a_dealer_keeps_none(api, kiosk, supervisor,
                                                                    dealer, listed):
    other = casino_create(actor=supervisor, name="Other Shore", currency="USD",
                          timezone="America/New_York")
    from tables.cardroom import services

    theirs = services.waitlist_open(actor=supervisor, casino=other, game="holdem",
                                    structure="no_limit", small="1", big="2")
    from tests.conftest import make_user

    kept_out = api.as_user(make_user("kim_supervisor", "supervisor", at=[listed[0].casino]))
    assert kept_out.get(f"/api/v1/waitlists/{theirs.pk}/entries/").status_code == 404
    assert api.as_user(dealer).get("/api/v1/waitlists/").status_code == 403
