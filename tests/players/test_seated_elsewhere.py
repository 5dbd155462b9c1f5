"""A player rated at another casino's table (issue 44, point 17): seating him here says
only that he is seated elsewhere in the group, never that casino's table, seat or name;
where the one seating him may read that rating (his own casino's), it is named."""

from __future__ import annotations

import pytest

from tables.floor.services import casino_create, table_create
from tables.players import services
from tables.players.models import Rating
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


def test_another_casinos_live_seat_is_not_disclosed(api, supervisor, stud_table, pat, travel):
    mayfair = casino_create(actor=supervisor, name="Mayfair", currency="GBP",
                            timezone="Europe/London")
    boss = make_user("mia_mayfair", "supervisor", at=[mayfair])
    there = table_create(actor=boss, casino=mayfair, label="MF-7", game="caribbean_stud",
                         status="open")
    services.rating_open(actor=boss, table=there, seat=5, player=pat)
    here = make_user("hal_harbor", "supervisor", at=[stud_table.casino])

    refused = api.as_user(here).post(f"/api/v1/tables/{stud_table.pk}/ratings/",
                                     {"seat": 3, "player": pat.pk}, format="json")

    assert refused.status_code == 400
    assert refused.json()["player"] == [
        "Pat Q. Player is seated elsewhere in the group: he is seated here once that "
        "rating is closed."]
    words = refused.content.decode()
    for secret in ("MF-7", "seat 5", "Mayfair"):
        assert secret not in words
    assert Rating.objects.filter(player=pat).count() == 1


def test_his_own_casinos_seat_is_named_to_whom_may_read_it(api, supervisor, stud_table,
                                                           other_table, pat):
    services.rating_open(actor=supervisor, table=other_table, seat=2, player=pat)

    refused = api.as_user(supervisor).post(f"/api/v1/tables/{stud_table.pk}/ratings/",
                                           {"seat": 3, "player": pat.pk}, format="json")

    assert refused.json()["player"] == ["Pat Q. Player is rated at CS-2 seat 2: move him, "
                                        "or close that rating first."]
