"""A group-wide exclusion lifted (issue 44, point 14): only by a group supervisor, with
its reason and a second group supervisor who confirms by their own password, and never
before the exclusion's own end date when it has one; the API and the player's page go
through the same service. Anyone who keeps the accounts still excludes."""

from __future__ import annotations

import datetime as dt

import pytest

from tables.floor.services import casino_create
from tables.players import services
from tables.players.models import PlayerStatus
from tests.conftest import make_user
from tests.played import at
from tests.players.test_players import text

pytestmark = pytest.mark.django_db


@pytest.fixture
def excluded(pat, host):
    return services.player_update(actor=host, player=pat, status="excluded",
                                  reason="self-exclusion", exclusion_ends=None)


@pytest.fixture
def controllers(db):
    """Two group supervisors: one lifts, the other confirms."""
    return (make_user("gus_group", "group_supervisor", at=[]),
            make_user("gwen_group", "group_supervisor", at=[]))


LIFT = {"status": "active", "reason": "her year is over, counselled"}


def test_another_casinos_host_or_supervisor_cannot_lift_an_exclusion(api, supervisor,
                                                                     excluded):
    mayfair = casino_create(actor=supervisor, name="Mayfair", currency="GBP",
                            timezone="Europe/London")
    mayfair_host = make_user("mo_mayfair_host", "host", at=[mayfair])
    mayfair_supervisor = make_user("max_mayfair", "supervisor", at=[mayfair])

    for who in (mayfair_host, mayfair_supervisor, supervisor):
        lifted = api.as_user(who).patch(f"/api/v1/players/{excluded.pk}/", LIFT,
                                        format="json")
        assert lifted.status_code == 403, (who, lifted.content)
        assert "Only a group supervisor lifts an exclusion" in lifted.json()["detail"]
    excluded.refresh_from_db()
    assert excluded.status == PlayerStatus.EXCLUDED


def test_a_group_supervisor_lifts_it_with_a_second_one_who_confirms(api, client, excluded,
                                                                    controllers):
    gus, _ = controllers
    alone = api.as_user(gus).patch(f"/api/v1/players/{excluded.pk}/", LIFT, format="json")
    assert alone.status_code == 400
    assert "a second group supervisor confirms" in alone.json()["witness"][0]
    himself = api.as_user(gus).patch(f"/api/v1/players/{excluded.pk}/", {
        **LIFT, "witness": "gus_group", "witness_password": "gus_group-password-1"},
        format="json")
    assert "the witness is a second person" in himself.json()["witness"][0]
    a_host = api.as_user(gus).patch(f"/api/v1/players/{excluded.pk}/", {
        **LIFT, "witness": "hana_host", "witness_password": "hana_host-password-1"},
        format="json")
    assert "hana_host is not a group supervisor" in a_host.json()["witness"][0]
    wrong = api.as_user(gus).patch(f"/api/v1/players/{excluded.pk}/", {
        **LIFT, "witness": "gwen_group", "witness_password": "guess"}, format="json")
    assert wrong.json()["witness_password"] == ["That is not gwen_group's password."]
    excluded.refresh_from_db()
    assert excluded.status == PlayerStatus.EXCLUDED

    lifted = api.as_user(gus).patch(f"/api/v1/players/{excluded.pk}/", {
        **LIFT, "witness": "gwen_group", "witness_password": "gwen_group-password-1"},
        format="json")

    assert (lifted.status_code, lifted.json()["status"]) == (200, "active"), lifted.content
    client.force_login(gus)
    page = text(client.get(f"/players/{excluded.pk}/"))
    assert ("gus_group her year is over, counselled, confirmed by gwen_group (a second "
            "group supervisor) Status: Excluded → Active") in page


def test_never_before_the_exclusions_own_end_date(api, host, pat, controllers, travel):
    gus, _ = controllers
    travel(at(2026, 3, 3, 12))
    services.player_update(actor=host, player=pat, status="excluded",
                           reason="self-exclusion, six months",
                           exclusion_ends=dt.date(2026, 9, 3))
    shortened = api.as_user(host).patch(f"/api/v1/players/{pat.pk}/",
                                        {"exclusion_ends": "2026-04-01"}, format="json")
    assert shortened.status_code == 400
    assert shortened.json()["exclusion_ends"] == [
        "Pat Q. Player's exclusion ends on 2026-09-03: that day may be put later, never "
        "earlier."]
    confirmed = {**LIFT, "witness": "gwen_group", "witness_password": "gwen_group-password-1"}

    early = api.as_user(gus).patch(f"/api/v1/players/{pat.pk}/", confirmed, format="json")
    assert early.status_code == 400
    assert early.json()["status"] == [
        "Pat Q. Player's exclusion ends on 2026-09-03: it cannot be lifted before that "
        "day."]

    travel(at(2026, 9, 3, 12))
    lifted = api.as_user(gus).patch(f"/api/v1/players/{pat.pk}/", confirmed, format="json")
    assert (lifted.status_code, lifted.json()["status"], lifted.json()["exclusion_ends"]) == (
        200, "active", None)


def test_the_players_page_goes_through_the_same_service(client, host, excluded, controllers):
    account = {"card": excluded.card, "name": excluded.name, "first_name": "Pat",
               "tier": "gold", **LIFT}
    client.force_login(host)
    refused = client.post(f"/players/{excluded.pk}/", account)
    assert refused.status_code == 400
    assert "Only a group supervisor lifts an exclusion" in text(refused)

    gus, _ = controllers
    client.force_login(gus)
    lifted = client.post(f"/players/{excluded.pk}/", {
        **account, "witness": "gwen_group", "witness_password": "gwen_group-password-1"})
    assert lifted.status_code == 302, text(lifted)
    excluded.refresh_from_db()
    assert excluded.status == PlayerStatus.ACTIVE


def test_an_exclusion_cannot_end_in_the_past(api, host, pat, travel):
    travel(at(2026, 3, 3, 12))
    refused = api.as_user(host).patch(f"/api/v1/players/{pat.pk}/", {
        "status": "excluded", "reason": "self-exclusion", "exclusion_ends": "2026-03-01"},
        format="json")
    assert refused.status_code == 400
    assert refused.json()["exclusion_ends"] == [
        "An exclusion ends after today (2026-03-03), or leave it empty: it has no end."]
